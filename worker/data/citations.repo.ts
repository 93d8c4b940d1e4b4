// Stored "How to cite this article" strings (table article_citations): read, and replaced when re-rendered.
import { eq } from "drizzle-orm";
import type { Db } from "../env";
import { articleCitations } from "./schema";

export async function findStoredCitations(db: Db, articleId: number): Promise<{ inputs: string; citations: string } | undefined> {
  const rows = await db.select({ inputs: articleCitations.inputs, citations: articleCitations.citations }).from(articleCitations).where(eq(articleCitations.articleId, articleId)).limit(1);
  return rows[0];
}

export async function storeCitations(db: Db, articleId: number, inputs: string, citations: string): Promise<void> {
  await db
    .insert(articleCitations)
    .values({ articleId, inputs, citations })
    .onConflictDoUpdate({ target: articleCitations.articleId, set: { inputs, citations } });
}
