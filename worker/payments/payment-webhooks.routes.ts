// The gateways' webhooks (issue 49 items 3 and 7): one URL per gateway for every journal. The event names its
// journal and invoice (Razorpay's notes, Stripe's metadata; the Host's journal when a Stripe charge carries none);
// it is believed only when signed with THAT journal's webhook secret, and each event id is acted on once. Unsigned or
// wrongly signed: 401, nothing changes. A signed event that does not match a checkout the Worker made (another
// invoice, amount or currency changed, a refund of nothing) is answered 200 with what was ignored, so the gateway
// stops retrying it, and no invoice changes.
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import type { AppEnv, Db } from "../core/env";
import { journalDomains, journals, type JournalRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { mountedAt } from "../core/routing/declared";
import { paymentsApi } from "#contract/routes/payments";
import type { WorkflowCtx } from "../workflow/workflow";
import { claimEvent, forgetEvent, noteEventOutcome } from "./payments.repo";
import { gatewayKeys } from "./gateway-keys";
import { webhookSignatureValid } from "./razorpay";
import { verifiedEvent } from "./stripe";
import { settlePayment, settleRefund, type SettleOutcome } from "./settle";

const at = mountedAt("/api/payments");

/** Gateways' events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

type Ctx = Context<AppEnv>;

async function rawBody(c: Ctx): Promise<string> {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_EVENT_BYTES) throw new HttpError(413, "payload_too_large");
  const text = await c.req.text();
  if (text.length > MAX_EVENT_BYTES) throw new HttpError(413, "payload_too_large");
  return text;
}

const localOrigin = (host: string) => (/^(localhost|127\.|.*\.localhost)(:\d+)?$/.test(host) ? `http://${host}` : `https://${host}`);

/** The journal an event names, its database and the workflow context letters are written with. */
async function journalOfEvent(c: Ctx, journalId: number): Promise<{ journal: JournalRow; ctx: WorkflowCtx } | null> {
  if (!Number.isInteger(journalId) || journalId <= 0) return null;
  const platform = c.get("platformDb");
  const [journal] = await platform.select().from(journals).where(eq(journals.id, journalId)).limit(1);
  if (!journal) return null;
  const db: Db = c.get("journal")?.id === journal.id ? c.get("db") : c.get("databaseFor")(journal.shard);
  const hosts = await platform.select().from(journalDomains).where(eq(journalDomains.journalId, journal.id));
  const requestHost = new URL(c.req.url).host;
  // Links in the letters open on the host the webhook came to when it is the journal's, else its primary host.
  const host = hosts.some((h) => h.domain === requestHost.split(":")[0])
    ? requestHost
    : (hosts.find((h) => h.isPrimary)?.domain ?? hosts[0]?.domain ?? journal.domain);
  const origin = host === requestHost ? new URL(c.req.url).origin : localOrigin(host);
  return {
    journal,
    ctx: { db, queue: c.get("mailQueue"), journal, origin, secret: c.get("config").auth.JWT_SECRET, actor: "system" },
  };
}

async function eventIdOf(raw: string, header: string | undefined): Promise<string> {
  if (header && /^[A-Za-z0-9_.-]{1,100}$/.test(header)) return header;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw)));
  return `body-${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Acts on an event once: a replay answers 200 and does nothing; a failure frees the id so the retry is handled. */
async function once(
  c: Ctx,
  db: Db,
  e: { gateway: "razorpay" | "stripe"; eventId: string; journalId: number; invoiceId: number | null; kind: string },
  act: () => Promise<SettleOutcome | "ignored">,
) {
  if (!(await claimEvent(db, e))) return c.json({ ok: true, outcome: "replay" });
  let outcome: SettleOutcome | "ignored";
  try {
    outcome = await act();
  } catch (err) {
    await forgetEvent(db, e.gateway, e.eventId);
    throw err;
  }
  await noteEventOutcome(db, e.gateway, e.eventId, outcome);
  if (outcome !== "paid" && outcome !== "refunded" && outcome !== "already_paid" && outcome !== "already_refunded" && outcome !== "ignored")
    console.warn(`payment event ${e.gateway} ${e.eventId} ignored: ${outcome}`);
  return c.json({ ok: true, outcome });
}

type Notes = Record<string, unknown>;
const notesOf = (v: unknown): Notes => (v && typeof v === "object" && !Array.isArray(v) ? (v as Notes) : {});
const numberOf = (v: unknown) => (typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : typeof v === "number" ? v : Number.NaN);

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string; status?: string; notes?: unknown } };
    order?: { entity?: { id?: string; notes?: unknown } };
    refund?: { entity?: { id?: string; payment_id?: string; notes?: unknown } };
  };
}

export const paymentWebhookRoutes = new Hono<AppEnv>()
  .post(at(paymentsApi.razorpayWebhook), async (c) => {
    const raw = await rawBody(c);
    const signature = c.req.header("x-razorpay-signature");
    if (!signature) throw new HttpError(400, "missing_signature");
    let event: RazorpayEvent;
    try {
      event = JSON.parse(raw) as RazorpayEvent;
    } catch {
      throw new HttpError(400, "invalid_payload");
    }
    const payment = event.payload?.payment?.entity;
    const notes = { ...notesOf(payment?.notes), ...notesOf(event.payload?.order?.entity?.notes) };
    const target = await journalOfEvent(c, numberOf(notes.journal_id));
    // Nothing names a journal whose secret could check it: as good as unsigned.
    if (!target) throw new HttpError(401, "invalid_signature");
    const keys = await gatewayKeys(target.ctx.db, target.journal.id, c.get("config").auth.JWT_SECRET);
    if (!(await webhookSignatureValid(raw, signature, keys.razorpay.webhookSecret ?? ""))) throw new HttpError(401, "invalid_signature");
    const kind = String(event.event ?? "");
    const eventId = await eventIdOf(raw, c.req.header("x-razorpay-event-id"));
    const invoiceId = numberOf(notes.invoice_id);
    return once(
      c,
      target.ctx.db,
      { gateway: "razorpay", eventId, journalId: target.journal.id, invoiceId: Number.isFinite(invoiceId) ? invoiceId : null, kind },
      async () => {
        if ((kind === "order.paid" || kind === "payment.captured") && payment?.status === "captured")
          return settlePayment(target.ctx, {
            gateway: "razorpay",
            checkoutId: String(payment.order_id ?? ""),
            invoiceId,
            paymentId: String(payment.id ?? ""),
            amount: Number(payment.amount),
            currency: String(payment.currency ?? ""),
          });
        if (kind === "refund.processed")
          return settleRefund(target.ctx, {
            gateway: "razorpay",
            paymentId: String(event.payload?.refund?.entity?.payment_id ?? payment?.id ?? ""),
          });
        // payment.failed, payment.authorized...: nothing to record (a failed attempt leaves the invoice pending).
        return "ignored";
      },
    );
  })
  .post(at(paymentsApi.stripeWebhook), async (c) => {
    const raw = await rawBody(c);
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new HttpError(400, "missing_signature");
    let unverified: { data?: { object?: { metadata?: unknown } } };
    try {
      unverified = JSON.parse(raw);
    } catch {
      throw new HttpError(400, "invalid_payload");
    }
    const named = numberOf(notesOf(unverified.data?.object?.metadata).journal_id);
    const target = await journalOfEvent(c, Number.isFinite(named) ? named : (c.get("journal")?.id ?? Number.NaN));
    if (!target) throw new HttpError(401, "invalid_signature");
    const keys = await gatewayKeys(target.ctx.db, target.journal.id, c.get("config").auth.JWT_SECRET);
    // Signature, and a timestamp within Stripe's tolerance (an old event replayed is refused here).
    const event = await verifiedEvent(raw, signature, keys.stripe.webhookSecret ?? "");
    if (!event) throw new HttpError(401, "invalid_signature");
    const object = event.data.object as unknown as {
      id: string;
      metadata?: Record<string, string> | null;
      payment_status?: string;
      payment_intent?: string | { id: string } | null;
      amount_total?: number | null;
      currency?: string | null;
    };
    const invoiceId = numberOf(object.metadata?.invoice_id);
    const paymentIntent = typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent?.id ?? "");
    return once(
      c,
      target.ctx.db,
      {
        gateway: "stripe",
        eventId: event.id,
        journalId: target.journal.id,
        invoiceId: Number.isFinite(invoiceId) ? invoiceId : null,
        kind: event.type,
      },
      async () => {
        if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
          if (object.payment_status !== "paid") return "ignored";
          return settlePayment(target.ctx, {
            gateway: "stripe",
            checkoutId: object.id,
            invoiceId,
            paymentId: paymentIntent,
            amount: Number(object.amount_total),
            currency: String(object.currency ?? ""),
          });
        }
        if (event.type === "charge.refunded") return settleRefund(target.ctx, { gateway: "stripe", paymentId: paymentIntent });
        return "ignored";
      },
    );
  });
