// Stored "How to cite this article" strings (table article_citations): read, and replaced when re-rendered.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { articleCitations, articles } from "../core/data/schema";

export interface StoredCitations {
  inputs: string;
  citations: string;
}

const storedColumns = { inputs: articleCitations.inputs, citations: articleCitations.citations };

/** The stored citations of an article, as a query to batch with the article's own read. */
export const storedCitationsQuery = (db: Db, articleId: number) =>
  db.select(storedColumns).from(articleCitations).where(eq(articleCitations.articleId, articleId)).limit(1);

/** The same by the article's reference number (for a batch that reads the article by reference number too). */
export const storedCitationsByRefQuery = (db: Db, journalId: number, refnumber: string) =>
  db
    .select(storedColumns)
    .from(articleCitations)
    .where(
      eq(
        articleCitations.articleId,
        sql`(${db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber)))
          .limit(1)})`,
      ),
    )
    .limit(1);

export async function findStoredCitations(db: Db, articleId: number): Promise<StoredCitations | undefined> {
  return (await storedCitationsQuery(db, articleId))[0];
}

export async function storeCitations(db: Db, articleId: number, inputs: string, citations: string): Promise<void> {
  await db
    .insert(articleCitations)
    .values({ articleId, inputs, citations })
    .onConflictDoUpdate({ target: articleCitations.articleId, set: { inputs, citations } });
}
