// Every text an author reads about fees (e-mails, the tracking page, the invoice and receipt PDFs, the pages a
// gateway returns to) is a message of the `pay` namespace in the catalogs (contract/i18n/catalogs/*.json,
// docs/decisions/0384); this module puts the letters together and writes amounts and dates in the reader's language.
// What only staff read (the manuscript's timeline, the office's note of a waiver request) stays English here.
import { translatorFor } from "#contract/i18n/all-catalogs";
import { formatDate, intlLocale } from "#contract/i18n/intl-format";
import type { Language } from "#contract/i18n/languages";
import type { MessageId, Translator } from "#contract/i18n/messages";
import type { Gateway, InvoiceStatus } from "#contract/payments";

/**
 * "INR 2,500.00", "2 500,00 INR", "USD 60.00": Intl in `lang` with the ISO code rather than a symbol, which reads
 * the same on paper, in e-mail and in every font (₹ is not in every face). The space between code and number is a
 * plain one (Intl writes a no-break space there), so a sentence holding an amount reads the same to any program.
 * English rupees are grouped the Indian way (1,00,000), as Indian authors write them.
 */
export function moneyText(lang: Language, minor: number, currency: string): string {
  const locale = lang === "en" && currency === "INR" ? "en-IN" : intlLocale(lang);
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "code", minimumFractionDigits: 2 });
  return format
    .formatToParts(minor / 100)
    .map((p) => (p.type === "literal" && /^\s+$/.test(p.value) ? " " : p.value))
    .join("");
}

/** A day ("2026-12-13" or a full timestamp) as the reader's language writes it: "13 December 2026", "13 Desember 2026". */
export const dayText = (lang: Language, iso: string | null | undefined): string => (iso ? formatDate(lang, iso.slice(0, 10)) : "");

export const STATUS_MESSAGES: Record<InvoiceStatus, MessageId> = {
  pending: "pay.status.pending",
  paid: "pay.status.paid",
  waived: "pay.status.waived",
  refunded: "pay.status.refunded",
};

/** How an invoice was paid, in the reader's language: the gateways by their own names, a bank transfer translated. */
export function gatewayText(tr: Translator, gateway: string): string {
  if (gateway === "bank") return tr.t("pay.gateway.bank");
  return ({ razorpay: "Razorpay", stripe: "Stripe" } as Record<Gateway | string, string>)[gateway] ?? gateway;
}

/** The letters' sign-off and the sentence's name of the journal. */
export const journalNameIn = (tr: Translator, websitename: string): string => websitename || tr.t("site.theJournal");

export interface InvoiceMailValues {
  authorName: string;
  title: string;
  reference: string;
  number: string;
  /** Minor units, with the currency. */
  amount: number;
  currency: string;
  dueDate: string;
  journalName: string;
  trackUrl: string;
  moment: "acceptance" | "submission";
  bankDetails: string;
}

export interface Letter {
  subject: string;
  text: string;
}

/** "Invoice:   INV-2026-0001": labels padded to one column, whatever their length in the language. */
function labelledLines(t: Translator["t"], rows: [MessageId, string][]): string[] {
  const labels = rows.map(([id]) => t("pay.mail.labelled", { label: t(id) }));
  const width = Math.max(...labels.map((l) => l.length)) + 3;
  return rows.map(([, value], i) => `${labels[i].padEnd(width)}${value}`);
}

export function invoiceMail(lang: Language, v: InvoiceMailValues): Letter {
  const { t } = translatorFor(lang);
  const body = [
    t("pay.mail.greeting", { name: v.authorName }),
    "",
    t(v.moment === "acceptance" ? "pay.mail.invoice.acceptance" : "pay.mail.invoice.submission", {
      title: v.title,
      reference: v.reference,
      journal: v.journalName,
    }),
    "",
    ...labelledLines(t, [
      ["pay.label.invoice", v.number],
      ["pay.label.amount", moneyText(lang, v.amount, v.currency)],
      ["pay.label.dueBy", dayText(lang, v.dueDate)],
    ]),
    "",
    t("pay.mail.invoice.payOnline"),
    v.trackUrl,
    ...(v.bankDetails ? ["", t("pay.mail.invoice.bank"), v.bankDetails] : []),
  ];
  return { subject: t("pay.mail.invoice.subject", { reference: v.reference, number: v.number }), text: body.join("\n") };
}

export function receiptMail(
  lang: Language,
  v: {
    authorName: string;
    title: string;
    reference: string;
    number: string;
    amount: number;
    currency: string;
    gateway: string;
    paymentId: string;
    trackUrl: string;
  },
): Letter {
  const tr = translatorFor(lang);
  const { t } = tr;
  const amount = moneyText(lang, v.amount, v.currency);
  return {
    subject: t("pay.mail.receipt.subject", { reference: v.reference, number: v.number }),
    text: [
      t("pay.mail.greeting", { name: v.authorName }),
      "",
      t("pay.mail.receipt.thanks", { amount, number: v.number, title: v.title, reference: v.reference, how: gatewayText(tr, v.gateway) }),
      t("pay.mail.receipt.paymentRef", { paymentId: v.paymentId }),
      "",
      t("pay.mail.receipt.link"),
      v.trackUrl,
    ].join("\n"),
  };
}

export function refundMail(
  lang: Language,
  v: { authorName: string; reference: string; number: string; amount: number; currency: string; gateway: string },
): Letter {
  const tr = translatorFor(lang);
  const { t } = tr;
  const amount = moneyText(lang, v.amount, v.currency);
  return {
    subject: t("pay.mail.refund.subject", { reference: v.reference, number: v.number }),
    text: `${t("pay.mail.greeting", { name: v.authorName })}\n\n${t("pay.mail.refund.body", { amount, number: v.number, how: gatewayText(tr, v.gateway) })}`,
  };
}

export type WaiverDecision = "whole" | "part" | "refuse";

export function waiverLetterSubject(lang: Language, v: { reference: string; number: string; decision: WaiverDecision }): string {
  const { t } = translatorFor(lang);
  return t(v.decision === "refuse" ? "pay.mail.waiver.subjectRefused" : "pay.mail.waiver.subjectGranted", v);
}

/** What follows staff's own letter (which is sent as written): what remains due, and where to pay it. */
export function waiverLetterTail(
  lang: Language,
  v: { amount: number; currency: string; trackUrl: string; decision: WaiverDecision },
): string {
  const { t } = translatorFor(lang);
  return v.decision === "whole"
    ? `\n\n${t("pay.mail.waiver.nothingDue")}\n${v.trackUrl}`
    : `\n\n${t("pay.mail.waiver.amountDue", { amount: moneyText(lang, v.amount, v.currency) })}\n${v.trackUrl}`;
}

/** For staff only (the admin's timeline and the office's mailbox): English, like the rest of the admin. */
export const PAYMENT_STAFF_TEXTS = {
  office: {
    waiverRequested: (v: { reference: string; number: string }) => `${v.reference}: fee waiver requested (invoice ${v.number})`,
    waiverRequestedBody: (v: { title: string; reference: string; reason: string }) =>
      `The author of "${v.title}" (${v.reference}) asks for a waiver of the publication fee:\n\n${v.reason}`,
  },
  timeline: {
    invoiceRaised: (v: { number: string; amount: string }) => `Invoice ${v.number} for ${v.amount} e-mailed to the author`,
    paid: (v: { number: string; how: string; paymentId: string }) => `Invoice ${v.number} paid by ${v.how} (${v.paymentId})`,
    refunded: (v: { number: string; how: string }) => `Invoice ${v.number} refunded through ${v.how}`,
    waiverRequested: (v: { number: string }) => `The author asked for a waiver of invoice ${v.number}`,
    waiverDecided: (v: { number: string; decision: WaiverDecision; amount: string }) =>
      v.decision === "whole"
        ? `Invoice ${v.number} waived in full`
        : v.decision === "part"
          ? `Invoice ${v.number} partly waived: ${v.amount} due`
          : `Waiver of invoice ${v.number} refused`,
  },
} as const;

/** The /track?done=… notes after a fee action. */
export const TRACK_DONE_MESSAGES: Record<string, MessageId> = {
  paid: "pay.done.paid",
  waiver_sent: "pay.done.waiverSent",
  cancelled: "pay.done.cancelled",
};

/** The fee actions' refusals on a page (their API codes, named by message). */
export const TRACK_ERROR_MESSAGES: Record<string, MessageId> = {
  missing_reason: "pay.error.missingReason",
  reason_too_long: "pay.error.reasonTooLong",
  invoice_not_pending: "pay.error.invoiceNotPending",
  waiver_already_requested: "pay.error.waiverAlreadyRequested",
  gateway_not_configured: "pay.error.gatewayNotConfigured",
  gateway_unavailable: "pay.error.gatewayUnavailable",
};
