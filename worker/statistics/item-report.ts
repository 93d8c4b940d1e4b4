// The monthly item report as text tables: COUNTER's tabular header block (13 name-value rows, then a blank row 14:
// issue 40 item 4), then one line per article and COUNTER R5.1 metric, the layout of COUNTER's tabular reports
// (Metric_Type and Reporting_Period_Total columns), as CSV (RFC 4180) or TSV.
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

/** Who made the report and when, for the header block. */
export interface ReportMaker {
  createdBy: string;
  now: Date;
}

const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0");
};

/** COUNTER R5.1 §3.2's header rows: the report is for "The World" (open access usage is not per institution). */
function headerRows(report: ItemReport, maker: ReportMaker): string[][] {
  return [
    ["Report_Name", "Item Report"],
    ["Report_ID", "IR"],
    ["Release", "5.1"],
    ["Institution_Name", "The World"],
    ["Institution_ID", "JournalEdge:0000000000000000"],
    ["Metric_Types", report.metrics.join("; ")],
    ["Report_Filters", "Data_Type=Article; Access_Method=Regular"],
    ["Report_Attributes", "Attributes_To_Show=Access_Type"],
    ["Exceptions", report.items.length ? "" : `3030: No Usage Available for Requested Dates (${report.month})`],
    ["Reporting_Period", `Begin_Date=${report.month}-01; End_Date=${report.month}-${lastDay(report.month)}`],
    ["Created", maker.now.toISOString().replace(/\.\d{3}Z$/, "Z")],
    ["Created_By", maker.createdBy],
    ["Registry_Record", ""],
    [],
  ];
}

export function itemReportTable(report: ItemReport, format: "csv" | "tsv", maker: ReportMaker): string {
  const [encode, sep] = format === "csv" ? [csvField, ","] : [tsvField, "\t"];
  const field = (v: string) => encode(neutralised(v));
  const lines = [...headerRows(report, maker), COLUMNS];
  for (const item of report.items) {
    for (const metric of COUNTER_METRICS) {
      lines.push([item.title, item.refnumber, String(item.year), String(item.volume), String(item.issue), metric, String(item[metric])]);
    }
  }
  return `${lines.map((cells) => cells.map(field).join(sep)).join("\r\n")}\r\n`;
}
