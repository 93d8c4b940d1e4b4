// A COUNTER_SUSHI report request read from its query (issue 46, docs/decisions/0313): dates, filters and attributes
// as COUNTER's 5.1 API names them, each list bounded and checked against the values the report has. What cannot be
// honoured is reported as the Exception COUNTER gives it and otherwise ignored (Appendix D): unknown parameters
// 3050, filter values 3060, attribute values 3062, component details 3063.
import {
  ITEM_METRICS,
  exception,
  granularityOf,
  isMasterReport,
  lastCompleteMonth,
  metricsOf,
  monthOf,
  viewFilters,
  type ItemMetric,
  type ReportPath,
  type ReportRequest,
  type SushiException,
} from "./sushi";

/** At most this many values of one pipe-separated parameter are read (COUNTER's longest list has 13). */
export const MAX_LIST_VALUES = 20;
/** At most this many characters of a value are repeated in an Exception's Data. */
const MAX_ECHO = 40;
/** At most this many names are listed in one Exception's Data. */
const MAX_LISTED = 10;

/** Parameters every authenticated path takes. */
const COMMON = ["customer_id", "requestor_id", "api_key", "platform"];
const DATES = ["begin_date", "end_date"];
/** The parameters COUNTER's OpenAPI document gives each report's path. */
const PARAMS: Record<ReportPath, string[]> = {
  pr: [
    ...DATES,
    "metric_type",
    "data_type",
    "access_method",
    "attributes_to_show",
    "granularity",
    "attributed",
    "country_code",
    "subdivision_code",
  ],
  pr_p1: DATES,
  ir: [
    ...DATES,
    ...["metric_type", "data_type", "access_method", "access_type", "yop", "attributes_to_show", "granularity"],
    ...["include_parent_details", "include_component_details", "item_id", "author", "attributed", "country_code", "subdivision_code"],
  ],
  ir_a1: DATES,
  tr: [
    ...DATES,
    ...["metric_type", "data_type", "access_method", "access_type", "yop", "attributes_to_show", "granularity", "item_id"],
    ...["attributed", "country_code", "subdivision_code"],
  ],
  tr_j3: DATES,
};
/** Filters COUNTER defines that this platform cannot apply (no per-item or per-year selection, no attribution). */
const UNSUPPORTED_FILTERS = ["yop", "item_id", "author", "attributed", "country_code", "subdivision_code"];

/** The attribute names COUNTER allows in attributes_to_show, and the ones this platform fills. */
const ATTRIBUTES: Record<"pr" | "ir" | "tr", { counter: string[]; filled: string[] }> = {
  pr: {
    counter: [
      "Access_Method",
      "Institution_Name",
      "Customer_ID",
      "Country_Name",
      "Country_Code",
      "Subdivision_Name",
      "Subdivision_Code",
      "Attributed",
    ],
    filled: ["Access_Method"],
  },
  ir: {
    counter: [
      ...["YOP", "Access_Type", "Access_Method", "Authors", "Publication_Date", "Article_Version", "Institution_Name", "Customer_ID"],
      ...["Country_Name", "Country_Code", "Subdivision_Name", "Subdivision_Code", "Attributed"],
    ],
    filled: ["YOP", "Access_Type", "Access_Method", "Authors", "Publication_Date"],
  },
  tr: {
    counter: [
      ...["YOP", "Access_Type", "Access_Method", "Institution_Name", "Customer_ID", "Country_Name", "Country_Code"],
      ...["Subdivision_Name", "Subdivision_Code", "Attributed", "Book_Segment_Count"],
    ],
    filled: ["YOP", "Access_Type", "Access_Method"],
  },
};

/** The metric types COUNTER allows in each master report (the ones not counted here have no usage). */
const COUNTER_METRICS: Record<"pr" | "ir" | "tr", string[]> = {
  pr: ["Searches_Platform", ...ITEM_METRICS, "Unique_Title_Investigations", "Unique_Title_Requests"],
  tr: [...ITEM_METRICS, "Unique_Title_Investigations", "Unique_Title_Requests", "Limit_Exceeded", "No_License"],
  ir: [...ITEM_METRICS, "Limit_Exceeded", "No_License"],
};

/** The one value of each fixed filter that this platform's usage has. */
const OWN_VALUES: Record<"data_type" | "access_method" | "access_type", (path: ReportPath) => string> = {
  data_type: (path) => (path === "ir" ? "Article" : "Journal"),
  access_method: () => "Regular",
  access_type: () => "Open",
};
const FILTER_NAMES = { data_type: "Data_Type", access_method: "Access_Method", access_type: "Access_Type" } as const;

/** A request refused whole: its Exception and HTTP status. */
export class SushiRequestError extends Error {
  constructor(
    readonly status: 400,
    readonly body: SushiException,
  ) {
    super(body.Message);
  }
}

const echo = (value: string) => (value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value);

/** Names for an Exception's Data: the first few, each cut short, and how many more there were. */
export function listed(values: string[]): string {
  const shown = values.slice(0, MAX_LISTED).map(echo).join("; ");
  return values.length > MAX_LISTED ? `${shown}; and ${values.length - MAX_LISTED} more` : shown;
}

/** A pipe-separated parameter's distinct values, at most MAX_LIST_VALUES of them (an Exception says when more). */
function listParam(q: URLSearchParams, name: string, code: 3060 | 3062, exceptions: SushiException[]): string[] | null {
  const raw = q.get(name);
  if (raw === null || raw.trim() === "") return null;
  const values = [
    ...new Set(
      raw
        .split("|")
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length > MAX_LIST_VALUES)
    exceptions.push(exception(code, `${name}: ${values.length} values; only the first ${MAX_LIST_VALUES} were read`));
  return values.slice(0, MAX_LIST_VALUES);
}

export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The request for `path`, or SushiRequestError for missing or invalid dates (1030, 3020). */
export function readReportRequest(path: ReportPath, url: URL, now: Date): ReportRequest {
  const q = url.searchParams;
  const [beginRaw, endRaw] = [q.get("begin_date") ?? "", q.get("end_date") ?? ""];
  if (!beginRaw || !endRaw) throw new SushiRequestError(400, exception(1030, "begin_date and end_date are required"));
  const [first, last] = [monthOf(beginRaw), monthOf(endRaw)];
  if (!first || !last || first > last)
    throw new SushiRequestError(400, exception(3020, `begin_date ${echo(beginRaw)}, end_date ${echo(endRaw)}`));
  const exceptions: SushiException[] = [];
  const unknown = [...new Set(q.keys())].filter((n) => !COMMON.includes(n) && !PARAMS[path].includes(n));
  if (unknown.length) exceptions.push(exception(3050, listed(unknown)));
  // Months not over yet are not reported (their usage may still change): Exception 3031 names them.
  const ready = lastCompleteMonth(now);
  if (last > ready) exceptions.push(exception(3031, `${first > ready ? first : nextMonth(ready)} to ${last}`));

  const filters: Record<string, unknown> = {};
  let metrics: readonly ItemMetric[] = metricsOf(path);
  if (isMasterReport(path)) {
    const asked = listParam(q, "metric_type", 3060, exceptions);
    if (asked) {
      const valid = asked.filter((m) => COUNTER_METRICS[path].includes(m));
      const invalid = asked.filter((m) => !COUNTER_METRICS[path].includes(m));
      if (invalid.length) exceptions.push(exception(3060, `metric_type: ${listed(invalid)}`));
      if (valid.length) {
        metrics = ITEM_METRICS.filter((m) => valid.includes(m));
        if (valid.length < COUNTER_METRICS[path].length) filters.Metric_Type = valid;
      }
    }
    const fixed: (keyof typeof OWN_VALUES)[] =
      path === "pr" ? ["data_type", "access_method"] : ["data_type", "access_method", "access_type"];
    for (const name of fixed) {
      const values = listParam(q, name, 3060, exceptions);
      if (!values) continue;
      const own = OWN_VALUES[name](path);
      const others = values.filter((v) => v !== own);
      // A value the platform has no usage of is one it does not support (3060): ignored, as COUNTER says.
      if (others.length) exceptions.push(exception(3060, `${name}: ${listed(others)} (this platform has ${own} usage only)`));
      if (values.includes(own)) filters[FILTER_NAMES[name]] = [own];
    }
    const notApplied = UNSUPPORTED_FILTERS.filter((name) => PARAMS[path].includes(name) && (q.get(name) ?? "") !== "");
    if (notApplied.length) exceptions.push(exception(3060, `${listed(notApplied)}: not supported by this platform, ignored`));
  }

  const attributes: string[] = [];
  let granularity: ReportRequest["granularity"] = "Month";
  let includeParent = false;
  if (isMasterReport(path)) {
    const shown = listParam(q, "attributes_to_show", 3062, exceptions) ?? [];
    const { counter, filled } = ATTRIBUTES[path];
    const invalid = shown.filter((a) => !counter.includes(a));
    const unfilled = shown.filter((a) => counter.includes(a) && !filled.includes(a));
    if (invalid.length) exceptions.push(exception(3062, `attributes_to_show: ${listed(invalid)}`));
    if (unfilled.length) exceptions.push(exception(3062, `attributes_to_show: ${listed(unfilled)} (no such data on this platform)`));
    attributes.push(...shown.filter((a) => filled.includes(a)));
    const asked = q.get("granularity");
    const g = granularityOf(asked);
    if (g) granularity = g;
    else exceptions.push(exception(3062, `granularity: ${echo(asked ?? "")} (Month or Total; reported by month)`));
  }
  if (path === "ir") {
    const parent = q.get("include_parent_details");
    if (parent !== null && !/^(true|false)$/i.test(parent)) exceptions.push(exception(3062, `include_parent_details: ${echo(parent)}`));
    includeParent = (parent ?? "").toLowerCase() === "true";
    if ((q.get("include_component_details") ?? "").toLowerCase() === "true") exceptions.push(exception(3063));
  }
  Object.assign(filters, viewFilters(path, metrics), filters);
  return {
    path,
    period: { first, last },
    metrics,
    attributes,
    includeParent,
    exceptions,
    filters,
    granularity,
  };
}
