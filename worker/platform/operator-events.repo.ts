// The operators' audit trail (operator_events): every console write adds `operatorEvent(...)` to the SAME D1
// batch as its change, so a record exists exactly when the change does (as admin_events, docs/decisions/0093).
import { desc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { operatorEvents, type OperatorEventRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";

export interface OperatorActor {
  operatorId: number | null;
  username: string;
}

export interface OperatorEvent {
  /** e.g. "journal.create", "journal.suspend", "host.add", "staff.reset_password", "settings.save" */
  action: string;
  journalId: number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => JSON.stringify(v ?? null).slice(0, 20_000);

export function operatorEvent(db: Db, actor: OperatorActor, event: OperatorEvent): BatchItem<"sqlite"> {
  return db.insert(operatorEvents).values({
    operatorId: actor.operatorId,
    operatorUsername: actor.username,
    action: event.action,
    targetJournalId: event.journalId,
    summary: event.summary.slice(0, 300),
    beforeJson: json(event.before),
    afterJson: json(event.after),
    createdAt: nowIso(),
  });
}

/** The newest events, all journals or one. */
export async function listOperatorEvents(db: Db, opts: { journalId?: number; limit?: number } = {}): Promise<OperatorEventRow[]> {
  const q = db.select().from(operatorEvents);
  const filtered = opts.journalId === undefined ? q : q.where(eq(operatorEvents.targetJournalId, opts.journalId));
  return filtered.orderBy(desc(operatorEvents.id)).limit(Math.min(opts.limit ?? 100, 500));
}
