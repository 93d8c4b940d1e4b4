// The invoice and receipt e-mails carry their PDFs (issue 49 items 2 and 5; docs/decisions/0332): the outbox row
// names the document, the queue consumer renders it and hands it to the send_email binding as an attachment.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "#tests/api/fixtures";
import { mailOutbox } from "../core/data/schema";
import { outboxOf } from "../workflow/workflow.fixtures";
import { acceptedWithInvoice, bytesOf, payingJournal, resend } from "./payments.fixtures";

const latin1 = (b: Uint8Array) => new TextDecoder("latin1").decode(b);

describe("the invoice and the receipt are attached", () => {
  it("the invoice e-mail carries invoice-<number>.pdf; the receipt e-mail receipt-<number>.pdf", async () => {
    const { j, staff } = await payingJournal();
    const { m, mail, invoice } = await acceptedWithInvoice(j, staff, "India", "Attached invoices of the Deccan plateau");
    const [sent] = await resend(j.id, mail.id);
    expect(sent.subject).toBe(mail.subject);
    expect(sent.text).toContain(invoice.number);
    expect(sent.attachments).toHaveLength(1);
    const [file] = sent.attachments!;
    expect(file).toMatchObject({ filename: `invoice-${invoice.number}.pdf`, type: "application/pdf", disposition: "attachment" });
    const pdf = bytesOf(file.content);
    expect(latin1(pdf.slice(0, 5))).toBe("%PDF-");
    expect(latin1(pdf.slice(-6))).toContain("%%EOF");
    expect(pdf.byteLength).toBeGreaterThan(2000);

    // Staff record a bank transfer: the receipt e-mail carries the receipt.
    const paid = await staff.post(`/payments/${invoice.invoiceId}/bank-transfer`, { reference: "UTR123456789", paidOn: "2026-11-20" });
    expect(paid.status).toBe(200);
    const receipt = (await outboxOf(staff)).find((x) => x.kind === "payment.receipt" && x.manuscriptId === m.id)!;
    const [sentReceipt] = await resend(j.id, receipt.id);
    expect(sentReceipt.attachments?.map((a) => [a.filename, a.type])).toEqual([[`receipt-${invoice.number}.pdf`, "application/pdf"]]);
  });

  it("other messages carry nothing; a row whose list is damaged or names no invoice is still sent, without it", async () => {
    const { j, staff } = await payingJournal();
    const { m } = await acceptedWithInvoice(j, staff, "Nigeria");
    const ack = (await outboxOf(staff)).find((x) => x.kind === "acknowledgement" && x.manuscriptId === m.id)!;
    const [sentAck] = await resend(j.id, ack.id);
    expect(sentAck.attachments).toBeUndefined();
    for (const damaged of [
      "{not json",
      JSON.stringify([{ kind: "invoice", invoiceId: 987654321 }]),
      JSON.stringify([{ kind: "x", invoiceId: 1 }]),
    ]) {
      await dbOf(j.id).update(mailOutbox).set({ attachments: damaged }).where(eq(mailOutbox.id, ack.id));
      const [sent] = await resend(j.id, ack.id);
      expect(sent.attachments).toBeUndefined();
    }
  });
});
