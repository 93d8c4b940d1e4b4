// The mail outbox (docs/decisions/0191): every message is a row first, then a Queue message naming the row. The
// consumer claims the row atomically (queued/failed -> sending) so a message is never sent twice, and a message
// that cannot be sent stays "failed" with its error until staff resend it.
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { journals, mailOutbox, workflowSettings, type JournalRow, type MailOutboxRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import { containsText } from "../core/data/like";
import { headerAddress, headerText } from "./mail-headers";
import { attachmentsColumn, type MailAttachment } from "./mail-attachments";

export interface Mail {
  manuscriptId?: number | null;
  kind: string;
  to: string;
  toName?: string;
  subject: string;
  text: string;
  /** The manuscript's reply token: the Reply-To routes replies into its discussion. */
  replyToken?: string;
  /** Documents rendered and attached when the message is sent (mail-attachments.ts). */
  attachments?: MailAttachment[];
}

export interface Sender {
  name: string;
  address: string;
}

/** The journal's sender (Settings -> Workflow), else the journal's name and Settings e-mail. */
export async function senderOf(db: Db, journal: Pick<JournalRow, "id" | "websitename" | "websiteemail">): Promise<Sender> {
  const [s] = await db.select().from(workflowSettings).where(eq(workflowSettings.journalId, journal.id)).limit(1);
  return {
    name: s?.senderName || journal.websitename || "Editorial office",
    address: s?.senderAddress || journal.websiteemail || "editor@example.org",
  };
}

/** replies+<token>@<the sender's domain>: Email Routing sends that address to the Worker's email() handler. */
export const replyAddressOf = (sender: Sender, token: string) => `replies+${token}@${sender.address.split("@")[1] ?? "example.org"}`;

/** At most `max` messages of the mail's kind to one address (any case) since `since` (docs/decisions/0301). */
export interface RecipientCap {
  since: string;
  max: number;
}

/**
 * Writes the messages to the outbox and puts them on the queue; a queue that fails leaves them queued for the cron.
 * With `cap`, a message whose recipient already had `cap.max` of its kind since `cap.since` is not written: the count
 * and the insert are one statement, so simultaneous deliveries cannot all slip under it. Answers the rows written.
 */
export async function queueMail(
  db: Db,
  queue: Queue | undefined,
  journal: JournalRow,
  mails: Mail[],
  cap?: RecipientCap,
): Promise<MailOutboxRow[]> {
  if (mails.length === 0) return [];
  const sender = await senderOf(db, journal);
  const values = outboxValues(journal, sender, mails);
  let rows: MailOutboxRow[] = [];
  if (!cap) rows = await db.insert(mailOutbox).values(values).returning();
  // One after the other: two messages to one address in one call are counted as two.
  else for (const v of values) rows.push(...(await insertWithinCap(db, v, cap)));
  await enqueue(queue, rows);
  return rows;
}

function outboxValues(journal: JournalRow, sender: Sender, mails: Mail[]) {
  const now = nowIso();
  return mails.map((m) => ({
    journalId: journal.id,
    manuscriptId: m.manuscriptId ?? null,
    kind: m.kind,
    // Every header on one line, whatever the values hold (docs/decisions/0300).
    toAddress: headerAddress(m.to),
    toName: headerText(m.toName ?? ""),
    fromAddress: headerAddress(sender.address),
    fromName: headerText(sender.name),
    replyTo: m.replyToken ? headerAddress(replyAddressOf(sender, m.replyToken)) : "",
    subject: headerText(m.subject),
    text: m.text,
    attachments: attachmentsColumn(m.attachments),
    createdAt: now,
  }));
}

async function insertWithinCap(db: Db, v: ReturnType<typeof outboxValues>[number], cap: RecipientCap): Promise<MailOutboxRow[]> {
  const ids = await db.all<{ id: number }>(sql`INSERT INTO mail_outbox
      (journal_id, manuscript_id, kind, to_address, to_name, from_address, from_name, reply_to, subject, text, attachments, created_at)
    SELECT ${v.journalId}, ${v.manuscriptId}, ${v.kind}, ${v.toAddress}, ${v.toName}, ${v.fromAddress}, ${v.fromName}, ${v.replyTo},
      ${v.subject}, ${v.text}, ${v.attachments}, ${v.createdAt}
    WHERE (SELECT count(*) FROM mail_outbox WHERE journal_id = ${v.journalId} AND kind = ${v.kind}
      AND to_address = ${v.toAddress} COLLATE NOCASE AND created_at >= ${cap.since}) < ${cap.max}
    RETURNING id`);
  if (!ids[0]) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.id, Number(ids[0].id)));
}

/** Puts outbox rows on the mail queue. A message names the row's journal too: outbox ids are per database, and the
 * journal names its database (docs/decisions/0240). */
export async function enqueue(queue: Queue | undefined, rows: { id: number; journalId: number }[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  if (!queue || ids.length === 0) return;
  try {
    await queue.sendBatch(rows.map((r) => ({ body: { outboxId: r.id, journalId: r.journalId } })));
  } catch (err) {
    // The rows stay "queued": the daily cron (and Resend) put them on the queue again. Never lost.
    console.warn("mail queue unavailable; messages stay queued", ids.join(","), String(err));
  }
}

/** Claims a message for sending: only one consumer (or retry) gets it, and never one already sent. */
export async function claimMessage(db: Db, id: number, staleBefore: string): Promise<MailOutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "sending", attempts: sql`${mailOutbox.attempts} + 1`, claimedAt: nowIso() })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(inArray(mailOutbox.status, ["queued", "failed"]), and(eq(mailOutbox.status, "sending"), lt(mailOutbox.claimedAt, staleBefore))),
      ),
    )
    .returning();
  return row;
}

export async function markSent(db: Db, id: number, messageId: string): Promise<void> {
  await db.update(mailOutbox).set({ status: "sent", sentAt: nowIso(), messageId, lastError: "" }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "failed", lastError: error.slice(0, 1000) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending")));
}

/** What the outbox list is narrowed to (GET /api/admin/outbox): words in the subject or the recipient, a state. */
export interface OutboxFilter {
  manuscriptId?: number;
  q?: string;
  status?: MailOutboxRow["status"];
  offset?: number;
  limit?: number;
}

/** The journal's messages, newest written first, filtered and a page at a time, with how many match in all. */
export async function outboxPage(db: Db, journalId: number, f: OutboxFilter = {}): Promise<{ rows: MailOutboxRow[]; total: number }> {
  const words = (f.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const where = and(
    eq(mailOutbox.journalId, journalId),
    f.manuscriptId ? eq(mailOutbox.manuscriptId, f.manuscriptId) : undefined,
    f.status ? eq(mailOutbox.status, f.status) : undefined,
    ...words.map((w) => or(containsText(mailOutbox.subject, w), containsText(mailOutbox.toAddress, w), containsText(mailOutbox.toName, w))),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(f.limit ?? 200)
      .offset(f.offset ?? 0),
    db.select({ n: sql<number>`count(*)` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findOutbox(db: Db, journalId: number, id: number): Promise<MailOutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.journalId, journalId), eq(mailOutbox.id, id)))
    .limit(1);
  return row;
}

/** Resend: a failed message goes back to "queued" (attempts kept); answers false when it was not failed. */
export async function requeueFailed(db: Db, journalId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "queued" })
    .where(and(eq(mailOutbox.journalId, journalId), eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Messages still "queued" after `before` (the queue was down when they were written): the cron sends them again. */
export async function staleQueued(db: Db, before: string): Promise<{ id: number; journalId: number }[]> {
  return db
    .select({ id: mailOutbox.id, journalId: mailOutbox.journalId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.createdAt, before)))
    .limit(500);
}

/** The journal's row: `platformDb` is the platform database (docs/decisions/0240). */
export const journalOf = async (platformDb: Db, id: number) =>
  (await platformDb.select().from(journals).where(eq(journals.id, id)).limit(1))[0];
