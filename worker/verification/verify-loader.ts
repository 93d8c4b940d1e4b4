// The /verify page's loader: reads the code from the path (/verify/{code}) or the form's query (?code=), checks its
// signature (worker/verification/verification-code.ts) and reads what the certificate names today, so the page says
// valid, no longer valid (article withdrawn, author or editor removed, position changed), tampered or unknown
// (docs/decisions/0170-certificate-verification.md). Genuine codes answer 200 (the edge may cache them: every
// admin write changes the cache key), tampered, unknown and malformed ones 404.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import type { ArticleRow, EditorRow } from "../core/data/schema";
import { findPublicArticleById } from "../archive/articles.repo";
import { findEditor } from "../editors/editors.repo";
import type { PageLoad, PageLoaderArgs } from "#contract/pages";
import type { VerifiedAppointment, VerifiedPublication, VerifyData, VerifyOutcome } from "#contract/verify-page";
import { normalizeCode } from "#contract/verify-code";
import { STATUS_ENABLED } from "#contract/constants";
import { articlePath } from "#contract/citation";
import { journalName } from "#contract/journal-info";
import { richTextToPlain } from "#contract/rich-text";
import { splitAuthors } from "#contract/scholarly";
import { clip } from "#contract/html";
import { categoryPosition, readCertificateCode, type GenuineCode } from "./verification-code";
import { editorFactsOf, monthYear } from "../documents/document-data";
import { tidy } from "../documents/tidy-text";
import { pageHead } from "../pages/page-heads";
import type { Translator } from "#contract/i18n/messages";
import { formatDate, intlLocale } from "#contract/i18n/intl-format";
import type { Language } from "#contract/i18n/languages";
import { clientIpOf, throttleKeyOfIp } from "../auth/client-ip";
import { failedGuessesSince, recordFailedGuess } from "./verify-attempts.repo";

/**
 * "March 2024" (English), "مارس 2024", "Maret 2024" from a date like 2024-03-18, in the page's language; the year
 * alone when no month is recorded.
 */
export function monthYearIn(lang: Language, date: string | null | undefined, year: number): string {
  const m = /^(\d{4})-(\d{2})/.exec(String(date ?? "").trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return monthYear(date, year);
  const month = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return new Intl.DateTimeFormat(intlLocale(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(month);
}

/** "18 March 2024" from a publish date like 2024-03-18, in the page's language; the month or year when less is recorded. */
export function publicationDate(date: string | null | undefined, year: number, lang: Language = "en"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(date ?? "").trim());
  if (!m) return monthYearIn(lang, date, year);
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // Date.UTC rolls 2024-02-31 over into March: only a date that reads back as written is one.
  return day.toISOString().startsWith(`${m[1]}-${m[2]}-${m[3]}`) ? formatDate(lang, day) : monthYearIn(lang, date, year);
}

function publicationOf(row: ArticleRow, name: string | null, journal: string, lang: Language): VerifiedPublication {
  const refnumber = tidy(row.refnumber ?? "");
  return {
    kind: "publication",
    name,
    title: richTextToPlain(row.title),
    refnumber,
    journal,
    volume: row.volume,
    issue: row.issue,
    year: row.year,
    published: publicationDate(row.publishdate, row.year, lang),
    articlePath: refnumber ? articlePath({ year: row.year, volume: row.volume, issue: row.issue, refnumber }) : null,
  };
}

function appointmentOf(row: EditorRow, journal: string, lang: Language): VerifiedAppointment {
  const e = editorFactsOf(row);
  // When the editor joined the board, as the certificate states it ("March 2024"), in the page's language.
  const since = monthYearIn(lang, row.creation, new Date(row.creation).getUTCFullYear() || new Date().getUTCFullYear());
  return { kind: "appointment", name: e.name, degree: e.degree, role: e.role, journal, since };
}

type Genuine = Extract<VerifyOutcome, { status: "valid" | "revoked" }>;

async function authorOutcome(c: Context<AppEnv>, code: string, read: GenuineCode, lang: Language): Promise<Genuine> {
  const journal = c.get("journal");
  // Public articles only (enabled, with a reference number, in a published issue: docs/decisions/0383).
  const row = await findPublicArticleById(c.get("db"), journal.id, read.recordId);
  // A withdrawn article's details stay private (it is not published any more): only the verdict is shown.
  if (!row || !tidy(row.refnumber ?? "")) {
    return { status: "revoked", code, reason: "article_withdrawn", certificate: null };
  }
  const authors = splitAuthors(row.authorname);
  // The stated place first; anywhere else in the list when the authors were reordered since.
  const name = [authors[read.position], ...authors].find((a) => a !== undefined && read.issuedTo(a)) ?? null;
  const certificate = publicationOf(row, name, journalName(journal), lang);
  return name ? { status: "valid", code, certificate } : { status: "revoked", code, reason: "author_removed", certificate };
}

async function editorOutcome(c: Context<AppEnv>, code: string, read: GenuineCode, lang: Language): Promise<Genuine> {
  const journal = c.get("journal");
  const row = await findEditor(c.get("db"), journal.id, read.recordId, { enabledOnly: false });
  // Removed, disabled, or renamed so the name printed no longer matches the board's.
  if (!row || row.status !== STATUS_ENABLED || !read.issuedTo(tidy(row.name))) {
    return { status: "revoked", code, reason: "editor_removed", certificate: null };
  }
  const certificate = appointmentOf(row, journalName(journal), lang);
  if (categoryPosition(row.category) !== read.position) return { status: "revoked", code, reason: "position_changed", certificate };
  return { status: "valid", code, certificate };
}

/** Seconds a throttled request is told to wait (Retry-After), for the page and /_data answers to send. */
export const retryAfterOf = new WeakMap<Request, number>();

/** Failed guesses an address may make in GUESS_WINDOW_MS before /verify answers 429 (docs/decisions/0183). */
export const GUESS_LIMIT = 20;
export const GUESS_WINDOW_MS = 10 * 60_000;

/**
 * checkCode behind the per-address throttle: an address (IPv4, or IPv6 /64) with GUESS_LIMIT codes that did not verify
 * in the last GUESS_WINDOW_MS is told to wait, whatever it sends; genuine codes never count against it, so a reader
 * checking many real certificates is never stopped.
 */
export async function checkCodeThrottled(c: Context<AppEnv>, typed: string, lang: Language = "en"): Promise<VerifyOutcome> {
  const db = c.get("db");
  const key = throttleKeyOfIp(clientIpOf(c.req.raw.headers));
  const now = Date.now();
  const recent = await failedGuessesSince(db, key, new Date(now - GUESS_WINDOW_MS).toISOString());
  if (recent.n >= GUESS_LIMIT) {
    const freed = recent.oldest ? Date.parse(recent.oldest) + GUESS_WINDOW_MS : now + GUESS_WINDOW_MS;
    return { status: "throttled", retryAfterSeconds: Math.max(1, Math.ceil((freed - now) / 1000)) };
  }
  const outcome = await checkCode(c, typed, lang);
  if (outcome.status === "tampered" || outcome.status === "unknown" || outcome.status === "malformed")
    await recordFailedGuess(db, key, new Date(now).toISOString());
  return outcome;
}

export async function checkCode(c: Context<AppEnv>, typed: string, lang: Language = "en"): Promise<VerifyOutcome> {
  const code = normalizeCode(typed);
  if (!code) return { status: "malformed", typed: clip(typed, 60) };
  const keys = c.var.config.certificateKeys;
  if (!keys) {
    console.error("CERTIFICATE_KEYS is missing or has no usable key: certificate codes cannot be checked");
    return { status: "unknown", code };
  }
  const read = readCertificateCode(keys, c.get("journal").id, code);
  if (read.status !== "genuine") return { status: read.status, code };
  return read.kind === "author" ? authorOutcome(c, code, read, lang) : editorOutcome(c, code, read, lang);
}

export function verifyLoader(c: Context<AppEnv>, t: Translator["t"], lang: Language = "en") {
  return async ({ request, params }: PageLoaderArgs): Promise<PageLoad<VerifyData>> => {
    const journal = c.get("journal");
    const typed = (params.code ?? new URL(request.url).searchParams.get("code") ?? "").trim();
    const name = journalName(journal);
    const head = pageHead(journal, null, {
      title: t(typed ? "head.verify.resultTitle" : "head.verify.title"),
      description: t("head.verify.description", { journal: name }),
      canonicalPath: null,
      robots: "noindex",
    });
    const suspended = journal.status === "suspended" ? { suspended: true } : {};
    if (!typed) return { status: 200, data: { head, outcome: { status: "form" }, ...suspended } };
    const outcome = await checkCodeThrottled(c, typed, lang);
    if (outcome.status === "throttled") retryAfterOf.set(c.req.raw, outcome.retryAfterSeconds);
    const status = outcome.status === "valid" || outcome.status === "revoked" ? 200 : outcome.status === "throttled" ? 429 : 404;
    return { status, data: { head, outcome, ...suspended } };
  };
}
