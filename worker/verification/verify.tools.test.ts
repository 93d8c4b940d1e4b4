// Certificates anyone can verify (issue 31), read by programs nobody here wrote: the QR of an author's and of an
// editor's certificate, rendered by poppler's pdftoppm and decoded by zbarimg, is exactly the /verify address the
// page prints; qpdf finds the file clean and poppler's pdftotext extracts the same address. What /verify answers:
// verify.test.ts.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { createArticle, createEditor, createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { fileCheck } from "../documents/file-check.testing";
import { printedAddress } from "./printed-address.testing";

describe("the QR of a certificate", () => {
  it("on an author's certificate decodes (pdftoppm + zbarimg) to exactly the printed address", { timeout: 120_000 }, async () => {
    const journal = await createJournal({ websitename: "Journal of Verified Things" });
    const article = await createArticle(journal.id, { authorname: "Aynur Məmmədova, Şükrü Işık", volume: 12, issue: 4, year: 2025 });
    const res = await request(journal.host, `/api/pdf/certificate/${article.refnumber}/${encodeURIComponent("Şükrü Işık")}`);
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    const address = await printedAddress(pdf);
    expect((await fileCheck("qr-scan", pdf)).output.trim()).toBe(address);
    // The file is still clean for qpdf, and poppler extracts the same address.
    expect((await fileCheck("qpdf-check", pdf)).ok).toBe(true);
    expect((await fileCheck("pdftotext", pdf)).output).toContain(address);
  });

  it("on an editor's appointment certificate decodes to exactly the printed address", { timeout: 120_000 }, async () => {
    const journal = await createJournal({ websitename: "Journal of Verified Things" });
    const editor = await createEditor(journal.id, { name: "Dr. Ada Board", degree: "Ph.D.", category: "associate editor" });
    const res = await request(journal.host, "/api/pdf/editorscertificate", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(await adminToken(journal)) },
      body: JSON.stringify([editor.id]),
    });
    expect(res.status).toBe(200);
    const [pdf] = Object.values(unzipSync(new Uint8Array(await res.arrayBuffer())));
    const address = await printedAddress(pdf);
    expect((await fileCheck("qr-scan", pdf)).output.trim()).toBe(address);
    expect((await fileCheck("qpdf-check", pdf)).ok).toBe(true);
  });
});
