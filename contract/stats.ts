// Usage statistics: the public figures' shape, the admin overview and the COUNTER R5.1 item report
// (docs/statistics.md). Runtime-neutral: the Worker fills these, web/ reads them.
import { z } from "zod";

/** GET /api/stats/articles/{refnumber}: a contract other tools use. views = article page views, downloads = PDF
 * downloads, both after robots and double clicks are taken out. */
export interface PublicArticleFigures {
  views: number;
  downloads: number;
}

/** One article's figures as staff see them (the article's edit page). */
export interface ArticleFigures extends PublicArticleFigures {
  uniqueInvestigations: number;
  uniqueRequests: number;
  certificates: number;
  coverPages: number;
}

export interface MonthFigures {
  /** YYYY-MM */
  month: string;
  views: number;
  downloads: number;
}

export interface TopArticle {
  id: number;
  refnumber: string;
  title: string;
  views: number;
  downloads: number;
}

export interface IssueFigures {
  year: number;
  volume: number;
  issue: number;
  views: number;
  downloads: number;
}

/** GET /api/admin/stats: the dashboard's charts (the last 12 months, the top 10 articles, every issue). */
export interface StatsOverview {
  months: MonthFigures[];
  topArticles: TopArticle[];
  issues: IssueFigures[];
}

/** COUNTER R5.1 metric names, in the order the item report lists them. Investigations include Requests. */
export const COUNTER_METRICS = [
  "Total_Item_Investigations",
  "Unique_Item_Investigations",
  "Total_Item_Requests",
  "Unique_Item_Requests",
] as const;
export type CounterMetric = (typeof COUNTER_METRICS)[number];

/** One article's line of the monthly item report. */
export interface ItemReportRow extends Record<CounterMetric, number> {
  refnumber: string;
  title: string;
  year: number;
  volume: number;
  issue: number;
}

/** GET /api/admin/stats/report?month=YYYY-MM&format=json */
export interface ItemReport {
  month: string;
  metrics: typeof COUNTER_METRICS;
  items: ItemReportRow[];
}

export const REPORT_FORMATS = ["json", "csv", "tsv"] as const;

/** The report's query: a month (YYYY-MM, from 2000 on) and a format (json by default). */
export const itemReportQuerySchema = z.object({
  month: z.string().regex(/^(2\d{3})-(0[1-9]|1[0-2])$/, "month must be YYYY-MM"),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type ItemReportQuery = z.infer<typeof itemReportQuerySchema>;
