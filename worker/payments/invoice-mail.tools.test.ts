// The PDFs attached to the invoice and receipt e-mails (decision 0332), read by outside programs: qpdf finds the file
// sound and poppler's pdftotext reads the journal, the invoice number, the manuscript, the amount and the due date.
import { describe, expect, it } from "vitest";
import { fileCheck } from "../documents/file-check.testing";
import { outboxOf } from "../workflow/workflow.fixtures";
import { acceptedWithInvoice, bytesOf, payingJournal, resend } from "./payments.fixtures";

describe("the attached invoice and receipt, read by qpdf and poppler", () => {
  it("the invoice's facts and then the receipt's payment are in the PDFs the e-mails carry", async () => {
    const { j, staff } = await payingJournal();
    const { m, mail, invoice } = await acceptedWithInvoice(j, staff, "India", "Salinity tolerance of rice landraces");
    const [sent] = await resend(j.id, mail.id);
    const pdf = bytesOf(sent.attachments![0].content);
    expect((await fileCheck("qpdf-check", pdf)).ok).toBe(true);
    const text = (await fileCheck("pdftotext", pdf)).output.replace(/\s+/g, " ");
    expect(text).toContain(invoice.number);
    expect(text).toContain(m.reference);
    expect(text).toContain("Salinity tolerance of rice landraces");
    expect(text).toMatch(/2,500\.00/);
    // The due date as the author's English writes it ("13 December 2026"), the way the journal's site does.
    const [y, mo, d] = invoice.dueDate.split("-").map(Number);
    const month = new Date(Date.UTC(y, mo - 1, d)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
    expect(text).toContain(`${d} ${month} ${y}`);

    await staff.post(`/payments/${invoice.invoiceId}/bank-transfer`, { reference: "UTR987654321", paidOn: "2026-11-21" });
    const receipt = (await outboxOf(staff)).find((x) => x.kind === "payment.receipt" && x.manuscriptId === m.id)!;
    const [sentReceipt] = await resend(j.id, receipt.id);
    const receiptText = (await fileCheck("pdftotext", bytesOf(sentReceipt.attachments![0].content))).output.replace(/\s+/g, " ");
    expect(receiptText).toContain("UTR987654321");
    expect(receiptText).toContain(invoice.number);
  });
});
