// Fuzzed documents (issue 15) through qpdf --check: every 10th random article's certificate and cover page, every
// index page, every random editorial board and its first 10 appointment certificates are clean, without warnings.
// Their layout: fuzz.test.ts (same seeds, same files).
import { beforeAll, describe, expect, it } from "vitest";
import { fileCheck } from "./file-check.testing";
import {
  ARTICLES,
  appointmentCertificate,
  articleCertificate,
  articleCoverPage,
  articlePlans,
  boardPlans,
  editorialBoard,
  indexBatches,
  indexPage,
  prepareFonts,
  sampledForQpdf,
} from "./fuzz.testing";

async function expectQpdfClean(label: string, bytes: Uint8Array) {
  const result = await fileCheck("qpdf-check", bytes);
  expect(result.ok, `${label}: ${result.output}`).toBe(true);
}

describe("fuzzed documents in qpdf", () => {
  beforeAll(prepareFonts, 180_000);

  it(`${ARTICLES} random articles: certificates, cover pages and index pages are qpdf-clean`, async () => {
    const plans = articlePlans(ARTICLES);
    for (const plan of plans.filter(sampledForQpdf)) {
      await expectQpdfClean(`article ${plan.i} certificate`, await articleCertificate(plan));
      await expectQpdfClean(`article ${plan.i} cover page`, await articleCoverPage(plan));
    }
    for (const [b, batch] of indexBatches(plans).entries()) await expectQpdfClean(`index ${b * 50}`, await indexPage(batch));
  }, 600_000);

  it("random editorial boards and appointment certificates are qpdf-clean", async () => {
    for (const [b, board] of boardPlans().entries()) {
      await expectQpdfClean(`board ${b}`, await editorialBoard(board));
      for (const editor of board.editors.slice(0, 10)) {
        await expectQpdfClean(`appointment ${editor.id}`, await appointmentCertificate(editor));
      }
    }
  }, 600_000);
});
