// The COUNTER_SUSHI API (Release 5.1) under /api/sushi/ (issue 40 item 4, docs/decisions/0223): /status (public),
// /members, /reports and the reports this platform fills (/reports/ir, /reports/ir_a1, /reports/tr,
// /reports/tr_j3), with COUNTER's parameters and Exceptions, answered in the shapes of COUNTER's OpenAPI document
// (tests/schemas/counter). Authentication: an API key made in the admin (api_key) and customer_id.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { indexerOrigin } from "../scholarly/indexer-origin";
import { journalRecord } from "../scholarly/scholarly-record";
import {
  ITEM_METRICS,
  REPORTS,
  RELEASE,
  WORLD_CUSTOMER_ID,
  buildReport,
  exception,
  granularityOf,
  lastCompleteMonth,
  metricsOf,
  monthOf,
  viewFilters,
  type ItemMetric,
  type ReportPath,
  type SushiException,
} from "./sushi";
import { findSushiKey, firstUsageMonth, usageByArticleMonth } from "./sushi.repo";
import { mountedAt } from "../core/routing/declared";
import { sushiApi } from "#contract/routes/sushi";

const at = mountedAt("/api/sushi");

type Ctx = Context<AppEnv>;

/** Parameters every authenticated path takes; anything else is reported as Exception 3050. */
const COMMON = ["customer_id", "requestor_id", "api_key", "platform"];
const REPORT_PARAMS: Record<ReportPath, string[]> = {
  ir: [
    "begin_date",
    "end_date",
    "metric_type",
    "data_type",
    "access_method",
    "access_type",
    "yop",
    "attributes_to_show",
    "granularity",
    "include_parent_details",
    "include_component_details",
    "item_id",
    "author",
  ],
  ir_a1: ["begin_date", "end_date"],
  tr: [
    "begin_date",
    "end_date",
    "metric_type",
    "data_type",
    "access_method",
    "access_type",
    "yop",
    "attributes_to_show",
    "granularity",
    "item_id",
  ],
  tr_j3: ["begin_date", "end_date"],
};
const ATTRIBUTES: Record<ReportPath, string[]> = {
  ir: ["YOP", "Access_Type", "Access_Method", "Authors", "Publication_Date"],
  ir_a1: [],
  tr: ["YOP", "Access_Type", "Access_Method"],
  tr_j3: [],
};

/** An Exception as the whole answer, with the HTTP status COUNTER gives it. */
class SushiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly body: SushiException,
  ) {
    super(body.Message);
  }
}

const json = (c: Ctx, body: unknown, status: 200 | 400 | 401 | 403 = 200) =>
  c.json(body, status, { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" });

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** customer_id and api_key checked, in COUNTER's order: missing information, the key, then the institution. */
async function authenticate(c: Ctx): Promise<void> {
  const q = new URL(c.req.url).searchParams;
  const customer = q.get("customer_id")?.trim() ?? "";
  const key = q.get("api_key")?.trim() ?? "";
  if (!customer) throw new SushiError(400, exception(1030, "customer_id is required"));
  if (!key) throw new SushiError(401, exception(2000, "api_key is required: ask the journal for one"));
  const found = await findSushiKey(c.get("db"), c.get("journal").id, await sha256Hex(key));
  if (!found || found.revokedAt) throw new SushiError(401, exception(2020));
  // Open access usage is not attributed to institutions: every report is for "The World".
  if (customer !== WORLD_CUSTOMER_ID)
    throw new SushiError(403, exception(2010, `Usage is reported for the world only: use customer_id ${WORLD_CUSTOMER_ID}`));
}

function unknownParameters(c: Ctx, allowed: string[]): SushiException[] {
  const names = [...new Set(new URL(c.req.url).searchParams.keys())].filter((n) => !COMMON.includes(n) && !allowed.includes(n));
  return names.length ? [exception(3050, names.join("; "))] : [];
}

const createdBy = (c: Ctx) => journalRecord(c.get("journal")).publisher || journalRecord(c.get("journal")).name;

async function report(c: Ctx, path: ReportPath) {
  await authenticate(c);
  const q = new URL(c.req.url).searchParams;
  const [beginRaw, endRaw] = [q.get("begin_date") ?? "", q.get("end_date") ?? ""];
  if (!beginRaw || !endRaw) throw new SushiError(400, exception(1030, "begin_date and end_date are required"));
  const [first, last] = [monthOf(beginRaw), monthOf(endRaw)];
  if (!first || !last || first > last) throw new SushiError(400, exception(3020, `begin_date ${beginRaw}, end_date ${endRaw}`));
  const now = new Date();
  const ready = lastCompleteMonth(now);
  const exceptions: SushiException[] = unknownParameters(c, REPORT_PARAMS[path]);
  // Months not over yet are not reported (their usage may still change): Exception 3031 names them.
  const period = { first, last: last > ready ? ready : last };
  if (last > ready) exceptions.push(exception(3031, `${first > ready ? first : nextMonth(ready)} to ${last}`));
  let metrics: readonly ItemMetric[] = metricsOf(path);
  const filters: Record<string, unknown> = {};
  const metricParam = q.get("metric_type");
  if (metricParam && (path === "ir" || path === "tr")) {
    const asked = metricParam.split("|").map((m) => m.trim());
    const known = asked.filter((m): m is ItemMetric => (ITEM_METRICS as readonly string[]).includes(m));
    const unknown = asked.filter((m) => !(ITEM_METRICS as readonly string[]).includes(m));
    if (unknown.length) exceptions.push(exception(3060, `metric_type: ${unknown.join("|")}`));
    if (known.length) metrics = known;
  }
  const attributes: string[] = [];
  const shown = q.get("attributes_to_show");
  if (shown) {
    for (const a of shown.split("|").map((x) => x.trim())) {
      if (ATTRIBUTES[path].includes(a)) attributes.push(a);
      else exceptions.push(exception(3062, `attributes_to_show: ${a}`));
    }
  }
  const asked = q.get("granularity");
  const granularity = granularityOf(asked);
  if (!granularity) exceptions.push(exception(3062, `granularity: ${asked} (Month or Total; reported by month)`));
  const includeParent = path === "ir" && (q.get("include_parent_details") ?? "").toLowerCase() === "true";
  Object.assign(filters, viewFilters(path, metrics));
  const usage =
    period.first <= period.last
      ? await usageByArticleMonth(c.get("db"), c.get("journal").id, period.first, period.last)
      : { months: [], articles: [] };
  const journal = journalRecord(c.get("journal"));
  const body = buildReport(
    { path, period: { first, last }, metrics, attributes, includeParent, exceptions, filters, granularity: granularity ?? "Month" },
    { journal, origin: indexerOrigin(c), createdBy: createdBy(c), now },
    {
      months: usage.months.filter((m) => m.month >= period.first && m.month <= period.last),
      articles: usage.articles.filter((a) => a.status === "enabled" && a.refnumber),
    },
  );
  return json(c, body);
}

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

export const sushiRoutes = new Hono<AppEnv>()
  .onError((err, c) => {
    if (err instanceof SushiError) return json(c, err.body, err.status);
    throw err;
  })
  .get(at(sushiApi.status), (c) => {
    const j = journalRecord(c.get("journal"));
    return json(c, [
      {
        Description: `COUNTER_SUSHI API of ${j.name} (COUNTER Release ${RELEASE})`,
        Service_Active: true,
        Registry_Record: "",
        Note: `Reports: ${Object.values(REPORTS)
          .map((r) => r.id)
          .join(", ")}. Usage is reported for the world (customer_id ${WORLD_CUSTOMER_ID}); ask the journal for an api_key.`,
      },
    ]);
  })
  .get(at(sushiApi.members), async (c) => {
    await authenticate(c);
    return json(c, [
      {
        Customer_ID: WORLD_CUSTOMER_ID,
        Institution_Name: "The World",
        Notes: "Open access: usage is counted for all readers and not attributed to institutions.",
      },
    ]);
  })
  .get(at(sushiApi.reports), async (c) => {
    await authenticate(c);
    const first = (await firstUsageMonth(c.get("db"), c.get("journal").id)) ?? lastCompleteMonth(new Date());
    const last = lastCompleteMonth(new Date());
    return json(
      c,
      (Object.keys(REPORTS) as ReportPath[]).map((path) => ({
        Report_Name: REPORTS[path].name,
        Report_ID: REPORTS[path].id,
        Release: RELEASE,
        Report_Description: REPORTS[path].description,
        Path: `/api/sushi/reports/${path}`,
        First_Month_Available: first > last ? last : first,
        Last_Month_Available: last,
      })),
    );
  })
  .get(at(sushiApi.report), async (c) => {
    const path = c.req.param("report").toLowerCase();
    if (!(path in REPORTS)) return c.json({ error: "report_not_supported" }, 404);
    return report(c, path as ReportPath);
  });
