// /api/admin/stats (behind the admin router's requireAdmin): the dashboard's charts, one article's figures for
// its edit page, and the monthly COUNTER R5.1 item report as JSON, CSV or TSV.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { notFound } from "../core/errors";
import { findArticle } from "../archive/articles.repo";
import { articleFigures, issueFigures, itemReport, monthlyFigures, topArticles } from "./usage.repo";
import { zValidator } from "@hono/zod-validator";
import { HttpError } from "../core/errors";
import { COUNTER_METRICS, type ItemReport, itemReportQuerySchema, type MonthFigures, type StatsOverview } from "#contract/stats";
import { itemReportTable } from "./item-report";
import { journalRecord } from "../scholarly/scholarly-record";
import { mountedAt } from "../core/routing/declared";
import { statsApi } from "#contract/routes/statistics";

const at = mountedAt("/api/admin/stats");

const TOP_ARTICLES = 10;
const MONTHS_SHOWN = 12;

/** The last `count` months up to this one (YYYY-MM), oldest first. */
export function lastMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Every month of the chart, zeros where nothing was read. */
function fillMonths(months: string[], rows: MonthFigures[]): MonthFigures[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((month) => byMonth.get(month) ?? { month, views: 0, downloads: 0 });
}

const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

export const statsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.statistics))
  .get(at(statsApi.overview), async (c) => {
    const [db, journalId] = [c.get("db"), c.get("journal").id];
    const months = lastMonths(MONTHS_SHOWN);
    const [monthRows, top, issues] = await Promise.all([
      monthlyFigures(db, journalId, months[0]),
      topArticles(db, journalId, TOP_ARTICLES),
      issueFigures(db, journalId),
    ]);
    return c.json({ months: fillMonths(months, monthRows), topArticles: top, issues } satisfies StatsOverview);
  })
  .get(at(statsApi.adminArticle), async (c) => {
    const [db, journalId] = [c.get("db"), c.get("journal").id];
    const article = await findArticle(db, journalId, idOf(c.req.param("id")));
    if (!article) throw notFound();
    return c.json(await articleFigures(db, journalId, article.id));
  })
  .get(
    at(statsApi.report),
    zValidator("query", itemReportQuerySchema, (result) => {
      if (!result.success) throw new HttpError(400, "invalid_month");
    }),
    async (c) => {
      const { month, format } = c.req.valid("query");
      const report: ItemReport = { month, metrics: COUNTER_METRICS, items: await itemReport(c.get("db"), c.get("journal").id, month) };
      if (format === "json") return c.json(report);
      const type = format === "csv" ? "text/csv" : "text/tab-separated-values";
      const j = journalRecord(c.get("journal"));
      return c.body(itemReportTable(report, format, { createdBy: j.publisher || j.name, now: new Date() }), 200, {
        "Content-Type": `${type}; charset=utf-8`,
        "Content-Disposition": `attachment; filename="item-report-${month}.${format}"`,
      });
    },
  );
