// When the fee falls due (issue 49 item 2): the invoice is raised once per manuscript and e-mailed through the
// outbox with the author's tracking link (where the invoice PDF, the Pay button and the waiver request are); and the
// letters that follow it (receipt, refund, waiver answer). Texts: payment-texts.ts.
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
import { findPaymentSettings, insertInvoice } from "./payments.repo";
import { sectionFeeOf } from "./section-fees.repo";
import type { MailAttachment } from "../workflow/mail-attachments";
import { moneyText, PAYMENT_TEXTS } from "./payment-texts";

type Author = Pick<ManuscriptRow, "id" | "journalId" | "reference" | "title" | "authorName" | "authorEmail" | "replyToken" | "country"> &
  Partial<Pick<ManuscriptRow, "sectionId" | "authorReplyToken">>;

export async function trackUrl(ctx: WorkflowCtx, m: Pick<ManuscriptRow, "id" | "journalId">): Promise<string> {
  const link = await linkFor(ctx.db, m.journalId, "track", m.id, addDays(nowIso(), TRACK_LINK_DAYS));
  return linkUrl(ctx.origin, "track", await tokenOf(ctx.secret, link));
}

const journalName = (ctx: WorkflowCtx) => ctx.journal.websitename || "the journal";

async function mailAuthor(ctx: WorkflowCtx, m: Author, kind: string, subject: string, text: string, attachments?: MailAttachment[]) {
  const [row] = await queueMail(ctx.db, ctx.queue, ctx.journal, [
    {
      manuscriptId: m.id,
      kind,
      to: m.authorEmail,
      toName: m.authorName,
      subject,
      text: `${text}\n\n--\n${journalName(ctx)}`,
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
  const amount = moneyText(inv.amount, inv.currency);
  const values = {
    authorName: m.authorName,
    title: m.title,
    reference: m.reference,
    number: inv.number,
    amount,
    dueDate,
    journalName: journalName(ctx),
    trackUrl: await trackUrl(ctx, m),
    moment,
    bankDetails: settings.bankDetails,
  };
  const T = PAYMENT_TEXTS.invoiceMail;
  const out = await mailAuthor(ctx, m, "payment.invoice", T.subject(values), T.body(values), [{ kind: "invoice", invoiceId: inv.id }]);
  await addEvent(ctx.db, m, {
    actor: "system",
    action: "invoice",
    summary: PAYMENT_TEXTS.timeline.invoiceRaised({ number: inv.number, amount }),
    outboxId: out?.id,
  });
  return inv;
}

const how = (gateway: string) => GATEWAY_LABELS[(gateway || "") as Gateway | ""] || gateway;

/** After an invoice became paid: the receipt e-mail and the timeline's line. */
export async function announcePaid(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  const amount = moneyText(inv.amount, inv.currency);
  const T = PAYMENT_TEXTS.receiptMail;
  const out = await mailAuthor(
    ctx,
    m,
    "payment.receipt",
    T.subject({ reference: m.reference, number: inv.number }),
    T.body({
      authorName: m.authorName,
      title: m.title,
      reference: m.reference,
      number: inv.number,
      amount,
      how: how(inv.gateway),
      paymentId: inv.paymentId ?? "",
      trackUrl: await trackUrl(ctx, m),
    }),
    [{ kind: "receipt", invoiceId: inv.id }],
  );
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "payment",
    summary: PAYMENT_TEXTS.timeline.paid({ number: inv.number, how: how(inv.gateway), paymentId: inv.paymentId ?? "" }),
    outboxId: out?.id,
  });
}

export async function announceRefunded(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  const T = PAYMENT_TEXTS.refundMail;
  const out = await mailAuthor(
    ctx,
    m,
    "payment.refund",
    T.subject({ reference: m.reference, number: inv.number }),
    T.body({ authorName: m.authorName, number: inv.number, amount: moneyText(inv.amount, inv.currency), how: how(inv.gateway) }),
  );
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "refund",
    summary: PAYMENT_TEXTS.timeline.refunded({ number: inv.number, how: how(inv.gateway) }),
    outboxId: out?.id,
  });
}

/** Staff's letter on a waiver request, with what remains due (or that nothing does) appended. */
export async function announceWaiverDecision(
  ctx: WorkflowCtx,
  m: Author,
  inv: InvoiceRow,
  decision: "whole" | "part" | "refuse",
  letter: string,
): Promise<void> {
  const amount = moneyText(inv.amount, inv.currency);
  const subject = PAYMENT_TEXTS.waiverLetterSubject({ reference: m.reference, number: inv.number, decision });
  const text = `${letter}${PAYMENT_TEXTS.waiverLetterTail({ amount, trackUrl: await trackUrl(ctx, m), decision })}`;
  const out = await mailAuthor(ctx, m, "payment.waiver", subject, text);
  // The timeline (which the tracking page shows) keeps the letter without the link: the page is the link.
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "waiver",
    summary: PAYMENT_TEXTS.timeline.waiverDecided({ number: inv.number, decision, amount }),
    letter: { subject, text: `${letter}${PAYMENT_TEXTS.waiverLetterTail({ amount, trackUrl: "", decision })}`.trimEnd() },
    outboxId: out?.id,
  });
}

/** The author asked for a waiver: the office hears of it. */
export async function announceWaiverRequest(ctx: WorkflowCtx, m: Author, inv: InvoiceRow): Promise<void> {
  await addEvent(ctx.db, m, {
    actor: "author",
    action: "waiver_request",
    summary: PAYMENT_TEXTS.timeline.waiverRequested({ number: inv.number }),
  });
  const to = ctx.journal.websiteemail;
  if (!to) return;
  await queueMail(ctx.db, ctx.queue, ctx.journal, [
    {
      manuscriptId: m.id,
      kind: "office.waiver_request",
      to,
      subject: PAYMENT_TEXTS.office.waiverRequested({ reference: m.reference, number: inv.number }),
      text: `${PAYMENT_TEXTS.office.waiverRequestedBody({ title: m.title, reference: m.reference, reason: inv.waiverReason })}\n\nOpen it in the admin: ${ctx.origin}/admin/manuscripts/${m.id}`,
    },
  ]);
}
