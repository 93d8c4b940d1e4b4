// The audit trail (table admin_events) and the one hook every admin write runs: `afterAdminWrite` returns the
// statements to put in the SAME D1 batch as the change, so they commit or roll back with it.
// The journal's content version (the edge cache's keys, docs/decisions/0110) is bumped in that same batch, so a
// committed change always has a new version and a refused or failed one never does.
import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../env";
import { adminEvents, journals, type AdminEventRow } from "../data/schema";
import { nowIso } from "../data/db";

/** Who writes, for which journal (from the request: the admin guard's principal and the Host's journal). */
export interface AdminActor {
  journalId: number;
  adminId: number | null;
  username: string;
  /** Marks the request as one that writes (afterAdminWrite calls it): read after the answer, by noteAdminWrite. */
  noteWrite?: () => void;
}

export type AdminEntity = "article" | "editor" | "issue" | "settings" | "staff" | "manuscript" | "indexing" | "section";

export interface AdminEvent {
  /** e.g. "article.add", "article.edit", "editor.status", "settings.save" */
  action: `${AdminEntity}.${string}`;
  entity: AdminEntity;
  /** The row's id; omitted for a row inserted by the statement just before (then last_insert_rowid()). */
  entityId?: number | null;
  /** A short human line for the dashboard history, e.g. the reference number or the editor's name. */
  summary: string;
}

export interface AfterWriteOptions {
  /**
   * Record only if the statement just before changed a row (SQLite changes() > 0): for conditional updates such
   * as optimistic-concurrency saves, so a save refused as stale leaves no event.
   */
  ifChanged?: boolean;
  /**
   * False for a change that is not the journal's content (a staff member's own password): it is recorded, but the
   * content version stays and the request is not marked as a write (no page's copy is stale).
   */
  content?: boolean;
}

/** The statements an admin write adds to its batch, after its own change statement. */
export function afterAdminWrite(db: Db, actor: AdminActor, event: AdminEvent, opts: AfterWriteOptions = {}): BatchItem<"sqlite">[] {
  // The batch these statements join commits or throws: a handler that answers 2xx after it has committed.
  const content = opts.content !== false;
  if (content) actor.noteWrite?.();
  const entityId = event.entityId ?? null;
  const guard = opts.ifChanged ? sql`changes() > 0` : sql`1`;
  // INSERT ... SELECT of constants, so the row can depend on the statement before it (changes(),
  // last_insert_rowid()) inside the same batch.
  const values = db
    .select({
      id: sql<number>`NULL`.as("id"),
      journalId: sql<number>`${actor.journalId}`.as("journal_id"),
      adminId: sql<number | null>`${actor.adminId}`.as("admin_id"),
      adminUsername: sql<string>`${actor.username}`.as("admin_username"),
      action: sql<string>`${event.action}`.as("action"),
      entity: sql<string>`${event.entity}`.as("entity"),
      entityId: sql<number>`coalesce(${entityId}, last_insert_rowid())`.as("entity_id"),
      summary: sql<string>`${event.summary.slice(0, 300)}`.as("summary"),
      createdAt: sql<string>`${nowIso()}`.as("created_at"),
    })
    .from(sql`(SELECT 1)`)
    .where(guard);
  // changes() here is the audit insert's: 1 when the event was recorded, so the version moves with the change.
  const bump = db
    .update(journals)
    .set({ contentVersion: sql`${journals.contentVersion} + 1`, contentChangedAt: nowIso() })
    .where(and(eq(journals.id, actor.journalId), sql`changes() > 0`));
  return content ? [db.insert(adminEvents).select(values), bump] : [db.insert(adminEvents).select(values)];
}

/** The journal's content version moves on (its authoritative row, in the platform database: docs/decisions/0240). */
export async function bumpContentVersion(platformDb: Db, journalId: number): Promise<void> {
  await platformDb
    .update(journals)
    .set({ contentVersion: sql`${journals.contentVersion} + 1`, contentChangedAt: nowIso() })
    .where(eq(journals.id, journalId));
}

/** The newest events of a journal, for the dashboard. */
export async function listRecentAdminEvents(db: Db, journalId: number, limit = 15): Promise<AdminEventRow[]> {
  return db
    .select()
    .from(adminEvents)
    .where(eq(adminEvents.journalId, journalId))
    .orderBy(desc(adminEvents.createdAt), desc(adminEvents.id))
    .limit(limit);
}

/** Events of one entity (tests and future per-record history). */
export async function listAdminEventsOf(db: Db, journalId: number, entity: AdminEntity, entityId: number): Promise<AdminEventRow[]> {
  return db
    .select()
    .from(adminEvents)
    .where(and(eq(adminEvents.journalId, journalId), eq(adminEvents.entity, entity), eq(adminEvents.entityId, entityId)))
    .orderBy(desc(adminEvents.id));
}

/** Records an admin write whose change another repository made already (its own batch): the event alone. */
export async function recordAdminWrite(db: Db, actor: AdminActor, event: AdminEvent, opts: AfterWriteOptions = {}): Promise<void> {
  const [first, ...rest] = afterAdminWrite(db, actor, event, opts);
  await db.batch([first, ...rest]);
}
