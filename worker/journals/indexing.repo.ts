// Indexing and abstracting partners of a journal (their API shape: indexing-answers.ts).
import { and, asc, eq } from "drizzle-orm";
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
