// Attacks on the fee (issue 49 item 7), each as an attacker would send it: every one answers a clear 4xx or is
// ignored, and no invoice changes. Signatures are made here with Web Crypto as each gateway documents them
// (the stand-ins' helpers), never with the Worker's code.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { razorpaySignature, STANDIN_ACCOUNTS, stripeSignature, type WebhookDelivery } from "#tests/payment-standins";
import { outboxOf } from "../workflow/workflow.fixtures";
import { acceptedWithInvoice, deliver, payingJournal, payWithRazorpay, payWithStripe, takeWebhooks } from "./payments.fixtures";

const RZ = STANDIN_ACCOUNTS.razorpay[0];
/** What the Worker says it did with a signed event. */
const outcomeOf = async (res: Promise<Response>) => ((await (await res).json()) as { outcome: string }).outcome;
const ST = STANDIN_ACCOUNTS.stripe[0];

type Loose = any;

async function resignedRazorpay(
  body: Loose,
  secret = RZ.webhookSecret,
  eventId = `evt_${crypto.randomUUID().slice(0, 12)}`,
): Promise<WebhookDelivery> {
  const text = JSON.stringify(body);
  return {
    gateway: "razorpay",
    url: "",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": await razorpaySignature(text, secret),
      "X-Razorpay-Event-Id": eventId,
    },
    body: text,
  };
}

async function resignedStripe(body: Loose, secret = ST.webhookSecret, at?: number): Promise<WebhookDelivery> {
  const text = JSON.stringify(body);
  return {
    gateway: "stripe",
    url: "",
    headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(text, secret, at) },
    body: text,
  };
}

/** An INR invoice whose Razorpay checkout was paid at the stand-in; its webhooks not yet delivered. */
async function razorpayPaidAtGateway() {
  const { j, staff } = await payingJournal();
  const { m, cookie, invoice } = await acceptedWithInvoice(j, staff, "India");
  await takeWebhooks();
  const paid = await payWithRazorpay(j.host, cookie);
  const hooks = await takeWebhooks();
  const captured = hooks.find((h) => JSON.parse(h.body).event === "payment.captured")!;
  const state = async () => (await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice;
  return { j, staff, m, cookie, invoice, paid, hooks, captured, state };
}

describe("webhook signatures", () => {
  it("an unsigned or wrongly signed webhook answers 400 or 401 and changes nothing (both gateways)", async () => {
    const { j, captured, state } = await razorpayPaidAtGateway();
    const { "X-Razorpay-Signature": _s, ...unsigned } = captured.headers;
    expect((await deliver(j.host, { ...captured, headers: unsigned })).status).toBe(400);
    const forged = await resignedRazorpay(JSON.parse(captured.body), "not-the-webhook-secret");
    expect((await deliver(j.host, forged)).status).toBe(401);
    // The key secret is not the webhook secret.
    expect((await deliver(j.host, await resignedRazorpay(JSON.parse(captured.body), RZ.keySecret))).status).toBe(401);
    // The body changed after signing.
    const tampered = { ...captured, body: captured.body.replace('"status":"captured"', '"status":"captured" ') };
    expect((await deliver(j.host, tampered)).status).toBe(401);
    expect((await state()).status).toBe("pending");

    const s = await payingJournal();
    const usd = await acceptedWithInvoice(s.j, s.staff, "Nigeria");
    await takeWebhooks();
    await payWithStripe(s.j.host, usd.cookie);
    const [completed] = await takeWebhooks();
    const { "Stripe-Signature": _t, ...noSig } = completed.headers;
    expect((await deliver(s.j.host, { ...completed, headers: noSig })).status).toBe(400);
    expect((await deliver(s.j.host, await resignedStripe(JSON.parse(completed.body), "whsec_wrongSecret"))).status).toBe(401);
    expect((await deliver(s.j.host, { ...completed, headers: { ...completed.headers, "Stripe-Signature": "t=1,v1=00" } })).status).toBe(
      401,
    );
    expect((await s.staff.get(`/payments/manuscripts/${usd.m.id}`)).body.invoice.status).toBe("pending");
  });

  it("an old Stripe timestamp (a captured event replayed later) is refused, even correctly signed", async () => {
    const s = await payingJournal();
    const usd = await acceptedWithInvoice(s.j, s.staff, "Nigeria");
    await takeWebhooks();
    await payWithStripe(s.j.host, usd.cookie);
    const [completed] = await takeWebhooks();
    const old = await resignedStripe(JSON.parse(completed.body), ST.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(s.j.host, old)).status).toBe(401);
    expect((await s.staff.get(`/payments/manuscripts/${usd.m.id}`)).body.invoice.status).toBe("pending");
  });
});

describe("signed events that must not pay", () => {
  it("a replayed event is acted on once: no second receipt, and a refunded invoice is not paid again", async () => {
    const { j, staff, m, captured, paid, state } = await razorpayPaidAtGateway();
    expect(await outcomeOf(deliver(j.host, captured))).toBe("paid");
    expect(await outcomeOf(deliver(j.host, captured))).toBe("replay");
    // Refunded in the dashboard, then the old payment event replayed under a fresh id.
    const refund = await fetch(`http://razorpay.test/v1/payments/${paid.callback.razorpay_payment_id}/refund`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${RZ.keyId}:${RZ.keySecret}`)}` },
    });
    expect(refund.status).toBe(200);
    for (const h of await takeWebhooks()) expect((await deliver(j.host, h)).status).toBe(200);
    expect((await state()).status).toBe("refunded");
    const replay = await resignedRazorpay(JSON.parse(captured.body));
    expect(await outcomeOf(deliver(j.host, replay))).toBe("not_pending");
    expect((await state()).status).toBe("refunded");
    expect((await outboxOf(staff)).filter((x) => x.kind === "payment.receipt" && x.manuscriptId === m.id)).toHaveLength(1);
  });

  it("an amount or a currency changed is ignored", async () => {
    const { j, captured, state } = await razorpayPaidAtGateway();
    const less = JSON.parse(captured.body);
    less.payload.payment.entity.amount = 100;
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(less)))).toBe("amount_mismatch");
    const dollars = JSON.parse(captured.body);
    dollars.payload.payment.entity.currency = "USD";
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(dollars)))).toBe("currency_mismatch");
    expect((await state()).status).toBe("pending");
  });

  it("another journal's invoice: named with this journal's secret it matches no checkout; named as the other journal it fails that journal's signature", async () => {
    const a = await razorpayPaidAtGateway();
    const b = await payingJournal(1);
    const other = await acceptedWithInvoice(b.j, b.staff, "India");
    // Journal A's signed event pointed at journal B's invoice (A's secret).
    const stolen = JSON.parse(a.captured.body);
    stolen.payload.payment.entity.notes.invoice_id = String(other.invoice.invoiceId);
    expect(await outcomeOf(deliver(a.j.host, await resignedRazorpay(stolen)))).toBe("unknown_checkout");
    // The same event naming journal B: checked with B's secret, A's signature fails.
    stolen.payload.payment.entity.notes.journal_id = String(b.j.id);
    expect((await deliver(a.j.host, await resignedRazorpay(stolen))).status).toBe(401);
    expect((await deliver(b.j.host, await resignedRazorpay(stolen))).status).toBe(401);
    expect((await b.staff.get(`/payments/manuscripts/${other.m.id}`)).body.invoice.status).toBe("pending");
    expect((await a.state()).status).toBe("pending");
  });

  it("a payment of one invoice never pays another of the same journal", async () => {
    const { j, staff, captured, state } = await razorpayPaidAtGateway();
    const other = await acceptedWithInvoice(j, staff, "India");
    const moved = JSON.parse(captured.body);
    moved.payload.payment.entity.notes.invoice_id = String(other.invoice.invoiceId);
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(moved)))).toBe("unknown_checkout");
    expect((await staff.get(`/payments/manuscripts/${other.m.id}`)).body.invoice.status).toBe("pending");
    expect((await state()).status).toBe("pending");
  });

  it("a paid invoice paid again (a second checkout) keeps its first payment", async () => {
    const { j, cookie, captured, state } = await razorpayPaidAtGateway();
    await deliver(j.host, captured);
    const first = await state();
    expect(first.status).toBe("paid");
    // The author's browser still had the Pay page: a second payment of a second checkout.
    const again = await request(j.host, "/track/pay", { method: "POST", headers: { cookie } });
    expect(again.status).toBe(409);
    const second = JSON.parse(captured.body);
    second.payload.payment.entity.id = "pay_SecondPayment01";
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(second)))).toBe("not_pending");
    expect(await state()).toMatchObject({ status: "paid", paymentId: first.paymentId });
  });

  it("a refund of an unpaid invoice, or of a payment that paid nothing, is ignored", async () => {
    const { j, captured, state } = await razorpayPaidAtGateway();
    const refund = JSON.parse(captured.body);
    refund.event = "refund.processed";
    refund.payload.refund = { entity: { id: "rfnd_Forged0001", payment_id: refund.payload.payment.entity.id, amount: 250000 } };
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(refund)))).toBe("refund_unmatched");
    expect((await state()).status).toBe("pending");
    await deliver(j.host, captured);
    refund.payload.refund.entity.payment_id = "pay_NotThisOne0001";
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(refund)))).toBe("refund_unmatched");
    expect((await state()).status).toBe("paid");
  });

  it("a cancelled or failed checkout changes nothing", async () => {
    const { j, captured, state } = await razorpayPaidAtGateway();
    const failed = JSON.parse(captured.body);
    failed.event = "payment.failed";
    failed.payload.payment.entity.status = "failed";
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(failed)))).toBe("ignored");
    // A captured status under a failed event's name is not believed either.
    failed.payload.payment.entity.status = "captured";
    expect(await outcomeOf(deliver(j.host, await resignedRazorpay(failed)))).toBe("ignored");
    const s = await payingJournal();
    const usd = await acceptedWithInvoice(s.j, s.staff, "Nigeria");
    await takeWebhooks();
    await payWithStripe(s.j.host, usd.cookie);
    const [completed] = await takeWebhooks();
    const expired = JSON.parse(completed.body);
    expired.type = "checkout.session.expired";
    expired.data.object.status = "expired";
    expect(await outcomeOf(deliver(s.j.host, await resignedStripe(expired)))).toBe("ignored");
    const unpaid = JSON.parse(completed.body);
    unpaid.id = "evt_unpaid";
    unpaid.data.object.payment_status = "unpaid";
    expect(await outcomeOf(deliver(s.j.host, await resignedStripe(unpaid)))).toBe("ignored");
    expect((await state()).status).toBe("pending");
    expect((await s.staff.get(`/payments/manuscripts/${usd.m.id}`)).body.invoice.status).toBe("pending");
  });
});
