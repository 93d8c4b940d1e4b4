// COUNTER R5.1 reports as the COUNTER_SUSHI API answers them (issue 40 item 4, docs/decisions/0223): the Platform
// Report (PR) and its Platform Usage view (PR_P1) (issue 46, docs/decisions/0312), the Item Report (IR) and its
// Journal Article Requests view (IR_A1), the Title Report (TR) and its Journal Usage by Access Type view (TR_J3),
// built from the usage the platform counts by COUNTER's rules (docs/decisions/0165). The journals are open access
// and usage is not attributed to institutions, so every report is for "The World" (0000000000000000), whichever
// customer_id a library's key asks with (docs/decisions/0310).
import type { ArticleRow } from "../core/data/schema";
import { articlePath, publicationDateParts } from "#contract/citation";
import { articleAuthors, normalizeDoi } from "#contract/scholarly";
import type { JournalRecord } from "#contract/scholarly-record";
import { richTextToPlain } from "#contract/rich-text";
import type { ArticleMonth } from "./sushi.repo";

export const WORLD_CUSTOMER_ID = "0000000000000000";
/** The platform's namespace for proprietary identifiers (COUNTER: letters, digits, _ . / ; 2 to 18 characters). */
export const PLATFORM_NS = "JournalEdge";
export const RELEASE = "5.1";

export interface SushiException {
  Code: number;
  Message: string;
  Data?: string;
}

export const EXCEPTIONS = {
  1020: "Client has made too many requests",
  1030: "Insufficient Information to Process Request",
  2000: "Requestor Not Authorized to Access Service",
  2010: "Requestor is Not Authorized to Access Usage for Institution",
  2020: "APIKey Invalid",
  // Release 5.0's Exception for a report the server does not have; 5.1 answers such a path 404 with no set body, so
  // the harvester is told in the general Exception shape, which 5.0 clients also read (docs/decisions/0310).
  3000: "Report Not Supported",
  3020: "Invalid Date Arguments",
  3030: "No Usage Available for Requested Dates",
  3031: "Usage Not Ready for Requested Dates",
  3050: "Parameter Not Recognized in this Context",
  3060: "Invalid ReportFilter Value",
  3062: "Invalid ReportAttribute Value",
  3063: "Components Not Supported",
} as const;

export const exception = (code: keyof typeof EXCEPTIONS, data?: string): SushiException => ({
  Code: code,
  Message: EXCEPTIONS[code],
  ...(data ? { Data: data } : {}),
});

export const ITEM_METRICS = [
  "Total_Item_Investigations",
  "Total_Item_Requests",
  "Unique_Item_Investigations",
  "Unique_Item_Requests",
] as const;
export type ItemMetric = (typeof ITEM_METRICS)[number];

/** The reports and standard views this platform can fill. */
export const REPORTS = {
  pr: {
    id: "PR",
    name: "Platform Report",
    description: "Usage of the journal's site as a whole, by Data_Type (Journal) and month.",
  },
  pr_p1: { id: "PR_P1", name: "Platform Usage", description: "Requests (full-text downloads) on the journal's site." },
  ir: {
    id: "IR",
    name: "Item Report",
    description: "Usage of each article: investigations (views and downloads) and requests (downloads).",
  },
  ir_a1: {
    id: "IR_A1",
    name: "Journal Article Requests",
    description: "Requests (full-text downloads) of each journal article.",
  },
  tr: { id: "TR", name: "Title Report", description: "Usage of the journal as a whole." },
  tr_j3: { id: "TR_J3", name: "Journal Usage by Access Type", description: "Usage of the journal by access type (Open)." },
} as const;
export type ReportPath = keyof typeof REPORTS;

/** The metrics each report may carry. */
const METRICS_OF: Record<ReportPath, readonly ItemMetric[]> = {
  pr: ITEM_METRICS,
  pr_p1: ["Total_Item_Requests", "Unique_Item_Requests"],
  ir: ITEM_METRICS,
  ir_a1: ["Total_Item_Requests", "Unique_Item_Requests"],
  tr: ITEM_METRICS,
  tr_j3: ITEM_METRICS,
};

/** The months a request covers: begin and end as YYYY-MM, both inclusive. */
export interface Period {
  first: string;
  last: string;
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** "2024-03" or "2024-03-15" -> "2024-03"; null when it is no such date. */
export function monthOf(value: string): string | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  if (m[3] !== undefined) {
    const day = Number(m[3]);
    if (day < 1 || day > lastDayOf(`${m[1]}-${m[2]}`)) return null;
  }
  return `${m[1]}-${m[2]}`;
}

export const monthsBetween = (p: Period): string[] => {
  const out: string[] = [];
  let [y, m] = p.first.split("-").map(Number);
  for (let guard = 0; guard < 1200; guard++) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month > p.last) break;
    out.push(month);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
};

/** The last month whose usage is complete (the month before `now`). */
export function lastCompleteMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export interface ReportRequest {
  path: ReportPath;
  period: Period;
  metrics: readonly ItemMetric[];
  /** attributes_to_show, as asked (only the ones this platform fills). */
  attributes: string[];
  /**
   * Month (the default) or Total: the usage of the whole period, reported against its first month (COUNTER R5.1's
   * granularity attribute of the IR and TR; docs/decisions/0271).
   */
  granularity?: Granularity;
  includeParent: boolean;
  /** Warnings for the header (unknown parameters, filter values, months not ready). */
  exceptions: SushiException[];
  /** The filters as the request gave them, for the header. */
  filters: Record<string, unknown>;
}

export type Granularity = "Month" | "Total";

/** COUNTER R5.1's values of `granularity`; R5.0 named the total "Totals", which a client of R5.0 may still send. */
export function granularityOf(value: string | null): Granularity | null {
  if (value === null || value === "" || value === "Month") return "Month";
  return value === "Total" || value === "Totals" ? "Total" : null;
}

export interface ReportContext {
  journal: JournalRecord;
  /** The customer_id the report was asked with: the world's, or the key's own (docs/decisions/0310). */
  customerId: string;
  origin: string;
  createdBy: string;
  now: Date;
}

/** The reports that take attributes_to_show and granularity (the standard views take neither). */
export const isMasterReport = (path: ReportPath): path is "pr" | "ir" | "tr" => path === "pr" || path === "ir" || path === "tr";

/**
 * Institution_ID: COUNTER asks for the customer ID the report was requested with, and for a report to "The World"
 * for 0000000000000000; a key's own customer_id asks for the world's usage too, so both are named.
 */
export const institutionIds = (customerId: string) => ({
  Proprietary: [...new Set([WORLD_CUSTOMER_ID, customerId])].map((id) => `${PLATFORM_NS}:${id}`),
});

function header(req: ReportRequest, ctx: ReportContext, exceptions: SushiException[]) {
  const report = REPORTS[req.path];
  const attributes: Record<string, unknown> = {};
  if (req.attributes.length && isMasterReport(req.path)) attributes.Attributes_To_Show = req.attributes;
  if (req.includeParent && req.path === "ir") attributes.Include_Parent_Details = "True";
  if (req.granularity === "Total" && isMasterReport(req.path)) attributes.Granularity = "Total";
  return {
    Release: RELEASE,
    Report_ID: report.id,
    Report_Name: report.name,
    Created: ctx.now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    Created_By: ctx.createdBy,
    Institution_ID: institutionIds(ctx.customerId),
    Institution_Name: "The World",
    Registry_Record: "",
    Report_Filters: {
      ...req.filters,
      Begin_Date: `${req.period.first}-01`,
      End_Date: `${req.period.last}-${String(lastDayOf(req.period.last)).padStart(2, "0")}`,
    },
    ...(Object.keys(attributes).length ? { Report_Attributes: attributes } : {}),
    ...(exceptions.length ? { Exceptions: exceptions } : {}),
  };
}

type Counts = Record<string, number>;

/** Each metric from a month's figures. Investigations include requests (R5.1 §3.3.4): a download is also one. */
const METRIC_VALUE: Record<ItemMetric, (r: ArticleMonth) => number> = {
  Total_Item_Investigations: (r) => r.views + r.downloads,
  Total_Item_Requests: (r) => r.downloads,
  Unique_Item_Investigations: (r) => r.uniqueInvestigations,
  Unique_Item_Requests: (r) => r.uniqueRequests,
};

/**
 * Non-zero counts per metric and month; a metric with none is left out (COUNTER reports no zero rows). With
 * `totalAt`, every month's count is added up under that one month (granularity=Total: the period's first month).
 */
function performance(rows: ArticleMonth[], metrics: readonly ItemMetric[], totalAt?: string): Partial<Record<ItemMetric, Counts>> {
  const out: Partial<Record<ItemMetric, Counts>> = {};
  for (const metric of metrics) {
    const counts: Counts = {};
    for (const r of rows) {
      const n = METRIC_VALUE[metric](r);
      const key = totalAt ?? r.month;
      if (n > 0) counts[key] = (counts[key] ?? 0) + n;
    }
    if (Object.keys(counts).length) out[metric] = counts;
  }
  return out;
}

const journalItemId = (j: JournalRecord, origin: string) => ({
  ...(j.issnPrint ? { Print_ISSN: j.issnPrint } : {}),
  ...(j.issnOnline ? { Online_ISSN: j.issnOnline } : {}),
  URI: `${origin}/`,
});

/** Where the counts go: each month, or the period's first month for a total. */
const totalAtOf = (req: ReportRequest) => (req.granularity === "Total" ? req.period.first : undefined);

function itemOf(a: ArticleRow, rows: ArticleMonth[], req: ReportRequest, ctx: ReportContext) {
  const perf = performance(rows, req.metrics, totalAtOf(req));
  if (!Object.keys(perf).length) return null;
  const doi = normalizeDoi(a.doi ?? "");
  const date = publicationDateParts(a.publishdate);
  const authors = articleAuthors(a.authorname, a.authorDetails)
    .slice(0, 3)
    .filter((au) => au.name.length >= 2)
    .map((au) => ({ Name: au.name, ...(au.orcid ? { ORCID: au.orcid } : {}) }));
  const attribute: Record<string, unknown> = { Data_Type: "Article" };
  if (req.path === "ir") {
    if (req.attributes.includes("YOP")) attribute.YOP = String(a.year).padStart(4, "0");
    if (req.attributes.includes("Access_Type")) attribute.Access_Type = "Open";
    if (req.attributes.includes("Access_Method")) attribute.Access_Method = "Regular";
  }
  const showAuthors = req.path === "ir_a1" || req.attributes.includes("Authors");
  const showDate = req.path === "ir_a1" || req.attributes.includes("Publication_Date");
  return {
    Item: richTextToPlain(a.title),
    Publisher: ctx.journal.publisher || ctx.journal.name,
    Platform: ctx.journal.name,
    ...(showAuthors && authors.length ? { Authors: authors } : {}),
    ...(showDate && date ? { Publication_Date: date.join("-") } : {}),
    Item_ID: {
      ...(doi && /^10\.[1-9][0-9]{2}[0-9.]*\/.+$/.test(doi) ? { DOI: doi } : {}),
      Proprietary: `${PLATFORM_NS}:${a.refnumber ?? a.id}`,
      URI: `${ctx.origin}${articlePath({ year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" })}`,
    },
    Attribute_Performance: req.path === "ir_a1" ? [{ Access_Type: "Open", Performance: perf }] : [{ ...attribute, Performance: perf }],
  };
}

/** The whole report (Report_Header and Report_Items) for the usage read from D1. */
export function buildReport(
  req: ReportRequest,
  ctx: ReportContext,
  usage: { months: ArticleMonth[]; articles: ArticleRow[] },
): { Report_Header: ReturnType<typeof header>; Report_Items: unknown[] } {
  const byArticle = new Map<number, ArticleMonth[]>();
  for (const r of usage.months) byArticle.set(r.articleId, [...(byArticle.get(r.articleId) ?? []), r]);
  let items: unknown[] = [];
  if (req.path === "ir" || req.path === "ir_a1") {
    const list = usage.articles.map((a) => itemOf(a, byArticle.get(a.id) ?? [], req, ctx)).filter((x) => x !== null);
    if (list.length) {
      const parent = req.path === "ir_a1" || req.includeParent;
      items = parent
        ? [
            {
              Title: ctx.journal.name,
              Item_ID: journalItemId(ctx.journal, ctx.origin),
              ...(req.path === "ir" ? { Data_Type: "Journal" } : {}),
              Items: list,
            },
          ]
        : [{ Items: list }];
    }
  } else if (req.path === "pr" || req.path === "pr_p1") {
    items = platformItems(req, ctx, usage.months);
  } else {
    const perf = performance(usage.months, req.metrics, totalAtOf(req));
    if (Object.keys(perf).length) {
      const attribute: Record<string, unknown> = req.path === "tr_j3" ? { Access_Type: "Open" } : { Data_Type: "Journal" };
      if (req.path === "tr") {
        if (req.attributes.includes("Access_Type")) attribute.Access_Type = "Open";
        if (req.attributes.includes("Access_Method")) attribute.Access_Method = "Regular";
      }
      items = [
        {
          Title: ctx.journal.name,
          Publisher: ctx.journal.publisher || ctx.journal.name,
          Platform: ctx.journal.name,
          Item_ID: journalItemId(ctx.journal, ctx.origin),
          Attribute_Performance: [{ ...attribute, Performance: perf }],
        },
      ];
    }
  }
  const exceptions = [...req.exceptions];
  if (!items.length && !exceptions.some((e) => e.Code === 3031))
    exceptions.push(exception(3030, `${req.period.first} to ${req.period.last}`));
  return { Report_Header: header(req, ctx, exceptions), Report_Items: items };
}

/**
 * The Platform Report's one item: the journal's site, its usage under Data_Type Journal (as the TR counts it, month
 * by month: the same rows summed the same way). Searches are not counted, so there is no Data_Type Platform row
 * (Searches_Platform) and no Database Report (docs/decisions/0312).
 */
function platformItems(req: ReportRequest, ctx: ReportContext, months: ArticleMonth[]): unknown[] {
  const perf = performance(months, req.metrics, totalAtOf(req));
  // COUNTER's schema wants at least two metrics in a Data_Type's Performance; fewer is no usage to report.
  if (Object.keys(perf).length < 2) return [];
  const attribute: Record<string, unknown> = { Data_Type: "Journal" };
  if (req.path === "pr" && req.attributes.includes("Access_Method")) attribute.Access_Method = "Regular";
  return [{ Platform: ctx.journal.name, Attribute_Performance: [{ ...attribute, Performance: perf }] }];
}

/** PR_P1's Metric_Type filter is COUNTER's fixed list, including the metrics this platform has no usage of. */
const PR_P1_METRICS = ["Searches_Platform", "Total_Item_Requests", "Unique_Item_Requests", "Unique_Title_Requests"];

/** Fixed filters of each standard view, as COUNTER lists them in the header. */
export function viewFilters(path: ReportPath, metrics: readonly ItemMetric[]): Record<string, unknown> {
  if (path === "pr_p1") return { Access_Method: ["Regular"], Metric_Type: PR_P1_METRICS };
  if (path === "ir_a1") return { Access_Method: ["Regular"], Data_Type: ["Article"], Metric_Type: [...METRICS_OF.ir_a1] };
  if (path === "tr_j3") return { Access_Method: ["Regular"], Data_Type: ["Journal"], Metric_Type: [...METRICS_OF.tr_j3] };
  return metrics.length < METRICS_OF[path].length ? { Metric_Type: [...metrics] } : {};
}

export const metricsOf = (path: ReportPath) => METRICS_OF[path];
