// The issue-style article table (issue pages and search results): S.No., Title, Authors Name, Country.
// Each entry carries its Abstract link, a Download link when a file exists, Pages and 'How to cite this article'.
import { Link } from "react-router";
import type { ArticleListItem, ExcerptPart } from "#contract/api";
import { CitationText } from "./citation-text";
import { articlePath, articlePdfPath, citationText, issuePath, splitAuthors } from "../lib/format";
import { useT } from "../lib/i18n";
import { HighlightedExcerpt } from "./highlighted-excerpt";
import { RichText } from "./rich-text";

/** A row: the list fields, plus the highlighted excerpt when the row is a search result. */
type Row = ArticleListItem & { excerpt?: ExcerptPart[] };

export function ArticleTable({
  articles,
  journalName,
  showIssue = false,
  caption,
  firstNumber = 1,
}: {
  articles: Row[];
  journalName: string;
  showIssue?: boolean;
  caption: string;
  /** S.No. of the first row (a later page of results continues the numbering). */
  firstNumber?: number;
}) {
  const t = useT();
  return (
    <div className="table-wrap">
      <table className="article-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="article-table__no">
              {t("list.number")}
            </th>
            <th scope="col">{t("list.title")}</th>
            <th scope="col" className="article-table__authors">
              {t("list.authors")}
            </th>
            <th scope="col" className="article-table__country">
              {t("list.country")}
            </th>
          </tr>
        </thead>
        <tbody>
          {articles.map((a, i) => (
            <tr key={a.id}>
              <td className="article-table__no" data-label={t("list.number")}>
                {firstNumber + i}
              </td>
              <td className="article-table__main" data-label={t("list.title")}>
                <Link to={articlePath(a)} className="article-table__title" dir="auto">
                  <RichText as="span" html={a.title} />
                </Link>
                {a.excerpt && <HighlightedExcerpt parts={a.excerpt} className="article-table__excerpt" />}
                {showIssue && (
                  <p className="article-table__issue">
                    <Link to={issuePath(a)}>{t("issue.label", { year: a.year, volume: a.volume, issue: a.issue })}</Link>
                  </p>
                )}
                <p className="article-table__actions">
                  <Link to={articlePath(a)} className="chip chip--file">
                    {t("list.abstract")}
                  </Link>
                  {a.file_url && (
                    <a href={articlePdfPath(a)} className="chip chip--primary chip--download" download={`${a.refnumber}.pdf`}>
                      {t("list.download")}
                    </a>
                  )}
                  {a.pagenumber && <span className="article-table__pages">{t("list.pages", { pages: a.pagenumber })}</span>}
                </p>
                <p className="article-table__cite">
                  <strong>{t("list.howToCite")}</strong>{" "}
                  <bdi>
                    <CitationText text={citationText(a, journalName)} titleHtml={a.title} />
                  </bdi>
                </p>
              </td>
              <td className="article-table__authors" data-label={t("list.authors")}>
                <bdi>{splitAuthors(a.authorname).join(", ")}</bdi>
              </td>
              <td className="article-table__country" data-label={t("list.country")}>
                {a.country}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
