// /archives/{year}/{vol}/{issue}: 'VOL. x, ISSUE y (year)' and the issue's articles, by page number.
import { Link, useParams } from "react-router";
import { ArticleTable } from "../../components/article-table";
import { issueLabel } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { coinsTitle } from "#contract/coins";
import { usePageData } from "../../lib/page-data";

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
  const name = useJournalName();
  const { articles, head } = usePageData("issue");
  const settings = useSettings();
  // COinS need absolute addresses: the origin of the page's canonical URL (the same on the server and in the browser).
  const origin = head.canonical ? new URL(head.canonical).origin : "";

  return (
    <article className="page">
      <header className="page__header">
        <p className="breadcrumb">
          <Link to="/archives">Archives</Link> <span aria-hidden>›</span> {year ?? ""}
        </p>
        <h1 className="page__title">{label}</h1>
      </header>
      {articles === null && <p className="empty">This issue was not found.</p>}
      {articles && articles.length === 0 && <p className="empty">No articles have been published in this issue yet.</p>}
      {articles && articles.length > 0 && <ArticleTable articles={articles} journalName={name} caption={`Articles in ${label}`} />}
      {/* One COinS per article, so reference managers offer the whole issue (issue 40 item 6); empty, never seen. */}
      {articles && settings && articles.map((a) => <span key={a.id} className="Z3988" title={coinsTitle(a, settings, origin)} />)}
    </article>
  );
}
