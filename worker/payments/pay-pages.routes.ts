// What the author does about the fee from the tracking page (issue 49 items 2–4), behind the same signed-link cookie
// as /track: the invoice and receipt PDFs, Pay (a Razorpay order or a Stripe Checkout Session, then a page that
// continues to the gateway), the waiver request; and the pages the gateways send the browser back to. The return
// pages come from another site, so they carry no cookie: they check the gateway's word themselves (Razorpay's
// signature of order|payment; Stripe's session read back with the journal's key) and then link to /track.
import { Hono, type Context } from "hono";
import { esc } from "#contract/html";
import type { AppEnv } from "../core/env";
import type { InvoiceRow, ManuscriptRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { FORM_TARGET_HEADER } from "../core/middleware/security-headers";
import { html, linkTranslator, opened, privateHeaders, problemPage, sameOrigin } from "../workflow/link-pages.routes";
import { findManuscript } from "../workflow/manuscripts.repo";
import { workflowCtx } from "../workflow/workflow-context";
import { GATEWAY_OF_CURRENCY, WAIVER_REASON_MAX, type Currency } from "#contract/payments";
import { findCheckout, findInvoice, insertCheckout, invoiceOfManuscript, latestCheckout, requestWaiver } from "./payments.repo";
import { gatewayKeys } from "./gateway-keys";
import { announceWaiverRequest } from "./invoice-letters";
import { moneyText, TRACK_ERROR_MESSAGES } from "./payment-texts";
import { payButton } from "./track-invoice-html";
import { checkoutAction, checkoutSignatureValid, createOrder, fetchPayment, GatewayError } from "./razorpay";
import { createSession, stripeClient } from "./stripe";
import { settlePayment } from "./settle";

type Ctx = Context<AppEnv>;

async function authorsInvoice(c: Ctx, file = false): Promise<{ m: ManuscriptRow; inv: InvoiceRow } | Response> {
  const o = await opened(c, "track");
  // A file is not a page: without the link's cookie there is nothing to download.
  if (!o.ok && file) throw new HttpError(o.reason === "invalid" || o.reason === "none" ? 404 : 410, `link_${o.reason}`);
  if (!o.ok) return problemPage(c, o, "track");
  const m = await findManuscript(c.get("db"), c.get("journal").id, o.subjectId);
  if (!m) throw new HttpError(404, "link_invalid");
  const inv = await invoiceOfManuscript(c.get("db"), m.journalId, m.id);
  if (!inv) throw new HttpError(404, "no_invoice");
  return { m, inv };
}

async function pdfOf(c: Ctx, m: ManuscriptRow, inv: InvoiceRow, kind: "invoice" | "receipt") {
  // Imported on first use: the PDF writer and its fonts stay off every page's path.
  const { invoicePdfBytes, invoicePdfName } = await import("./invoice-attachment");
  const bytes = await invoicePdfBytes(c.var.files, c.get("db"), c.get("journal"), m, inv, kind);
  privateHeaders(c);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${invoicePdfName(kind, inv)}"`,
  });
}

/** Back to /track with a message, or the page again with an error. */
const backToTrack = (c: Ctx, done: string) => c.redirect(`/track?done=${done}#fee`, 303);

// These pages speak the tracking page's language: the visitor's among the journal's (docs/decisions/0385, 0384).
function trackError(c: Ctx, code: string, status: 400 | 409 = 409) {
  const { t } = linkTranslator(c);
  const heading = t("pay.track.heading");
  const problem = t(TRACK_ERROR_MESSAGES[code] ?? "pay.error.gatewayUnavailable", { max: WAIVER_REASON_MAX });
  return html(
    c,
    heading,
    `<h1>${esc(heading)}</h1><p class="error" role="alert">${esc(problem)}</p><p><a class="btn secondary" href="/track">${esc(t("pay.return.back"))}</a></p>`,
    status,
  );
}

type ReturnNote = "pay.return.processing" | "pay.return.cancelled" | "pay.return.failed";

function returnPage(c: Ctx, kind: "ok" | "error" | "hint", note: ReturnNote | { paid: InvoiceRow }, status: 200 | 400 | 409 = 200) {
  const { t, lang } = linkTranslator(c);
  const text =
    typeof note === "string"
      ? t(note)
      : t("pay.return.paid", { number: note.paid.number, amount: moneyText(lang, note.paid.amount, note.paid.currency) });
  const title = t("pay.return.title");
  return html(
    c,
    title,
    `<h1>${esc(title)}</h1><p class="${kind}" role="${kind === "error" ? "alert" : "status"}">${esc(text)}</p>
<p><a class="btn" href="/track">${esc(t("pay.return.back"))}</a></p><p class="hint">${esc(t("pay.return.backHint"))}</p>`,
    status,
  );
}

/** The step before the gateway: the invoice, its amount and the button or link that goes on. */
function checkoutPage(
  c: Ctx,
  inv: InvoiceRow,
  gateway: "razorpay" | "stripe",
  form: { action: string; fields: string } | { href: string },
) {
  const tr = linkTranslator(c);
  const { t } = tr;
  const amount = moneyText(tr.lang, inv.amount, inv.currency);
  const heading = t("pay.track.heading");
  const back = ` <a href="/track">${esc(t("pay.return.back"))}</a>`;
  const facts = `<dl class="meta"><dt>${esc(t("pay.label.invoice"))}</dt><dd><bdi>${esc(inv.number)}</bdi></dd><dt>${esc(t("pay.label.amount"))}</dt><dd><strong><bdi>${esc(amount)}</bdi></strong></dd></dl>`;
  const body =
    "action" in form
      ? `<form method="post" action="${esc(form.action)}">${form.fields}${payButton(tr, amount, gateway, "button", back)}</form>`
      : payButton(tr, amount, gateway, { href: form.href }, back);
  return html(c, heading, `<h1>${esc(heading)}</h1><div class="card">${facts}\n${body}</div>`);
}

const origin = (c: Ctx) => new URL(c.req.url).origin;

export const payPagesRoutes = new Hono<AppEnv>()
  .get("/track/invoice.pdf", async (c) => {
    const r = await authorsInvoice(c, true);
    return r instanceof Response ? r : pdfOf(c, r.m, r.inv, "invoice");
  })
  .get("/track/receipt.pdf", async (c) => {
    const r = await authorsInvoice(c, true);
    if (r instanceof Response) return r;
    if (r.inv.status !== "paid") throw new HttpError(409, "invoice_not_paid");
    return pdfOf(c, r.m, r.inv, "receipt");
  })
  .post("/track/waiver", async (c) => {
    sameOrigin(c);
    const r = await authorsInvoice(c);
    if (r instanceof Response) return r;
    const form = await c.req.parseBody();
    const reason = String(form.reason ?? "").trim();
    if (!reason) return trackError(c, "missing_reason", 400);
    if (reason.length > WAIVER_REASON_MAX) return trackError(c, "reason_too_long", 400);
    if (r.inv.status !== "pending") return trackError(c, "invoice_not_pending");
    const updated = await requestWaiver(c.get("db"), r.inv, reason);
    if (!updated) return trackError(c, "waiver_already_requested");
    await announceWaiverRequest(workflowCtx(c, "author"), r.m, updated);
    return backToTrack(c, "waiver_sent");
  })
  .post("/track/pay", async (c) => {
    sameOrigin(c);
    const r = await authorsInvoice(c);
    if (r instanceof Response) return r;
    const { m, inv } = r;
    if (inv.status !== "pending" || m.stage === "withdrawn") return trackError(c, "invoice_not_pending");
    const keys = await gatewayKeys(c.get("db"), m.journalId, c.get("config").auth.JWT_SECRET);
    const gateway = GATEWAY_OF_CURRENCY[inv.currency as Currency];
    const apis = c.get("config").payments;
    const journal = c.get("journal");
    const metadata = { journal_id: String(journal.id), invoice_id: String(inv.id), invoice_number: inv.number, manuscript: m.reference };
    try {
      if (gateway === "razorpay") {
        const { keyId, keySecret } = keys.razorpay;
        if (!keyId || !keySecret) return trackError(c, "gateway_not_configured");
        const k = { api: apis.razorpayApi, keyId, keySecret };
        // One order per invoice and amount: paying again after a closed window reuses it (Razorpay ties every
        // attempt to the order, so it can be paid once).
        const last = await latestCheckout(c.get("db"), inv.id, "razorpay");
        let orderId = last?.checkoutId;
        if (!last || last.amount !== inv.amount) {
          const order = await createOrder(k, { amount: inv.amount, currency: inv.currency, receipt: inv.number, notes: metadata });
          await insertCheckout(c.get("db"), {
            journalId: journal.id,
            invoiceId: inv.id,
            gateway: "razorpay",
            checkoutId: order.id,
            amount: inv.amount,
            currency: inv.currency,
          });
          orderId = order.id;
        }
        const fields: Record<string, string> = {
          key_id: keyId,
          order_id: orderId ?? "",
          name: journal.websitename || "Journal",
          description: `${inv.number} · ${m.reference}`,
          "prefill[name]": m.authorName,
          "prefill[email]": m.authorEmail,
          callback_url: `${origin(c)}/payments/return/razorpay`,
          cancel_url: `${origin(c)}/payments/return/cancelled`,
          ...Object.fromEntries(Object.entries(metadata).map(([key, v]) => [`notes[${key}]`, v])),
        };
        c.header(FORM_TARGET_HEADER, new URL(apis.razorpayApi).origin);
        return checkoutPage(c, inv, "razorpay", {
          action: checkoutAction(apis.razorpayApi),
          fields: Object.entries(fields)
            .map(([k2, v]) => `<input type="hidden" name="${esc(k2)}" value="${esc(v)}">`)
            .join(""),
        });
      }
      const { secretKey } = keys.stripe;
      if (!secretKey) return trackError(c, "gateway_not_configured");
      const session = await createSession(stripeClient(apis.stripeApi, secretKey), {
        amount: inv.amount,
        currency: inv.currency,
        name: linkTranslator(c).t("pay.stripe.product", { journal: journal.websitename || "Journal" }),
        description: `${inv.number} · ${m.reference}`,
        email: m.authorEmail,
        successUrl: `${origin(c)}/payments/return/stripe?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin(c)}/payments/return/cancelled`,
        metadata,
        idempotencyKey: `invoice-${journal.id}-${inv.id}-${inv.amount}-${Date.now() >> 16}`,
      });
      await insertCheckout(c.get("db"), {
        journalId: journal.id,
        invoiceId: inv.id,
        gateway: "stripe",
        checkoutId: session.id,
        amount: inv.amount,
        currency: inv.currency,
      });
      if (!session.url) return trackError(c, "gateway_unavailable");
      // A link, not a redirect: the page's form-action allows only this site (security-header-values.ts).
      return checkoutPage(c, inv, "stripe", { href: session.url });
    } catch (err) {
      if (err instanceof GatewayError || (err as { type?: string })?.type?.startsWith?.("Stripe")) {
        console.error("payment checkout not started", String((err as Error).message ?? err));
        return trackError(c, "gateway_unavailable");
      }
      throw err;
    }
  })
  // Razorpay posts here (from its own site) after a payment: razorpay_payment_id, razorpay_order_id, razorpay_signature.
  .post("/payments/return/razorpay", async (c) => {
    const form = await c.req.parseBody();
    const orderId = String(form.razorpay_order_id ?? "");
    const paymentId = String(form.razorpay_payment_id ?? "");
    const signature = String(form.razorpay_signature ?? "");
    if (!paymentId) return returnPage(c, "error", "pay.return.failed", 400);
    const journal = c.get("journal");
    const keys = await gatewayKeys(c.get("db"), journal.id, c.get("config").auth.JWT_SECRET);
    if (!(await checkoutSignatureValid(orderId, paymentId, signature, keys.razorpay.keySecret ?? "")))
      return returnPage(c, "error", "pay.return.failed", 400);
    const ctx = workflowCtx(c, "system");
    // Read back from Razorpay: its amount, currency, status and order are what count, not the browser's.
    try {
      const k = { api: c.get("config").payments.razorpayApi, keyId: keys.razorpay.keyId, keySecret: keys.razorpay.keySecret ?? "" };
      const p = await fetchPayment(k, paymentId);
      if (p.status !== "captured" || p.order_id !== orderId) return returnPage(c, "hint", "pay.return.processing");
      const checkout = await findCheckout(c.get("db"), journal.id, "razorpay", orderId);
      if (!checkout) return returnPage(c, "error", "pay.return.failed", 400);
      const outcome = await settlePayment(ctx, {
        gateway: "razorpay",
        checkoutId: orderId,
        invoiceId: checkout.invoiceId,
        paymentId,
        amount: p.amount,
        currency: p.currency,
      });
      return paidPage(c, outcome, checkout.invoiceId);
    } catch (err) {
      if (err instanceof GatewayError) return returnPage(c, "hint", "pay.return.processing");
      throw err;
    }
  })
  .get("/payments/return/stripe", async (c) => {
    const sessionId = c.req.query("session_id") ?? "";
    if (!/^cs_[A-Za-z0-9_]{6,200}$/.test(sessionId)) return returnPage(c, "error", "pay.return.failed", 400);
    const journal = c.get("journal");
    const keys = await gatewayKeys(c.get("db"), journal.id, c.get("config").auth.JWT_SECRET);
    if (!keys.stripe.secretKey) return returnPage(c, "error", "pay.return.failed", 400);
    try {
      const s = await stripeClient(c.get("config").payments.stripeApi, keys.stripe.secretKey).checkout.sessions.retrieve(sessionId);
      const invoiceId = Number(s.metadata?.invoice_id);
      if (s.metadata?.journal_id !== String(journal.id) || !Number.isInteger(invoiceId))
        return returnPage(c, "error", "pay.return.failed", 400);
      if (s.payment_status !== "paid") return returnPage(c, "hint", "pay.return.processing");
      const paymentId = typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? "");
      const outcome = await settlePayment(workflowCtx(c, "system"), {
        gateway: "stripe",
        checkoutId: s.id,
        invoiceId,
        paymentId,
        amount: Number(s.amount_total),
        currency: String(s.currency ?? ""),
      });
      return paidPage(c, outcome, invoiceId);
    } catch (err) {
      if ((err as { type?: string })?.type?.startsWith?.("Stripe")) return returnPage(c, "hint", "pay.return.processing");
      throw err;
    }
  })
  .get("/payments/return/cancelled", (c) => returnPage(c, "hint", "pay.return.cancelled"));

async function paidPage(c: Ctx, outcome: string, invoiceId: number) {
  const inv = await findInvoice(c.get("db"), c.get("journal").id, invoiceId);
  if ((outcome === "paid" || outcome === "already_paid") && inv) return returnPage(c, "ok", { paid: inv });
  return returnPage(c, "error", "pay.return.failed", 409);
}
