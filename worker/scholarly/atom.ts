// The journal's Atom 1.0 feed (RFC 4287) of its latest public articles.
import type { JournalRecord, ScholarlyRecord } from "./scholarly-record";
import { XML_DECLARATION, el, attrsOf } from "../core/xml";
import { doiUrl } from "#contract/scholarly";

export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** An RFC 3339 timestamp from a stored ISO timestamp or date ("2024-03-15" -> "2024-03-15T00:00:00Z"). */
function rfc3339(value: string): string {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /^\d{4}$/.test(value) ? `${value}-01-01T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? "1970-01-01T00:00:00Z" : d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function atomFeed(journal: JournalRecord, origin: string, records: ScholarlyRecord[]): string {
  const self = `${origin}/feed.xml`;
  const updated = records.reduce((max, r) => (rfc3339(r.modified) > max ? rfc3339(r.modified) : max), "1970-01-01T00:00:00Z");
  const entries = records.map((r) => {
    const authors = r.authors
      .map((a) => `<author>${el("name", a.name)}${a.orcid ? el("uri", `https://orcid.org/${a.orcid}`) : ""}</author>`)
      .join("");
    return [
      "<entry>",
      el("id", r.doi ? doiUrl(r.doi) : r.urls.page),
      el("title", r.title),
      authors,
      `<link${attrsOf({ rel: "alternate", type: "text/html", href: r.urls.page })}/>`,
      r.urls.pdf ? `<link${attrsOf({ rel: "related", type: "application/pdf", href: r.urls.pdf })}/>` : "",
      el("published", rfc3339(r.isoDate)),
      el("updated", rfc3339(r.modified)),
      el("summary", r.abstract, { type: "text" }),
      ...r.keywords.map((k) => `<category${attrsOf({ term: k })}/>`),
      "</entry>",
    ].join("");
  });
  return [
    XML_DECLARATION,
    `<feed xmlns="http://www.w3.org/2005/Atom"${attrsOf({ "xml:lang": journal.language })}>`,
    el("id", self),
    el("title", journal.name),
    el("subtitle", `Latest articles published in ${journal.name}`),
    `<link${attrsOf({ rel: "self", type: "application/atom+xml", href: self })}/>`,
    `<link${attrsOf({ rel: "alternate", type: "text/html", href: `${origin}/` })}/>`,
    el("updated", updated),
    journal.publisher ? `<author>${el("name", journal.publisher)}</author>` : `<author>${el("name", journal.name)}</author>`,
    el("rights", `${journal.license.label} (${journal.license.url})`),
    el("generator", "journal-edge"),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
