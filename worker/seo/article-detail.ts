// One public article with its "How to cite this article" strings (APA, Vancouver, Harvard, IEEE from CSL), as
// GET /api/archives/{ref|id} answers it and the article page's loader shows it; only allowlisted fields leave.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ArticleRow } from "../data/schema";
import { toArticle } from "../data/articles.repo";
import { publicArticleDetailSchema, type ArticleDetail } from "../schemas/api";
import { citationsOf } from "./article-citations";
import { publicArticleByIdQuery, publicArticleByRefQuery } from "../data/articles.repo";
import { storedCitationsByRefQuery, storedCitationsQuery, type StoredCitations } from "../data/citations.repo";
import { scholarlyRecord } from "./scholarly-record";
import { indexerOrigin } from "./indexer-origin";

/** `stored`: the stored citations read in the caller's batch (readArticleByRef/ById), so no second round trip. */
export async function articleDetail(c: Context<AppEnv>, row: ArticleRow, stored?: StoredCitations | null): Promise<ArticleDetail> {
  const record = scholarlyRecord(row, c.get("journal"), indexerOrigin(c));
  const citations = await citationsOf(c.get("db"), row.id, record, (p) => c.executionCtx.waitUntil(p), stored);
  return publicArticleDetailSchema.parse({ ...toArticle(row), citations });
}

/** A public article by reference number and its stored citations, in one round trip (a batch). */
export async function readArticleByRef(c: Context<AppEnv>, refnumber: string): Promise<{ row: ArticleRow | undefined; stored: StoredCitations | null }> {
  const db = c.get("db");
  const journalId = c.get("journal").id;
  const [rows, stored] = await db.batch([publicArticleByRefQuery(db, journalId, refnumber), storedCitationsByRefQuery(db, journalId, refnumber)]);
  return { row: rows[0], stored: stored[0] ?? null };
}

/** A public article by id and its stored citations, in one round trip (a batch). */
export async function readArticleById(c: Context<AppEnv>, id: number): Promise<{ row: ArticleRow | undefined; stored: StoredCitations | null }> {
  const db = c.get("db");
  const [rows, stored] = await db.batch([publicArticleByIdQuery(db, c.get("journal").id, id), storedCitationsQuery(db, id)]);
  return { row: rows[0], stored: stored[0] ?? null };
}
