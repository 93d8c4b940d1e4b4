// D1 reads and writes of fees paid online (migrations/0220, docs/decisions/0330). Every change of an invoice's state
// is one conditional UPDATE (pending → paid, paid → refunded...): two deliveries of one event, or a webhook racing
// the browser's return, find the row already moved and change nothing.
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import {
  invoiceCheckouts,
  invoices,
  manuscripts,
  paymentEvents,
  paymentSettings,
  type InvoiceCheckoutRow,
  type InvoiceRow,
  type PaymentSettingsRow,
} from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import type { PaymentFilter } from "#contract/payments";
import { afterAdminWrite, type AdminActor } from "../core/audit/admin-events.repo";

export async function findPaymentSettings(db: Db, journalId: number): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.journalId, journalId)).limit(1);
  return row;
}

export async function savePaymentSettings(db: Db, journalId: number, values: Omit<PaymentSettingsRow, "journalId" | "updatedAt">) {
  const updatedAt = nowIso();
  await db
    .insert(paymentSettings)
    .values({ journalId, ...values, updatedAt })
    .onConflictDoUpdate({ target: paymentSettings.journalId, set: { ...values, updatedAt } });
}

/** The settings change in the journal's audit trail (no content change: the public pages do not show it). */
export async function auditPaymentSettings(db: Db, actor: AdminActor, summary: string): Promise<void> {
  await db.batch(afterAdminWrite(db, actor, { action: "settings.payments", entity: "settings", summary }, { content: false }) as [never]);
}

export async function findInvoice(db: Db, journalId: number, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

export async function invoiceOfManuscript(db: Db, journalId: number, manuscriptId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), eq(invoices.manuscriptId, manuscriptId)))
    .limit(1);
  return row;
}

export async function invoiceOfPayment(db: Db, journalId: number, gateway: string, paymentId: string): Promise<InvoiceRow | undefined> {
  if (!paymentId) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), eq(invoices.gateway, gateway), eq(invoices.paymentId, paymentId)))
    .limit(1);
  return row;
}

/** The journal's next invoice number for the year: INV-2026-0001, INV-2026-0002... */
async function nextNumber(db: Db, journalId: number, year: string): Promise<string> {
  const prefix = `INV-${year}-`;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), sql`${invoices.number} LIKE ${`${prefix}%`}`));
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, "0")}`;
}

export interface NewInvoice {
  journalId: number;
  manuscriptId: number;
  fee: number;
  currency: string;
  dueDate: string;
}

/** The manuscript's invoice, made once: undefined when it already had one (the fee fell due twice). */
export async function insertInvoice(db: Db, v: NewInvoice): Promise<InvoiceRow | undefined> {
  const now = nowIso();
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = await nextNumber(db, v.journalId, now.slice(0, 4));
    try {
      const rows = await db
        .insert(invoices)
        .values({ ...v, number, amount: v.fee, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [invoices.journalId, invoices.manuscriptId] })
        .returning();
      return rows[0];
    } catch (err) {
      // Two invoices numbered at the same moment: take the next number.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("invoice number not found after 5 attempts");
}

/** pending → paid, once: false when the invoice was no longer pending (paid already, waived, refunded). */
export async function markInvoicePaid(
  db: Db,
  inv: Pick<InvoiceRow, "id" | "journalId">,
  p: { gateway: string; paymentId: string; paidAt?: string },
): Promise<InvoiceRow | undefined> {
  try {
    const [row] = await db
      .update(invoices)
      .set({ status: "paid", gateway: p.gateway, paymentId: p.paymentId, paidAt: p.paidAt ?? nowIso(), updatedAt: nowIso() })
      .where(and(eq(invoices.id, inv.id), eq(invoices.journalId, inv.journalId), eq(invoices.status, "pending")))
      .returning();
    return row;
  } catch (err) {
    // The payment id already paid another invoice: it pays nothing else.
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** paid → refunded, only for the payment that paid it. */
export async function markInvoiceRefunded(
  db: Db,
  inv: Pick<InvoiceRow, "id" | "journalId">,
  gateway: string,
  paymentId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: "refunded", refundedAt: nowIso(), updatedAt: nowIso() })
    .where(
      and(
        eq(invoices.id, inv.id),
        eq(invoices.journalId, inv.journalId),
        eq(invoices.status, "paid"),
        eq(invoices.gateway, gateway),
        eq(invoices.paymentId, paymentId),
      ),
    )
    .returning();
  return row;
}

export async function requestWaiver(db: Db, inv: Pick<InvoiceRow, "id" | "journalId">, reason: string) {
  const [row] = await db
    .update(invoices)
    .set({ waiverStatus: "requested", waiverReason: reason, updatedAt: nowIso() })
    .where(
      and(
        eq(invoices.id, inv.id),
        eq(invoices.journalId, inv.journalId),
        eq(invoices.status, "pending"),
        inArray(invoices.waiverStatus, ["", "refused"]),
      ),
    )
    .returning();
  return row;
}

/** Staff's answer: the whole fee waived (→ waived), part (a smaller amount stays pending) or refused. */
export async function decideWaiver(
  db: Db,
  inv: Pick<InvoiceRow, "id" | "journalId">,
  d: { status: "granted" | "refused"; amount?: number; note: string },
): Promise<InvoiceRow | undefined> {
  const whole = d.status === "granted" && d.amount === 0;
  const [row] = await db
    .update(invoices)
    .set({
      waiverStatus: d.status,
      waiverNote: d.note,
      ...(d.amount !== undefined ? { amount: d.amount } : {}),
      ...(whole ? { status: "waived" } : {}),
      updatedAt: nowIso(),
    })
    .where(and(eq(invoices.id, inv.id), eq(invoices.journalId, inv.journalId), eq(invoices.status, "pending")))
    .returning();
  return row;
}

export async function insertCheckout(db: Db, v: Omit<InvoiceCheckoutRow, "id" | "createdAt" | "checkedAt">): Promise<void> {
  await db
    .insert(invoiceCheckouts)
    .values({ ...v, createdAt: nowIso() })
    .onConflictDoNothing();
}

export async function findCheckout(
  db: Db,
  journalId: number,
  gateway: string,
  checkoutId: string,
): Promise<InvoiceCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceCheckouts)
    .where(
      and(eq(invoiceCheckouts.journalId, journalId), eq(invoiceCheckouts.gateway, gateway), eq(invoiceCheckouts.checkoutId, checkoutId)),
    )
    .limit(1);
  return row;
}

export async function latestCheckout(db: Db, invoiceId: number, gateway: string): Promise<InvoiceCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceCheckouts)
    .where(and(eq(invoiceCheckouts.invoiceId, invoiceId), eq(invoiceCheckouts.gateway, gateway)))
    .orderBy(desc(invoiceCheckouts.id))
    .limit(1);
  return row;
}

/** Checkouts of invoices still pending, started before `before`: the daily reconciliation asks the gateway. */
export async function pendingCheckouts(db: Db, before: string, limit = 200) {
  return db
    .select({ checkout: invoiceCheckouts, invoice: invoices })
    .from(invoiceCheckouts)
    .innerJoin(invoices, eq(invoices.id, invoiceCheckouts.invoiceId))
    .where(and(eq(invoices.status, "pending"), lt(invoiceCheckouts.createdAt, before)))
    .orderBy(invoiceCheckouts.checkedAt, invoiceCheckouts.id)
    .limit(limit);
}

export async function markCheckoutChecked(db: Db, id: number): Promise<void> {
  await db.update(invoiceCheckouts).set({ checkedAt: nowIso() }).where(eq(invoiceCheckouts.id, id));
}

/** Records an event id; false when it was recorded before (a replay: do nothing). */
export async function claimEvent(
  db: Db,
  e: { gateway: string; eventId: string; journalId: number; invoiceId: number | null; kind: string },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ ...e, outcome: "received", receivedAt: nowIso() })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}

/** Frees an event id whose handling failed, so the gateway's retry is handled. */
export async function forgetEvent(db: Db, gateway: string, eventId: string): Promise<void> {
  await db.delete(paymentEvents).where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId)));
}

export async function noteEventOutcome(db: Db, gateway: string, eventId: string, outcome: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId)));
}

/** The Payments list: invoices with their manuscript, newest first, filtered by status, currency and month. */
export async function listInvoices(db: Db, journalId: number, f: PaymentFilter, limit = 1000) {
  const monthStart = f.month ? `${f.month}-01` : undefined;
  const monthEnd = f.month
    ? (() => {
        const [y, m] = f.month.split("-").map(Number);
        return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
      })()
    : undefined;
  return db
    .select({ invoice: invoices, reference: manuscripts.reference, title: manuscripts.title, authorName: manuscripts.authorName })
    .from(invoices)
    .innerJoin(manuscripts, eq(manuscripts.id, invoices.manuscriptId))
    .where(
      and(
        eq(invoices.journalId, journalId),
        f.status ? eq(invoices.status, f.status) : undefined,
        f.currency ? eq(invoices.currency, f.currency) : undefined,
        monthStart ? gte(invoices.createdAt, monthStart) : undefined,
        monthEnd ? lt(invoices.createdAt, monthEnd) : undefined,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(limit);
}

/** What was paid per month (by the day it was paid) and currency; refunded payments no longer count. */
export async function monthlyTotals(db: Db, journalId: number) {
  return db
    .select({
      month: sql<string>`substr(${invoices.paidAt}, 1, 7)`,
      currency: invoices.currency,
      paid: sql<number>`sum(${invoices.amount})`,
      count: sql<number>`count(*)`,
    })
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), eq(invoices.status, "paid"), isNotNull(invoices.paymentId)))
    .groupBy(sql`1`, invoices.currency)
    .orderBy(sql`1 DESC`);
}

export async function pendingTotals(db: Db, journalId: number) {
  return db
    .select({ currency: invoices.currency, amount: sql<number>`sum(${invoices.amount})`, count: sql<number>`count(*)` })
    .from(invoices)
    .where(and(eq(invoices.journalId, journalId), eq(invoices.status, "pending")))
    .groupBy(invoices.currency);
}

/** Totals of everything paid in a database per journal and currency (the platform console). */
export async function paidTotalsByJournal(db: Db) {
  return db
    .select({
      journalId: invoices.journalId,
      currency: invoices.currency,
      paid: sql<number>`sum(${invoices.amount})`,
      count: sql<number>`count(*)`,
    })
    .from(invoices)
    .where(eq(invoices.status, "paid"))
    .groupBy(invoices.journalId, invoices.currency);
}
