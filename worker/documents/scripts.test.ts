// Names in every script an author may write in: fonts from the bundle and from R2 (loaded when needed), checked by
// extracting the text with pdf.js (poppler's pdftotext and qpdf: scripts.tools.test.ts).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.testing";
import { putRemoteFonts } from "./remote-fonts.testing";
import { forgetRemoteFonts, loadFontsFor, remoteFacesFor } from "./remote-fonts";
import { isCovered, shapeText } from "./text-shaping";
import { certificateNaming, SCRIPT_NAMES } from "./script-names.testing";

describe("names in 20 scripts", () => {
  beforeAll(async () => {
    await putRemoteFonts();
  }, 180_000);

  it("draws nothing as U+FFFD until the script's font is loaded from R2, and then every name with real glyphs", async () => {
    forgetRemoteFonts();
    expect(isCovered("கார்த்திகேயன்")).toBe(false);
    expect(remoteFacesFor(["கார்த்திகேயன்"]).map((f) => f.key)).toEqual(["NotoSerifTamil-Regular", "NotoSerifTamil-Bold"]);
    await loadFontsFor(
      env.FILES,
      SCRIPT_NAMES.map(([, name]) => name),
    );
    for (const [script, name] of SCRIPT_NAMES) {
      expect(isCovered(name, { bold: true }), script).toBe(true);
      for (const run of shapeText(name, { bold: true })) for (const g of run.glyphs) expect(g.id, `${script} ${name}`).not.toBe(0);
    }
  });

  it.each(SCRIPT_NAMES)("puts a %s name on a certificate that pdf.js reads back", async (_script, name) => {
    const bytes = await certificateNaming(name);
    const { text } = await pdfText(bytes);
    expect(text).not.toContain("\ufffd");
    // In logical order, also where glyphs are drawn reordered (Indic pre-base vowels, reph): pdf.js ignores
    // /ActualText and reads the per-cluster ToUnicode (docs/decisions/0058-copy-paste-of-indic-text.md).
    expect(text.normalize("NFC"), `${name} in ${text}`).toContain(name.normalize("NFC"));
  });
});
