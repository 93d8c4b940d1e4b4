// The JSON shapes the API answers with: the contract between the Worker and the SPA (see docs/api.md).
import { z } from "zod";
import type { ArticleAuthor } from "./scholarly";

/** Every error answer: `{ "error": "<code>" }` with a fitting HTTP status. */
export interface ErrorBody {
  error: string;
}

export interface Settings {
  websitename: string;
  websiteemail: string;
  whatsup_number: string;
  domain: string;
  issn: string;
  home_content: string;
  address: string;
  formatted_journal_name: string;
  fee_rupee: string;
  fee_dollar: string;
  impactfactor: string;
  // Scholarly metadata (docs/decisions/0100-scholarly-metadata.md).
  publisher: string;
  doi_prefix: string;
  /** Key of a Creative Commons licence (worker/schemas/scholarly.ts LICENSES). */
  license: string;
  license_url: string;
  issn_print: string;
  issn_online: string;
  language: string;
}

export interface IndexingEntry {
  id: number;
  title: string;
  link: string;
  image: string;
  /** Absolute path of the logo, or "" when there is none. */
  image_url: string;
  sortnumber: number;
  status: string;
}

/** An editor as the public board sees it: no personal contact data (docs/decisions/0090). */
export interface PublicEditor {
  id: number;
  name: string;
  degree: string;
  post: string;
  content: string;
  picture: string;
  /** Path of the picture, or of the default avatar when there is none. */
  picture_url: string;
  category: string;
  status: string;
  country: string;
  creation: string;
  updated_at: string;
}

/** An editor as journal staff see it (admin API only). */
export interface Editor extends PublicEditor {
  email: string;
  phone: string;
}

export interface ArchiveYear {
  year: number;
  volume: number;
  total_issues: number;
}

/** An article as the public sees it (no payment or contact fields). */
export interface Article {
  id: number;
  refnumber: string;
  title: string;
  authorname: string;
  abstract: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  country: string;
  file: string;
  /** Path of the PDF under /assets/archives/..., or null when there is no file. */
  file_url: string | null;
  publishdate: string;
  subject: string;
  keywords: string;
  /** "" or the article's DOI ("10.1234/abc"). */
  doi: string;
  /** The article's language tag; "" means the journal's (Settings.language). */
  language: string;
  /** The authors of authorname, in order, with optional affiliation and ORCID iD. */
  authors: ArticleAuthor[];
  /** Cited works, one per entry. */
  references: string[];
  /** Citation downloads next to the article page: RIS and BibTeX. */
  ris_url: string;
  bib_url: string;
}

/** "How to cite this article" in four CSL styles, rendered on the server (plain text). */
export interface ArticleCitations {
  apa: string;
  vancouver: string;
  harvard: string;
  ieee: string;
}

/** One article (GET /api/archives/ref/{ref} and /api/archives/{id}): with its rendered citations. */
export interface ArticleDetail extends Article {
  citations: ArticleCitations;
}

/** An article as journal staff see it. */
export interface AdminArticle extends Article {
  status: string;
  txnid: string;
  ptype: string;
  email: string;
  mobile: string;
  description: string;
  createdby: string;
  creation: string;
  modifiedby: string;
  modification: string;
}

/** An article as a list row shows it (issue table, search results): no abstract or other long text. */
export type ArticleListItem = Pick<Article, "id" | "refnumber" | "title" | "authorname" | "year" | "volume" | "issue" | "pagenumber" | "country" | "file_url">;

export interface IssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: ArticleListItem[];
}

// ---- Search (docs/api.md "Search"; docs/decisions/0081-search-pages.md) ----

/** A stretch of a search excerpt: plain text (never markup); `hit` marks the words that matched. */
export interface ExcerptPart {
  text: string;
  hit: boolean;
}

/** One search result: the list row plus a short excerpt of the abstract around the matched words. */
export interface SearchHit extends ArticleListItem {
  excerpt: ExcerptPart[];
}

/** One page of search results, best match first. */
export interface SearchPageOf<H> {
  q: string;
  /** 1-based page number; 20 results a page. */
  page: number;
  per_page: number;
  /** Matches found; when `more` is true there are more than `count` (counting stops there). */
  count: number;
  more: boolean;
  /** Pages that can be opened (ceil(count / per_page)). */
  pages: number;
  results: H[];
}

export type SearchResults = SearchPageOf<SearchHit>;

// ---- Admin answers (docs/api.md, "Admin API") ----

/** GET /api/admin/: the dashboard counts. */
export interface DashboardCounts {
  archives: number;
  editors: number;
  articles: number;
  submissions: number;
}

/** One row of GET /api/admin/archives/. */
export interface AdminIssue {
  id: number;
  year: number;
  volume: number;
  issue: number;
  /** Articles filed under this issue, any status. */
  articles: number;
  creation: string;
}

/** A row of the staff issue table: the list fields plus status and payment (no abstract). */
export interface AdminIssueArticle extends ArticleListItem {
  status: string;
  txnid: string;
  ptype: string;
}

export interface AdminIssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: AdminIssueArticle[];
}

/** A search result as staff see it: any status, with the columns of the admin search table. */
export interface AdminSearchHit extends SearchHit {
  status: string;
  txnid: string;
  creation: string;
  modification: string;
}

/** One line of the audit trail (GET /api/admin/events): who changed what, when. */
export interface AdminEventEntry {
  id: number;
  admin_username: string;
  /** "article.add", "article.edit", "article.delete", "editor.add", "editor.edit", "editor.status", "editor.delete", "issue.create", "settings.save" */
  action: string;
  entity: string;
  entity_id: number | null;
  summary: string;
  created_at: string;
}

export type AdminSearchResults = SearchPageOf<AdminSearchHit>;

/** A manuscript sent through the Submit Online form, as staff see it. */
export interface Submission {
  id: number;
  reference: string;
  name: string;
  email: string;
  country: string;
  phone: string;
  address: string;
  title: string;
  file: string;
  file_size: number;
  created_at: string;
  /** Download path of the manuscript (needs the bearer token). */
  file_url: string;
}

// ---- Public answer allowlists ----
// Every answer of a public path (no token) is built by parsing through one of these schemas, which keeps only
// the keys listed here: a column added to a table never reaches the public by accident. Each schema is checked
// against its interface above (`satisfies`), and worker/routes/public-answers.test.ts compares every public
// answer's keys with its schema (docs/decisions/0090).

const str = z.string();
const int = z.number().int();

export const publicSettingsSchema = z.object({
  websitename: str, websiteemail: str, whatsup_number: str, domain: str, issn: str, home_content: str, address: str,
  formatted_journal_name: str, fee_rupee: str, fee_dollar: str, impactfactor: str,
  publisher: str, doi_prefix: str, license: str, license_url: str, issn_print: str, issn_online: str, language: str,
}) satisfies z.ZodType<Settings>;

export const publicIndexingEntrySchema = z.object({
  id: int, title: str, link: str, image: str, image_url: str, sortnumber: int, status: str,
}) satisfies z.ZodType<IndexingEntry>;

export const publicEditorSchema = z.object({
  id: int, name: str, degree: str, post: str, content: str, picture: str, picture_url: str, category: str,
  status: str, country: str, creation: str, updated_at: str,
}) satisfies z.ZodType<PublicEditor>;

export const publicArchiveYearSchema = z.object({ year: int, volume: int, total_issues: int }) satisfies z.ZodType<ArchiveYear>;

export const publicArticleSchema = z.object({
  id: int, refnumber: str, title: str, authorname: str, abstract: str, year: int, volume: int, issue: int,
  pagenumber: str, country: str, file: str, file_url: str.nullable(), publishdate: str, subject: str, keywords: str,
  doi: str, language: str, authors: z.array(z.object({ name: str, affiliation: str, orcid: str })), references: z.array(str),
  ris_url: str, bib_url: str,
}) satisfies z.ZodType<Article>;

export const publicArticleDetailSchema = publicArticleSchema.extend({
  citations: z.object({ apa: str, vancouver: str, harvard: str, ieee: str }),
}) satisfies z.ZodType<ArticleDetail>;

export const publicArticleListItemSchema = z.object({
  id: int, refnumber: str, title: str, authorname: str, year: int, volume: int, issue: int, pagenumber: str, country: str,
  file_url: str.nullable(),
}) satisfies z.ZodType<ArticleListItem>;

export const publicIssueArticlesSchema = z.object({
  year: int, volume: int, issue: int, articles: z.array(publicArticleListItemSchema),
}) satisfies z.ZodType<IssueArticles>;

export const publicSearchHitSchema = publicArticleListItemSchema.extend({
  excerpt: z.array(z.object({ text: str, hit: z.boolean() })),
}) satisfies z.ZodType<SearchHit>;

export const publicSearchResultsSchema = z.object({
  q: str, page: int, per_page: int, count: int, more: z.boolean(), pages: int, results: z.array(publicSearchHitSchema),
}) satisfies z.ZodType<SearchResults>;

/**
 * What the generated documents will shorten with an ellipsis (docs/decisions/0056-text-that-fits.md): the `warnings`
 * of an article's save response (POST /api/admin/archives/, POST /api/archives/{id}).
 */
export const DOCUMENT_WARNINGS = {
  title_shortened_on_certificate: "The title is too long for the certificate: it will end with “…”.",
  title_shortened_on_cover_page: "The title is too long for the cover page: it will end with “…”.",
  authors_shortened_on_cover_page: "The author list is too long for the cover page: it will end with “…”.",
  author_name_shortened_on_certificate: "An author's name is too long for the certificate: it will end with “…”.",
} as const;
export type DocumentWarning = keyof typeof DOCUMENT_WARNINGS;

/** The body of a successful article add or edit. */
export interface ArticleSaved {
  article: AdminArticle;
  warnings: DocumentWarning[];
}
