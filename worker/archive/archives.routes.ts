// Public archive reads: years, one issue's articles, one article by reference number or id.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../core/env";
import { readPublicArticleById, readPublicArticleByRef, readPublicIssue } from "./articles.repo";
import { listArchiveYears } from "./issues.repo";
import { digitsOf, idOf } from "../core/middleware/params";
import { badRequest, notFound } from "../core/errors";
import { publicArchiveYearSchema, publicIssueArticlesSchema } from "#contract/api";
import { articleDetail } from "./article-detail";
import { toListItem } from "./article-answers";
import { refToLookUp } from "#contract/refnumber";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const at = mountedAt("/api/archives");

export const archivesRoutes = new Hono<AppEnv>()
  .get(at(archiveApi.years), async (c) =>
    c.json(z.array(publicArchiveYearSchema).parse(await listArchiveYears(c.get("db"), c.get("journal").id))),
  )
  .get(at(archiveApi.byRef), async (c) => {
    const ref = refToLookUp(c.req.param("refnumber"));
    if (!ref) throw badRequest("invalid_refnumber");
    const { row, stored } = await readPublicArticleByRef(c.get("db"), c.get("journal").id, ref);
    if (!row) throw notFound();
    return c.json(await articleDetail(c, row, stored));
  })
  .get(at(archiveApi.issue), async (c) => {
    const [year, volume, issue] = [digitsOf(c.req.param("year")), digitsOf(c.req.param("vol")), digitsOf(c.req.param("issue"))];
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const { rows, exists } = await readPublicIssue(db, journalId, year, volume, issue);
    if (!exists && rows.length === 0) throw notFound();
    return c.json(publicIssueArticlesSchema.parse({ year, volume, issue, articles: rows.map(toListItem) }));
  })
  .get(at(archiveApi.article), async (c) => {
    const { row, stored } = await readPublicArticleById(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!row) throw notFound();
    return c.json(await articleDetail(c, row, stored));
  });
