// What the audit of issue 15 found in the files themselves, read with pdf.js (what qpdf reads in their structure:
// pdf-details.tools.test.ts).
import { describe, expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_VERIFICATION } from "./sample-documents";
import { pdfText } from "./pdf-text.testing";
import { shapeText } from "./text-shaping";
import { affiliationWithCountry, pageRange, type EditorFacts } from "./document-data";

const editor = (over: Partial<EditorFacts>): EditorFacts => ({
  ...SAMPLE_CHIEF,
  id: 7,
  category: "associate editor",
  role: "Associate Editor",
  ...over,
});

describe("document details", () => {
  it("prints the country once when the affiliation already ends with it", async () => {
    const e = editor({ name: "Dr. Siti Rahma", affiliation: "Universitas Indonesia, Depok, Indonesia", country: "Indonesia" });
    expect(affiliationWithCountry(e.affiliation, e.country)).toBe("Universitas Indonesia, Depok, Indonesia");
    expect(affiliationWithCountry("Charles University, Prague", "Czech Republic")).toBe("Charles University, Prague, Czech Republic");
    for (const bytes of [
      await buildEditorialBoard({ branding: SAMPLE_BRANDING, editors: [e] }),
      await buildAppointmentCertificate({ branding: SAMPLE_BRANDING, editor: e, chief: SAMPLE_CHIEF, verification: SAMPLE_VERIFICATION }),
    ]) {
      const { text } = await pdfText(bytes);
      expect(text).toContain("Depok, Indonesia");
      expect(text.match(/Indonesia/g)?.length, text).toBe(2); // "Universitas Indonesia" and the country, once
    }
  });

  it("says 'Page 36' for a one-page article and 'Pages 36–39' for a range", async () => {
    expect(pageRange("36-36")).toBe("36");
    expect(pageRange("36-39")).toBe("36–39");
    const one = { ...SAMPLE_ARTICLE, pages: pageRange("36-36") };
    const cert = (
      await pdfText(
        await buildCertificate({
          branding: SAMPLE_BRANDING,
          article: one,
          author: "Ann Lee",
          chief: null,
          verification: SAMPLE_VERIFICATION,
        }),
      )
    ).text;
    expect(cert).toContain("Page 36.");
    expect(cert).not.toContain("Pages");
    const cover = (await pdfText(await buildCoverPage({ branding: SAMPLE_BRANDING, article: one }))).text.replace(/ /g, "");
    expect(cover).toContain("PAGE");
    expect(cover).not.toContain("PAGES");
  });

  it("draws no glyph for invisible characters (an LRM in a Latin name, a word joiner, CGJ)", async () => {
    const runs = shapeText("Maria\u200e Ro\u2060ss\u034fi\u200d");
    expect(runs.map((r) => r.text).join("")).toBe("Maria Rossi");
    const { text } = await pdfText(
      await buildCertificate({
        branding: SAMPLE_BRANDING,
        article: SAMPLE_ARTICLE,
        author: "Maria\u200e Rossi",
        chief: null,
        verification: SAMPLE_VERIFICATION,
      }),
    );
    expect(text).toContain("Maria Rossi");
    expect(text).not.toContain("\ufffd");
  });
});
