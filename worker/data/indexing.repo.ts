// Indexing and abstracting partners of a journal.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../env";
import { indexing, type IndexingRow } from "./schema";
import type { IndexingEntry } from "../schemas/api";
import { filePaths } from "../files/keys";
import { STATUS_ENABLED } from "../schemas/constants";

export function toIndexingEntry(row: IndexingRow): IndexingEntry {
  const { journalId: _journal, ...rest } = row;
  return { ...rest, image_url: row.image ? filePaths.indexingLogo(row.image) : "" };
}

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
