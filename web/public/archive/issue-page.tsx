// /archives/{year}/{vol}/{issue}: 'VOL. x, ISSUE y (year)', a special issue's title, description and date, and the
// issue's articles by page number: one table, or one per section in the journal's order (issue 37 item 5).
import { Link, useParams } from "react-router";
import { ArticleTable } from "../../components/article-table";
import { useT, useTranslator } from "../../lib/i18n";
import { formatDate } from "#contract/i18n/intl-format";
import type { Language } from "#contract/i18n/languages";
import { useJournalName, useSettings } from "../journal-context";
import { coinsTitle } from "#contract/coins";
import { usePageData } from "../../lib/page-data";
import { RichText } from "../../components/rich-text";
import type { ArticleListItem } from "#contract/api";

/** Only the digits of a route parameter count (SPEC §2): "vol12" -> 12. */
export const digitsOf = (raw: string | undefined): number | null => {
  const d = (raw ?? "").replace(/\D+/g, "");
  return d && d.length <= 9 ? Number(d) : null;
};

export function IssuePage() {
  const params = useParams();
  const [year, volume, issue] = [digitsOf(params.year), digitsOf(params.vol), digitsOf(params.issue)];
  const valid = year !== null && volume !== null && issue !== null;
  const { t, lang } = useTranslator();
  const label = valid ? t("issue.label", { year, volume, issue }) : t("issue.notFoundTitle");
  const name = useJournalName();
  const { articles, head, details, sections } = usePageData("issue");
  const settings = useSettings();
  // COinS need absolute addresses: the origin of the page's canonical URL (the same on the server and in the browser).
  const origin = head.canonical ? new URL(head.canonical).origin : "";

  return (
    <article className="page">
      <header className={details?.cover ? "page__header issue-header--cover" : "page__header"}>
        {details?.cover ? <img className="issue-cover" src={details.cover.url} alt={details.cover.alt} width={150} height={200} /> : null}
        <p className="breadcrumb">
          <Link to="/archives">{t("site.nav.archives")}</Link> <span aria-hidden>{t("issue.crumb")}</span> {year ?? ""}
        </p>
        <h1 className="page__title">{label}</h1>
        {details?.title ? <p className="issue-title">{details.title}</p> : null}
        {details?.publishedAt ? (
          <p className="issue-date">
            {t("issue.published")} <time dateTime={details.publishedAt}>{formatIssueDate(details.publishedAt, lang)}</time>
          </p>
        ) : null}
        {details?.description ? <RichText className="page__lead issue-description" html={details.description} /> : null}
      </header>
      {articles === null && <p className="empty">{t("issue.notFound")}</p>}
      {articles && articles.length === 0 && <p className="empty">{t("issue.empty")}</p>}
      {articles && articles.length > 0 && !sections && (
        <ArticleTable articles={articles} journalName={name} caption={t("issue.caption", { issue: label })} />
      )}
      {articles && articles.length > 0 && sections ? (
        <SectionTables articles={articles} sections={sections} label={label} name={name} />
      ) : null}
      {/* One COinS per article, so reference managers offer the whole issue (issue 40 item 6); empty, never seen. */}
      {articles && settings && articles.map((a) => <span key={a.id} className="Z3988" title={coinsTitle(a, settings, origin)} />)}
    </article>
  );
}

/** The table of contents by section (issue 37 item 5): one table per section, numbered on across them. */
function SectionTables(props: {
  articles: ArticleListItem[];
  sections: { title: string; articleIds: number[] }[];
  label: string;
  name: string;
}) {
  const t = useT();
  const byId = new Map(props.articles.map((a) => [a.id, a]));
  let first = 1;
  return (
    <>
      {props.sections.map((section) => {
        const rows = section.articleIds.map((id) => byId.get(id)).filter((a): a is ArticleListItem => a !== undefined);
        const start = first;
        first += rows.length;
        return (
          <section key={section.title} className="issue-section" aria-label={section.title}>
            <h2 className="issue-section__title">{section.title}</h2>
            <ArticleTable
              articles={rows}
              journalName={props.name}
              caption={t("issue.sectionCaption", { section: section.title, issue: props.label })}
              firstNumber={start}
            />
          </section>
        );
      })}
    </>
  );
}

/** "2026-03-15" -> "15 March 2026" in the page's language (the same words on the server and in the browser). */
const formatIssueDate = (iso: string, lang: Language) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : formatDate(lang, d);
};
