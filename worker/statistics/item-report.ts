// The monthly item report as text tables: one line per article and COUNTER R5.1 metric, the layout of COUNTER's
// tabular reports (Metric_Type and Reporting_Period_Total columns), as CSV (RFC 4180) or TSV.
import { COUNTER_METRICS, type ItemReport } from "#contract/stats";

const COLUMNS = ["Item", "Reference_Number", "Year", "Volume", "Issue", "Metric_Type", "Reporting_Period_Total"];

/** A CSV field: quoted when it holds a comma, quote or line break (quotes doubled). */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
/** A TSV field: tabs and line breaks have no escape in TSV, so they become spaces. */
const tsvField = (v: string) => v.replace(/[\t\r\n]+/g, " ");

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab or CR first: OWASP's CSV injection list) gets a
 * leading apostrophe, which spreadsheets show as text and do not evaluate (issue 38 item 4). Only text cells can
 * start so: the figures are non-negative integers.
 */
export const neutralised = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export function itemReportTable(report: ItemReport, format: "csv" | "tsv"): string {
  const [encode, sep] = format === "csv" ? [csvField, ","] : [tsvField, "\t"];
  const field = (v: string) => encode(neutralised(v));
  const lines = [COLUMNS];
  for (const item of report.items) {
    for (const metric of COUNTER_METRICS) {
      lines.push([item.title, item.refnumber, String(item.year), String(item.volume), String(item.issue), metric, String(item[metric])]);
    }
  }
  return `${lines.map((cells) => cells.map(field).join(sep)).join("\r\n")}\r\n`;
}
