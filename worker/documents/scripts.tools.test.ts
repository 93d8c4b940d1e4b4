import { beforeAll, describe, expect, it } from "vitest";
import { fileCheck } from "./file-check.testing";
import { putRemoteFonts } from "./remote-fonts.testing";
import { certificateNaming, SCRIPT_NAMES } from "./script-names.testing";

describe("names in 20 scripts in poppler", () => {
  beforeAll(async () => {
    await putRemoteFonts();
  }, 180_000);

  it.each(SCRIPT_NAMES)("puts a %s name on a certificate that pdftotext reads back and qpdf finds clean", async (_script, name) => {
    const bytes = await certificateNaming(name);
    const poppler = await fileCheck("pdftotext", bytes);
    expect(poppler.output.normalize("NFC").replace(/\s+/g, " "), "pdftotext").toContain(name.normalize("NFC"));
    const check = await fileCheck("qpdf-check", bytes);
    expect(check.ok, check.output).toBe(true);
  });
});
