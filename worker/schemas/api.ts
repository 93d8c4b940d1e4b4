// The JSON shapes the API answers with: the contract between the Worker and the SPA (see docs/api.md).

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
