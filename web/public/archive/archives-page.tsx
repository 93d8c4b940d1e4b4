// /archives: one frame per year titled '{year} ISSUES', with a link 'VOL. {volume} : ISSUE {n}' for each issue
// number 1..total_issues (SPEC §2).
import { Link } from "react-router";
import type { ArchiveYear } from "#contract/api";
import { issuePath } from "../../lib/format";
import { usePageData } from "../../lib/page-data";
import { useT } from "../../lib/i18n";

/** One frame per year with a link to every issue (the archives page and the home page). */
export function YearFrames({
  archives,
  headingLevel = 2,
  covers = [],
}: {
  archives: ArchiveYear[];
  headingLevel?: 2 | 3;
  /** Issues with a cover image: shown beside their link (the archives page). */
  covers?: { year: number; volume: number; issue: number; url: string; alt: string }[];
}) {
  const t = useT();
  const coverOf = (year: number, volume: number, issue: number) =>
    covers.find((c) => c.year === year && c.volume === volume && c.issue === issue);
  const years = new Map<number, ArchiveYear[]>();
  for (const row of archives) years.set(row.year, [...(years.get(row.year) ?? []), row]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="year-frames">
      {[...years.entries()].map(([year, rows]) => (
        <section key={year} className="year-frame" aria-labelledby={`year-${year}`}>
          <Heading id={`year-${year}`} className="year-frame__title">
            {t("archives.yearIssues", { year })}
          </Heading>
          <ul className="year-frame__issues">
            {rows.flatMap((r) =>
              Array.from({ length: r.total_issues }, (_, i) => i + 1).map((n) => {
                const cover = coverOf(year, r.volume, n);
                return (
                  <li key={`${r.volume}-${n}`} className={cover ? "year-frame__issue--cover" : undefined}>
                    {cover ? <img className="issue-cover-thumb" src={cover.url} alt={cover.alt} width={60} height={80} /> : null}
                    <Link to={issuePath({ year, volume: r.volume, issue: n })}>
                      {t("archives.issueLink", { volume: r.volume, issue: n })}
                    </Link>
                  </li>
                );
              }),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function ArchivesPage() {
  const { archives, covers } = usePageData("archives");
  const t = useT();
  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("archives.title")}</h1>
      </header>
      {archives.length === 0 && <p className="empty">{t("archives.empty")}</p>}
      <YearFrames archives={archives} covers={covers} />
    </article>
  );
}
