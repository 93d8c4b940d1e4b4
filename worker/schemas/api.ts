// The JSON shapes the API answers with: the contract between the Worker and the SPA (see docs/api.md).
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

export interface Editor {
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
  email: string;
  phone: string;
  country: string;
  creation: string;
  updated_at: string;
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

export interface IssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: Article[];
}

export interface SearchResults {
  q: string;
  count: number;
  results: Article[];
}

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

export interface AdminIssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: AdminArticle[];
}

export interface AdminSearchResults {
  q: string;
  count: number;
  results: AdminArticle[];
}

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
