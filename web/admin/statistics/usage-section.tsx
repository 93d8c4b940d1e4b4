// The dashboard's usage statistics (GET /api/admin/stats): the journal per month, the most read articles and
// every issue, as bar charts, and the monthly COUNTER R5.1 item report to download as TSV or CSV. A help, not the
// page: the dashboard shows without it, and a failure to load says so here only.
import { useEffect, useMemo, useState } from "react";
import type { StatsOverview } from "#contract/stats";
import { adminBlob, adminJson, isAbort, saveBlob } from "../admin-api";
import { BarChart, type Series } from "./bar-chart";
import "./stats.css";
import { apiPath } from "#contract/routes/endpoint";
import { statsApi } from "#contract/routes/statistics";

const VIEWS_COLOR = "#2f5bd3";
const DOWNLOADS_COLOR = "#14a38b";

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

function seriesOf(rows: { views: number; downloads: number }[]): Series[] {
  return [
    { label: "Views", values: rows.map((r) => r.views), color: VIEWS_COLOR },
    { label: "Downloads", values: rows.map((r) => r.downloads), color: DOWNLOADS_COLOR },
  ];
}

function Charts({ overview }: { overview: StatsOverview }) {
  const months = useMemo(
    () => ({ labels: overview.months.map((m) => monthLabel(m.month)), series: seriesOf(overview.months) }),
    [overview],
  );
  const top = useMemo(() => ({ labels: overview.topArticles.map((a) => a.refnumber), series: seriesOf(overview.topArticles) }), [overview]);
  const issues = useMemo(
    () => ({ labels: overview.issues.map((i) => `${i.year} Vol ${i.volume} No ${i.issue}`), series: seriesOf(overview.issues) }),
    [overview],
  );
  return (
    <div className="usage__charts">
      <BarChart title="Journal per month" labels={months.labels} series={months.series} />
      {overview.topArticles.length > 0 && (
        <BarChart
          title="Top articles"
          labels={top.labels}
          series={top.series}
          horizontal
          height={Math.max(160, 34 * overview.topArticles.length + 60)}
        />
      )}
      {overview.issues.length > 0 && <BarChart title="Per issue" labels={issues.labels} series={issues.series} />}
    </div>
  );
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The monthly item report: a month and a format, saved as item-report-YYYY-MM.tsv/.csv. */
function ReportDownload() {
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (format: "tsv" | "csv") => {
    setBusy(true);
    setFailed(false);
    try {
      const blob = await adminBlob(apiPath(statsApi.report, {}, { month, format }));
      saveBlob(blob, `item-report-${month}.${format}`);
    } catch (error) {
      console.error("Item report download failed", error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="usage__report">
      <label className="usage__month">
        <span>Item report (COUNTER R5.1) for</span>
        <input type="month" value={month} max={thisMonth()} min="2000-01" onChange={(e) => setMonth(e.target.value)} required />
      </label>
      <button type="button" className="btn btn--primary" disabled={busy || !month} onClick={() => void download("tsv")}>
        Download TSV
      </button>
      <button type="button" className="btn btn--secondary" disabled={busy || !month} onClick={() => void download("csv")}>
        Download CSV
      </button>
      {failed && (
        <p className="usage__error" role="alert">
          Something went wrong
        </p>
      )}
    </div>
  );
}

export function UsageSection() {
  const [overview, setOverview] = useState<StatsOverview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    adminJson<StatsOverview>(apiPath(statsApi.overview), { signal: abort.signal })
      .then(setOverview)
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        console.error("Loading the usage statistics failed", error);
        setFailed(true);
      });
    return () => abort.abort();
  }, []);
  return (
    <section className="usage" aria-labelledby="usage-title" aria-busy={!overview && !failed}>
      <h2 id="usage-title" className="usage__title">
        Usage statistics
      </h2>
      <p className="usage__note">Views of article pages and PDF downloads, robots and double clicks left out (COUNTER R5.1).</p>
      {failed ? (
        <p className="usage__error">The statistics could not be loaded.</p>
      ) : overview ? (
        <Charts overview={overview} />
      ) : (
        <p className="usage__note">Loading…</p>
      )}
      <ReportDownload />
    </section>
  );
}
