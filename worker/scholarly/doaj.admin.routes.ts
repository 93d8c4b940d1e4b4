// GET /api/admin/doaj/{year}/{vol}/{issue} (staff): the issue's articles as DOAJ's article XML, to upload at DOAJ
// (issue 40 item 3). Mounted under /api/admin, behind its requireAdmin.
import { ISSUE_STATUS } from "#contract/issues";
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { listPublicIssueArticleRows } from "../archive/articles.repo";
import { findIssue } from "../archive/issues.repo";
import { digitsOf } from "../core/middleware/params";
import { HttpError } from "../core/errors";
import { doajArticles } from "./doaj";
import { indexerOrigin } from "./indexer-origin";
import { normalizeDomain } from "#contract/host";
import { journalRecord, scholarlyRecord } from "./scholarly-record";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { mountedAt } from "../core/routing/declared";
import { scholarlyApi } from "#contract/routes/scholarly";

const at = mountedAt("/api/admin/doaj");

export const doajAdminRoutes = new Hono<AppEnv>().use("*", requireRole(AREA_ROLES.doaj)).get(at(scholarlyApi.doajXml), async (c) => {
  const [year, volume, issue] = [digitsOf(c.req.param("year")), digitsOf(c.req.param("vol")), digitsOf(c.req.param("issue"))];
  const db = c.get("db");
  const journal = c.get("journal");
  const rows = await listPublicIssueArticleRows(db, journal.id, year, volume, issue);
  if (!rows.length) {
    const found = await findIssue(db, journal.id, year, volume, issue);
    if (!found) throw new HttpError(404, "issue_not_found");
    // DOAJ lists what readers can open: an issue staff are still building has nothing to export (0383).
    if (found.status !== ISSUE_STATUS.published) throw new HttpError(409, "issue_unpublished");
    throw new HttpError(409, "no_articles");
  }
  const record = journalRecord(journal);
  // DOAJ identifies a journal by its ISSN.
  if (!record.issns.length) throw new HttpError(409, "missing_issn");
  // DOAJ links readers to the public site: its URLs use the journal's own domain even from a local instance (DOAJ's
  // schema refuses a host without a dot, such as localhost).
  const domain = normalizeDomain(journal.domain);
  const origin = domain ? `https://${domain}` : indexerOrigin(c);
  const xml = doajArticles(
    record,
    rows.map((a) => scholarlyRecord(a, journal, origin)),
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="doaj-${year}-vol${volume}-issue${issue}.xml"`,
      "Cache-Control": "no-store",
    },
  });
});
