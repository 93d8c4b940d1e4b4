// Import jobs (table transfer_jobs): created by the admin or the console, moved along by the TransferWorkflow.
import { and, desc, eq } from "drizzle-orm";
import { transferJobs, type TransferJobRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import type { TransferDb } from "./import-model";
import type { JobKind } from "#contract/transfer";

export interface JobOptions {
  format: "auto" | "ojs" | "csv" | "xlsx";
  ref: string;
  requirePdf?: boolean;
}

export async function insertJob(
  db: TransferDb,
  v: {
    id: string;
    /** "articles" unless said (an editors import: decision 0290). */
    kind?: JobKind;
    journalId: number;
    dryRun: boolean;
    sourceKey: string;
    sourceName: string;
    pdfsKey: string;
    options: JobOptions;
    createdBy: string;
  },
): Promise<TransferJobRow> {
  const now = nowIso();
  const [row] = await db
    .insert(transferJobs)
    .values({ ...v, options: JSON.stringify(v.options), createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function findJob(db: TransferDb, journalId: number, id: string): Promise<TransferJobRow | undefined> {
  return (
    await db
      .select()
      .from(transferJobs)
      .where(and(eq(transferJobs.journalId, journalId), eq(transferJobs.id, id)))
      .limit(1)
  )[0];
}

export async function findJobById(db: TransferDb, id: string): Promise<TransferJobRow | undefined> {
  return (await db.select().from(transferJobs).where(eq(transferJobs.id, id)).limit(1))[0];
}

export function listJobs(db: TransferDb, journalId: number, limit = 20): Promise<TransferJobRow[]> {
  return db.select().from(transferJobs).where(eq(transferJobs.journalId, journalId)).orderBy(desc(transferJobs.createdAt)).limit(limit);
}

export async function updateJob(
  db: TransferDb,
  id: string,
  set: Partial<Pick<TransferJobRow, "status" | "counts" | "reportKey" | "error" | "attempts">>,
): Promise<void> {
  await db
    .update(transferJobs)
    .set({ ...set, updatedAt: nowIso() })
    .where(eq(transferJobs.id, id));
}
