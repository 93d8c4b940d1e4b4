// One import, dry run or real, in one streamed pass: articles arrive from a reader (OJS XML, a spreadsheet), are
// checked in chunks against the journal and against the file itself, and — unless it is a dry run — written chunk
// by chunk: missing issues and sections first, then each article's PDF under a new name and the rows in one batch.
// The dry run goes through the very same checks, so its report is what the import does. Importing the same file
// again finds every article already there and creates nothing (docs/decisions/0210).
import { translationSearchText } from "#contract/article-translations";
import { ISSUE_STATUS } from "#contract/issues";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { articles, issues, sections } from "../core/data/schema";
import { nowIso, isUniqueViolation } from "../core/data/db";
import { fileKeys, versionedName } from "../core/files/keys";
import { afterAdminWrite, type AdminActor } from "../core/audit/admin-events.repo";
import { fillIssue, insertOrFindIssue, insertOrFindSection, writeArticles } from "./import-rows.repo";
import { richTextToPlain } from "#contract/rich-text";
import { defaultDoi, licenseByUrl } from "#contract/scholarly";
import { REFNUMBER_PATTERN } from "#contract/refnumber";
import { PAGENUMBER_PATTERN } from "#contract/article-form";
import { titleKeyOf } from "../archive/title-key";
import { PDF_LIMIT, type ImportArticle, type ImportIssue, type ImportSection, type TransferDb, type TransferFiles } from "./import-model";
import type { ImportReport, ReportItem } from "#contract/transfer";

export type { ImportReport, ReportItem } from "#contract/transfer";

/** SPEC §9: the PDF upload limit, the same for imported files. */
export { PDF_LIMIT };

/** How an imported article's reference number is made (staff choose; a spreadsheet's own refnumber wins). */
export type RefRule =
  | { kind: "doi"; fallbackPrefix: string }
  | { kind: "urlpath"; fallbackPrefix: string }
  | { kind: "id"; prefix: string }
  | { kind: "pattern"; pattern: string };

/** "doi", "url_path", "id:PREFIX" or "pattern:TEXT" ({year} {volume} {issue} {id} {seq} {seq:3}). */
export function parseRefRule(text: string | undefined | null): RefRule | null {
  const t = String(text ?? "doi").trim();
  if (t === "" || t === "doi") return { kind: "doi", fallbackPrefix: "ojs-" };
  if (t === "url_path") return { kind: "urlpath", fallbackPrefix: "ojs-" };
  if (t.startsWith("id:") || t === "id") return { kind: "id", prefix: t.slice(3) };
  if (t.startsWith("pattern:") && /\{(id|seq(:\d)?)\}/.test(t)) return { kind: "pattern", pattern: t.slice(8) };
  return null;
}

export interface ImportOptions {
  dryRun: boolean;
  refRule: RefRule;
  /** Skip articles that come without a PDF (else they are created without one, with no Download link). */
  requirePdf: boolean;
  /** What the report calls the source ("OJS Native XML", "spreadsheet"). */
  sourceLabel: string;
  /** Fetches a PDF an export only links to (OJS <href>); null: such PDFs are reported as missing. */
  fetchPdf?: ((url: string) => Promise<Uint8Array | null>) | null;
  /** Called after each chunk with the counts so far (the job's progress). */
  onProgress?: (report: ImportReport) => Promise<void> | void;
}

const MESSAGES: Record<string, string> = {
  duplicate_reference_number: "Duplicate reference number",
  duplicate_title: "Duplicate title",
  duplicate_doi: "Duplicate DOI",
  invalid_pagenumber: "Invalid page number",
  invalid_refnumber: "Invalid reference number",
  missing_title: "The article has no title.",
  missing_authors: "The article has no author.",
  missing_issue: "The article's issue has no year, volume and number.",
  missing_pdf: "The article has no PDF.",
  pdf_too_large: "File size exceeds the limit of 5 MB.",
  unchanged: "Already imported, unchanged.",
  same_in_file: "The same article appears earlier in this file.",
};
const reason = (code: string, extra = "") => ({ code, message: extra ? `${MESSAGES[code] ?? code} ${extra}` : (MESSAGES[code] ?? code) });

const issueLabel = (a: { year: number; volume: number; issue: number }) => `${a.year}/${a.volume}/${a.issue}`;

/** "73-80", "73 – 80", "5" (one page: 5-5); "" stays "" (a warning); anything else is invalid. */
export function normalizePages(raw: string): string | null {
  const t = raw.trim();
  if (t === "") return "";
  if (/^\d{1,6}$/.test(t)) return `${Number(t)}-${Number(t)}`;
  const m = PAGENUMBER_PATTERN.exec(t);
  if (!m || Number(m[1]) > Number(m[2])) return null;
  return `${Number(m[1])}-${Number(m[2])}`;
}

function refOf(a: ImportArticle, rule: RefRule, seq: number): { ref: string; warning?: string } {
  if (a.refnumber) return { ref: a.refnumber.trim() };
  const fromId = (prefix: string) => `${prefix}${a.sourceId || a.line}`;
  if (rule.kind === "id") return { ref: fromId(rule.prefix) };
  if (rule.kind === "pattern") {
    const ref = rule.pattern.replace(/\{(year|volume|issue|id|seq)(?::(\d))?\}/g, (_m, k: string, pad?: string) => {
      const v = k === "id" ? a.sourceId || String(a.line) : k === "seq" ? String(seq) : String(a[k as "year" | "volume" | "issue"]);
      return pad ? v.padStart(Number(pad), "0") : v;
    });
    return { ref };
  }
  if (rule.kind === "urlpath" && a.urlPath && REFNUMBER_PATTERN.test(a.urlPath)) return { ref: a.urlPath };
  const suffix = a.doi
    .slice(a.doi.indexOf("/") + 1)
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+|-+$/g, "")
    .replace(/\.\.+/g, ".");
  if (a.doi && suffix) return { ref: suffix.slice(0, 100) };
  return {
    ref: fromId(rule.fallbackPrefix),
    warning: `No DOI: the reference number comes from the source's id (${fromId(rule.fallbackPrefix)}).`,
  };
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" });
  } catch {
    return null;
  }
})();
const countryName = (c: string) => (/^[A-Z]{2}$/.test(c) ? (regionNames?.of(c) ?? c) : c);

/**
 * An imported licence as the columns keep it: none, or the journal's own, is "" (the journal's licence applies, as
 * for an article typed in); one of LICENSES is its key; any other licence keeps its deed (license_url).
 */
function licenseColumns(url: string, journalLicense: string): { license: string; licenseUrl: string } {
  if (!url.trim()) return { license: "", licenseUrl: "" };
  const known = licenseByUrl(url);
  if (known) return { license: known.key === journalLicense ? "" : known.key, licenseUrl: "" };
  return { license: "", licenseUrl: url.trim().slice(0, 500) };
}

interface Prepared {
  a: ImportArticle;
  item: ReportItem;
  values: typeof articles.$inferInsert | null;
  updateId?: number;
}

/** Existing articles of the journal that share a reference number, title or DOI with one of `batch`. */
async function existingMatches(db: TransferDb, journalId: number, refs: string[], keys: string[], dois: string[]) {
  if (refs.length + keys.length + dois.length === 0) return [];
  return db
    .select({
      id: articles.id,
      refnumber: articles.refnumber,
      titleKey: sql<string>`coalesce(${articles.titleKey}, lower(${articles.titleText}))`,
      doi: articles.doi,
      file: articles.file,
      fingerprint: sql<string>`${articles.authorname} || '|' || ${articles.abstract} || '|' || ${articles.keywords} || '|' || ${articles.pagenumber} || '|' || ${articles.doi} || '|' || ${articles.referenceList} || '|' || ${articles.authorDetails} || '|' || coalesce(${articles.sectionId}, '') || '|' || ${articles.year} || '/' || ${articles.volume} || '/' || ${articles.issue}`,
      date_submitted: articles.date_submitted,
      copyright_holder: articles.copyright_holder,
      copyright_year: articles.copyright_year,
      license: articles.license,
      licenseUrl: articles.licenseUrl,
    })
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        or(
          refs.length ? inArray(articles.refnumber, refs) : undefined,
          keys.length ? inArray(sql`coalesce(${articles.titleKey}, lower(${articles.titleText}))`, keys) : undefined,
          dois.length ? inArray(sql`lower(${articles.doi})`, dois) : undefined,
        ),
      ),
    );
}

const fingerprintOf = (v: typeof articles.$inferInsert) =>
  `${v.authorname}|${v.abstract}|${v.keywords}|${v.pagenumber}|${v.doi}|${v.referenceList}|${v.authorDetails}|${v.sectionId ?? ""}|${v.year}/${v.volume}/${v.issue}`;

/** Rights and dates an OJS source states, compared only when the source states them (a spreadsheet does not). */
const RIGHTS = ["date_submitted", "copyright_holder", "copyright_year", "license", "licenseUrl"] as const;
const unchanged = (row: Awaited<ReturnType<typeof existingMatches>>[number], v: typeof articles.$inferInsert) =>
  row.fingerprint === fingerprintOf(v) && RIGHTS.every((k) => v[k] === undefined || v[k] === row[k]);

const CHUNK_ARTICLES = 20;
// PDF bytes held at once (with their base64 text while they are decoded): well inside a Worker isolate's 128 MB.
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Runs an import of `source` into the journal. Writes nothing on a dry run. `actor` is the audit trail's author
 * (the admin, or the import script).
 */
export async function runImport(
  db: TransferDb,
  bucket: TransferFiles,
  journal: { id: number; doi_prefix: string; license: string },
  actor: AdminActor,
  source: AsyncIterable<ImportArticle>,
  opts: ImportOptions,
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: opts.dryRun,
    source: opts.sourceLabel,
    counts: { articles: 0, create: 0, update: 0, skip: 0, pdfs: 0 },
    issuesCreated: [],
    sectionsCreated: [],
    notKept: [],
    items: [],
  };
  const notKept = new Map<string, number>();
  // What this file has already claimed: reference numbers, title keys, DOIs (lowercase).
  const seenRefs = new Set<string>();
  const seenKeys = new Set<string>();
  const seenDois = new Set<string>();
  const seqInIssue = new Map<string, number>();

  // The journal's issues and sections, read once (small); new ones are added as the import makes them.
  const issueRows = await db.select().from(issues).where(eq(issues.journalId, journal.id));
  const issueByKey = new Map(issueRows.map((r) => [issueLabel(r), r]));
  const sectionRows = await db.select().from(sections).where(eq(sections.journalId, journal.id));
  const sectionByTitle = new Map(sectionRows.map((s) => [s.title.toLowerCase(), s.id]));
  let nextFakeSectionId = -1;

  let chunk: ImportArticle[] = [];
  let chunkBytes = 0;

  const flush = async () => {
    if (chunk.length === 0) return;
    const prepared = chunk.map((a) => prepare(a));
    chunk = [];
    chunkBytes = 0;
    await checkAgainstJournal(prepared);
    // Issues and sections the articles need: made (or, on a dry run, only counted) before the articles.
    for (const p of prepared) {
      if (!p.values || p.item.action === "skip") continue;
      await ensureIssue(p.a);
      if (p.a.section) p.values.sectionId = await ensureSection(p.a.section);
    }
    if (!opts.dryRun) await write(prepared);
    // A dry run counts the PDFs the import would store: those of the articles it would create (an update keeps
    // the stored PDF), never one for an article without a galley.
    else for (const p of prepared) if (p.values && p.item.action === "create" && p.a.pdf.kind !== "none") report.counts.pdfs++;
    for (const p of prepared) {
      report.items.push(p.item);
      report.counts[p.item.action]++;
      for (const n of new Set(p.item.notKept.map((x) => x.replace(/ \(.*$/, "").replace(/^galley "[^"]*"/, "galley"))))
        notKept.set(n, (notKept.get(n) ?? 0) + 1);
    }
    report.notKept = [...notKept].map(([what, n]) => ({ what, articles: n }));
    await opts.onProgress?.(report);
  };

  const prepare = (a: ImportArticle): Prepared => {
    report.counts.articles++;
    const hasIssue = [a.year, a.volume, a.issue].every((n) => Number.isInteger(n) && n >= 0) && a.year >= 1000;
    const key = hasIssue ? issueLabel(a) : "";
    const seq = (seqInIssue.get(key) ?? 0) + 1;
    seqInIssue.set(key, seq);
    const { ref, warning } = refOf(a, opts.refRule, seq);
    const plainTitle = richTextToPlain(a.title);
    const item: ReportItem = {
      line: a.line,
      sourceId: a.sourceId,
      refnumber: ref,
      title: plainTitle.slice(0, 300),
      issue: key,
      action: "create",
      reasons: [],
      warnings: warning ? [warning] : [],
      notKept: a.notKept,
      pdf:
        a.pdf.kind === "bytes"
          ? `${a.pdf.name} (${Math.ceil(a.pdf.bytes.length / 1024)} KB)`
          : a.pdf.kind === "url"
            ? a.pdf.url
            : a.pdf.kind === "too_large"
              ? `${a.pdf.name} (over 5 MB)`
              : "none",
    };
    const skip = (code: string, extra = "") => {
      item.action = "skip";
      item.reasons.push(reason(code, extra));
      return { a, item, values: null };
    };
    if (!plainTitle) return skip("missing_title");
    if (a.authors.length === 0) return skip("missing_authors");
    if (!hasIssue) return skip("missing_issue");
    if (!REFNUMBER_PATTERN.test(ref))
      return skip("invalid_refnumber", `("${ref.slice(0, 110)}": up to 100 letters, digits, '.', '-' or '_').`);
    const pages = normalizePages(a.pages);
    if (pages === null) return skip("invalid_pagenumber", `("${a.pages.slice(0, 40)}")`);
    if (pages === "") item.warnings.push("No page numbers: the article is listed first in its issue.");
    if (a.pdf.kind === "too_large" || (a.pdf.kind === "bytes" && a.pdf.bytes.length > PDF_LIMIT)) return skip("pdf_too_large");
    if (a.pdf.kind === "none") {
      if (opts.requirePdf) return skip("missing_pdf", a.pdf.why);
      item.warnings.push(`${a.pdf.why} It is imported without a Download link.`);
    }
    if (!richTextToPlain(a.abstract)) item.warnings.push("No abstract.");

    const titleKey = titleKeyOf(plainTitle);
    const doi = a.doi || defaultDoi(journal.doi_prefix, ref);
    if (seenRefs.has(ref.toLowerCase()) || seenKeys.has(titleKey) || (a.doi && seenDois.has(a.doi.toLowerCase())))
      return skip("same_in_file");
    seenRefs.add(ref.toLowerCase());
    seenKeys.add(titleKey);
    if (a.doi) seenDois.add(a.doi.toLowerCase());

    const first = a.authors[0];
    const contact = a.authors.find((x) => x.email) ?? first;
    const now = nowIso();
    let sectionId: number | null = null;
    if (a.section) {
      const known = sectionByTitle.get(a.section.title.toLowerCase());
      sectionId = known ?? null;
    }
    const values: typeof articles.$inferInsert = {
      journalId: journal.id,
      refnumber: ref,
      title: a.title,
      titleText: plainTitle,
      titleKey,
      authorname: a.authors.map((x) => x.name).join(", "),
      abstract: a.abstract,
      abstractText: richTextToPlain(a.abstract),
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      pagenumber: pages,
      country: (a.extra.country ?? countryName(first.country)).slice(0, 100),
      file: "",
      status: a.extra.status === "disabled" ? "disabled" : "enabled",
      txnid: a.extra.txnid || null,
      txnidClaim: a.extra.txnid || null,
      ptype: a.extra.ptype === "paid" ? "paid" : a.extra.ptype === "free" ? "free" : "free",
      publishdate: a.publishdate,
      subject: a.subject.slice(0, 300),
      email: (a.extra.email ?? contact.email).slice(0, 254),
      mobile: (a.extra.mobile ?? "").slice(0, 50),
      description: (a.extra.description ?? "").slice(0, 5000),
      keywords: a.keywords.join(", ").slice(0, 1000),
      // Language versions only from a source that has them (OJS): a spreadsheet's update keeps staff's own.
      ...(a.translations === undefined ? {} : { translations: JSON.stringify(a.translations), ...translationSearchText(a.translations) }),
      createdby: actor.username,
      creation: now,
      modifiedby: actor.username,
      modification: now,
      doi,
      language: a.language,
      referenceList: a.references.join("\n"),
      // A ROR id only where the source gives one, as the article form stores it (docs/decisions/0394).
      authorDetails: JSON.stringify(
        a.authors.map((x) => ({ affiliation: x.affiliation.slice(0, 500), orcid: x.orcid, ...(x.ror ? { ror: x.ror } : {}) })),
      ),
      sectionId,
      // Only a source that states them (OJS) sets rights and dates: a spreadsheet's update keeps staff's own.
      ...(a.dateSubmitted === undefined ? {} : { date_submitted: a.dateSubmitted }),
      ...(a.copyrightHolder === undefined ? {} : { copyright_holder: a.copyrightHolder }),
      ...(a.copyrightYear === undefined ? {} : { copyright_year: a.copyrightYear }),
      ...(a.licenseUrl === undefined ? {} : licenseColumns(a.licenseUrl, journal.license)),
    };
    return { a, item, values };
  };

  const checkAgainstJournal = async (prepared: Prepared[]) => {
    const live = prepared.filter((p) => p.values);
    const refs = live.map((p) => p.values!.refnumber!);
    const keys = live.map((p) => p.values!.titleKey!);
    const dois = live.map((p) => p.values!.doi!.toLowerCase()).filter(Boolean);
    const rows = await existingMatches(db, journal.id, refs, keys, dois);
    for (const p of live) {
      const v = p.values!;
      const sameRef = rows.find((r) => r.refnumber === v.refnumber);
      const sameTitle = rows.find((r) => r.titleKey === v.titleKey);
      const sameDoi = v.doi ? rows.find((r) => r.doi.toLowerCase() === v.doi!.toLowerCase()) : undefined;
      if (sameRef && sameTitle === sameRef && (!sameDoi || sameDoi === sameRef)) {
        // The same article (reference number and title): update what changed, else nothing to do.
        if (p.a.section && v.sectionId === null) v.sectionId = sectionByTitle.get(p.a.section.title.toLowerCase()) ?? null;
        if (unchanged(sameRef, v)) {
          p.item.action = "skip";
          p.item.reasons.push(reason("unchanged"));
        } else {
          p.item.action = "update";
          p.updateId = sameRef.id;
          if (sameRef.file) p.item.pdf = `${p.item.pdf} (the stored PDF is kept)`;
        }
        continue;
      }
      const code = sameRef ? "duplicate_reference_number" : sameTitle ? "duplicate_title" : sameDoi ? "duplicate_doi" : null;
      if (code) {
        const other = (sameRef ?? sameTitle ?? sameDoi)!;
        p.item.action = "skip";
        p.item.reasons.push(reason(code, `(article ${other.refnumber ?? `#${other.id}`})`));
        p.values = null;
      }
    }
  };

  const ensureIssue = async (a: ImportArticle) => {
    const key = issueLabel(a);
    const info: ImportIssue | null = a.issueInfo;
    if (issueByKey.has(key)) {
      const row = issueByKey.get(key)!;
      // Fills in what the issue lacks (title, description, date), never overwriting staff's own.
      if (info && ((!row.title && info.title) || (!row.description && info.description) || (!row.publishedAt && info.publishedAt))) {
        const set = {
          title: row.title || info.title.slice(0, 300),
          description: row.description || info.description,
          publishedAt: row.publishedAt || info.publishedAt || null,
        };
        if (!opts.dryRun) await fillIssue(db, row.id, set);
        issueByKey.set(key, { ...row, ...set });
      }
      return;
    }
    const values = {
      journalId: journal.id,
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      creation: nowIso(),
      title: info?.title.slice(0, 300) ?? "",
      description: info?.description ?? "",
      publishedAt: info?.publishedAt || null,
      // An imported journal's issues were public where they came from: they stay so (docs/decisions/0383).
      status: ISSUE_STATUS.published,
    };
    report.issuesCreated.push(key);
    if (opts.dryRun) {
      issueByKey.set(key, { id: 0, cover: "", coverAlt: "", publishOn: null, ...values });
      return;
    }
    issueByKey.set(key, await insertOrFindIssue(db, values));
  };

  const ensureSection = async (s: ImportSection): Promise<number> => {
    const known = sectionByTitle.get(s.title.toLowerCase());
    if (known !== undefined) return known;
    report.sectionsCreated.push(s.title);
    let id = nextFakeSectionId--;
    if (!opts.dryRun) {
      id = await insertOrFindSection(db, journal.id, s);
    }
    sectionByTitle.set(s.title.toLowerCase(), id);
    return id;
  };

  const write = async (prepared: Prepared[]) => {
    const todo = prepared.filter((p) => p.values && p.item.action !== "skip");
    const stored: string[] = [];
    // The PDFs first, each under a new name no row names yet (0091); a row names one only once it is stored.
    for (const p of todo) {
      if (p.updateId !== undefined) continue;
      const v = p.values!;
      let bytes: Uint8Array | null = p.a.pdf.kind === "bytes" ? p.a.pdf.bytes : null;
      if (p.a.pdf.kind === "url") {
        bytes = opts.fetchPdf ? await opts.fetchPdf(p.a.pdf.url).catch(() => null) : null;
        if (!bytes || bytes.length > PDF_LIMIT || !(bytes[0] === 0x25 && bytes[1] === 0x50)) {
          bytes = null;
          if (opts.requirePdf) {
            p.item.action = "skip";
            p.item.reasons.push(reason("missing_pdf", `It could not be fetched from ${p.a.pdf.url}.`));
            p.values = null;
            continue;
          }
          p.item.warnings.push(`The PDF could not be fetched from ${p.a.pdf.url}: imported without a Download link.`);
        }
      }
      if (!bytes) continue;
      const file = versionedName(v.refnumber!, "pdf");
      const key = fileKeys.article(journal.id, v.year, v.volume, v.issue, file);
      await bucket.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
      stored.push(key);
      v.file = file;
      report.counts.pdfs++;
    }
    const inserts = todo.filter((p) => p.values && p.updateId === undefined);
    const updates = todo.filter((p) => p.values && p.updateId !== undefined);
    if (inserts.length + updates.length === 0) return;
    const event = afterAdminWrite(db, actor, {
      action: "article.import",
      entity: "article",
      summary: `${opts.sourceLabel}: ${inserts.length} created, ${updates.length} updated (${prepared[0].item.line}–${prepared.at(-1)!.item.line})`,
    });
    try {
      await writeArticles(
        db,
        journal.id,
        inserts.map((p) => p.values!),
        updates.map((p) => ({ id: p.updateId!, values: p.values! })),
        event,
      );
    } catch (err) {
      // Nothing of the batch was written: no row names the stored PDFs, so they go too.
      await Promise.all(stored.map((k) => bucket.delete(k).catch(() => {})));
      if (!isUniqueViolation(err)) throw err;
      // Someone added a clashing article meanwhile: one at a time, so only the clashing ones are refused.
      for (const p of inserts) {
        p.values!.file = "";
        p.item.action = "skip";
        p.item.reasons.push(reason("duplicate_reference_number", "(added meanwhile; import again to retry)"));
      }
    }
  };

  for await (const a of source) {
    chunk.push(a);
    if (a.pdf.kind === "bytes") chunkBytes += a.pdf.bytes.length;
    if (chunk.length >= CHUNK_ARTICLES || chunkBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return report;
}
