// The first HTML of an article (abstract) page: Google Scholar (Highwire Press) citation_* tags, Dublin Core,
// Open Graph, a schema.org ScholarlyArticle JSON-LD block, and the title, authors and abstract as visible
// markup, so crawlers need no JavaScript (see docs/decisions/0041).
import type { ArticleRow, JournalRow } from "../data/schema";
import { richTextToPlain, sanitizeRichText } from "../schemas/rich-text";
import { articleHeadTags, articlePdfPath, citationText, issueLabel, issuePath, splitAuthors } from "./citation";
import { clip, esc } from "./html";
import { journalName } from "./journal-info";
import { scholarlyRecord } from "./scholarly-record";

export interface ArticleHead {
  title: string;
  description: string;
  /** Everything for <head> besides <title>, description and canonical. */
  head: string;
  /** Visible markup for #root. */
  body: string;
}

export function articleHead(a: ArticleRow, journal: JournalRow, origin: string | null): ArticleHead {
  const name = journalName(journal);
  const titleText = richTextToPlain(a.title);
  const abstractText = richTextToPlain(a.abstract);
  const authors = splitAuthors(a.authorname);
  const ref = a.refnumber ?? "";
  const loc = { year: a.year, volume: a.volume, issue: a.issue, refnumber: ref };
  const pdfUrl = a.file ? articlePdfPath(loc) : null;

  const record = scholarlyRecord(a, journal, origin);
  const tags = [articleHeadTags(record)];

  const issueHref = issuePath(loc);
  const body = `<article class="article-view prerendered">
<p class="article-view__issue"><a href="${esc(issueHref)}">${esc(issueLabel(loc))}</a></p>
<h1 class="article-view__title">${sanitizeRichText(a.title)}</h1>
<p class="article-view__authors">${authors.map(esc).join(", ")}</p>
<section class="article-view__abstract"><h2>Abstract</h2><div>${sanitizeRichText(a.abstract)}</div></section>
<dl class="article-view__facts">${a.pagenumber ? `<dt>Pages</dt><dd>${esc(a.pagenumber)}</dd>` : ""}<dt>Reference</dt><dd>${esc(ref)}</dd></dl>
${pdfUrl ? `<p><a class="button" href="${esc(pdfUrl)}">Download PDF</a></p>` : ""}
<p class="article-view__cite"><strong>How to cite this article:</strong> ${esc(citationText(a, name))}</p>
</article>`;

  return {
    title: titleText,
    description: clip(abstractText || `${titleText}. ${authors.join(", ")}.`, 300),
    head: tags.join("\n"),
    body,
  };
}
