// /archives: one frame per year titled '{year} ISSUES', with a link 'VOL. {volume} : ISSUE {n}' for each issue
// number 1..total_issues (SPEC §2).
import { Link } from "react-router";
import type { ArchiveYear } from "../../worker/schemas/api";
import { Loading } from "../components/loading";
import { useApi } from "../lib/api";
import { issuePath } from "../lib/format";
import { usePageTitle } from "./journal-context";

export function ArchivesPage() {
  usePageTitle("Archives");
  const { data, loading } = useApi<ArchiveYear[]>("/api/archives/");
  const years = new Map<number, ArchiveYear[]>();
  for (const row of data ?? []) years.set(row.year, [...(years.get(row.year) ?? []), row]);

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">Archives</h1>
      </header>
      {loading && <Loading lines={6} />}
      {data && data.length === 0 && <p className="empty">No issues have been published yet.</p>}
      <div className="year-frames">
        {[...years.entries()].map(([year, rows]) => (
          <section key={year} className="year-frame" aria-labelledby={`year-${year}`}>
            <h2 id={`year-${year}`} className="year-frame__title">
              {year} ISSUES
            </h2>
            <ul className="year-frame__issues">
              {rows.flatMap((r) =>
                Array.from({ length: r.total_issues }, (_, i) => i + 1).map((n) => (
                  <li key={`${r.volume}-${n}`}>
                    <Link to={issuePath({ year, volume: r.volume, issue: n })}>
                      VOL. {r.volume} : ISSUE {n}
                    </Link>
                  </li>
                )),
              )}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
