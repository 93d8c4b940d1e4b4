// Payments for staff, mounted under /api/admin/payments (issue 49 items 1, 4 and 5; contract/routes/payments.ts):
// the list (the issue's contract), its CSV, the totals, the fee settings with the gateways' keys (secrets stored
// encrypted, never answered), a manuscript's invoice, a bank transfer recorded by hand and the answer to a waiver.
import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import type { AppEnv } from "../core/env";
import type { InvoiceRow } from "../core/data/schema";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError, notFound } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { mountedAt } from "../core/routing/declared";
import { paymentsApi } from "#contract/routes/payments";
import {
  bankTransferSchema,
  majorUnits,
  manuscriptSectionSchema,
  paymentFilterSchema,
  paymentSettingsSchema,
  waiverDecisionSchema,
  type Currency,
  type Gateway,
  type InvoiceStatus,
  type PaymentListItem,
  type PaymentSettingsAnswer,
  type PaymentTotals,
} from "#contract/payments";
import { encryptSecret } from "../scholarly/crossref-secret";
import { neutralised } from "../statistics/item-report";
import { findManuscript } from "../workflow/manuscripts.repo";
import { staffActor, workflowCtx } from "../workflow/workflow-context";
import {
  decideWaiver,
  findInvoice,
  findPaymentSettings,
  invoiceOfManuscript,
  listInvoices,
  markInvoicePaid,
  monthlyTotals,
  pendingTotals,
  auditPaymentSettings,
  savePaymentSettings,
} from "./payments.repo";
import { announcePaid, announceWaiverDecision } from "./invoice-letters";
import { saveSectionFees, sectionFeesOf, sectionsBelong, setManuscriptSection } from "./section-fees.repo";

const at = mountedAt("/api/admin/payments");
type Ctx = Context<AppEnv>;

/** 400 with the first failed rule's code (contract/payments.ts names them), else invalid_input. */
const body = <S extends z.ZodType>(schema: S) =>
  zValidator("json", schema, (r) => {
    if (!r.success) {
      const message = (r.error as unknown as z.ZodError).issues[0]?.message ?? "";
      throw new HttpError(400, /^[a-z_]{3,40}$/.test(message) ? message : "invalid_input");
    }
  });

export const toListItem = (r: { invoice: InvoiceRow; reference: string; title: string; authorName: string }): PaymentListItem => ({
  invoiceId: r.invoice.id,
  manuscriptId: r.invoice.manuscriptId,
  amount: majorUnits(r.invoice.amount),
  currency: r.invoice.currency as Currency,
  status: r.invoice.status as InvoiceStatus,
  gateway: r.invoice.gateway as Gateway | "",
  number: r.invoice.number,
  reference: r.reference,
  title: r.title,
  authorName: r.authorName,
  paymentId: r.invoice.paymentId,
  fee: majorUnits(r.invoice.fee),
  dueDate: r.invoice.dueDate,
  paidAt: r.invoice.paidAt,
  refundedAt: r.invoice.refundedAt,
  createdAt: r.invoice.createdAt,
  waiverStatus: r.invoice.waiverStatus as PaymentListItem["waiverStatus"],
  waiverReason: r.invoice.waiverReason,
});

function filterOf(c: Ctx) {
  const parsed = paymentFilterSchema.safeParse({
    status: c.req.query("status") || undefined,
    currency: c.req.query("currency") || undefined,
    month: c.req.query("month") || undefined,
  });
  if (!parsed.success) throw new HttpError(400, "invalid_filter");
  return parsed.data;
}

const CSV_COLUMNS: [string, (p: PaymentListItem) => string][] = [
  ["Invoice", (p) => p.number],
  ["Manuscript", (p) => p.reference],
  ["Title", (p) => p.title],
  ["Author", (p) => p.authorName],
  ["Amount", (p) => p.amount.toFixed(2)],
  ["Currency", (p) => p.currency],
  ["Status", (p) => p.status],
  ["Gateway", (p) => p.gateway],
  ["Payment id", (p) => p.paymentId ?? ""],
  ["Issued", (p) => p.createdAt.slice(0, 10)],
  ["Due", (p) => p.dueDate],
  ["Paid", (p) => p.paidAt.slice(0, 10)],
  ["Refunded", (p) => p.refundedAt.slice(0, 10)],
  ["Waiver", (p) => p.waiverStatus],
];

/** RFC 4180 cell; text a spreadsheet would evaluate (=, +, -, @, tab, CR first) is neutralised with an apostrophe. */
const csvCell = (v: string, numeric: boolean) => {
  const safe = numeric ? v : neutralised(v);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function paymentsCsv(items: PaymentListItem[]): string {
  const lines = [CSV_COLUMNS.map(([h]) => h).join(",")];
  for (const p of items) lines.push(CSV_COLUMNS.map(([h, f]) => csvCell(f(p), h === "Amount")).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

async function settingsAnswer(c: Ctx): Promise<PaymentSettingsAnswer> {
  const s = await findPaymentSettings(c.get("db"), c.get("journal").id);
  const journal = c.get("journal");
  const origin = new URL(c.req.url).origin;
  return {
    enabled: s?.enabled ?? false,
    dueOn: (s?.dueOn as PaymentSettingsAnswer["dueOn"]) ?? "acceptance",
    dueDays: s?.dueDays ?? 14,
    bankDetails: s?.bankDetails ?? "",
    razorpayKeyId: s?.razorpayKeyId ?? "",
    has: {
      razorpayKeySecret: Boolean(s?.razorpayKeySecretEnc),
      razorpayWebhookSecret: Boolean(s?.razorpayWebhookSecretEnc),
      stripeSecretKey: Boolean(s?.stripeSecretKeyEnc),
      stripeWebhookSecret: Boolean(s?.stripeWebhookSecretEnc),
    },
    fees: { INR: journal.fee_rupee, USD: journal.fee_dollar },
    sectionFees: await sectionFeesOf(c.get("db"), journal.id),
    webhooks: { razorpay: `${origin}${paymentsApi.razorpayWebhook.path}`, stripe: `${origin}${paymentsApi.stripeWebhook.path}` },
    updatedAt: s?.updatedAt ?? null,
  };
}

async function invoiceFor(c: Ctx) {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const inv = await findInvoice(c.get("db"), c.get("journal").id, id);
  if (!inv) throw new HttpError(404, "invoice_not_found");
  const m = await findManuscript(c.get("db"), inv.journalId, inv.manuscriptId);
  if (!m) throw new HttpError(404, "invoice_not_found");
  return { inv, m };
}

const itemOf = (inv: InvoiceRow, m: { reference: string; title: string; authorName: string }) =>
  toListItem({ invoice: inv, reference: m.reference, title: m.title, authorName: m.authorName });

export const paymentsAdminRoutes = new Hono<AppEnv>()
  // The dashboard's totals: any staff who sees the dashboard.
  .get(at(paymentsApi.totals), async (c) => {
    const journalId = c.get("journal").id;
    const [months, pending] = await Promise.all([monthlyTotals(c.get("db"), journalId), pendingTotals(c.get("db"), journalId)]);
    const answer: PaymentTotals = {
      months: months.map((r) => ({
        month: r.month,
        currency: r.currency as Currency,
        paid: majorUnits(Number(r.paid)),
        count: Number(r.count),
      })),
      pending: pending.map((r) => ({ currency: r.currency as Currency, amount: majorUnits(Number(r.amount)), count: Number(r.count) })),
    };
    return c.json(answer);
  })
  .use("*", requireRole(AREA_ROLES.payments))
  .get(at(paymentsApi.list), async (c) => {
    const rows = await listInvoices(c.get("db"), c.get("journal").id, filterOf(c));
    return c.json({ payments: rows.map(toListItem) });
  })
  .get(at(paymentsApi.exportCsv), async (c) => {
    const f = filterOf(c);
    const rows = await listInvoices(c.get("db"), c.get("journal").id, f, 100_000);
    const name = `payments${f.month ? `-${f.month}` : ""}${f.status ? `-${f.status}` : ""}${f.currency ? `-${f.currency}` : ""}.csv`;
    return c.body(paymentsCsv(rows.map(toListItem)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    });
  })
  .get(at(paymentsApi.settings), async (c) => c.json(await settingsAnswer(c)))
  .put(at(paymentsApi.saveSettings), requireRole(AREA_ROLES.settings), body(paymentSettingsSchema), async (c) => {
    const v = c.req.valid("json");
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const old = await findPaymentSettings(db, journalId);
    if (
      v.sectionFees &&
      !(await sectionsBelong(
        db,
        journalId,
        v.sectionFees.map((f) => f.sectionId),
      ))
    )
      throw new HttpError(400, "invalid_section");
    const secret = c.get("config").auth.JWT_SECRET;
    const keep = async (typed: string, stored: string | undefined, cleared: boolean) =>
      cleared ? "" : typed ? await encryptSecret(typed, secret) : (stored ?? "");
    const clearRazorpay = v.clear.includes("razorpay");
    const clearStripe = v.clear.includes("stripe");
    await savePaymentSettings(db, journalId, {
      enabled: v.enabled,
      dueOn: v.dueOn,
      dueDays: v.dueDays,
      bankDetails: v.bankDetails,
      razorpayKeyId: clearRazorpay ? "" : v.razorpayKeyId,
      razorpayKeySecretEnc: await keep(v.razorpayKeySecret, old?.razorpayKeySecretEnc, clearRazorpay),
      razorpayWebhookSecretEnc: await keep(v.razorpayWebhookSecret, old?.razorpayWebhookSecretEnc, clearRazorpay),
      stripeSecretKeyEnc: await keep(v.stripeSecretKey, old?.stripeSecretKeyEnc, clearStripe),
      stripeWebhookSecretEnc: await keep(v.stripeWebhookSecret, old?.stripeWebhookSecretEnc, clearStripe),
    });
    if (v.sectionFees) await saveSectionFees(db, journalId, v.sectionFees);
    const changed = [
      v.razorpayKeySecret && "Razorpay key secret",
      v.razorpayWebhookSecret && "Razorpay webhook secret",
      v.stripeSecretKey && "Stripe secret key",
      v.stripeWebhookSecret && "Stripe webhook secret",
      clearRazorpay && "Razorpay keys removed",
      clearStripe && "Stripe keys removed",
    ].filter(Boolean);
    await auditPaymentSettings(
      db,
      actorOf(c),
      `Fees ${v.enabled ? "online" : "off"}, due on ${v.dueOn}${changed.length ? `; ${changed.join(", ")}` : ""}`,
    );
    return c.json(await settingsAnswer(c));
  })
  .get(at(paymentsApi.ofManuscript), async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const m = await findManuscript(c.get("db"), c.get("journal").id, id);
    if (!m) throw new HttpError(404, "manuscript_not_found");
    const inv = await invoiceOfManuscript(c.get("db"), m.journalId, m.id);
    return c.json({
      invoice: inv ? itemOf(inv, m) : null,
      sectionId: m.sectionId,
      sections: await sectionFeesOf(c.get("db"), m.journalId),
    });
  })
  // The section a manuscript is filed under: an invoice raised after this charges that section's fee.
  .put(at(paymentsApi.manuscriptSection), body(manuscriptSectionSchema), async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const { sectionId } = c.req.valid("json");
    if (sectionId !== null && !(await sectionsBelong(db, journalId, [sectionId]))) throw new HttpError(400, "invalid_section");
    if (!(await setManuscriptSection(db, journalId, id, sectionId))) throw new HttpError(404, "manuscript_not_found");
    return c.json({ sectionId });
  })
  .post(at(paymentsApi.bankTransfer), body(bankTransferSchema), async (c) => {
    const { inv, m } = await invoiceFor(c);
    const v = c.req.valid("json");
    if (inv.status !== "pending") throw new HttpError(409, "invoice_not_pending");
    const paid = await markInvoicePaid(c.get("db"), inv, { gateway: "bank", paymentId: v.reference, paidAt: `${v.paidOn}T12:00:00.000Z` });
    if (!paid) {
      const now = await findInvoice(c.get("db"), inv.journalId, inv.id);
      throw new HttpError(409, now?.status === "pending" ? "duplicate_reference" : "invoice_not_pending");
    }
    await announcePaid(workflowCtx(c, staffActor(c)), m, paid);
    return c.json({ invoice: itemOf(paid, m) });
  })
  .post(at(paymentsApi.waiver), body(waiverDecisionSchema), async (c) => {
    const { inv, m } = await invoiceFor(c);
    const v = c.req.valid("json");
    if (inv.status !== "pending") throw new HttpError(409, "invoice_not_pending");
    let amount: number | undefined;
    if (v.decision === "whole") amount = 0;
    if (v.decision === "part") {
      amount = Math.round((v.amountDue ?? 0) * 100);
      if (amount <= 0 || amount >= inv.amount) throw new HttpError(400, "invalid_amount");
    }
    const decided = await decideWaiver(c.get("db"), inv, {
      status: v.decision === "refuse" ? "refused" : "granted",
      amount,
      note: v.letter,
    });
    if (!decided) throw new HttpError(409, "invoice_not_pending");
    await announceWaiverDecision(workflowCtx(c, staffActor(c)), m, decided, v.decision, v.letter);
    return c.json({ invoice: itemOf(decided, m) });
  });
