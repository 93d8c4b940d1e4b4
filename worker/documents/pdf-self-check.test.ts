// The writer's self-check (pdf-self-check.ts) passes every document kind it writes, and catches the damage a
// writer bug would cause: an xref offset that misses its object, a /Length that misses its endstream, a wrong
// startxref. (qpdf --check, the independent checker, runs in scripts.test.ts and fuzz.test.ts.)
import { describe, expect, it } from "vitest";
import { pdfStructureProblems } from "./pdf-self-check";
import { buildCertificate } from "./certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, sampleDocuments, SAMPLE_VERIFICATION } from "./sample-documents";

const latin1 = new TextDecoder("latin1");
const bytesOf = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

async function certificate(): Promise<string> {
  return latin1.decode(
    await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: SAMPLE_ARTICLE.authors[0],
      chief: SAMPLE_CHIEF,
      verification: SAMPLE_VERIFICATION,
    }),
  );
}

describe("the PDF writer's self-check", () => {
  it("finds nothing wrong in every document kind the Worker writes", async () => {
    for (const doc of await sampleDocuments()) expect([doc.name, pdfStructureProblems(doc.bytes)]).toEqual([doc.name, []]);
  });

  it("catches an xref offset that does not point at its object", async () => {
    const text = await certificate();
    const xref = text.lastIndexOf("xref\n0 ");
    const firstEntry = text.indexOf("\n", text.indexOf("\n", xref) + 1) + 1 + 20; // object 1's entry
    const offset = Number(text.slice(firstEntry, firstEntry + 10));
    const damaged = text.slice(0, firstEntry) + String(offset + 3).padStart(10, "0") + text.slice(firstEntry + 10);
    expect(pdfStructureProblems(bytesOf(damaged))).toEqual([`object 1: xref offset ${offset + 3} does not point at "1 0 obj"`]);
  });

  it("catches a stream whose /Length does not end at endstream", async () => {
    const text = await certificate();
    const m = /\/Length (\d+)/.exec(text.slice(text.indexOf(" 0 obj\n<< /Length ")))!;
    const at = text.indexOf(m[0], text.indexOf(" 0 obj\n<< /Length "));
    const damaged = text.slice(0, at) + `/Length ${Number(m[1]) + 1}` + text.slice(at + m[0].length);
    // The length text grew or kept its width: either way the damaged object is reported.
    expect(pdfStructureProblems(bytesOf(damaged)).some((p) => /\/Length \d+ does not end at endstream|does not point at/.test(p))).toBe(
      true,
    );
  });

  it("catches a startxref that misses the xref table", async () => {
    const text = await certificate();
    const damaged = text.replace(/startxref\n(\d+)\n%%EOF\n$/, (_, n: string) => `startxref\n${Number(n) - 1}\n%%EOF\n`);
    expect(pdfStructureProblems(bytesOf(damaged))[0]).toMatch(/^startxref \d+ does not point at the xref table$/);
  });
});
