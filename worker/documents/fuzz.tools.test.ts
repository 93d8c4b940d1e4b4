// Fuzzed documents (issue 15) through qpdf --check: every 10th random article's certificate and cover page, every
// index page, every random editorial board and its first 10 appointment certificates are clean, without warnings.
// Their layout: fuzz.test.ts (same seeds, same files).
import { beforeAll, describe, expect, it } from "vitest";
import { fileCheck } from "./file-check.testing";
import { ARTICLES, articleDocuments, boardDocuments, prepareFonts, sampledForQpdf } from "./fuzz.testing";

async function expectQpdfClean(label: string, bytes: Uint8Array) {
  const result = await fileCheck("qpdf-check", bytes);
  expect(result.ok, `${label}: ${result.output}`).toBe(true);
}

describe("fuzzed documents in qpdf", () => {
  beforeAll(prepareFonts, 180_000);

  it(`${ARTICLES} random articles: certificates, cover pages and index pages are qpdf-clean`, async () => {
    for (const doc of articleDocuments(ARTICLES, sampledForQpdf)) await expectQpdfClean(doc.label, await doc.build());
  }, 600_000);

  it("random editorial boards and appointment certificates are qpdf-clean", async () => {
    for (const doc of boardDocuments()) await expectQpdfClean(doc.label, await doc.build());
  }, 600_000);
});
