// COinS (ContextObjects in Spans, OpenURL 1.0 KEV in a span's title): what reference managers (Zotero, Mendeley)
// read on a page listing several articles, to offer the whole list (issue 40 item 6, docs/decisions/0220). The
// issue page writes one empty <span class="Z3988"> per article. Runtime-neutral.
import { articlePath, pageRange } from "./citation";
import { journalName, issnNumbers } from "./journal-info";
import { richTextToPlain } from "./rich-text";
import { splitAuthors } from "./scholarly";

export interface CoinsArticle {
  refnumber: string;
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
}

export interface CoinsJournal {
  websitename: string;
  formatted_journal_name: string;
  issn: string;
  issn_print?: string;
  issn_online?: string;
}

/** The title attribute of a Z3988 span for one journal article; `origin` makes its address absolute when known. */
export function coinsTitle(a: CoinsArticle, j: CoinsJournal, origin = ""): string {
  const pages = pageRange(a.pagenumber);
  const issn = j.issn_print || j.issn_online || issnNumbers(j.issn)[0] || "";
  const pairs: [string, string][] = [
    ["ctx_ver", "Z39.88-2004"],
    ["rft_val_fmt", "info:ofi/fmt:kev:mtx:journal"],
    ["rft.genre", "article"],
    ["rft.atitle", richTextToPlain(a.title)],
    ["rft.jtitle", journalName(j)],
    ["rft.volume", String(a.volume)],
    ["rft.issue", String(a.issue)],
    ["rft.date", String(a.year)],
    ...(pages
      ? ([
          ["rft.spage", pages.first],
          ["rft.epage", pages.last],
        ] as [string, string][])
      : []),
    ...(issn ? ([["rft.issn", issn]] as [string, string][]) : []),
    ...splitAuthors(a.authorname).map((au): [string, string] => ["rft.au", au]),
    ["rft_id", `${origin}${articlePath(a)}`],
  ];
  return pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}
