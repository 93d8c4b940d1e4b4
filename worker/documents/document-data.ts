// What documents print, taken from the stored rows: journal branding, an article's facts, authors, editors.
import type { ArticleRow, EditorRow, JournalRow } from "../core/data/schema";
import { EDITOR_CATEGORY_HEADINGS, type EditorCategory } from "#contract/constants";
import { decodeEntities, richTextToPlain } from "#contract/rich-text";
import { tidy } from "./tidy-text";
import { stripInvisible } from "#contract/invisible-text";
import { nameMatchKey } from "#contract/name-match";
import { splitAuthors } from "#contract/scholarly";
import { issnList, journalName } from "#contract/journal-info";

export interface Branding {
  name: string;
  /** ISSNs as entered (the settings field is comma separated). */
  issns: string[];
  impactFactor: string;
  domain: string;
  email: string;
  /** BCP 47 language of the journal's documents (PDF /Lang). */
  lang: string;
}

/**
 * The journal's language for the documents' /Lang: its `language` setting when the schema has one (added with
 * the scholarly settings), else English.
 */
export function journalLanguage(journal: JournalRow): string {
  const value = (journal as JournalRow & { language?: unknown }).language;
  return typeof value === "string" && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value.trim()) ? value.trim() : "en";
}

export function brandingOf(journal: JournalRow): Branding {
  return {
    lang: journalLanguage(journal),
    name: journalName(journal),
    issns: issnList(journal.issn),
    impactFactor: tidy(journal.impactfactor),
    domain: tidy(journal.domain),
    email: tidy(journal.websiteemail),
  };
}

/** "ISSN: 1234-5678, 8765-4321" and "Impact Factor: 5.2", each only when set. */
export function brandingFacts(b: Branding): string[] {
  const facts: string[] = [];
  if (b.issns.length) facts.push(`ISSN: ${b.issns.join(", ")}`);
  if (b.impactFactor) facts.push(`Impact Factor: ${b.impactFactor}`);
  return facts;
}

/**
 * The stored spelling of `requested` if it is one of the article's authors, else null. Both sides are compared
 * by nameMatchKey: NFKC, invisible characters removed, case folded, single spaces.
 */
export function matchAuthor(authorname: string, requested: string): string | null {
  const key = nameMatchKey(requested);
  if (!key) return null;
  return splitAuthors(authorname).find((a) => nameMatchKey(a) === key) ?? null;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "March 2024" from a date like 2024-03-18 (publish date), else the year alone. */
export function monthYear(date: string | null | undefined, fallbackYear: number): string {
  const m = /^(\d{4})-(\d{2})/.exec(String(date ?? "").trim());
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  return String(fallbackYear);
}

export interface ArticleFacts {
  refnumber: string;
  titleHtml: string;
  title: string;
  authors: string[];
  year: number;
  volume: number;
  issue: number;
  pages: string;
  published: string;
}

export function articleFactsOf(row: ArticleRow): ArticleFacts {
  return {
    refnumber: tidy(row.refnumber),
    titleHtml: row.title,
    title: richTextToPlain(row.title),
    authors: splitAuthors(row.authorname),
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    pages: pageRange(row.pagenumber),
    published: monthYear(row.publishdate, row.year),
  };
}

/** "73–80" from "73-80"; a one-page article ("36-36") is "36". */
export function pageRange(pagenumber: string): string {
  const m = /^(\d+)\s*[-–]\s*(\d+)$/.exec(tidy(pagenumber));
  if (m && Number(m[1]) === Number(m[2])) return m[1];
  return tidy(pagenumber).replace(/\s*-\s*/, "–");
}

/** "Page" before a single page, "Pages" before a range. */
export const pagesLabel = (pages: string): string => (/^\d+$/.test(pages) ? "Page" : "Pages");

/**
 * Affiliation and country as printed: the country is appended only when the affiliation does not already end with
 * it ("University of Jakarta, Indonesia" + "Indonesia" stays as it is).
 */
export function affiliationWithCountry(affiliation: string, country: string): string {
  if (!country) return affiliation;
  const tail = nameMatchKey(affiliation.split(/[,;\n]/).pop() ?? "");
  const key = nameMatchKey(country);
  if (tail === key || nameMatchKey(affiliation).endsWith(` ${key}`)) return affiliation;
  return [affiliation, country].filter(Boolean).join(", ");
}

export interface EditorFacts {
  id: number;
  name: string;
  degree: string;
  post: string;
  affiliation: string;
  country: string;
  category: string;
  role: string;
  since: string;
}

/** Singular role of a board category ("associate editor" -> "Associate Editor"). */
export function roleOf(category: string): string {
  if (category === "chief editor") return "Editor-in-Chief";
  return tidy(category).replace(/\b\p{L}/gu, (c) => c.toUpperCase()) || "Editor";
}

export function editorFactsOf(row: EditorRow): EditorFacts {
  return {
    id: row.id,
    name: tidy(row.name),
    degree: tidy(decodeEntities(row.degree)),
    post: tidy(richTextToPlain(row.post)),
    affiliation: tidy(richTextToPlain(row.content)),
    country: tidy(row.country),
    category: row.category,
    role: roleOf(row.category),
    since: monthYear(row.creation, new Date(row.creation).getUTCFullYear() || new Date().getUTCFullYear()),
  };
}

export function categoryHeading(category: string): string {
  return EDITOR_CATEGORY_HEADINGS[category as EditorCategory] ?? roleOf(category);
}

/** The Editor-in-Chief who signs certificates: the first enabled "chief editor", if any. */
export function chiefEditorOf(editors: EditorRow[]): EditorFacts | null {
  const chief = editors.find((e) => e.category === "chief editor");
  return chief ? editorFactsOf(chief) : null;
}

/**
 * A file-name slug of a name: ASCII when it has Latin letters ("Şükrü Işık" -> "sukru-isik"), else its own letters
 * ("محمد عبد الله" -> "محمد-عبد-الله", "王小明" -> "王小明"); `fallback` when nothing is left.
 */
export function slugOf(name: string, fallback = "author"): string {
  const latin = name
    .normalize("NFKD")
    .replace(/[ıİ]/g, "i")
    .replace(/[əƏ]/g, "e")
    .replace(/[đĐ]/g, "d")
    .replace(/[øØ]/g, "o")
    .replace(/ß/g, "ss")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const ascii = /[a-z]/.test(latin) ? latin.replace(/[^a-z0-9]+/g, "-") : "";
  const slug =
    ascii ||
    stripInvisible(name.normalize("NFC"))
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\u200c\u200d]+/gu, "-");
  const trimmed = [...slug.replace(/^-+|-+$/g, "")].slice(0, 40).join("").replace(/-+$/, "");
  return trimmed || fallback;
}

/** A reference number made safe for a file name (letters, digits, dot, dash, underscore). */
export function fileSafe(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "document";
}
