// One public article with its "How to cite this article" strings (APA, Vancouver, Harvard, IEEE from CSL), as
// GET /api/archives/{ref|id} answers it and the article page's loader shows it; only allowlisted fields leave.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ArticleRow } from "../data/schema";
import { toArticle } from "../data/articles.repo";
import { publicArticleDetailSchema, type ArticleDetail } from "../schemas/api";
import { citationsOf } from "./article-citations";
import { scholarlyRecord } from "./scholarly-record";
import { indexerOrigin } from "./indexer-origin";

export async function articleDetail(c: Context<AppEnv>, row: ArticleRow): Promise<ArticleDetail> {
  const record = scholarlyRecord(row, c.get("journal"), indexerOrigin(c));
  const citations = await citationsOf(c.get("db"), row.id, record, (p) => c.executionCtx.waitUntil(p));
  return publicArticleDetailSchema.parse({ ...toArticle(row), citations });
}
