// /archives/{year}/{vol}/{issue}: 'VOL. x, ISSUE y (year)' and the issue's articles, by page number.
import { Link, useParams } from "react-router";
import type { IssueArticles } from "../../worker/schemas/api";
import { ArticleTable } from "../components/article-table";
import { Loading } from "../components/loading";
import { useApi } from "../lib/api";
import { issueLabel } from "../lib/format";
import { useJournalName, usePageTitle } from "./journal-context";

/** Only the digits of a route parameter count (SPEC §2): "vol12" -> 12. */
export const digitsOf = (raw: string | undefined): number | null => {
  const d = (raw ?? "").replace(/\D+/g, "");
  return d && d.length <= 9 ? Number(d) : null;
};

export function IssuePage() {
  const params = useParams();
  const [year, volume, issue] = [digitsOf(params.year), digitsOf(params.vol), digitsOf(params.issue)];
  const valid = year !== null && volume !== null && issue !== null;
  const label = valid ? issueLabel({ year, volume, issue }) : "Issue not found";
  usePageTitle(label);
  const name = useJournalName();
  const { data, loading, error } = useApi<IssueArticles>(valid ? `/api/archives/${year}/${volume}/${issue}` : null);

  return (
    <article className="page">
      <header className="page__header">
        <p className="breadcrumb">
          <Link to="/archives">Archives</Link> <span aria-hidden>›</span> {year ?? ""}
        </p>
        <h1 className="page__title">{label}</h1>
      </header>
      {loading && <Loading lines={8} />}
      {(!valid || error?.status === 404) && <p className="empty">This issue was not found.</p>}
      {data && data.articles.length === 0 && <p className="empty">No articles have been published in this issue yet.</p>}
      {data && data.articles.length > 0 && <ArticleTable articles={data.articles} journalName={name} caption={`Articles in ${label}`} />}
    </article>
  );
}
