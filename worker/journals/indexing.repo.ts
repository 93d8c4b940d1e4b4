// Indexing and abstracting partners of a journal (their API shape: indexing-answers.ts).
import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { indexing, type IndexingRow } from "../core/data/schema";
import { STATUS_ENABLED } from "#contract/constants";

/** The query behind listEnabledIndexing, for batching with others. */
export const enabledIndexingQuery = (db: Db, journalId: number) =>
  db
    .select()
    .from(indexing)
    .where(and(eq(indexing.journalId, journalId), eq(indexing.status, STATUS_ENABLED)))
    .orderBy(asc(indexing.sortnumber), asc(indexing.id));

export async function listEnabledIndexing(db: Db, journalId: number): Promise<IndexingRow[]> {
  return enabledIndexingQuery(db, journalId);
}

// ---- Staff (issue 37 item 3): every partner, whatever its status; writes carry their audit rows in one batch ----

export async function listAllIndexing(db: Db, journalId: number): Promise<IndexingRow[]> {
  return db.select().from(indexing).where(eq(indexing.journalId, journalId)).orderBy(asc(indexing.sortnumber), asc(indexing.id));
}

export async function findIndexing(db: Db, journalId: number, id: number): Promise<IndexingRow | undefined> {
  const [row] = await db
    .select()
    .from(indexing)
    .where(and(eq(indexing.journalId, journalId), eq(indexing.id, id)))
    .limit(1);
  return row;
}

/** The partner that names this image (after a write whose answer was lost: did it land?). */
export async function findIndexingByImage(db: Db, journalId: number, image: string): Promise<IndexingRow | undefined> {
  const [row] = await db
    .select()
    .from(indexing)
    .where(and(eq(indexing.journalId, journalId), eq(indexing.image, image)))
    .limit(1);
  return row;
}

type Audit = BatchItem<"sqlite">[];
type IndexingWrite = Partial<Pick<IndexingRow, "title" | "link" | "image" | "sortnumber" | "status">>;

export async function insertIndexing(
  db: Db,
  journalId: number,
  values: IndexingWrite & { title: string },
  audit: Audit,
): Promise<IndexingRow> {
  const [rows] = await db.batch([
    db
      .insert(indexing)
      .values({ ...values, journalId })
      .returning(),
    ...audit,
  ]);
  return (rows as IndexingRow[])[0];
}

/** Changes one partner of this journal; undefined when it is not this journal's. */
export async function updateIndexing(
  db: Db,
  journalId: number,
  id: number,
  values: IndexingWrite,
  audit: Audit,
): Promise<IndexingRow | undefined> {
  const [rows] = await db.batch([
    db
      .update(indexing)
      .set(values)
      .where(and(eq(indexing.journalId, journalId), eq(indexing.id, id)))
      .returning(),
    ...audit,
  ]);
  return (rows as IndexingRow[])[0];
}

/**
 * A new order: `ids` must be exactly this journal's partners; their sort numbers become 10, 20, 30 ... (room for a
 * number typed in between later). One batch, so readers never see half an order.
 */
export async function reorderIndexing(db: Db, journalId: number, ids: number[], audit: Audit): Promise<IndexingRow[] | null> {
  const current = await listAllIndexing(db, journalId);
  const known = new Set(current.map((r) => r.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) return null;
  const updates = ids.map((id, i) =>
    db
      .update(indexing)
      .set({ sortnumber: (i + 1) * 10 })
      .where(and(eq(indexing.journalId, journalId), eq(indexing.id, id))),
  );
  await db.batch([updates[0], ...updates.slice(1), ...audit] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return listAllIndexing(db, journalId);
}

/** Deletes one partner of this journal (its image object is the caller's to delete after); undefined when not the journal's. */
export async function deleteIndexing(db: Db, journalId: number, id: number, audit: Audit): Promise<IndexingRow | undefined> {
  const [rows] = await db.batch([
    db
      .delete(indexing)
      .where(and(eq(indexing.journalId, journalId), eq(indexing.id, id)))
      .returning(),
    ...audit,
  ]);
  return (rows as IndexingRow[])[0];
}
