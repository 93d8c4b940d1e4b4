// The issue-style article table (issue pages and search results): S.No., Title, Authors Name, Country.
// Each entry carries its Abstract link, a Download link when a file exists, Pages and 'How to cite this article'.
import { Link } from "react-router";
import type { ArticleListItem, ExcerptPart } from "#contract/api";
import { CitationText } from "./citation-text";
import { articlePath, articlePdfPath, citationText, issueLabel, issuePath, splitAuthors } from "../lib/format";
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
  return (
    <div className="table-wrap">
      <table className="article-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="article-table__no">
              S.No.
            </th>
            <th scope="col">Title</th>
            <th scope="col" className="article-table__authors">
              Authors Name
            </th>
            <th scope="col" className="article-table__country">
              Country
            </th>
          </tr>
        </thead>
        <tbody>
          {articles.map((a, i) => (
            <tr key={a.id}>
              <td className="article-table__no" data-label="S.No.">
                {firstNumber + i}
              </td>
              <td className="article-table__main" data-label="Title">
                <Link to={articlePath(a)} className="article-table__title">
                  <RichText as="span" html={a.title} />
                </Link>
                {a.excerpt && <HighlightedExcerpt parts={a.excerpt} className="article-table__excerpt" />}
                {showIssue && (
                  <p className="article-table__issue">
                    <Link to={issuePath(a)}>{issueLabel(a)}</Link>
                  </p>
                )}
                <p className="article-table__actions">
                  <Link to={articlePath(a)} className="chip chip--file">
                    Abstract
                  </Link>
                  {a.file_url && (
                    <a href={articlePdfPath(a)} className="chip chip--primary chip--download" download={`${a.refnumber}.pdf`}>
                      Download
                    </a>
                  )}
                  {a.pagenumber && <span className="article-table__pages">Pages: {a.pagenumber}</span>}
                </p>
                <p className="article-table__cite">
                  <strong>How to cite this article:</strong> <CitationText text={citationText(a, journalName)} titleHtml={a.title} />
                </p>
              </td>
              <td className="article-table__authors" data-label="Authors Name">
                {splitAuthors(a.authorname).join(", ")}
              </td>
              <td className="article-table__country" data-label="Country">
                {a.country}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
