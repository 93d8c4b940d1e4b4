// A journal (or one issue) as OJS Native XML, valid against OJS's current native.xsd (tests/schemas/ojs-native):
// <issues> with each issue's identification, title, description, date and sections, and its public articles with
// their authors, abstract, keywords, DOI, pages, references and the PDF embedded (base64). Streamed: one article's
// PDF is read and encoded at a time, whatever the journal's size. The reference number travels as the
// publication's url_path, so an import with the "url_path" rule gives the same public pages (docs/decisions/0210).
import { countryCodeOf } from "../scholarly/country-code";
import { xmlAttr as esc } from "../core/xml";
import { and, asc, desc, eq } from "drizzle-orm";
import { articles, issues, sections, type ArticleRow, type IssueRow } from "../core/data/schema";
import { isPublic, firstPageOrder } from "../archive/articles.repo";
import { fileKeys } from "../core/files/keys";
import { articleAuthors, licenseOf, orcidUrl } from "#contract/scholarly";
import type { TransferDb, TransferFiles } from "./import-model";
import { versionAbstractsXml, versionKeywordsXml, versionTitlesXml } from "./ojs-language-versions";

export interface IssueSelector {
  year: number;
  volume: number;
  issue: number;
}

/** "2024/3/2", "2024/vol3/issue2" -> the issue (only the digits count, as in the archive's URLs). */
export function parseIssueSelector(text: string): IssueSelector | null {
  const parts = text.split("/").map((p) => p.replace(/\D+/g, ""));
  if (parts.length !== 3 || parts.some((p) => !p || p.length > 9)) return null;
  return { year: Number(parts[0]), volume: Number(parts[1]), issue: Number(parts[2]) };
}

function base64(bytes: Uint8Array): string {
  let out = "";
  // 57 bytes -> one 76-character line, as MIME writes it.
  for (let i = 0; i < bytes.length; i += 57 * 64) {
    const slice = bytes.subarray(i, i + 57 * 64);
    let bin = "";
    for (let j = 0; j < slice.length; j++) bin += String.fromCharCode(slice[j]);
    out += btoa(bin);
  }
  return out;
}

/** "South Africa" -> "ZA" (English region names, as the import writes them); a name without a code stays. */
const countryCode = (name: string): string => countryCodeOf(name) || name;

/**
 * Keywords as staff type them: "a, b, c". Written with ", " (as the import joins them), a comma without a space is
 * part of a keyword ("1,3,4-oxadiazole"); a list typed without spaces ("a,b,c") splits on every comma.
 */
function splitList(text: string): string[] {
  return text
    .split(text.includes(", ") ? /,\s+/ : ",")
    .map((k) => k.trim())
    .filter(Boolean);
}

const SECTION_FALLBACK = { ref: "ART", title: "Articles", abbrev: "ART", seq: 0 };

function splitName(name: string): { given: string; family: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { given: words[0], family: "" };
  return { given: words.slice(0, -1).join(" "), family: words.at(-1)! };
}

/** The deed of the article's licence: its own (a key, or an imported one's address), else the journal's. */
const licenseUrlOf = (a: ArticleRow, journalLicense: string) =>
  a.license ? licenseOf(a.license).url : a.licenseUrl || licenseOf(journalLicense).url;

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function articleXml(a: ArticleRow, journal: ExportJournal, sectionRef: string, seq: number, pdf: Uint8Array | null): string {
  const locale = journal.language || "en";
  const l = `locale="${esc(locale)}"`;
  const out: string[] = [];
  // When the manuscript was received; an article typed in without one, the day its row was made.
  const submitted = isDate(a.date_submitted) ? a.date_submitted : a.creation.slice(0, 10);
  out.push(
    `      <article ${l} date_submitted="${submitted}" status="3" submission_progress="" current_publication_id="${a.id}" stage="production">`,
  );
  out.push(`        <id type="internal" advice="ignore">${a.id}</id>`);
  if (pdf) {
    out.push(`        <submission_file id="${a.id}" stage="proof" genre="Article Text" viewable="true">`);
    out.push(`          <name ${l}>${esc(a.refnumber ?? "article")}.pdf</name>`);
    out.push(`          <file id="${a.id}" filesize="${pdf.length}" extension="pdf">`);
    out.push(`            <embed encoding="base64" mime_type="application/pdf">${base64(pdf)}</embed>`);
    out.push("          </file>");
    out.push("        </submission_file>");
  }
  const published = isDate(a.publishdate) ? ` date_published="${a.publishdate}"` : "";
  out.push(
    `        <publication status="3" url_path="${esc(a.refnumber ?? "")}" seq="${seq}" section_ref="${esc(sectionRef)}" access_status="0" id="${a.id}"${published}>`,
  );
  out.push(`          <id type="internal" advice="ignore">${a.id}</id>`);
  if (a.doi) out.push(`          <id type="doi" advice="update">${esc(a.doi)}</id>`);
  out.push(`          <title ${l}>${esc(a.title)}</title>`);
  out.push(...versionTitlesXml(a.translations, locale, "          "));
  if (a.abstract) out.push(`          <abstract ${l}>${esc(a.abstract)}</abstract>`);
  out.push(...versionAbstractsXml(a.translations, locale, "          "));
  // Every article has a licence (its own or the journal's): OJS falls back to the importing journal's without it.
  out.push(`          <licenseUrl>${esc(licenseUrlOf(a, journal.license))}</licenseUrl>`);
  if (a.copyright_holder) out.push(`          <copyrightHolder ${l}>${esc(a.copyright_holder)}</copyrightHolder>`);
  if (/^\d{4}$/.test(a.copyright_year)) out.push(`          <copyrightYear>${a.copyright_year}</copyrightYear>`);
  const keywords = splitList(a.keywords);
  if (keywords.length)
    out.push(`          <keywords ${l}>${keywords.map((k) => `<keyword><name>${esc(k)}</name></keyword>`).join("")}</keywords>`);
  out.push(...versionKeywordsXml(a.translations, locale, "          "));
  const subjects = splitList(a.subject);
  if (subjects.length)
    out.push(`          <subjects ${l}>${subjects.map((k) => `<subject><name>${esc(k)}</name></subject>`).join("")}</subjects>`);
  const authors = articleAuthors(a.authorname, a.authorDetails);
  if (authors.length) {
    out.push("          <authors>");
    authors.forEach((au, i) => {
      const { given, family } = splitName(au.name);
      const parts = [`<givenname ${l}>${esc(given)}</givenname>`];
      if (family) parts.push(`<familyname ${l}>${esc(family)}</familyname>`);
      // OJS 3.5+ writes an affiliation with a ROR id as <rorAffiliation> (its id as the address, and the name OJS
      // itself reads from its ROR cache); one without, as <affiliation> (docs/decisions/0387).
      if (au.ror) parts.push(`<rorAffiliation><ror>${esc(au.ror)}</ror><name ${l}>${esc(au.affiliation)}</name></rorAffiliation>`);
      else if (au.affiliation) parts.push(`<affiliation><name ${l}>${esc(au.affiliation)}</name></affiliation>`);
      // OJS keeps an author's country as an ISO 3166 code; the platform keeps the article's country by name.
      if (i === 0 && a.country) parts.push(`<country>${esc(countryCode(a.country))}</country>`);
      if (i === 0 && a.email) parts.push(`<email>${esc(a.email)}</email>`);
      if (au.orcid) parts.push(`<orcid>${esc(orcidUrl(au.orcid))}</orcid>`);
      parts.push("<contributor_roles><contributor_role_id>1</contributor_role_id></contributor_roles>");
      out.push(
        `            <author primary_contact="${i === 0}" include_in_browse="true" seq="${i}" id="${a.id * 1000 + i}" contributor_type="PERSON">${parts.join("")}</author>`,
      );
    });
    out.push("          </authors>");
  }
  if (pdf) {
    out.push(`          <article_galley ${l} approved="true">`);
    out.push(`            <id type="internal" advice="ignore">${a.id}</id>`);
    out.push(`            <name ${l}>PDF</name>`);
    out.push("            <seq>0</seq>");
    out.push(`            <submission_file_ref id="${a.id}"/>`);
    out.push("          </article_galley>");
  }
  const refs = a.referenceList
    .split("\n")
    .map((r) => r.trim())
    .filter(Boolean);
  if (refs.length) out.push(`          <citations>${refs.map((r) => `<citation>${esc(r)}</citation>`).join("")}</citations>`);
  if (a.pagenumber) out.push(`          <pages>${esc(a.pagenumber)}</pages>`);
  out.push("        </publication>");
  out.push("      </article>");
  return `${out.join("\n")}\n`;
}

/**
 * The export as a stream of UTF-8 text: the journal's issues (newest first) or the one selected; only public
 * articles (enabled, with a reference number) — what the journal shows is what leaves.
 */
/** What the export needs of the journal: its rows, its language and its licence (the articles' by default). */
export interface ExportJournal {
  id: number;
  language: string;
  license: string;
}

export function exportOjsXml(
  db: TransferDb,
  bucket: TransferFiles,
  journal: ExportJournal,
  selector: IssueSelector | null,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const locale = journal.language || "en";
  let issueList: IssueRow[] | null = null;
  let issueAt = 0;
  let pending: { rows: ArticleRow[]; at: number; sectionRefs: Map<number | null, string> } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      if (issueList === null) {
        issueList = await db
          .select()
          .from(issues)
          .where(
            selector
              ? and(
                  eq(issues.journalId, journal.id),
                  eq(issues.year, selector.year),
                  eq(issues.volume, selector.volume),
                  eq(issues.issue, selector.issue),
                )
              : eq(issues.journalId, journal.id),
          )
          .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue));
        controller.enqueue(
          encoder.encode(
            '<?xml version="1.0" encoding="UTF-8"?>\n<issues xmlns="http://pkp.sfu.ca" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://pkp.sfu.ca native.xsd">\n',
          ),
        );
        if (issueList.length === 0) {
          // native.xsd wants at least one issue: an empty journal exports an empty issues element all the same.
          controller.enqueue(encoder.encode("</issues>\n"));
          controller.close();
          done = true;
        }
        return;
      }
      if (pending && pending.at < pending.rows.length) {
        const a = pending.rows[pending.at];
        const seq = pending.at;
        pending.at++;
        let pdf: Uint8Array | null = null;
        if (a.file) {
          const object = await bucket.get(fileKeys.article(journal.id, a.year, a.volume, a.issue, a.file));
          if (object) pdf = new Uint8Array(await object.arrayBuffer());
        }
        controller.enqueue(encoder.encode(articleXml(a, journal, pending.sectionRefs.get(a.sectionId) ?? SECTION_FALLBACK.ref, seq, pdf)));
        return;
      }
      if (pending) {
        controller.enqueue(encoder.encode("    </articles>\n  </issue>\n"));
        pending = null;
        issueAt++;
      }
      if (issueAt >= issueList.length) {
        controller.enqueue(encoder.encode("</issues>\n"));
        controller.close();
        done = true;
        return;
      }
      const issue = issueList[issueAt];
      const rows = await db
        .select()
        .from(articles)
        .where(and(isPublic(journal.id), eq(articles.year, issue.year), eq(articles.volume, issue.volume), eq(articles.issue, issue.issue)))
        .orderBy(firstPageOrder, asc(articles.id));
      const used = new Set(rows.map((r) => r.sectionId).filter((id): id is number => id !== null));
      const sectionRows = used.size
        ? (await db.select().from(sections).where(eq(sections.journalId, journal.id)).orderBy(asc(sections.seq), asc(sections.id))).filter(
            (s) => used.has(s.id),
          )
        : [];
      const sectionRefs = new Map<number | null, string>();
      const refsTaken = new Set<string>();
      const sectionXml = sectionRows.map((s) => {
        let ref = (s.abbrev || s.title).slice(0, 40);
        while (refsTaken.has(ref)) ref = `${ref}-${s.id}`;
        refsTaken.add(ref);
        sectionRefs.set(s.id, ref);
        const abbrev = s.abbrev ? `<abbrev locale="${esc(locale)}">${esc(s.abbrev)}</abbrev>` : "";
        return `      <section ref="${esc(ref)}" seq="${s.seq}"><id type="internal" advice="ignore">${s.id}</id>${abbrev}<title locale="${esc(locale)}">${esc(s.title)}</title></section>`;
      });
      if (rows.some((r) => r.sectionId === null || !sectionRefs.has(r.sectionId))) {
        const f = SECTION_FALLBACK;
        // OJS needs a section for every article: those in none share one whose title is hidden (hide_title), which
        // the import reads back as "no section".
        sectionXml.push(
          `      <section ref="${f.ref}" seq="${f.seq}" hide_title="1"><abbrev locale="${esc(locale)}">${f.abbrev}</abbrev><title locale="${esc(locale)}">${f.title}</title></section>`,
        );
      }
      const l = `locale="${esc(locale)}"`;
      const head = [
        `  <issue published="1" current="${issueAt === 0 && !selector ? 1 : 0}" access_status="1">`,
        `    <id type="internal" advice="ignore">${issue.id}</id>`,
        ...(issue.description ? [`    <description ${l}>${esc(issue.description)}</description>`] : []),
        `    <issue_identification><volume>${issue.volume}</volume><number>${issue.issue}</number><year>${issue.year}</year>${issue.title ? `<title ${l}>${esc(issue.title)}</title>` : ""}</issue_identification>`,
        ...(issue.publishedAt && /^\d{4}-\d{2}-\d{2}$/.test(issue.publishedAt)
          ? [`    <date_published>${issue.publishedAt}</date_published>`]
          : []),
        ...(sectionXml.length ? ["    <sections>", ...sectionXml, "    </sections>"] : []),
        "    <articles>",
      ];
      controller.enqueue(encoder.encode(`${head.join("\n")}\n`));
      pending = { rows, at: 0, sectionRefs };
    },
  });
}
