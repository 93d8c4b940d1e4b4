// Names in every script an author may write in, read back by poppler's pdftotext (what Evince and Okular copy) from a
// certificate qpdf finds clean. The fonts and pdf.js's reading: scripts.test.ts.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_VERIFICATION } from "./sample-documents";
import { fileCheck } from "./file-check.testing";
import { putRemoteFonts } from "./remote-fonts.testing";
import { loadFontsFor } from "./remote-fonts";
import { SCRIPT_NAMES } from "./script-names.testing";

describe("names in 20 scripts in poppler", () => {
  beforeAll(async () => {
    await putRemoteFonts();
  }, 180_000);

  it.each(SCRIPT_NAMES)("puts a %s name on a certificate that pdftotext reads back and qpdf finds clean", async (_script, name) => {
    await loadFontsFor(env.FILES, [name]);
    const bytes = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: name,
      chief: null,
      verification: SAMPLE_VERIFICATION,
    });
    const poppler = await fileCheck("pdftotext", bytes);
    expect(poppler.output.normalize("NFC").replace(/\s+/g, " "), "pdftotext").toContain(name.normalize("NFC"));
    const check = await fileCheck("qpdf-check", bytes);
    expect(check.ok, check.output).toBe(true);
  });
});
