// The invoice or receipt PDF as a mail attachment (worker/workflow/mail-attachments.ts renders the outbox's list
// through this) and as the tracking page's download: one way to build the document from the stored rows.
import type { Db } from "../core/env";
import type { InvoiceRow, JournalRow, ManuscriptRow } from "../core/data/schema";
import { platformDatabase } from "../core/data/shards";
import { loadFontsFor, textsOf } from "../documents/remote-fonts";
import { journalOf } from "../workflow/mail-outbox.repo";
import { findManuscript } from "../workflow/manuscripts.repo";
import type { AttachmentEnv, MailAttachment } from "../workflow/mail-attachments";
import { buildInvoicePdf, type InvoiceDocument } from "./invoice-pdf";
import { findInvoice, findPaymentSettings } from "./payments.repo";
import { manuscriptLanguage } from "../workflow/manuscript-language";

/** The PDF's bytes, in the author's language (whoever downloads it), with any R2 font its texts need loaded first. */
export async function invoicePdfBytes(
  files: R2Bucket,
  db: Db,
  journal: JournalRow,
  manuscript: ManuscriptRow,
  invoice: InvoiceRow,
  kind: InvoiceDocument["kind"],
): Promise<Uint8Array> {
  const settings = await findPaymentSettings(db, journal.id);
  const lang = manuscriptLanguage(journal, manuscript);
  const doc: InvoiceDocument = { journal, manuscript, invoice, bankDetails: settings?.bankDetails ?? "", kind, lang };
  await loadFontsFor(files, textsOf(doc));
  return buildInvoicePdf(doc);
}

export const invoicePdfName = (kind: InvoiceDocument["kind"], inv: Pick<InvoiceRow, "number">) => `${kind}-${inv.number}.pdf`;

/** The attachment for an outbox message of the journal; null when its invoice (or manuscript) is gone. */
export async function invoiceAttachment(env: AttachmentEnv, db: Db, journalId: number, a: MailAttachment): Promise<EmailAttachment | null> {
  const inv = await findInvoice(db, journalId, a.invoiceId);
  if (!inv) return null;
  const [m, journal] = await Promise.all([findManuscript(db, journalId, inv.manuscriptId), journalOf(platformDatabase(env), journalId)]);
  if (!m || !journal) return null;
  const bytes = await invoicePdfBytes(env.FILES, db, journal, m, inv, a.kind);
  return { disposition: "attachment", filename: invoicePdfName(a.kind, inv), type: "application/pdf", content: bytes };
}
