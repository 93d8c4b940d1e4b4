// Publication fees paid online (issue 49): currencies, invoice states, gateways, and the inputs staff and authors
// send. Shared by the Worker and the admin SPA. Amounts travel in the currency's minor unit (paise, cents) inside the
// Worker; answers give `amount` in the major unit (rupees, dollars), as the fee settings are typed.
import { z } from "zod";
import { TXNID_PATTERN } from "./article-form";

export const CURRENCIES = ["INR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const INVOICE_STATUSES = ["pending", "paid", "waived", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Online gateways, by the currency they take (issue 49 item 3); "bank" is a transfer staff record by hand. */
export const GATEWAYS = ["razorpay", "stripe", "bank"] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const GATEWAY_OF_CURRENCY: Record<Currency, "razorpay" | "stripe"> = { INR: "razorpay", USD: "stripe" };

export const DUE_MOMENTS = ["acceptance", "submission"] as const;
export type DueMoment = (typeof DUE_MOMENTS)[number];

/** SPEC §9: fee_rupee for India, fee_dollar for other countries. */
export const currencyForCountry = (country: string): Currency => (country.trim().toLowerCase() === "india" ? "INR" : "USD");

/** A fee as typed in Settings ("2500", "2,500", "Rs. 2500.50") in minor units; 0 for none (a free journal). */
export function minorUnits(fee: string): number {
  const m = /\d[\d,]*(\.\d{1,2})?/.exec(fee);
  if (!m) return 0;
  const value = Number(m[0].replace(/,/g, ""));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}

export const majorUnits = (minor: number): number => Math.round(minor) / 100;

/** "₹2,500.00", "$60.00". */
export function formatMoney(minor: number, currency: string): string {
  const locale = currency === "INR" ? "en-IN" : "en-US";
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100);
  } catch {
    return `${currency} ${(minor / 100).toFixed(2)}`;
  }
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  waived: "Waived",
  refunded: "Refunded",
};

export const GATEWAY_LABELS: Record<Gateway | "", string> = { razorpay: "Razorpay", stripe: "Stripe", bank: "Bank transfer", "": "" };

const secret = z.string().trim().max(300, "invalid_input");

/** A fee as Settings types it ("2500", "Rs. 2,500"): empty (no fee of its own) or holding an amount. */
const feeText = z
  .string()
  .trim()
  .max(50, "invalid_fee")
  .refine((v) => v === "" || minorUnits(v) > 0, "invalid_fee");

/** A section's own fee (issue 49 item 1): empty values fall back to the journal's fee in that currency. */
export const sectionFeeSchema = z.object({
  sectionId: z.number().int().positive("invalid_section"),
  feeRupee: feeText.default(""),
  feeDollar: feeText.default(""),
});
export type SectionFeeInput = z.infer<typeof sectionFeeSchema>;

/** A section's fees as the admin and the Instructions page read them (as typed; "" for the journal's own). */
export interface SectionFee {
  sectionId: number;
  title: string;
  feeRupee: string;
  feeDollar: string;
}

/** Staff file a manuscript under a section (null: none): the invoice raised afterwards takes its fee. */
export const manuscriptSectionSchema = z.object({ sectionId: z.number().int().positive("invalid_section").nullable() });

/**
 * The fee text that applies in a currency: the section's own where it has one, else the journal's (SPEC §9:
 * India pays fee_rupee, other countries fee_dollar).
 */
export function feeTextFor(
  journal: { fee_rupee: string; fee_dollar: string },
  currency: Currency,
  section?: Pick<SectionFee, "feeRupee" | "feeDollar"> | null,
): string {
  const own = currency === "INR" ? section?.feeRupee : section?.feeDollar;
  return own?.trim() ? own : currency === "INR" ? journal.fee_rupee : journal.fee_dollar;
}

/** Payments → Settings. An empty secret keeps the stored one; `clear` lists secrets to forget. */
export const paymentSettingsSchema = z.object({
  enabled: z.boolean(),
  dueOn: z.enum(DUE_MOMENTS, "invalid_due_on"),
  dueDays: z.number().int("invalid_due_days").min(1, "invalid_due_days").max(365, "invalid_due_days"),
  bankDetails: z.string().trim().max(2000, "invalid_input").default(""),
  razorpayKeyId: z
    .string()
    .trim()
    .max(100, "invalid_input")
    .refine((v) => v === "" || /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(v), "invalid_razorpay_key"),
  razorpayKeySecret: secret.default(""),
  razorpayWebhookSecret: secret.default(""),
  stripeSecretKey: secret.default("").refine((v) => v === "" || /^(sk|rk)_(test|live)_[A-Za-z0-9]{6,200}$/.test(v), "invalid_stripe_key"),
  stripeWebhookSecret: secret.default("").refine((v) => v === "" || /^whsec_[A-Za-z0-9]{6,200}$/.test(v), "invalid_stripe_webhook_secret"),
  clear: z
    .array(z.enum(["razorpay", "stripe"]))
    .max(2)
    .default([]),
  /** Every section's own fees; a section left out (or with both empty) charges the journal's fee. */
  sectionFees: z.array(sectionFeeSchema).max(500, "invalid_input").optional(),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsSchema>;

/** What the admin reads back: never a secret, only whether one is stored. */
export interface PaymentSettingsAnswer {
  enabled: boolean;
  dueOn: DueMoment;
  dueDays: number;
  bankDetails: string;
  razorpayKeyId: string;
  has: { razorpayKeySecret: boolean; razorpayWebhookSecret: boolean; stripeSecretKey: boolean; stripeWebhookSecret: boolean };
  /** The fees from Settings (fee_rupee, fee_dollar), as typed there. */
  fees: { INR: string; USD: string };
  /** The journal's sections, each with its own fees ("" where it charges the journal's). */
  sectionFees: SectionFee[];
  /** Where to point each gateway's webhook (the same for every journal). */
  webhooks: { razorpay: string; stripe: string };
  updatedAt: string | null;
}

/**
 * A bank transfer staff received (today's flow, issue 49 item 4). Its reference becomes the article's transaction id
 * on Publish as article, so it follows that field's rule (contract/article-form.ts TXNID_PATTERN).
 */
export const bankTransferSchema = z.object({
  reference: z.string().trim().min(1, "missing_reference").regex(TXNID_PATTERN, "invalid_reference"),
  paidOn: z.iso.date("invalid_date"),
});
export type BankTransferInput = z.infer<typeof bankTransferSchema>;

/** Staff answer a waiver request: whole, part (the amount still due, in the major unit) or refused, with a letter. */
export const waiverDecisionSchema = z
  .object({
    decision: z.enum(["whole", "part", "refuse"], "invalid_decision"),
    amountDue: z.number().positive("invalid_amount").max(10_000_000, "invalid_amount").optional(),
    letter: z.string().trim().min(1, "missing_letter").max(10_000, "letter_too_long"),
  })
  .refine((v) => v.decision !== "part" || v.amountDue !== undefined, { message: "invalid_amount", path: ["amountDue"] });
export type WaiverDecisionInput = z.infer<typeof waiverDecisionSchema>;

/** The author's request on the tracking page. */
export const WAIVER_REASON_MAX = 2000;

/** GET /api/admin/payments filters. */
export const paymentFilterSchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
export type PaymentFilter = z.infer<typeof paymentFilterSchema>;

/** One invoice in the Payments list. The first six fields are the contract. */
export interface PaymentListItem {
  invoiceId: number;
  manuscriptId: number;
  /** In the major unit (rupees, dollars). */
  amount: number;
  currency: Currency;
  status: InvoiceStatus;
  gateway: Gateway | "";
  number: string;
  reference: string;
  title: string;
  authorName: string;
  /** The gateway's payment id or the bank reference. */
  paymentId: string | null;
  fee: number;
  dueDate: string;
  paidAt: string;
  refundedAt: string;
  createdAt: string;
  waiverStatus: "" | "requested" | "granted" | "refused";
  waiverReason: string;
}

/** Monthly totals per currency (dashboard) of what was paid, in the major unit. */
export interface PaymentTotals {
  months: { month: string; currency: Currency; paid: number; count: number }[];
  pending: { currency: Currency; amount: number; count: number }[];
}

/** The list's answer as the contract states it (more fields may follow each item's six). */
export const paymentListAnswerSchema = z.object({
  payments: z.array(
    z
      .object({
        invoiceId: z.number().int(),
        manuscriptId: z.number().int(),
        amount: z.number(),
        currency: z.enum(CURRENCIES),
        status: z.enum(INVOICE_STATUSES),
        gateway: z.enum(["razorpay", "stripe", "bank", ""]),
      })
      .loose(),
  ),
});

/**
 * What Publish as article fills in from the manuscript's invoice (issue 49 item 5): a paid invoice gives the gateway's
 * payment id (or the bank reference) and Paid; a waived one its invoice number and Free; none (a free journal or
 * article) Free with nothing to type... except the transaction id the form still asks for, left to staff.
 */
export function articlePaymentOf(
  invoice: Pick<PaymentListItem, "status" | "paymentId" | "number"> | null,
): { txnid?: string; ptype: "paid" | "free" } | null {
  if (!invoice) return null;
  if (invoice.status === "paid" && invoice.paymentId) return { txnid: invoice.paymentId, ptype: "paid" };
  if (invoice.status === "waived") return { txnid: invoice.number, ptype: "free" };
  return null;
}
