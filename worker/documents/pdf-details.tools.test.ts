// What the audit of issue 15 found in the files' structure, read with qpdf (an independent reader): a trailer /ID,
// /Lang, /Creator and /Title, and font subset tags that follow the glyphs. What pdf.js reads: pdf-details.test.ts.
import { describe, expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_VERIFICATION } from "./sample-documents";
import { fileCheck, qpdfJson } from "./file-check.testing";

/** The values of every object qpdf lists, as one JSON string (to look for a key or a value). */
const objectsOf = async (bytes: Uint8Array) => Object.values((await qpdfJson(bytes)).objects).map((o) => JSON.stringify(o.value ?? o));

describe("document details in qpdf", () => {
  it("writes a trailer /ID, /Lang, the application as /Creator, the /Title, and subset tags that follow the glyphs", async () => {
    const a = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: "Ann Lee",
      chief: null,
      verification: SAMPLE_VERIFICATION,
    });
    const b = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: "Zbigniew Wąż",
      chief: null,
      verification: SAMPLE_VERIFICATION,
    });
    const ja = await qpdfJson(a);
    const id = ja.trailer["/ID"] as string[];
    expect(id).toHaveLength(2);
    expect(id[0]).toMatch(/^b:[0-9a-f]{32}$/);
    expect((await qpdfJson(b)).trailer["/ID"]).not.toEqual(id);
    const objects = await objectsOf(a);
    expect(objects.find((o) => o.includes('"/Type":"/Catalog"'))).toContain('"/Lang":"u:en"');
    const info = objects.find((o) => o.includes('"/Producer"'))!;
    expect(info).toContain('"/Creator":"u:journal-edge"');
    expect(info).toContain("Certificate of Publication — Ann Lee");
    const tags = async (bytes: Uint8Array) =>
      (await objectsOf(bytes)).flatMap((o) => [...o.matchAll(/"\/FontName":"\/([A-Z]{6})\+([^"]+)"/g)].map((m) => `${m[1]}+${m[2]}`));
    const [tagsA, tagsB] = [await tags(a), await tags(b)];
    expect(tagsA.length).toBeGreaterThan(1);
    expect(new Set(tagsA.map((t) => t.slice(0, 6))).size).toBe(tagsA.length); // distinct within a file
    expect(tagsB.some((t) => !tagsA.includes(t))).toBe(true); // other glyphs, other tag
    expect(
      await tags(
        await buildCertificate({
          branding: SAMPLE_BRANDING,
          article: SAMPLE_ARTICLE,
          author: "Ann Lee",
          chief: null,
          verification: SAMPLE_VERIFICATION,
        }),
      ),
    ).toEqual(tagsA);
    for (const bytes of [a, b]) expect((await fileCheck("qpdf-check", bytes)).ok).toBe(true);
  });
});
