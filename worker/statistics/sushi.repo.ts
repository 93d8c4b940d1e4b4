// What the COUNTER_SUSHI API reads (issue 40 item 4, docs/decisions/0223): monthly usage per public article, and
// the journal's SUSHI API keys (only their SHA-256 is stored).
import { and, asc, eq, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../core/env";
import { articles, sushiKeys, usageDaily, type SushiKeyRow } from "../core/data/schema";
import { afterAdminWrite, type AdminActor } from "../core/audit/admin-events.repo";

/** One article's figures in one month (YYYY-MM). */
export interface ArticleMonth {
  articleId: number;
  month: string;
  views: number;
  downloads: number;
  uniqueInvestigations: number;
  uniqueRequests: number;
}

const sumOf = (column: AnySQLiteColumn) => sql<number>`COALESCE(SUM(${column}), 0)`.mapWith(Number);

/** Usage per article and month between two months (inclusive), the articles' rows beside it. */
export async function usageByArticleMonth(db: Db, journalId: number, firstMonth: string, lastMonth: string) {
  const month = sql<string>`substr(${usageDaily.day}, 1, 7)`;
  const rows = await db
    .select({
      articleId: usageDaily.articleId,
      month,
      views: sumOf(usageDaily.views),
      downloads: sumOf(usageDaily.downloads),
      uniqueInvestigations: sumOf(usageDaily.uniqueInvestigations),
      uniqueRequests: sumOf(usageDaily.uniqueRequests),
    })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.journalId, journalId),
        sql`${usageDaily.day} >= ${`${firstMonth}-01`}`,
        sql`${usageDaily.day} <= ${`${lastMonth}-31`}`,
      ),
    )
    .groupBy(usageDaily.articleId, month)
    .orderBy(usageDaily.articleId, month);
  const ids = [...new Set(rows.map((r) => r.articleId))];
  const articleRows = [];
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < ids.length; i += 90) {
    const slice = ids.slice(i, i + 90);
    articleRows.push(
      ...(await db
        .select()
        .from(articles)
        .where(and(eq(articles.journalId, journalId), sql`${articles.id} IN (${sql.join(slice, sql`, `)})`))
        .orderBy(asc(articles.year), asc(articles.volume), asc(articles.issue), asc(articles.refnumber))),
    );
  }
  return { months: rows as ArticleMonth[], articles: articleRows };
}

/** The first month with any usage (YYYY-MM), or null. */
export async function firstUsageMonth(db: Db, journalId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`MIN(${usageDaily.day})` })
    .from(usageDaily)
    .where(eq(usageDaily.journalId, journalId));
  return row?.day ? row.day.slice(0, 7) : null;
}

export async function findSushiKey(db: Db, journalId: number, keyHash: string): Promise<SushiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(sushiKeys)
    .where(and(eq(sushiKeys.journalId, journalId), eq(sushiKeys.keyHash, keyHash)))
    .limit(1);
  return row;
}

export async function listSushiKeys(db: Db, journalId: number): Promise<SushiKeyRow[]> {
  return db.select().from(sushiKeys).where(eq(sushiKeys.journalId, journalId)).orderBy(asc(sushiKeys.id));
}

export async function insertSushiKey(db: Db, row: typeof sushiKeys.$inferInsert): Promise<SushiKeyRow> {
  const [inserted] = await db.insert(sushiKeys).values(row).returning();
  return inserted;
}

export async function revokeSushiKey(db: Db, journalId: number, id: number, at: string): Promise<boolean> {
  const rows = await db
    .update(sushiKeys)
    .set({ revokedAt: at })
    .where(and(eq(sushiKeys.journalId, journalId), eq(sushiKeys.id, id), eq(sushiKeys.revokedAt, "")))
    .returning({ id: sushiKeys.id });
  return rows.length > 0;
}

/** A new library key, with its admin event in the same batch. */
export async function createSushiKey(db: Db, actor: AdminActor, values: typeof sushiKeys.$inferInsert): Promise<SushiKeyRow> {
  const [rows] = (await db.batch([
    db.insert(sushiKeys).values(values).returning(),
    ...afterAdminWrite(
      db,
      actor,
      { action: "settings.sushi_key_create", entity: "settings", summary: values.customerName },
      { content: false },
    ),
  ])) as [SushiKeyRow[], ...unknown[]];
  return rows[0];
}
