// The daily reconciliation (issue 49 item 3): invoices still pending after a checkout began are asked about at the
// gateway, in case its webhook and the browser's return were both lost. What the gateway says goes through the same
// settlement as a webhook (settle.ts), so a payment found here is paid once, with its receipt.
import { eq } from "drizzle-orm";
import { bindingOf, drizzleOf, platformDatabase, shardNames } from "../core/data/shards";
import { journalDomains, journals } from "../core/data/schema";
import { paymentGatewaysOf } from "./gateway-config";
import { gatewayKeys } from "./gateway-keys";
import { markCheckoutChecked, pendingCheckouts } from "./payments.repo";
import { orderPayments } from "./razorpay";
import { stripeClient } from "./stripe";
import { settlePayment } from "./settle";

export interface ReconcileReport {
  asked: number;
  paid: number;
  failed: number;
}

/** A checkout younger than this is left to its webhook. */
const GRACE_MS = 60 * 60 * 1000;

const originOf = (host: string) => (/^(localhost|127\.|.*\.localhost)(:\d+)?$/.test(host) ? `http://${host}` : `https://${host}`);

export async function reconcilePayments(
  env: Pick<Env, "DB" | "MAIL_QUEUE" | "JWT_SECRET" | "RAZORPAY_API_BASE" | "STRIPE_API_BASE">,
  now: Date,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { asked: 0, paid: 0, failed: 0 };
  const platform = platformDatabase(env);
  const apis = paymentGatewaysOf(env);
  for (const shard of shardNames(env)) {
    const db = drizzleOf(bindingOf(env, shard));
    const here = new Set((await platform.select({ id: journals.id }).from(journals).where(eq(journals.shard, shard))).map((j) => j.id));
    for (const { checkout, invoice } of await pendingCheckouts(db, new Date(now.getTime() - GRACE_MS).toISOString())) {
      if (!here.has(checkout.journalId)) continue;
      const [journal] = await platform.select().from(journals).where(eq(journals.id, checkout.journalId)).limit(1);
      if (!journal) continue;
      const hosts = await platform.select().from(journalDomains).where(eq(journalDomains.journalId, journal.id));
      const ctx = {
        db,
        queue: env.MAIL_QUEUE,
        journal,
        origin: originOf(hosts.find((h) => h.isPrimary)?.domain ?? hosts[0]?.domain ?? journal.domain),
        secret: env.JWT_SECRET,
        actor: "system",
      };
      const keys = await gatewayKeys(db, journal.id, env.JWT_SECRET);
      report.asked++;
      try {
        if (checkout.gateway === "razorpay" && keys.razorpay.keySecret) {
          const k = { api: apis.razorpayApi, keyId: keys.razorpay.keyId, keySecret: keys.razorpay.keySecret };
          const captured = (await orderPayments(k, checkout.checkoutId)).find((p) => p.status === "captured");
          if (captured) {
            const outcome = await settlePayment(ctx, {
              gateway: "razorpay",
              checkoutId: checkout.checkoutId,
              invoiceId: invoice.id,
              paymentId: captured.id,
              amount: captured.amount,
              currency: captured.currency,
            });
            if (outcome === "paid") report.paid++;
          }
        } else if (checkout.gateway === "stripe" && keys.stripe.secretKey) {
          const s = await stripeClient(apis.stripeApi, keys.stripe.secretKey).checkout.sessions.retrieve(checkout.checkoutId);
          if (s.payment_status === "paid") {
            const outcome = await settlePayment(ctx, {
              gateway: "stripe",
              checkoutId: s.id,
              invoiceId: invoice.id,
              paymentId: typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? ""),
              amount: Number(s.amount_total),
              currency: String(s.currency ?? ""),
            });
            if (outcome === "paid") report.paid++;
          }
        }
      } catch (err) {
        report.failed++;
        console.warn(`reconciliation of ${checkout.gateway} ${checkout.checkoutId} failed`, String((err as Error)?.message ?? err));
      }
      await markCheckoutChecked(db, checkout.id);
    }
  }
  return report;
}
