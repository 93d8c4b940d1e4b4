// The rows an import writes (import-run.ts decides what; this is where it is written): issues and sections made
// or filled in, and each chunk's articles with their admin event in one batch.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { articles, issues, sections, type IssueRow } from "../core/data/schema";
import type { TransferDb } from "./import-model";

/** Fills in what an issue lacks (the caller never overwrites staff's own). */
export async function fillIssue(db: TransferDb, issueId: number, set: Partial<typeof issues.$inferInsert>): Promise<void> {
  await db.update(issues).set(set).where(eq(issues.id, issueId));
}

/** A new issue, or the one someone made meanwhile with the same year, volume and number. */
export async function insertOrFindIssue(db: TransferDb, values: typeof issues.$inferInsert): Promise<IssueRow> {
  const [row] = await db.insert(issues).values(values).onConflictDoNothing().returning();
  return (
    row ??
    (
      await db
        .select()
        .from(issues)
        .where(
          and(
            eq(issues.journalId, values.journalId),
            eq(issues.year, values.year),
            eq(issues.volume, values.volume),
            eq(issues.issue, values.issue),
          ),
        )
    )[0]
  );
}

/** A new section, or the id of the one with that title (any case). */
export async function insertOrFindSection(
  db: TransferDb,
  journalId: number,
  s: { title: string; abbrev: string; seq: number },
): Promise<number> {
  const [row] = await db
    .insert(sections)
    .values({ journalId, title: s.title.slice(0, 200), abbrev: s.abbrev.slice(0, 40), seq: s.seq })
    .onConflictDoNothing()
    .returning();
  return (
    row?.id ??
    (
      await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.journalId, journalId), sql`${sections.title} = ${s.title} COLLATE NOCASE`))
    )[0].id
  );
}

/** One chunk's new and updated articles and its admin event, in one batch (all or nothing). */
export async function writeArticles(
  db: TransferDb,
  journalId: number,
  inserts: (typeof articles.$inferInsert)[],
  updates: { id: number; values: typeof articles.$inferInsert }[],
  event: BatchItem<"sqlite">[],
): Promise<void> {
  const statements = [
    ...inserts.map((values) => db.insert(articles).values(values)),
    ...updates.map(({ id, values }) => {
      const { file: _f, creation: _c, createdby: _b, journalId: _j, ...rest } = values;
      return db
        .update(articles)
        .set(rest)
        .where(and(eq(articles.journalId, journalId), eq(articles.id, id)));
    }),
  ];
  await db.batch([statements[0], ...statements.slice(1), ...event] as unknown as Parameters<typeof db.batch>[0]);
}
