// The daily cron's part of the workflow: reminders to reviewers before the due date and once it has passed, and
// messages left "queued" (the queue was unavailable when they were written) put on the queue again; replies held in the
// platform database while their journal's move was frozen filed in the journal's database (docs/decisions/0303).
import type { Db } from "../core/env";
import { bindingOf, drizzleOf, platformDatabase, shardNames } from "../core/data/shards";
import { eq } from "drizzle-orm";
import { journalDomains, journals } from "../core/data/schema";
import { enqueue, journalOf, staleQueued } from "./mail-outbox.repo";
import { assignmentsToRemind, markReminded } from "./reviewers.repo";
import { mailReviewInvitation } from "./workflow";
import { startFromSubmission, submissionsWithoutManuscript } from "./start-manuscript";
import { fileHeldMail } from "./mail-inbound";

const originOf = (host: string) => (/^(localhost|127\.|.*\.localhost)/.test(host) ? `http://${host}` : `https://${host}`);

/** Days before the due date the first reminder goes. */
export const REMIND_DAYS_BEFORE = 3;

export interface ReminderReport {
  before: number;
  after: number;
  requeued: number;
  /** Replies held in the platform database, now filed in their journal's database. */
  repliesFiled: number;
}

export async function runWorkflowDaily(env: Pick<Env, "DB" | "MAIL_QUEUE" | "JWT_SECRET">, now: Date): Promise<ReminderReport> {
  const platform = platformDatabase(env);
  const report: ReminderReport = { before: 0, after: 0, requeued: 0, repliesFiled: 0 };
  // Every database holding journals, one after the other (docs/decisions/0240).
  for (const shard of shardNames(env)) {
    const db = drizzleOf(bindingOf(env, shard));
    const r = await remindIn(env, platform, db, now, shard);
    report.before += r.before;
    report.after += r.after;
    report.requeued += r.requeued;
  }
  report.repliesFiled = await fileHeldMail(env);
  return report;
}

async function remindIn(
  env: Pick<Env, "DB" | "MAIL_QUEUE" | "JWT_SECRET">,
  platform: Db,
  db: Db,
  now: Date,
  shard: string,
): Promise<ReminderReport> {
  const today = now.toISOString().slice(0, 10);
  const soon = new Date(now.getTime() + REMIND_DAYS_BEFORE * 86_400_000).toISOString().slice(0, 10);
  // Only the journals this database holds now: a journal moving to another database has a copy of its rows there
  // until the switch, and its old rows here for 30 s after (docs/decisions/0280); neither is reminded twice.
  const here = new Set((await platform.select({ id: journals.id }).from(journals).where(eq(journals.shard, shard))).map((j) => j.id));
  const due = (await assignmentsToRemind(db, today, soon)).filter((x) => here.has(x.a.journalId));
  const report: ReminderReport = { before: 0, after: 0, requeued: 0, repliesFiled: 0 };
  for (const { a, r, m } of due) {
    const journal = await journalOf(platform, a.journalId);
    if (!journal) continue;
    // Links open on the journal's primary host (no request to take one from).
    const hosts = await platform.select().from(journalDomains).where(eq(journalDomains.journalId, journal.id));
    const host = hosts.find((h) => h.isPrimary)?.domain ?? hosts[0]?.domain ?? journal.domain;
    const origin = originOf(host);
    const ctx = { db, queue: env.MAIL_QUEUE, journal, origin, secret: env.JWT_SECRET, actor: "system" };
    const overdue = a.dueDate < today;
    await mailReviewInvitation(ctx, m, r, a, overdue ? "reminder.after" : "reminder.before");
    await markReminded(db, a.id, overdue);
    if (overdue) report.after++;
    else report.before++;
  }
  // Submissions whose manuscript the queue never started: started now, on the journal's primary host.
  for (const s of (await submissionsWithoutManuscript(db)).filter((x) => here.has(x.journalId))) {
    const hosts = await platform.select().from(journalDomains).where(eq(journalDomains.journalId, s.journalId));
    const host = hosts.find((h) => h.isPrimary)?.domain ?? hosts[0]?.domain;
    if (host) await startFromSubmission(env, db, s.id, originOf(host));
  }
  const stale = (await staleQueued(db, new Date(now.getTime() - 15 * 60_000).toISOString())).filter((x) => here.has(x.journalId));
  await enqueue(env.MAIL_QUEUE, stale);
  report.requeued = stale.length;
  return report;
}
