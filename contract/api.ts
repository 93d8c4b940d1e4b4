// The JSON shapes the API answers with: the contract between the Worker and the SPA (see docs/api.md).
import { z } from "zod";
import type { ArticleAuthor } from "./scholarly";
import { articleFormAnswerShape } from "./article-form";

/** Every error answer: `{ "error": "<code>" }` with a fitting HTTP status. */
export interface ErrorBody {
  error: string;
}

// The shapes of the journal's resources as the API answers them are the schemas below (section "Answer
// schemas"): each type is inferred from its schema, so a field is written once (docs/decisions/0131).

export interface ArchiveYear {
  year: number;
  volume: number;
  total_issues: number;
}

/** "How to cite this article" in four CSL styles, rendered on the server (plain text). */
export interface ArticleCitations {
  apa: string;
  vancouver: string;
  harvard: string;
  ieee: string;
}

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

export interface AdminIssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: AdminIssueArticle[];
}

export type AdminSearchResults = SearchPageOf<AdminSearchHit>;

// ---- Answer schemas: one per resource and view ----
// The journal's resources (settings, indexing entries, editors, articles) are answered in the shape of these
// schemas, and their types are inferred from them: each field of an answer is written here once
// (docs/decisions/0131). A serialiser (beside its routes) parses a row through its schema, which keeps only the
// keys listed here: a column added to a table never reaches an answer by accident. Public paths (no token) use
// the `public…` schemas; worker/core/public-answers.test.ts compares every public answer's keys with its
// schema (docs/decisions/0090). The staff views extend the public ones.

const str = z.string();
const int = z.number().int();

export const publicSettingsSchema = z.object({
  websitename: str,
  websiteemail: str,
  whatsup_number: str,
  domain: str,
  issn: str,
  home_content: str,
  address: str,
  formatted_journal_name: str,
  fee_rupee: str,
  fee_dollar: str,
  impactfactor: str,
  // Scholarly metadata (docs/decisions/0100-scholarly-metadata.md).
  publisher: str,
  doi_prefix: str,
  /** Key of a Creative Commons licence (contract/scholarly.ts LICENSES), and its deed. */
  license: str,
  license_url: str,
  issn_print: str,
  issn_online: str,
  language: str,
  /** The interface languages (docs/decisions/0351): the plain addresses' one, and all offered ("en,ar,id"). */
  interface_language: str,
  interface_languages: str,
  /** The journal's own images: uploaded, or drawn from its name and ISSN (contract/branding.ts). */
  logo_url: str,
  cover_image_url: str,
  certificate_image_url: str,
  // Journal policies DOAJ asks for (docs/decisions/0222), plain text, "" until staff fill them in.
  apc_policy: str,
  waiver_policy: str,
  review_process: str,
  plagiarism_policy: str,
  // Site pages (issue 37 item 4, contract/site-content.ts): HTML like home_content, the default text when the journal
  // has written none; and where its copyright form downloads from.
  instructions_content: str,
  policies_content: str,
  contact_content: str,
  copyright_form_url: str,
});
export type Settings = z.infer<typeof publicSettingsSchema>;

export const publicIndexingEntrySchema = z.object({
  id: int,
  title: str,
  link: str,
  image: str,
  /** Absolute path of the logo, or "" when there is none. */
  image_url: str,
  sortnumber: int,
  status: str,
});
export type IndexingEntry = z.infer<typeof publicIndexingEntrySchema>;

/** An editor as the public board sees it: no personal contact data (docs/decisions/0090). */
export const publicEditorSchema = z.object({
  id: int,
  name: str,
  degree: str,
  post: str,
  content: str,
  picture: str,
  /** Path of the picture, or of the default avatar when there is none. */
  picture_url: str,
  category: str,
  status: str,
  country: str,
  creation: str,
  updated_at: str,
});
export type PublicEditor = z.infer<typeof publicEditorSchema>;

/** An editor as journal staff see it (admin API only). */
export const editorAnswerSchema = publicEditorSchema.extend({ email: str, phone: str });
export type Editor = z.infer<typeof editorAnswerSchema>;

export const publicArchiveYearSchema = z.object({ year: int, volume: int, total_issues: int }) satisfies z.ZodType<ArchiveYear>;

/** An article as the public sees it (no payment or contact fields). */
export const publicArticleSchema = z.object({
  id: int,
  refnumber: str,
  title: str,
  authorname: str,
  abstract: str,
  year: int,
  volume: int,
  issue: int,
  pagenumber: str,
  country: str,
  file: str,
  /** Path of the PDF under /assets/archives/..., or null when there is no file. */
  file_url: str.nullable(),
  publishdate: str,
  subject: str,
  keywords: str,
  /** "" or the article's DOI ("10.1234/abc"). */
  doi: str,
  /** The article's language tag; "" means the journal's (Settings.language). */
  language: str,
  /** The authors of authorname, in order, with optional affiliation, ORCID iD and the affiliation's ROR id (an address). */
  authors: z.array(z.object({ name: str, affiliation: str, orcid: str, ror: str.optional() }) satisfies z.ZodType<ArticleAuthor>),
  /** Cited works, one per entry. */
  references: z.array(str),
  /** Citation downloads next to the article page: RIS and BibTeX. */
  ris_url: str,
  bib_url: str,
  // Indexers (issue 40, docs/decisions/0220): the JATS file, whether Crossref registered the DOI (only then is it
  // a doi.org link), the article's own licence key ("" = the journal's) and its funders.
  xml_url: str,
  doi_registered: z.boolean(),
  license: str,
  funders: z.array(z.object({ funder: str, award: str })),
  /** Other language versions of title, abstract and keywords (issue 50 item 4): lang is a shipped BCP 47 tag. */
  translations: z.array(z.object({ lang: str, title: str, abstract: str, keywords: str })),
});
export type Article = z.infer<typeof publicArticleSchema>;

/** One article (GET /api/archives/ref/{ref} and /api/archives/{id}): with its rendered citations. */
export const publicArticleDetailSchema = publicArticleSchema.extend({
  citations: z.object({ apa: str, vancouver: str, harvard: str, ieee: str }) satisfies z.ZodType<ArticleCitations>,
});
export type ArticleDetail = z.infer<typeof publicArticleDetailSchema>;

/**
 * An article as journal staff see it: every field of its form (contract/article-form.ts, so the edit form can show
 * each) and the staff columns; not the internal ones (plain-text copies, title key, the txnid claim).
 */
export const adminArticleSchema = publicArticleSchema.extend({
  ...articleFormAnswerShape(),
  status: str,
  createdby: str,
  creation: str,
  modifiedby: str,
  modification: str,
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

/** An article as a list row shows it (issue table, search results): no abstract or other long text. */
export const publicArticleListItemSchema = publicArticleSchema.pick({
  id: true,
  refnumber: true,
  title: true,
  authorname: true,
  year: true,
  volume: true,
  issue: true,
  pagenumber: true,
  country: true,
  file_url: true,
});
export type ArticleListItem = z.infer<typeof publicArticleListItemSchema>;

/** A row of the staff issue table: the list fields plus status and payment (no abstract). */
export const adminIssueArticleSchema = publicArticleListItemSchema
  .extend(adminArticleSchema.pick({ status: true, txnid: true, ptype: true }).shape)
  // The article's section (issue 37 item 5) in the staff issue table; null for none.
  .extend({ section_id: int.nullable().optional() });
export type AdminIssueArticle = z.infer<typeof adminIssueArticleSchema>;

export const publicIssueArticlesSchema = z.object({
  year: int,
  volume: int,
  issue: int,
  articles: z.array(publicArticleListItemSchema),
}) satisfies z.ZodType<IssueArticles>;

export const publicSearchHitSchema = publicArticleListItemSchema.extend({
  excerpt: z.array(z.object({ text: str, hit: z.boolean() }) satisfies z.ZodType<ExcerptPart>),
});
export type SearchHit = z.infer<typeof publicSearchHitSchema>;

/** A search result as staff see it: any status, with the columns of the admin search table. */
export const adminSearchHitSchema = publicSearchHitSchema.extend(
  adminArticleSchema.pick({ status: true, txnid: true, creation: true, modification: true }).shape,
);
export type AdminSearchHit = z.infer<typeof adminSearchHitSchema>;

export const publicSearchResultsSchema = z.object({
  q: str,
  page: int,
  per_page: int,
  count: int,
  more: z.boolean(),
  pages: int,
  results: z.array(publicSearchHitSchema),
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

// ---- Staff-only answers (admin API) ----

/** One row of GET /api/admin/archives/: an issue and how many articles are filed under it (any status). */
export const adminIssueSchema = z.object({
  id: int,
  year: int,
  volume: int,
  issue: int,
  /** A special issue's title, "" for none (issue 37 item 5). */
  title: str,
  articles: int,
  creation: str,
  /** 'draft' | 'scheduled' | 'published': readers see only published issues (docs/decisions/0383). */
  status: z.enum(["draft", "scheduled", "published"]),
  /** A scheduled issue's day (YYYY-MM-DD), null otherwise. */
  publish_on: str.nullable(),
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;

/** One line of the audit trail (GET /api/admin/events): who changed what, when. */
export const adminEventSchema = z.object({
  id: int,
  admin_username: str,
  /** "article.add", "article.edit", "article.delete", "editor.add", "editor.edit", "editor.status", "editor.delete", "issue.create", "settings.save" */
  action: str,
  entity: str,
  entity_id: int.nullable(),
  summary: str,
  created_at: str,
});
export type AdminEventEntry = z.infer<typeof adminEventSchema>;

/** A manuscript sent through Submit Online, as staff see it (GET /api/admin/submissions). */
export const submissionAnswerSchema = z.object({
  id: int,
  reference: str,
  name: str,
  email: str,
  country: str,
  phone: str,
  address: str,
  title: str,
  file: str,
  file_size: int,
  created_at: str,
  /** Download path of the manuscript (needs the bearer token). */
  file_url: str,
});
export type Submission = z.infer<typeof submissionAnswerSchema>;
