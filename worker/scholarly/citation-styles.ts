// "How to cite this article" in APA, Vancouver, Harvard and IEEE, rendered from CSL styles by citation-js
// (citeproc-js) on the server: no style is formatted by hand here (docs/decisions/0103-citation-styles.md).
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-csl";
import type { ArticleCitations } from "#contract/api";
import { IEEE_CSL } from "./csl-ieee";
import type { ScholarlyRecord } from "./scholarly-record";

const STYLES: Record<keyof ArticleCitations, string> = {
  apa: "apa",
  vancouver: "vancouver",
  harvard: "harvard1",
  ieee: "journal-edge-ieee",
};

let registered = false;
function registerIeee() {
  if (registered) return;
  plugins.config.get("@csl").styles.add("journal-edge-ieee", IEEE_CSL);
  registered = true;
}

/** The article as CSL-JSON (the input every CSL processor reads). */
export function cslItem(r: ScholarlyRecord): Record<string, unknown> {
  return {
    id: r.refnumber || "article",
    type: "article-journal",
    title: r.title,
    author: r.authors.map((a) => (a.given ? { given: a.given, family: a.family } : { literal: a.family })),
    "container-title": r.journal.name,
    ...(r.journal.abbrev ? { "container-title-short": r.journal.abbrev } : {}),
    volume: String(r.volume),
    issue: String(r.issue),
    ...(r.pages ? { page: r.pages.first === r.pages.last ? r.pages.first : `${r.pages.first}-${r.pages.last}` } : {}),
    issued: { "date-parts": [r.date ? r.date.map(Number) : [r.year]] },
    // Styles print a DOI as a https://doi.org/ link: only one Crossref registered may be printed (issue 40 item 5).
    ...(r.doi && r.doiRegistered ? { DOI: r.doi } : { URL: r.urls.page }),
    ...(r.journal.publisher ? { publisher: r.journal.publisher } : {}),
    ...(r.journal.issns.length ? { ISSN: r.journal.issns[0] } : {}),
  };
}

/** Drops the list number a bibliography style puts first ("1. ", "[1] "): one article is cited, not a list. */
const withoutNumber = (s: string) => s.replace(/^\s*(\[\d+\]|\d+\.)\s*/, "").trim();

export function renderCitations(r: ScholarlyRecord): ArticleCitations {
  registerIeee();
  const cite = new Cite([cslItem(r)]);
  const render = (template: string) => withoutNumber(cite.format("bibliography", { format: "text", template, lang: "en-US" }));
  return {
    apa: render(STYLES.apa),
    vancouver: render(STYLES.vancouver),
    harvard: render(STYLES.harvard),
    ieee: render(STYLES.ieee),
  };
}
