// GET /api/admin/crossref/{year}/{vol}/{issue} (staff): the issue's Crossref 5.3.1 deposit XML, to upload to
// Crossref. Mounted under /api/admin, behind its requireAdmin.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { listPublicIssueArticleRows } from "../archive/articles.repo";
import { findIssue } from "../archive/issues.repo";
import { digitsOf } from "../core/middleware/params";
import { HttpError } from "../core/errors";
import { crossrefDeposit, crossrefTimestamp } from "./crossref";
import { indexerOrigin } from "./indexer-origin";
import { journalRecord, scholarlyRecord } from "./scholarly-record";

export const crossrefAdminRoutes = new Hono<AppEnv>().use("*", requireRole(AREA_ROLES.crossref)).get("/:year/:vol/:issue", async (c) => {
  const [year, volume, issue] = [digitsOf(c.req.param("year")), digitsOf(c.req.param("vol")), digitsOf(c.req.param("issue"))];
  const db = c.get("db");
  const journal = c.get("journal");
  const rows = await listPublicIssueArticleRows(db, journal.id, year, volume, issue);
  if (!rows.length && !(await findIssue(db, journal.id, year, volume, issue))) throw new HttpError(404, "issue_not_found");
  const record = journalRecord(journal);
  // Crossref needs an ISSN for a journal, and a DOI for every article it registers.
  if (!record.issns.length) throw new HttpError(409, "missing_issn");
  const origin = indexerOrigin(c);
  const articles = rows.filter((a) => a.doi).map((a) => scholarlyRecord(a, journal, origin));
  if (!articles.length) throw new HttpError(409, "no_dois");
  const now = new Date();
  const timestamp = crossrefTimestamp(now);
  const xml = crossrefDeposit(record, { year, volume, issue }, articles, {
    name: record.publisher || record.name,
    email: journal.websiteemail,
    batchId: `${journal.slug}-${year}-v${volume}-i${issue}-${timestamp}-${crypto.randomUUID().slice(0, 8)}`,
    timestamp,
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="crossref-${year}-vol${volume}-issue${issue}.xml"`,
      "Cache-Control": "no-store",
    },
  });
});
