// JATS 1.3 Journal Publishing XML of one article (issue 40 item 1, docs/decisions/0220): front matter (journal,
// identifiers, title, authors with affiliations and ORCID iDs, publication date, volume, issue, pages, licence,
// abstract, keywords, funding) and the references as mixed citations. Served next to the article page as
// `{page}.xml`, and in OAI-PMH as the `jats` format, where the same article is qualified by the namespace of
// Crossref's namespaced JATS 1.3 schema (OAI-PMH only carries namespace-qualified metadata).
import { orcidUrl } from "#contract/scholarly";
import { faceMarkup, faceParagraphs } from "./face-markup";
import { FACES, jatsAffiliation, jatsBack, jatsFulltext } from "./jats-fulltext";
import type { ScholarlyRecord } from "./scholarly-record";
import { XML_DECLARATION, attrsOf, el, xmlText } from "../core/xml";

/** OAI-PMH's `jats` format: Crossref's namespaced JATS 1.3 (its schema validates it unchanged). */
export const JATS_OAI = {
  prefix: "jats",
  schema: "https://www.crossref.org/schemas/JATS-journalpublishing1-3d2-mathml3.xsd",
  namespace: "http://www.ncbi.nlm.nih.gov/JATS1",
};

export const JATS_TYPE = "application/xml; charset=utf-8";

function journalMeta(r: ScholarlyRecord): string {
  const j = r.journal;
  return [
    "<journal-meta>",
    el("journal-id", j.abbrev || j.name, { "journal-id-type": "publisher-id" }),
    `<journal-title-group>${el("journal-title", j.name)}${el("abbrev-journal-title", j.abbrev, { "abbrev-type": "publisher" })}</journal-title-group>`,
    el("issn", j.issnPrint, { "publication-format": "print" }),
    el("issn", j.issnOnline, { "publication-format": "electronic" }),
    j.publisher ? `<publisher>${el("publisher-name", j.publisher)}</publisher>` : "",
    "</journal-meta>",
  ].join("");
}

/** Authors, each pointing at its affiliation (one <aff> per distinct affiliation, in order of first use). */
function contributors(r: ScholarlyRecord): string {
  if (!r.authors.length) return "";
  // One <aff> per affiliation and ROR id: the same text with two different ids is two institutions.
  const affs: { text: string; ror: string }[] = [];
  const contribs = r.authors.map((a) => {
    let aff = "";
    if (a.affiliation) {
      const ror = a.ror ?? "";
      let n = affs.findIndex((x) => x.text === a.affiliation && x.ror === ror);
      if (n < 0) n = affs.push({ text: a.affiliation, ror }) - 1;
      aff = `<xref${attrsOf({ "ref-type": "aff", rid: `aff${n + 1}` })}>${n + 1}</xref>`;
    }
    const orcid = a.orcid ? el("contrib-id", orcidUrl(a.orcid), { "contrib-id-type": "orcid", authenticated: "false" }) : "";
    const name = a.given
      ? `<name>${el("surname", a.family)}${el("given-names", a.given)}</name>`
      : `<string-name>${xmlText(a.name)}</string-name>`;
    return `<contrib contrib-type="author">${orcid}${name}${aff}</contrib>`;
  });
  const affXml = affs.map((x, i) => jatsAffiliation(x.text, i + 1, x.ror));
  return `<contrib-group>${contribs.join("")}</contrib-group>${affXml.join("")}`;
}

function pubDate(r: ScholarlyRecord): string {
  const [y, m, d] = r.date ?? [String(r.year), "", ""];
  const iso = r.date ? r.date.join("-") : String(r.year);
  return `<pub-date${attrsOf({ "publication-format": "electronic", "date-type": "pub", "iso-8601-date": iso })}>${el("day", d)}${el("month", m)}${el("year", y)}</pub-date>`;
}

function permissions(r: ScholarlyRecord): string {
  const l = r.license;
  return [
    "<permissions>",
    // The journals are open access: free to read from publication.
    "<ali:free_to_read/>",
    `<license${attrsOf({ "xlink:href": l.url })}>${el("ali:license_ref", l.url)}<license-p>This article is distributed under the ${xmlText(l.label)} licence: ${el("ext-link", l.url, { "ext-link-type": "uri", "xlink:href": l.url })}.</license-p></license>`,
    "</permissions>",
  ].join("");
}

function funding(r: ScholarlyRecord): string {
  if (!r.funding.length) return "";
  // A funder with its Funder ID: institution-wrap with the Open Funder Registry's DOI (JATS4R's funding recommendation).
  const source = (f: ScholarlyRecord["funding"][number]) =>
    f.funderId
      ? `<funding-source><institution-wrap>${el("institution", f.funder)}${el("institution-id", f.funderId, {
          "institution-id-type": "doi",
          vocab: "open-funder-registry",
          "vocab-identifier": "10.13039/open_funder_registry",
        })}</institution-wrap></funding-source>`
      : el("funding-source", f.funder);
  const groups = r.funding.map((f) => `<award-group>${source(f)}${el("award-id", f.award)}</award-group>`);
  return `<funding-group>${groups.join("")}</funding-group>`;
}

function articleMeta(r: ScholarlyRecord): string {
  return [
    "<article-meta>",
    el("article-id", r.refnumber, { "pub-id-type": "publisher-id" }),
    el("article-id", r.doi, { "pub-id-type": "doi" }),
    titleGroup(r),
    contributors(r),
    pubDate(r),
    el("volume", r.volume),
    el("issue", r.issue),
    r.pages ? `${el("fpage", r.pages.first)}${el("lpage", r.pages.last)}` : "",
    permissions(r),
    el("self-uri", r.urls.page, { "xlink:href": r.urls.page }),
    r.urls.pdf ? el("self-uri", r.urls.pdf, { "content-type": "pdf", "xlink:href": r.urls.pdf }) : "",
    abstracts(r),
    keywordGroups(r),
    funding(r),
    "</article-meta>",
  ].join("");
}

// ---- Front matter in several languages (issue 50 item 4): kept in functions of their own. ----------------------

/** <title-group>: the article's title, then one <trans-title-group xml:lang> per other language version. */
function titleGroup(r: ScholarlyRecord): string {
  const trans = r.versions
    .filter((v) => v.title)
    .map(
      (v) =>
        `<trans-title-group${attrsOf({ "xml:lang": v.lang })}><trans-title>${faceMarkup(v.titleHtml, FACES)}</trans-title></trans-title-group>`,
    );
  return `<title-group><article-title>${faceMarkup(r.titleHtml, FACES)}</article-title>${trans.join("")}</title-group>`;
}

/** <abstract> in the article's language, then a <trans-abstract xml:lang> per other version that has one. */
function abstracts(r: ScholarlyRecord): string {
  const paras = (html: string) => faceParagraphs(html, FACES).map((p) => `<p>${p}</p>`);
  const main = paras(r.abstractHtml);
  const trans = r.versions
    .map((v) => ({ lang: v.lang, p: paras(v.abstractHtml) }))
    .filter((v) => v.p.length)
    .map((v) => `<trans-abstract${attrsOf({ "xml:lang": v.lang })}>${v.p.join("")}</trans-abstract>`);
  return (main.length ? `<abstract>${main.join("")}</abstract>` : "") + trans.join("");
}

/** One <kwd-group xml:lang> per language that has keywords, the article's own first. */
function keywordGroups(r: ScholarlyRecord): string {
  const groups = [{ lang: r.language, keywords: r.keywords }, ...r.versions].filter((g) => g.keywords.length);
  // A one-language article's group is as it was; with other versions each group names its language.
  const langOf = (lang: string): Record<string, string> => (r.versions.length ? { "xml:lang": lang } : {});
  return groups
    .map(
      (g) =>
        `<kwd-group${attrsOf({ "kwd-group-type": "author", ...langOf(g.lang) })}>${g.keywords.map((k) => el("kwd", k)).join("")}</kwd-group>`,
    )
    .join("");
}

/** The <article> element; `namespace` qualifies it (OAI-PMH), the standalone file has none (as JATS 1.3 has none). */
export function jatsArticleElement(r: ScholarlyRecord, namespace?: string): string {
  const attrs = attrsOf({
    ...(namespace ? { xmlns: namespace } : {}),
    // The standalone file declares JATS 1.3 (issue 51); Crossref's namespaced schema (OAI-PMH) knows its drafts only.
    ...(namespace ? {} : { "dtd-version": "1.3" }),
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    "xmlns:mml": "http://www.w3.org/1998/Math/MathML",
    "xmlns:ali": "http://www.niso.org/schemas/ali/1.0/",
    "article-type": "research-article",
    "xml:lang": r.language,
  });
  const origin = /^https?:\/\/[^/]+/.exec(r.urls.page)?.[0] ?? "";
  const text = jatsFulltext(r.fulltextHtml, origin);
  return `<article${attrs}><front>${journalMeta(r)}${articleMeta(r)}</front>${text.body}${jatsBack(r, text.notes)}</article>`;
}

/** JATS 1.3 Journal Publishing with MathML 3, as NLM publishes its DTD (PMC's ingest reads the public identifier). */
export const JATS_DOCTYPE =
  '<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Publishing DTD with MathML3 v1.3 20210610//EN" "https://jats.nlm.nih.gov/publishing/1.3/JATS-journalpublishing1-3-mathml3.dtd">';

/** The article's JATS file: `{page}.xml`. */
export function jatsDocument(r: ScholarlyRecord): string {
  return `${XML_DECLARATION}\n${JATS_DOCTYPE}\n${jatsArticleElement(r)}\n`;
}
