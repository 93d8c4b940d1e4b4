// What a gateway's word does to an invoice (issue 49 item 3): the one place webhooks, the browser's return and the
// daily reconciliation go through. A payment is believed only for a checkout the Worker made for that invoice, with
// the same amount and currency; it moves the invoice pending → paid once (a second word about the same payment
// finds it paid and changes nothing); a refund moves paid → refunded only for the payment that paid it.
import type { WorkflowCtx } from "../workflow/workflow";
import { findManuscript } from "../workflow/manuscripts.repo";
import { findCheckout, findInvoice, invoiceOfPayment, markInvoicePaid, markInvoiceRefunded } from "./payments.repo";
import { announcePaid, announceRefunded } from "./invoice-letters";

export type SettleOutcome =
  | "paid"
  | "already_paid"
  | "not_pending"
  | "unknown_checkout"
  | "amount_mismatch"
  | "currency_mismatch"
  | "refunded"
  | "already_refunded"
  | "refund_unmatched";

export interface GatewayPayment {
  gateway: "razorpay" | "stripe";
  /** Razorpay's order id, Stripe's Checkout Session id. */
  checkoutId: string;
  invoiceId: number;
  /** Razorpay's payment id, Stripe's PaymentIntent id: what the article's transaction id becomes. */
  paymentId: string;
  amount: number;
  currency: string;
}

export async function settlePayment(ctx: WorkflowCtx, p: GatewayPayment): Promise<SettleOutcome> {
  const journalId = ctx.journal.id;
  const checkout = await findCheckout(ctx.db, journalId, p.gateway, p.checkoutId);
  if (!checkout || checkout.invoiceId !== p.invoiceId) return "unknown_checkout";
  if (p.currency.toUpperCase() !== checkout.currency) return "currency_mismatch";
  if (p.amount !== checkout.amount) return "amount_mismatch";
  const inv = await findInvoice(ctx.db, journalId, p.invoiceId);
  if (!inv) return "unknown_checkout";
  if (inv.status === "paid" && inv.gateway === p.gateway && inv.paymentId === p.paymentId) return "already_paid";
  if (inv.status !== "pending") return "not_pending";
  // A waiver since the checkout began changed what is due: this checkout no longer pays it.
  if (inv.amount !== checkout.amount || inv.currency !== checkout.currency) return "amount_mismatch";
  const paid = await markInvoicePaid(ctx.db, inv, { gateway: p.gateway, paymentId: p.paymentId });
  if (!paid) {
    const now = await findInvoice(ctx.db, journalId, p.invoiceId);
    return now?.status === "paid" && now.paymentId === p.paymentId ? "already_paid" : "not_pending";
  }
  const m = await findManuscript(ctx.db, journalId, paid.manuscriptId);
  if (m) await announcePaid(ctx, m, paid);
  return "paid";
}

/** A refund names the payment it gives back: only the invoice that payment paid can become refunded. */
export async function settleRefund(ctx: WorkflowCtx, r: { gateway: "razorpay" | "stripe"; paymentId: string }): Promise<SettleOutcome> {
  const inv = await invoiceOfPayment(ctx.db, ctx.journal.id, r.gateway, r.paymentId);
  if (!inv) return "refund_unmatched";
  if (inv.status === "refunded" && inv.paymentId === r.paymentId) return "already_refunded";
  const refunded = await markInvoiceRefunded(ctx.db, inv, r.gateway, r.paymentId);
  if (!refunded) return "refund_unmatched";
  const m = await findManuscript(ctx.db, ctx.journal.id, refunded.manuscriptId);
  if (m) await announceRefunded(ctx, m, refunded);
  return "refunded";
}
