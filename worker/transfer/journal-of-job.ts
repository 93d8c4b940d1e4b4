// The journal a job imports into (only what an import needs of it).
import { eq } from "drizzle-orm";
import { journals } from "../core/data/schema";
import type { TransferDb } from "./import-model";

export async function findJournalById(
  db: TransferDb,
  id: number,
): Promise<{ id: number; doi_prefix: string; license: string } | undefined> {
  return (
    await db
      .select({ id: journals.id, doi_prefix: journals.doi_prefix, license: journals.license })
      .from(journals)
      .where(eq(journals.id, id))
      .limit(1)
  )[0];
}
