// The daily reconciliation (issue 49 item 3): a payment whose webhook and return were both lost is found by asking
// the gateway, once the checkout is an hour old; it is paid once, with one receipt.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { linkRequest, outboxOf } from "../workflow/workflow.fixtures";
import { acceptedWithInvoice, payingJournal, payWithRazorpay, payWithStripe, takeWebhooks } from "./payments.fixtures";
import { reconcilePayments } from "./reconcile";

describe("the daily reconciliation", () => {
  it("asks both gateways about pending invoices whose checkout began over an hour ago", async () => {
    const { j, staff } = await payingJournal();
    const inr = await acceptedWithInvoice(j, staff, "India");
    const usd = await acceptedWithInvoice(j, staff, "Nigeria");
    const unpaid = await acceptedWithInvoice(j, staff, "India");
    await payWithRazorpay(j.host, inr.cookie);
    await payWithStripe(j.host, usd.cookie);
    // Unpaid: a checkout was started and abandoned.
    await linkRequest(j.host, "/track/pay", unpaid.cookie, { method: "POST" });
    await takeWebhooks(); // lost: never delivered
    const state = async (id: number) => (await staff.get(`/payments/manuscripts/${id}`)).body.invoice.status;
    // Too young: left to the webhook.
    await reconcilePayments(env, new Date());
    expect(await state(inr.m.id)).toBe("pending");
    const later = new Date(Date.now() + 2 * 3_600_000);
    await reconcilePayments(env, later);
    expect(await state(inr.m.id)).toBe("paid");
    expect(await state(usd.m.id)).toBe("paid");
    expect(await state(unpaid.m.id)).toBe("pending");
    await reconcilePayments(env, later);
    const receipts = (await outboxOf(staff)).filter((x) => x.kind === "payment.receipt");
    expect(receipts.filter((r) => r.manuscriptId === inr.m.id)).toHaveLength(1);
    expect(receipts.filter((r) => r.manuscriptId === usd.m.id)).toHaveLength(1);
  });
});
