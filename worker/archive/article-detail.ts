// One public article with its "How to cite this article" strings (APA, Vancouver, Harvard, IEEE from CSL), as
// GET /api/archives/{ref|id} answers it and the article page's loader shows it; only allowlisted fields leave.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import type { ArticleRow } from "../core/data/schema";
import type { StoredCitations } from "../scholarly/citations.repo";
import type { ArticleDetail } from "#contract/api";
import { citationsOf } from "../scholarly/article-citations";
import { scholarlyRecord } from "../scholarly/scholarly-record";
import { indexerOrigin } from "../scholarly/indexer-origin";
import { toArticleDetail } from "./article-answers";

/** `stored`: the stored citations read in the caller's batch (readPublicArticleByRef/ById), so no second round trip. */
export async function articleDetail(c: Context<AppEnv>, row: ArticleRow, stored?: StoredCitations | null): Promise<ArticleDetail> {
  const record = scholarlyRecord(row, c.get("journal"), indexerOrigin(c));
  const citations = await citationsOf(c.get("db"), row.id, record, (p) => c.executionCtx.waitUntil(p), stored);
  return toArticleDetail(row, citations);
}
