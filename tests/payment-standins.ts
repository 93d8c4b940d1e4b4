// Local stand-ins for Razorpay and Stripe (issue 49 item 6): neither can be reached from these machines. One fetch
// handler answers as each gateway's documents show, holds its orders, sessions, payments and refunds in memory, draws
// a checkout page of its own that a browser (or a test) clicks through, and sends webhooks signed as the gateway
// signs them. Used inside workerd by the API tests (miniflare's outbound service: http://razorpay.test and
// http://stripe.test) and as two small HTTP servers by `npm start` and the browser tests
// (tests/payment-standins-server.ts). The Worker reaches them only through RAZORPAY_API_BASE / STRIPE_API_BASE.
//
// Razorpay (https://razorpay.com/docs/api/): Basic auth key_id:key_secret.
//   POST /v1/orders {amount, currency, receipt, notes}           GET /v1/orders/{id}, /v1/orders/{id}/payments
//   GET  /v1/payments/{id}                                       POST /v1/payments/{id}/refund {amount?}
//   POST /v1/checkout/embedded (Hosted Checkout form)            → the checkout page; Pay captures the payment,
//        sends payment.captured and order.paid, and posts razorpay_payment_id, razorpay_order_id and
//        razorpay_signature (HMAC-SHA256 of "order|payment" under the key secret) to callback_url.
//   Webhooks: X-Razorpay-Signature = hex HMAC-SHA256 of the body under the webhook secret; X-Razorpay-Event-Id.
// Stripe (https://docs.stripe.com/api): Bearer secret key, form-encoded bodies.
//   POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}   POST /v1/refunds {payment_intent}
//   GET  /pay/{session} the checkout page; Pay completes the session, sends checkout.session.completed and
//        redirects to success_url ({CHECKOUT_SESSION_ID} filled in); Cancel goes to cancel_url.
//   Webhooks: Stripe-Signature "t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the whsec_ secret>".
// Stand-in only: GET /standin/webhooks lists what was sent (tests read it), DELETE empties it.

export interface RazorpayAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where its webhooks go (the journal's /api/payments/webhooks/razorpay); none: only recorded. */
  webhookUrl?: string;
}
export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
}

export interface WebhookDelivery {
  gateway: "razorpay" | "stripe";
  url: string;
  headers: Record<string, string>;
  body: string;
  /** What the journal's Worker answered (npm start only). */
  status?: number;
}

/** Accounts of the tests' and the demo's journals (secrets of this machine's stand-ins only). */
export const STANDIN_ACCOUNTS = {
  razorpay: [
    { keyId: "rzp_test_StandInJournal1", keySecret: "standin-razorpay-key-secret-1", webhookSecret: "standin-razorpay-webhook-1" },
    { keyId: "rzp_test_StandInJournal2", keySecret: "standin-razorpay-key-secret-2", webhookSecret: "standin-razorpay-webhook-2" },
  ],
  stripe: [
    { secretKey: "sk_test_StandInJournal1", webhookSecret: "whsec_StandInJournal1" },
    { secretKey: "sk_test_StandInJournal2", webhookSecret: "whsec_StandInJournal2" },
  ],
} satisfies { razorpay: RazorpayAccount[]; stripe: StripeAccount[] };

export const TEST_ORIGINS = { razorpay: "http://razorpay.test", stripe: "http://stripe.test" };

const encoder = new TextEncoder();
async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

export const razorpaySignature = (body: string, secret: string) => hmacHex(secret, body);
export async function stripeSignature(body: string, secret: string, at = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${at},v1=${await hmacHex(secret, `${at}.${body}`)}`;
}

const id = (prefix: string) => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return prefix + [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
};
const now = () => Math.floor(Date.now() / 1000);
const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { "Content-Type": "application/json" } });
const page = (title: string, body: string, brand: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f2f4f8;color:#1b2030}header{background:${brand};color:#fff;padding:14px 20px;font-weight:700}
main{max-width:440px;margin:24px auto;padding:0 16px}.card{background:#fff;border-radius:10px;padding:18px 20px;box-shadow:0 1px 4px #0002}
.amount{font-size:1.8rem;font-weight:700;margin:.2em 0}.btn{display:block;width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:${brand};color:#fff;cursor:pointer;margin-top:14px;text-align:center;text-decoration:none}
.link{display:block;text-align:center;margin-top:12px;color:#444}label{display:flex;gap:8px;align-items:center;margin:6px 0}input[type=text]{width:100%;font:inherit;padding:8px;box-sizing:border-box}
.note{font-size:.85rem;color:#666;margin-top:14px}</style></head><body><header>${esc(title)}</header><main>${body}</main></body></html>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );

/** Form-encoded bodies with Stripe's bracket keys (metadata[a], line_items[0][price_data][unit_amount]) as objects. */
function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

/** A form's fields in order (FormData.forEach: typed in every lib this file is checked with). */
function fieldsOf(form: FormData): [string, string][] {
  const out: [string, string][] = [];
  form.forEach((v, k) => {
    out.push([k, String(v)]);
  });
  return out;
}

const money = (amount: number, currency: string) => `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;

interface Order {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
  keyId: string;
}
interface Payment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "refunded" | "failed";
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: null | "full";
  email: string;
  notes: Record<string, string>;
  created_at: number;
}

export class PaymentStandIns {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly orders = new Map<string, Order>();
  private readonly payments = new Map<string, Payment>();
  private readonly sessions = new Map<string, Record<string, unknown> & { id: string; secretKey: string }>();
  private readonly idempotent = new Map<string, string>();

  constructor(
    readonly origins: { razorpay: string; stripe: string },
    readonly accounts: { razorpay: RazorpayAccount[]; stripe: StripeAccount[] },
    /** Sends a webhook (npm start); without it they are only recorded for the tests to deliver. */
    private readonly deliver?: (d: WebhookDelivery) => Promise<number>,
  ) {}

  private async send(d: WebhookDelivery) {
    this.deliveries.push(d);
    if (this.deliver && d.url) d.status = await this.deliver(d).catch(() => 0);
  }

  private razorpayAccountOf(req: Request): RazorpayAccount | undefined {
    const m = /^Basic (.+)$/.exec(req.headers.get("authorization") ?? "");
    if (!m) return undefined;
    const [keyId, keySecret] = atob(m[1]).split(":");
    return this.accounts.razorpay.find((a) => a.keyId === keyId && a.keySecret === keySecret);
  }

  private stripeAccountOf(req: Request): StripeAccount | undefined {
    const key = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
    return this.accounts.stripe.find((a) => a.secretKey === key);
  }

  async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (url.pathname === "/standin/webhooks") {
      if (req.method === "DELETE") this.deliveries.length = 0;
      return json({ deliveries: this.deliveries });
    }
    if (url.origin === new URL(this.origins.razorpay).origin) return this.razorpay(req, url);
    if (url.origin === new URL(this.origins.stripe).origin) return this.stripe(req, url);
    return new Response("Not found", { status: 404 });
  }

  // ---- Razorpay ----

  private async razorpayEvent(order: Order, payment: Payment, event: string, extra: Record<string, unknown> = {}) {
    const account = this.accounts.razorpay.find((a) => a.keyId === order.keyId);
    if (!account) return;
    const { keyId: _k, ...orderEntity } = order;
    const payload: Record<string, unknown> = { payment: { entity: payment }, ...extra };
    if (event === "order.paid") payload.order = { entity: orderEntity };
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_StandIn",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    await this.send({
      gateway: "razorpay",
      url: account.webhookUrl ?? "",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": await razorpaySignature(body, account.webhookSecret),
        "X-Razorpay-Event-Id": id("evt_"),
      },
      body,
    });
  }

  private async razorpay(req: Request, url: URL): Promise<Response> {
    const p = url.pathname;
    const bad = (description: string, status = 400) => json({ error: { code: "BAD_REQUEST_ERROR", description } }, status);
    if (p === "/v1/checkout/embedded" && req.method === "POST") return this.razorpayCheckout(await req.formData());
    if (p === "/v1/checkout/standin/pay" && req.method === "POST") return this.razorpayPay(await req.formData());
    const account = this.razorpayAccountOf(req);
    if (!account) return json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, 401);
    if (p === "/v1/orders" && req.method === "POST") {
      const b = (await req.json().catch(() => ({}))) as {
        amount?: number;
        currency?: string;
        receipt?: string;
        notes?: Record<string, string>;
      };
      if (!Number.isInteger(b.amount) || (b.amount ?? 0) < 100) return bad("The amount must be atleast INR 1.00");
      if (b.currency !== "INR" && b.currency !== "USD") return bad("Currency is not supported");
      const order: Order = {
        id: id("order_"),
        entity: "order",
        amount: b.amount!,
        amount_paid: 0,
        amount_due: b.amount!,
        currency: b.currency,
        receipt: b.receipt ?? null,
        status: "created",
        attempts: 0,
        notes: b.notes ?? {},
        created_at: now(),
        keyId: account.keyId,
      };
      this.orders.set(order.id, order);
      const { keyId: _k, ...answer } = order;
      return json(answer);
    }
    let m = /^\/v1\/orders\/(order_[A-Za-z0-9]+)(\/payments)?$/.exec(p);
    if (m && req.method === "GET") {
      const order = this.orders.get(m[1]);
      if (!order || order.keyId !== account.keyId) return bad("The id provided does not exist");
      if (m[2]) {
        const items = [...this.payments.values()].filter((x) => x.order_id === order.id);
        return json({ entity: "collection", count: items.length, items });
      }
      const { keyId: _k, ...answer } = order;
      return json(answer);
    }
    m = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)(\/refund)?$/.exec(p);
    if (m) {
      const payment = this.payments.get(m[1]);
      const order = payment && this.orders.get(payment.order_id);
      if (!payment || !order || order.keyId !== account.keyId) return bad("The id provided does not exist");
      if (!m[2] && req.method === "GET") return json(payment);
      if (m[2] && req.method === "POST") {
        if (payment.status !== "captured") return bad("The payment has been fully refunded already");
        payment.status = "refunded";
        payment.amount_refunded = payment.amount;
        payment.refund_status = "full";
        const refund = {
          id: id("rfnd_"),
          entity: "refund",
          amount: payment.amount,
          currency: payment.currency,
          payment_id: payment.id,
          notes: {},
          status: "processed",
          created_at: now(),
        };
        await this.razorpayEvent(order, payment, "refund.processed", { refund: { entity: refund } });
        return json(refund);
      }
    }
    return bad("The requested URL was not found on the server.", 404);
  }

  private razorpayCheckout(form: FormData): Response {
    const order = this.orders.get(String(form.get("order_id") ?? ""));
    const keyId = String(form.get("key_id") ?? "");
    if (!order || order.keyId !== keyId)
      return page(
        "Razorpay (stand-in)",
        `<div class="card"><p>This order does not exist or belongs to another account.</p></div>`,
        "#072654",
      );
    if (order.status === "paid")
      return page("Razorpay (stand-in)", `<div class="card"><p>This order has already been paid.</p></div>`, "#072654");
    const hidden = fieldsOf(form)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join("");
    return page(
      "Razorpay (stand-in)",
      `<div class="card"><p>${esc(form.get("name"))}</p><p class="amount" data-testid="amount">${esc(money(order.amount, order.currency))}</p><p>${esc(form.get("description"))}</p>
<form method="post" action="/v1/checkout/standin/pay">${hidden}<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="upi" checked> UPI</label><label><input type="radio" name="method" value="card"> Card</label><label><input type="radio" name="method" value="netbanking"> Net banking</label></fieldset>
<button class="btn">Pay ${esc(money(order.amount, order.currency))}</button></form>
<a class="link" href="${esc(form.get("cancel_url"))}">Cancel payment</a><p class="note">Local stand-in of Razorpay Hosted Checkout: no money moves.</p></div>`,
      "#072654",
    );
  }

  private async razorpayPay(form: FormData): Promise<Response> {
    const order = this.orders.get(String(form.get("order_id") ?? ""));
    if (!order || order.status === "paid")
      return page("Razorpay (stand-in)", `<div class="card"><p>This order cannot be paid.</p></div>`, "#072654");
    const account = this.accounts.razorpay.find((a) => a.keyId === order.keyId)!;
    const notes: Record<string, string> = {};
    for (const [k, v] of fieldsOf(form)) {
      const n = /^notes\[(.+)\]$/.exec(k);
      if (n) notes[n[1]] = String(v);
    }
    const payment: Payment = {
      id: id("pay_"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: "captured",
      order_id: order.id,
      method: String(form.get("method") ?? "upi"),
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      email: String(form.get("prefill[email]") ?? ""),
      notes,
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.attempts++;
    await this.razorpayEvent(order, payment, "payment.captured");
    await this.razorpayEvent(order, payment, "order.paid");
    const signature = await hmacHex(account.keySecret, `${order.id}|${payment.id}`);
    // As Razorpay does: the browser posts the result to the merchant's callback_url.
    return page(
      "Razorpay (stand-in)",
      `<div class="card"><p>Payment successful.</p><form method="post" action="${esc(form.get("callback_url"))}" id="back">
<input type="hidden" name="razorpay_payment_id" value="${esc(payment.id)}"><input type="hidden" name="razorpay_order_id" value="${esc(order.id)}">
<input type="hidden" name="razorpay_signature" value="${esc(signature)}"><button class="btn">Return to the merchant</button></form></div>
<script>document.getElementById("back").submit()</script>`,
      "#072654",
    );
  }

  /** A payment as Razorpay's dashboard would refund it (the demo and the tests). */
  paymentsOf(orderId: string): Payment[] {
    return [...this.payments.values()].filter((p) => p.order_id === orderId);
  }

  // ---- Stripe ----

  private async stripeEvent(account: StripeAccount, type: string, object: Record<string, unknown>) {
    const body = JSON.stringify({
      id: id("evt_"),
      object: "event",
      api_version: "2025-10-29.clover",
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    await this.send({
      gateway: "stripe",
      url: account.webhookUrl ?? "",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(body, account.webhookSecret) },
      body,
    });
  }

  private publicSession(s: Record<string, unknown>) {
    const { secretKey: _s, ...rest } = s;
    return rest;
  }

  private async stripe(req: Request, url: URL): Promise<Response> {
    const p = url.pathname;
    const error = (message: string, status = 400, type = "invalid_request_error") => json({ error: { type, message } }, status);
    let m = /^\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(p);
    if (m) return this.stripeCheckout(m[1], req);
    const account = this.stripeAccountOf(req);
    if (!account) return error("Invalid API Key provided", 401, "authentication_error");
    if (p === "/v1/checkout/sessions" && req.method === "POST") {
      const idem = req.headers.get("idempotency-key");
      if (idem && this.idempotent.has(`${account.secretKey}:${idem}`)) {
        return json(this.publicSession(this.sessions.get(this.idempotent.get(`${account.secretKey}:${idem}`)!)!));
      }
      const b = parseStripeForm(await req.text()) as {
        mode?: string;
        success_url?: string;
        cancel_url?: string;
        metadata?: Record<string, string>;
        client_reference_id?: string;
        customer_email?: string;
        line_items?: Record<
          string,
          {
            quantity?: string;
            price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string; description?: string } };
          }
        >;
      };
      const item = b.line_items?.["0"];
      const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
      if (b.mode !== "payment" || !b.success_url || !Number.isInteger(amount) || amount <= 0 || !item?.price_data?.currency)
        return error("Missing required param: line_items or success_url.");
      const sid = id("cs_test_");
      const session = {
        id: sid,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        amount_subtotal: amount,
        currency: item.price_data.currency,
        metadata: b.metadata ?? {},
        client_reference_id: b.client_reference_id ?? null,
        customer_email: b.customer_email ?? null,
        payment_intent: null as string | null,
        success_url: b.success_url,
        cancel_url: b.cancel_url ?? null,
        url: `${this.origins.stripe}/pay/${sid}`,
        created: now(),
        expires_at: now() + 86_400,
        livemode: false,
        product: item.price_data.product_data?.name ?? "",
        secretKey: account.secretKey,
      };
      this.sessions.set(sid, session);
      if (idem) this.idempotent.set(`${account.secretKey}:${idem}`, sid);
      return json(this.publicSession(session));
    }
    m = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)$/.exec(p);
    if (m && req.method === "GET") {
      const s = this.sessions.get(m[1]);
      if (!s || s.secretKey !== account.secretKey) return error(`No such checkout.session: '${m[1]}'`, 404);
      return json(this.publicSession(s));
    }
    if (p === "/v1/refunds" && req.method === "POST") {
      const b = parseStripeForm(await req.text()) as { payment_intent?: string };
      const s = [...this.sessions.values()].find((x) => x.payment_intent === b.payment_intent && x.secretKey === account.secretKey);
      if (!s) return error(`No such payment_intent: '${b.payment_intent}'`, 404);
      if (s.refunded) return error("Charge has already been refunded.", 400);
      s.refunded = true;
      const refund = {
        id: id("re_"),
        object: "refund",
        amount: s.amount_total,
        currency: s.currency,
        payment_intent: s.payment_intent,
        status: "succeeded",
        created: now(),
      };
      await this.stripeEvent(account, "charge.refunded", {
        id: id("ch_"),
        object: "charge",
        amount: s.amount_total,
        amount_refunded: s.amount_total,
        currency: s.currency,
        payment_intent: s.payment_intent,
        refunded: true,
        status: "succeeded",
        metadata: s.metadata,
      });
      return json(refund);
    }
    return error(`Unrecognized request URL (${req.method}: ${p}).`, 404);
  }

  private async stripeCheckout(sid: string, req: Request): Promise<Response> {
    const s = this.sessions.get(sid);
    if (!s) return page("Stripe Checkout (stand-in)", `<div class="card"><p>This checkout session does not exist.</p></div>`, "#635bff");
    const amount = money(Number(s.amount_total), String(s.currency));
    if (req.method === "POST") {
      if (s.status !== "open")
        return page("Stripe Checkout (stand-in)", `<div class="card"><p>This checkout session is no longer open.</p></div>`, "#635bff");
      s.status = "complete";
      s.payment_status = "paid";
      s.payment_intent = id("pi_");
      const account = this.accounts.stripe.find((a) => a.secretKey === s.secretKey)!;
      await this.stripeEvent(account, "checkout.session.completed", this.publicSession(s));
      return Response.redirect(String(s.success_url).replace("{CHECKOUT_SESSION_ID}", sid), 303);
    }
    if (s.status !== "open")
      return page("Stripe Checkout (stand-in)", `<div class="card"><p>This checkout session is no longer open.</p></div>`, "#635bff");
    return page(
      "Stripe Checkout (stand-in)",
      `<div class="card"><p>${esc(s.product)}</p><p class="amount" data-testid="amount">${esc(amount)}</p>
<form method="post"><label for="card">Card number</label><input type="text" id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
<button class="btn">Pay ${esc(amount)}</button></form><a class="link" href="${esc(s.cancel_url)}">Cancel and go back</a>
<p class="note">Local stand-in of Stripe Checkout: no money moves.</p></div>`,
      "#635bff",
    );
  }
}

/** The API tests' stand-ins (workerd's outbound fetches to http://razorpay.test and http://stripe.test). */
export const testStandIns = new PaymentStandIns(TEST_ORIGINS, STANDIN_ACCOUNTS);
