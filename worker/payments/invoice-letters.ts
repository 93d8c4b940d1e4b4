// When the fee falls due (issue 49 item 2): the invoice is raised once per manuscript and e-mailed through the
// outbox with the author's tracking link (where the invoice PDF, the Pay button and the waiver request are); and the
// letters that follow it (receipt, refund, waiver answer), in the language the author submitted in
// (worker/workflow/manuscript-language.ts). Texts: the catalogs' `pay` messages, through payment-texts.ts.
import type { InvoiceRow, ManuscriptRow } from "../core/data/schema";
import type { WorkflowCtx } from "../workflow/workflow";
import { addEvent } from "../workflow/manuscripts.repo";
import { queueMail } from "../workflow/mail-outbox.repo";
import { addDays, linkFor, linkUrl, tokenOf, TRACK_LINK_DAYS } from "../workflow/links";
import { nowIso } from "../core/data/db";
import {
  currencyForCountry,
  feeTextFor,
  GATEWAY_LABELS,
  minorUnits,
  type DueMoment,
  type Gateway,
  type SectionFee,
} from "#contract/payments";
import { translatorFor } from "#contract/i18n/all-catalogs";
import { findPaymentSettings, insertInvoice } from "./payments.repo";
import { sectionFeeOf } from "./section-fees.repo";
import type { MailAttachment } from "../workflow/mail-attachments";
import { manuscriptLanguage } from "../workflow/manuscript-language";
import {
  invoiceMail,
  journalNameIn,
  moneyText,
  PAYMENT_STAFF_TEXTS,
  receiptMail,
  refundMail,
  waiverLetterSubject,
  waiverLetterTail,
  type WaiverDecision,
} from "./payment-texts";

type Author = Pick<ManuscriptRow, "id" | "journalId" | "reference" | "title" | "authorName" | "authorEmail" | "replyToken" | "country"> &
  Partial<Pick<ManuscriptRow, "sectionId" | "language" | "authorReplyToken">>;

/** The author's language (the one they submitted in, else the journal's primary one). */
const langOf = (ctx: WorkflowCtx, m: Author) => manuscriptLanguage(ctx.journal, m);

export async function trackUrl(ctx: WorkflowCtx, m: Pick<ManuscriptRow, "id" | "journalId">): Promise<string> {
  const link = await linkFor(ctx.db, m.journalId, "track", m.id, addDays(nowIso(), TRACK_LINK_DAYS));
  return linkUrl(ctx.origin, "track", await tokenOf(ctx.secret, link));
}

/** Staff's own English (the timeline): amounts as the admin writes them. */
const staffMoney = (inv: Pick<InvoiceRow, "amount" | "currency">) => moneyText("en", inv.amount, inv.currency);

async function mailAuthor(ctx: WorkflowCtx, m: Author, kind: string, subject: string, text: string, attachments?: MailAttachment[]) {
  const signOff = journalNameIn(translatorFor(langOf(ctx, m)), ctx.journal.websitename);
  const [row] = await queueMail(ctx.db, ctx.queue, ctx.journal, [
    {
      manuscriptId: m.id,
      kind,
      to: m.authorEmail,
      toName: m.authorName,
      subject,
      text: `${text}\n\n--\n${signOff}`,
      replyToken: m.authorReplyToken ?? m.replyToken,
      attachments,
    },
  ]);
  return row;
}

/**
 * The fee in the author's currency (SPEC §9: India pays fee_rupee, other countries fee_dollar), 0 when free; the
 * manuscript's section's own fee in that currency where it has one (issue 49 item 1).
 */
export function feeFor(journal: WorkflowCtx["journal"], country: string, section?: Pick<SectionFee, "feeRupee" | "feeDollar"> | null) {
  const currency = currencyForCountry(country);
  return { currency, fee: minorUnits(feeTextFor(journal, currency, section)) };
}

/**
 * The fee falls due at this moment of the manuscript's life when the journal charges online and says so: one
 * invoice per manuscript (a second call changes nothing), e-mailed to the author. Free journals raise none.
 */
export async function feeFallsDue(ctx: WorkflowCtx, m: Author, moment: DueMoment): Promise<InvoiceRow | undefined> {
  const settings = await findPaymentSettings(ctx.db, m.journalId);
  if (!settings?.enabled || settings.dueOn !== moment) return undefined;
  const { currency, fee } = feeFor(ctx.journal, m.country, await sectionFeeOf(ctx.db, m.journalId, m.sectionId));
  if (fee <= 0) return undefined;
  const dueDate = addDays(nowIso(), settings.dueDays).slice(0, 10);
  const inv = await insertInvoice(ctx.db, { journalId: m.journalId, manuscriptId: m.id, fee, currency, dueDate });
  if (!inv) return undefined;
  const lang = langOf(ctx, m);
  const mail = invoiceMail(lang, {
    authorName: m.authorName,
    title: m.title,
    reference: m.reference,
    number: inv.number,
    amount: inv.amount,
    currency: inv.currency,
    dueDate,
    journalName: journalNameIn(translatorFor(lang), ctx.journal.websitename),
    trackUrl: await trackUrl(ctx, m),
    moment,
    bankDetails: settings.bankDetails,
  });
  const out = await mailAuthor(ctx, m, "payment.invoice", mail.subject, mail.text, [{ kind: "invoice", invoiceId: inv.id }]);
  await addEvent(ctx.db, m, {
    actor: "system",
    action: "invoice",
    summary: PAYMENT_STAFF_TEXTS.timeline.invoiceRaised({ number: inv.number, amount: staffMoney(inv) }),
    outboxId: out?.id,
  });
  return inv;
}

const how = (gateway: string) => GATEWAY_LABELS[(gateway || "") as Gateway | ""] || gateway;

/** After an invoice became paid: the receipt e-mail and the timeline's line. */
export async function announcePaid(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  const mail = receiptMail(langOf(ctx, m), {
    authorName: m.authorName,
    title: m.title,
    reference: m.reference,
    number: inv.number,
    amount: inv.amount,
    currency: inv.currency,
    gateway: inv.gateway,
    paymentId: inv.paymentId ?? "",
    trackUrl: await trackUrl(ctx, m),
  });
  const out = await mailAuthor(ctx, m, "payment.receipt", mail.subject, mail.text, [{ kind: "receipt", invoiceId: inv.id }]);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "payment",
    summary: PAYMENT_STAFF_TEXTS.timeline.paid({ number: inv.number, how: how(inv.gateway), paymentId: inv.paymentId ?? "" }),
    outboxId: out?.id,
  });
}

export async function announceRefunded(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  const mail = refundMail(langOf(ctx, m), {
    authorName: m.authorName,
    reference: m.reference,
    number: inv.number,
    amount: inv.amount,
    currency: inv.currency,
    gateway: inv.gateway,
  });
  const out = await mailAuthor(ctx, m, "payment.refund", mail.subject, mail.text);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "refund",
    summary: PAYMENT_STAFF_TEXTS.timeline.refunded({ number: inv.number, how: how(inv.gateway) }),
    outboxId: out?.id,
  });
}

/** Staff's letter on a waiver request, with what remains due (or that nothing does) appended. */
export async function announceWaiverDecision(
  ctx: WorkflowCtx,
  m: Author,
  inv: InvoiceRow,
  decision: WaiverDecision,
  letter: string,
): Promise<void> {
  const lang = langOf(ctx, m);
  const due = { amount: inv.amount, currency: inv.currency, decision };
  const subject = waiverLetterSubject(lang, { reference: m.reference, number: inv.number, decision });
  const text = `${letter}${waiverLetterTail(lang, { ...due, trackUrl: await trackUrl(ctx, m) })}`;
  const out = await mailAuthor(ctx, m, "payment.waiver", subject, text);
  // The timeline (which the tracking page shows) keeps the letter without the link: the page is the link.
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "waiver",
    summary: PAYMENT_STAFF_TEXTS.timeline.waiverDecided({ number: inv.number, decision, amount: staffMoney(inv) }),
    letter: { subject, text: `${letter}${waiverLetterTail(lang, { ...due, trackUrl: "" })}`.trimEnd() },
    outboxId: out?.id,
  });
}

/** The author asked for a waiver: the office hears of it. */
export async function announceWaiverRequest(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  await addEvent(ctx.db, m, {
    actor: "author",
    action: "waiver_request",
    summary: PAYMENT_STAFF_TEXTS.timeline.waiverRequested({ number: inv.number }),
  });
  const to = ctx.journal.websiteemail;
  if (!to) return;
  await queueMail(ctx.db, ctx.queue, ctx.journal, [
    {
      manuscriptId: m.id,
      kind: "office.waiver_request",
      to,
      subject: PAYMENT_STAFF_TEXTS.office.waiverRequested({ reference: m.reference, number: inv.number }),
      text: `${PAYMENT_STAFF_TEXTS.office.waiverRequestedBody({ title: m.title, reference: m.reference, reason: inv.waiverReason })}\n\nOpen it in the admin: ${ctx.origin}/admin/manuscripts/${m.id}`,
    },
  ]);
}
