// The stored full text as the article page shows it (issue 51 item 3): each table in a focusable, labelled region
// that scrolls sideways on a narrow screen, footnotes under their own heading with a link back to where each is
// cited, pictures loaded lazily. String rewrites of the sanitizer's well-formed output (contract/fulltext-html.ts);
// the labels come from the page's message catalog.
import { escapeHtml } from "./rich-text";

export interface ReaderLabels {
  notes: string;
  backToText: string;
}

export function readerFulltextHtml(html: string, labels: ReaderLabels): string {
  const back = escapeHtml(labels.backToText);
  return html
    .replace(
      /<table id="(tab\d+)">(\s*<caption)>/g,
      '<div class="fulltext__table" role="region" tabindex="0" aria-labelledby="$1-caption"><table id="$1">$2 id="$1-caption">',
    )
    .replace(
      /<table id="(tab\d+)">(?!\s*<caption)/g,
      '<div class="fulltext__table" role="region" tabindex="0" aria-label="$1"><table id="$1">',
    )
    .replace(/<table>/g, '<div class="fulltext__table" role="region" tabindex="0" aria-label="table"><table>')
    .replace(/<\/table>/g, "</table></div>")
    .replace(/<img /g, '<img loading="lazy" decoding="async" ')
    .replace(
      /<aside class="footnotes">/,
      `<aside class="footnotes" aria-labelledby="notes-title"><h2 id="notes-title">${escapeHtml(labels.notes)}</h2>`,
    )
    .replace(/<li id="fn(\d+)">([\s\S]*?)<\/li>/g, (_, n: string, body: string) => {
      const link = ` <a href="#fnref${n}" class="fn-back" aria-label="${back} ${n}">↩</a>`;
      const at = body.lastIndexOf("</p>");
      return `<li id="fn${n}">${at >= 0 ? `${body.slice(0, at)}${link}${body.slice(at)}` : `${body}${link}`}</li>`;
    });
}

/** Which references the full text cites (ids cite{n} mark the first citation of reference n). */
export function citedReferences(html: string): Set<number> {
  return new Set([...html.matchAll(/id="cite(\d+)"/g)].map((m) => Number(m[1])));
}
