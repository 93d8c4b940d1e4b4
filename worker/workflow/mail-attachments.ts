// Documents attached to an outbox message (issue 49 item 2: the invoice and the receipt as PDFs; docs/decisions/0332).
// The row keeps only what to attach ([{"kind":"invoice","invoiceId":12}]); the queue consumer renders each document
// when it sends the message and hands it to Email Service's send_email binding, whose message builder takes
// `attachments`. No PDF is stored in D1, and the PDF writer and its fonts load only in the consumer that needs them.
import type { Db } from "../core/env";

export type MailAttachment = { kind: "invoice" | "receipt"; invoiceId: number };

export type AttachmentEnv = Pick<Env, "DB" | "FILES">;

/** The outbox column's text for a message's attachments ('' for none). */
export const attachmentsColumn = (list: MailAttachment[] | undefined): string => (list?.length ? JSON.stringify(list) : "");

/** The column read back; anything unexpected is no attachment (a row is never unsendable for it). */
export function attachmentsOf(column: string): MailAttachment[] {
  if (!column) return [];
  try {
    const list: unknown = JSON.parse(column);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (a): a is MailAttachment =>
        !!a && (a.kind === "invoice" || a.kind === "receipt") && Number.isSafeInteger(a.invoiceId) && a.invoiceId > 0,
    );
  } catch {
    return [];
  }
}

/** The files to attach, rendered now; a document whose invoice is gone is left out. */
export async function renderAttachments(env: AttachmentEnv, db: Db, journalId: number, column: string): Promise<EmailAttachment[]> {
  const list = attachmentsOf(column);
  if (list.length === 0) return [];
  // Imported on first use: the PDF writer stays off the path of every other message (and of every page).
  const { invoiceAttachment } = await import("../payments/invoice-attachment");
  const files: EmailAttachment[] = [];
  for (const a of list) {
    const file = await invoiceAttachment(env, db, journalId, a);
    if (file) files.push(file);
  }
  return files;
}
