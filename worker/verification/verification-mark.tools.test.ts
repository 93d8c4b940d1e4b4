// The verification block at the extremes, read by programs nobody here wrote: zbarimg decodes each QR (rendered by
// poppler's pdftoppm) to exactly the printed address, and qpdf finds the files clean. The layout of the same cases:
// verification-mark.test.ts.
import { describe, expect, it } from "vitest";
import { fileCheck } from "../documents/file-check.testing";
import { CASES, markedDocuments } from "./verification-mark.testing";

describe("the verification block", () => {
  it.each(CASES)(
    "with $author, ref $refnumber on $domain: the QR reads back the whole printed address",
    { timeout: 120_000 },
    async (c) => {
      const { address, documents } = await markedDocuments(c);
      for (const [, pdf] of documents) {
        expect((await fileCheck("qr-scan", pdf)).output.trim()).toBe(address);
        expect((await fileCheck("qpdf-check", pdf)).ok).toBe(true);
      }
    },
  );
});
