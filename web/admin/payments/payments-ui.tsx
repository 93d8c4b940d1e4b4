// What the Payments pages share: the status badge, amounts, and the staff's messages for each error code (one
// catalog for the admin's payment texts).
import { errorCode } from "../admin-api";
import { formatMoney, INVOICE_STATUS_LABELS, type InvoiceStatus } from "#contract/payments";
import "./payments.css";

export const PAYMENT_MESSAGES: Record<string, string> = {
  missing_reference: "Type the bank transfer's reference (UTR or transaction number).",
  invalid_reference: "The reference is 4 to 64 letters, digits, - _ or / (it becomes the article's transaction ID).",
  duplicate_reference: "That reference already paid another invoice.",
  invalid_date: "Choose the day the money arrived.",
  invoice_not_pending: "This invoice is no longer awaiting payment: reload the page.",
  invoice_not_found: "This invoice no longer exists: reload the page.",
  invalid_amount: "For a partial waiver, type the amount still due: more than 0 and less than the invoice.",
  missing_letter: "Write the letter to the author.",
  letter_too_long: "The letter is too long.",
  invalid_decision: "Choose whole, part or refuse.",
  invalid_due_on: "Choose when the fee falls due.",
  invalid_due_days: "Days to pay: a whole number from 1 to 365.",
  invalid_razorpay_key: "A Razorpay key id looks like rzp_test_… or rzp_live_….",
  invalid_stripe_key: "A Stripe secret key looks like sk_test_… or sk_live_… (or a restricted rk_… key).",
  invalid_stripe_webhook_secret: "A Stripe webhook signing secret looks like whsec_….",
  invalid_filter: "That filter is not understood.",
  forbidden_role: "Your role does not allow this. Ask a journal manager.",
  invalid_fee: "A fee is an amount such as 2500 or 60.00, or empty for the journal's fee.",
  invalid_section: "That section no longer exists: reload the page.",
  manuscript_not_found: "This manuscript no longer exists: reload the page.",
};

export function paymentMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === "network") return "The server could not be reached. Nothing was lost: try again.";
  return (code && PAYMENT_MESSAGES[code]) || "Something went wrong";
}

export function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`invoice-badge invoice-badge--${status}`}>{INVOICE_STATUS_LABELS[status] ?? status}</span>;
}

/** An amount in the major unit as the admin shows it: "₹2,500.00", "$60.00". */
export const money = (major: number, currency: string) => formatMoney(Math.round(major * 100), currency);
