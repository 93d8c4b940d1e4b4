// OJS 3.x Native XML (the Native XML plugin's export, 3.2 to 3.5) read into import articles, one at a time. The
// document is streamed (xml-tree.ts): an article's subtree, with its embedded files, is all that is held.
// Which OJS element goes where, and what is listed as not kept: docs/decisions/0210-moving-journals-in-and-out.md.
import { sanitizeRichText } from "#contract/rich-text";
import { normalizeDoi, normalizeOrcid, normalizeRor } from "#contract/scholarly";
import { languageVersionsOf } from "./ojs-language-versions";
import { ancestor, child, childrenNamed, childText, streamElements, XmlEntityError, XmlSyntaxError, type XmlNode } from "./xml-tree";
import {
  ImportSourceError,
  type ImportArticle,
  type ImportAuthor,
  type ImportIssue,
  type ImportPdf,
  type ImportSection,
} from "./import-model";

const EMIT = new Set(["article"]);

/** Reads an OJS Native XML document (chunks of text) and yields its articles in document order. */
export async function* readOjsArticles(chunks: AsyncIterable<string>): AsyncGenerator<ImportArticle> {
  try {
    let any = false;
    for await (const node of streamElements(chunks, EMIT)) {
      any = true;
      yield articleOf(node);
    }
    if (!any) return;
  } catch (err) {
    if (err instanceof XmlEntityError)
      throw new ImportSourceError(
        "xml_entities",
        "The file's DOCTYPE declares entities: an OJS export never does. Export the journal again from OJS, or remove the DOCTYPE.",
        err.line,
      );
    if (err instanceof XmlSyntaxError) throw new ImportSourceError("invalid_xml", `Not well-formed XML: ${err.message}`, err.line);
    throw err;
  }
}

/** A node's own text, or (OJS 3.5: <keyword><name>, <affiliation><name>) its <name> children's in `locale`. */
function textOf(n: XmlNode, locale: string): string {
  const own = n.text.trim();
  if (own) return own;
  const names = childrenNamed(n, "name");
  return ((names.find((x) => x.attrs.locale === locale) ?? names[0])?.text ?? "").trim();
}

/** The text in the document's locale: the entry whose locale is `locale`, else the first. */
function localized(nodes: XmlNode[], locale: string): { text: string; others: string[] } {
  if (nodes.length === 0) return { text: "", others: [] };
  const chosen = nodes.find((n) => n.attrs.locale === locale) ?? nodes[0];
  const others = nodes.filter((n) => n !== chosen && textOf(n, locale)).map((n) => n.attrs.locale ?? "?");
  return { text: textOf(chosen, locale), others };
}

/** A real day written YYYY-MM-DD. */
const isoDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const digits = (s: string) => {
  const d = s.replace(/\D+/g, "");
  return d ? Number(d.slice(0, 9)) : Number.NaN;
};

function issueOf(issueNode: XmlNode | undefined, article: XmlNode, locale: string): ImportIssue | null {
  // 3.2+ puts <issue_identification> in the issue (an issue export) or in the article (an article export).
  const ident = child(issueNode, "issue_identification") ?? child(article, "issue_identification");
  if (!ident) return null;
  const publishedAt = (childText(issueNode, "date_published") || "").slice(0, 10);
  let year = digits(childText(ident, "year"));
  if (Number.isNaN(year) && publishedAt) year = Number(publishedAt.slice(0, 4));
  return {
    year,
    volume: digits(childText(ident, "volume")),
    issue: digits(childText(ident, "number")),
    title: localized(childrenNamed(ident, "title"), locale).text,
    description: sanitizeRichText(localized(childrenNamed(issueNode, "description"), locale).text),
    publishedAt: /^\d{4}-\d{2}-\d{2}$/.test(publishedAt) ? publishedAt : "",
  };
}

function sectionOf(issueNode: XmlNode | undefined, ref: string, locale: string): ImportSection | null {
  if (!ref) return null;
  const sections = childrenNamed(child(issueNode, "sections"), "section");
  const s = sections.find((x) => x.attrs.ref === ref || localized(childrenNamed(x, "abbrev"), locale).text === ref);
  if (!s) return { title: ref, abbrev: ref, seq: 0 };
  // A section whose title OJS hides groups nothing a reader sees: the article is in no section here (it is how
  // this platform's own export carries articles without one).
  if (s.attrs.hide_title === "1" || s.attrs.hide_title === "true") return null;
  return {
    title: localized(childrenNamed(s, "title"), locale).text || ref,
    abbrev: localized(childrenNamed(s, "abbrev"), locale).text || ref,
    seq: Number(s.attrs.seq) || 0,
  };
}

function authorOf(a: XmlNode, locale: string, notKept: string[]): ImportAuthor {
  // 3.1+ givenname/familyname (localized); before, firstname/middlename/lastname.
  const given =
    localized(childrenNamed(a, "givenname"), locale).text ||
    [childText(a, "firstname"), childText(a, "middlename")].filter(Boolean).join(" ");
  const family = localized(childrenNamed(a, "familyname"), locale).text || childText(a, "lastname");
  const orcid = childText(a, "orcid");
  // OJS 3.5+: <affiliation><name> for a typed affiliation, <rorAffiliation><ror><name> for one chosen from ROR, in
  // the order the author has them; before, <affiliation> with the text itself.
  const affiliations = a.children
    .filter((x) => x.name === "affiliation" || x.name === "rorAffiliation")
    .map((x) => ({ text: textOf(x, locale), ror: x.name === "rorAffiliation" ? (normalizeRor(childText(x, "ror")) ?? "") : "" }))
    .filter((x) => x.text || x.ror);
  if (affiliations.length > 1 && affiliations.some((x) => x.ror))
    notKept.push("ROR ids of an author's several affiliations (one affiliation text per author here, without an id)");
  return {
    // Commas separate authors in authorname (SPEC §3): a name never carries one.
    name: `${given} ${family}`.replace(/,/g, " ").replace(/\s+/g, " ").trim(),
    affiliation: affiliations
      .map((x) => x.text)
      .filter(Boolean)
      .join("; ")
      .replace(/\s+/g, " "),
    // The platform keeps one affiliation text and one ROR id per author: the id travels when it names the author's
    // only affiliation, never beside several joined into one text it would mislabel (docs/decisions/0387).
    ror: affiliations.length === 1 ? affiliations[0].ror : "",
    email: childText(a, "email"),
    orcid: orcid ? (normalizeOrcid(orcid) ?? "") : "",
    country: childText(a, "country"),
  };
}

const isPdf = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;

function base64Bytes(text: string): Uint8Array | null {
  let bin: string;
  try {
    bin = atob(text.replace(/\s+/g, ""));
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A submission file's content: 3.3 keeps it in <revision>, 3.4+ in <file>; embedded (base64) or an href. */
function fileContent(sf: XmlNode): { embed?: XmlNode; href?: string; name: string; type: string } {
  const holder = child(sf, "file") ?? childrenNamed(sf, "revision").at(-1) ?? sf;
  const embed = child(holder, "embed");
  const href = child(holder, "href")?.attrs.src;
  const name = holder.attrs.filename ?? childText(sf, "name") ?? "";
  const ext = holder.attrs.extension ? `.${holder.attrs.extension}` : "";
  return { embed, href, name: name || `file${ext}`, type: (holder.attrs.filetype ?? "") + ext };
}

/** The PDF galley of a publication: the first galley whose file is a PDF (embedded, referenced or remote). */
function pdfOf(article: XmlNode, publication: XmlNode, notKept: string[]): ImportPdf {
  const files = new Map<string, XmlNode>();
  for (const sf of [...childrenNamed(article, "submission_file"), ...childrenNamed(article, "supplementary_file")])
    files.set(sf.attrs.id ?? "", sf);
  const galleys = [
    ...childrenNamed(publication, "article_galley"),
    ...(publication === article ? [] : childrenNamed(article, "article_galley")),
  ];
  let found: ImportPdf | null = null;
  const skipped: string[] = [];
  for (const g of galleys) {
    const label = childText(g, "name") || "galley";
    const remote = child(g, "remote")?.attrs.src;
    if (remote) {
      if (!found && /\.pdf($|\?)/i.test(remote)) found = { kind: "url", url: remote, name: "remote.pdf" };
      else skipped.push(`galley "${label}" (a link to ${remote})`);
      continue;
    }
    const sf = files.get(child(g, "submission_file_ref")?.attrs.id ?? "");
    if (!sf) {
      skipped.push(`galley "${label}" (its file is not in the export)`);
      continue;
    }
    const f = fileContent(sf);
    const looksPdf = /pdf/i.test(f.type) || /\.pdf$/i.test(f.name);
    if (found) {
      skipped.push(`galley "${label}" (${f.name}): one PDF per article`);
      continue;
    }
    if (f.embed) {
      const bytes = base64Bytes(f.embed.text);
      if (bytes && isPdf(bytes)) found = { kind: "bytes", bytes, name: f.name };
      else skipped.push(`galley "${label}" (${f.name}): ${bytes ? "not a PDF" : "its embedded data is not base64"}`);
    } else if (f.href && looksPdf) {
      found = { kind: "url", url: f.href, name: f.name };
    } else {
      skipped.push(`galley "${label}" (${f.name}): not a PDF`);
    }
  }
  for (const s of skipped) notKept.push(s);
  if (found) return found;
  return { kind: "none", why: galleys.length === 0 ? "The article has no galley." : "No galley of the article is a PDF." };
}

const KEPT = new Set([
  "id",
  "title",
  "prefix",
  "subtitle",
  "abstract",
  "authors",
  "author",
  "keywords",
  "subjects",
  "pages",
  "citations",
  "article_galley",
  "submission_file",
  "issue_identification",
  "publication",
]);
/** Elements OJS exports that the platform has no column for (listed in the report, never silently dropped). */
const NOT_KEPT_WHY: Record<string, string> = {
  disciplines: "disciplines",
  agencies: "supporting agencies",
  coverage: "coverage",
  type: "type",
  source: "source",
  rights: "rights",
  covers: "cover image",
  artwork_file: "artwork file",
  supplementary_file: "supplementary file",
  dataAvailability: "data availability statement",
};

function articleOf(node: XmlNode): ImportArticle {
  const issueNode = ancestor(node, "issue");
  // OJS 2.x wrote <volume> straight under <issue> and <article> under <section>: another format altogether.
  if (child(issueNode, "volume") || ancestor(node, "section"))
    throw new ImportSourceError("unsupported_ojs_version", "This is an OJS 2.x export: export the journal again from OJS 3.x.", node.line);
  const publications = childrenNamed(node, "publication");
  // The current publication (current_publication_id), else the last version; before 3.2 the article itself.
  const current = node.attrs.current_publication_id;
  const publication =
    publications.find((p) =>
      childrenNamed(p, "id").some((i) => (i.attrs.type ?? "internal") === "internal" && i.text.trim() === current),
    ) ??
    publications.at(-1) ??
    node;
  const locale = publication.attrs.locale ?? node.attrs.locale ?? "en";
  const notKept: string[] = [];
  if (publications.length > 1) notKept.push(`${publications.length - 1} earlier publication version(s) (the current one is imported)`);

  const title = localized(childrenNamed(publication, "title"), locale);
  const prefix = localized(childrenNamed(publication, "prefix"), locale).text;
  const subtitle = localized(childrenNamed(publication, "subtitle"), locale).text;
  const abstract = localized(childrenNamed(publication, "abstract"), locale);
  // Titles, abstracts and keywords in other locales become the article's language versions (issue 50 item 4).
  const translations = languageVersionsOf(publication, locale, notKept);
  for (const c of publication.children) if (!KEPT.has(c.name) && NOT_KEPT_WHY[c.name]) notKept.push(NOT_KEPT_WHY[c.name]);
  for (const c of node.children) if (c !== publication && NOT_KEPT_WHY[c.name]) notKept.push(NOT_KEPT_WHY[c.name]);

  const ids = [...childrenNamed(publication, "id"), ...childrenNamed(node, "id")];
  const doiRaw = ids.find((i) => i.attrs.type === "doi")?.text.trim() ?? "";
  const doi = doiRaw ? (normalizeDoi(doiRaw) ?? "") : "";
  const internalId =
    childrenNamed(node, "id")
      .find((i) => (i.attrs.type ?? "internal") === "internal")
      ?.text.trim() ?? "";

  const keywordsNode = childrenNamed(publication, "keywords");
  const keywords =
    (keywordsNode.find((k) => k.attrs.locale === locale) ?? keywordsNode[0])?.children.map((k) => textOf(k, locale)).filter(Boolean) ?? [];
  const subjectsNode = childrenNamed(publication, "subjects");
  const subjects =
    (subjectsNode.find((k) => k.attrs.locale === locale) ?? subjectsNode[0])?.children.map((k) => textOf(k, locale)).filter(Boolean) ?? [];

  const authorsHolder = child(publication, "authors") ?? child(node, "authors");
  let authors = childrenNamed(authorsHolder, "author")
    .map((a) => authorOf(a, locale, notKept))
    .filter((a) => a.name);
  // The primary contact first is how OJS lists them; keep OJS's order (seq) otherwise.
  authors = authors.slice(0, 100);

  const citations = childrenNamed(child(publication, "citations"), "citation")
    .map((c) => c.text.replace(/\s+/g, " ").trim())
    .filter(Boolean);

  // Rights and dates (3.2+ in the publication, 3.0/3.1 in the article itself).
  const licenseUrl = childText(publication, "licenseUrl") || childText(node, "licenseUrl");
  const holders = childrenNamed(publication, "copyrightHolder");
  const holder = localized(holders.length ? holders : childrenNamed(node, "copyrightHolder"), locale);
  if (holder.others.length) notKept.push(`copyright holder in ${holder.others.join(", ")} (one language per article)`);
  const copyrightYear = /^\d{4}$/.exec(childText(publication, "copyrightYear") || childText(node, "copyrightYear"))?.[0] ?? "";
  const submitted = (node.attrs.date_submitted ?? publication.attrs.date_submitted ?? "").slice(0, 10);

  const info = issueOf(issueNode, publication !== node ? publication : node, locale) ?? issueOf(issueNode, node, locale);
  const fullTitle = [prefix, title.text].filter(Boolean).join(" ") + (subtitle ? `: ${subtitle}` : "");
  const datePublished = (publication.attrs.date_published ?? childText(publication, "date_published") ?? "").slice(0, 10);

  return {
    line: node.line,
    sourceId: internalId,
    refnumber: "",
    urlPath: publication.attrs.url_path ?? "",
    title: sanitizeRichText(fullTitle),
    abstract: sanitizeRichText(abstract.text),
    authors,
    keywords,
    translations,
    subject: subjects.join(", "),
    pages: childText(publication, "pages"),
    doi,
    publishdate: /^\d{4}-\d{2}-\d{2}$/.test(datePublished) ? datePublished : (info?.publishedAt ?? ""),
    language: /^[a-z]{2,3}/.exec(locale)?.[0] ?? "",
    references: citations,
    year: info?.year ?? Number.NaN,
    volume: info?.volume ?? Number.NaN,
    issue: info?.issue ?? Number.NaN,
    issueInfo: info,
    section: sectionOf(issueNode, publication.attrs.section_ref ?? node.attrs.section_ref ?? "", locale),
    pdf: pdfOf(node, publication, notKept),
    extra: {},
    licenseUrl,
    copyrightHolder: holder.text.replace(/\s+/g, " ").slice(0, 300),
    copyrightYear,
    dateSubmitted: isoDay(submitted) ? submitted : "",
    // Once each: a localized element (copyrightHolder in two languages) is one thing not kept.
    notKept: [...new Set(notKept)],
  };
}
