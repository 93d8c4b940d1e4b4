// OAI-PMH 2.0 envelopes and the oai_dc (simple Dublin Core) record of an article, as XML text.
import { doiUrl } from "#contract/scholarly";
import type { ScholarlyRecord } from "./scholarly-record";
import { XML_DECLARATION, attrsOf, el, xmlText } from "../core/xml";

export const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const OAI_SCHEMA = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd";
export const OAI_DC = {
  prefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
};

export type OaiErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

/** "2024-03-15T10:20:30.123Z" -> "2024-03-15T10:20:30Z" (the repository's seconds granularity). */
export function oaiDatestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "1970-01-01T00:00:00Z" : d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The whole response: responseDate, the request echoed (attributes only when the request was valid), a body. */
export function oaiEnvelope(baseUrl: string, requestAttrs: Record<string, string> | null, body: string): string {
  return [
    XML_DECLARATION,
    `<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_NS} ${OAI_SCHEMA}">`,
    el("responseDate", oaiDatestamp(new Date().toISOString())),
    `<request${attrsOf(requestAttrs ?? {})}>${xmlText(baseUrl)}</request>`,
    body,
    "</OAI-PMH>",
    "",
  ].join("\n");
}

export const oaiError = (code: OaiErrorCode, message: string) => el("error", message, { code });

export interface OaiHeader {
  identifier: string;
  datestamp: string;
  sets: string[];
  /** A record that was withdrawn: the header alone, marked deleted. */
  deleted?: boolean;
}

export function headerXml(h: OaiHeader): string {
  return `<header${h.deleted ? ' status="deleted"' : ""}>${el("identifier", h.identifier)}${el("datestamp", h.datestamp)}${h.sets.map((s) => el("setSpec", s)).join("")}</header>`;
}

/** Simple Dublin Core for one article (DCMI terms as the oai_dc schema allows them). */
export function oaiDcXml(r: ScholarlyRecord): string {
  const dc = (name: string, value: string) => el(`dc:${name}`, value);
  // Texts in a language carry it (oai_dc's elements take xml:lang): the article's own, then each other version.
  // A one-language record stays as it was: the main language is named when there are others to tell it from.
  const dcIn = (name: string, value: string, lang: string) =>
    el(`dc:${name}`, value, lang !== r.language || r.versions.length ? { "xml:lang": lang } : {});
  const source = `${r.journal.name}; Vol. ${r.volume}, No. ${r.issue} (${r.year})${r.pagenumber ? `; ${r.pagenumber}` : ""}`;
  return [
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC.namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_DC.namespace} ${OAI_DC.schema}">`,
    dcIn("title", r.title, r.language),
    ...r.versions.filter((v) => v.title).map((v) => dcIn("title", v.title, v.lang)),
    ...r.authors.map((a) => dc("creator", a.given ? `${a.family}, ${a.given}` : a.family)),
    ...r.keywords.map((k) => dcIn("subject", k, r.language)),
    ...r.versions.flatMap((v) => v.keywords.map((k) => dcIn("subject", k, v.lang))),
    ...r.funding.map((f) => dc("contributor", f.funder)),
    r.abstract ? dcIn("description", r.abstract, r.language) : "",
    ...r.versions.filter((v) => v.abstract).map((v) => dcIn("description", v.abstract, v.lang)),
    dc("publisher", r.journal.publisher),
    dc("date", r.isoDate),
    dc("type", "Text"),
    dc("type", "info:eu-repo/semantics/article"),
    r.urls.pdf ? dc("format", "application/pdf") : "",
    dc("identifier", r.urls.page),
    r.doi ? dc("identifier", r.doiRegistered ? doiUrl(r.doi) : `info:doi/${r.doi}`) : "",
    dc("source", source),
    ...r.journal.issns.map((issn) => dc("source", issn)),
    dc("language", r.language),
    r.urls.pdf ? dc("relation", r.urls.pdf) : "",
    dc("rights", r.license.url),
    "</oai_dc:dc>",
  ]
    .filter(Boolean)
    .join("");
}
