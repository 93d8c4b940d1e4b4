// The public pages' data: what each page's loader answers (on the server while rendering the first HTML, and as
// JSON from /_data on client-side navigation), and the head every page declares from that data.
// Runtime-neutral: the Worker fills these, the React routes in web/public/ read them (docs/decisions/0070).
import type { Article, ArticleDetail, ArticleListItem, ArchiveYear, IndexingEntry, PublicEditor, SearchResults, Settings } from "./api";
import type { VerifyData } from "./verify-page";

/** The <head> of one page, built on the server from the page's data. */
export interface PageHead {
  /** The whole <title> ("Archives | Journal Name"). */
  title: string;
  description: string;
  /** Absolute canonical URL, or null when the page has none (or the journal has no public domain). */
  canonical: string | null;
  /** e.g. "noindex, follow" for search results; null to leave robots at their default. */
  robots: string | null;
  /** Further tags (citation_*, Dublin Core, Open Graph, JSON-LD) as markup escaped by contract/html.ts. */
  tags: string;
}

export type HeaderBranch = "alt" | "default";

/** The layout's data: the journal's settings and the header branch chosen for the request's host. */
export interface RootData {
  settings: Settings;
  headerBranch: HeaderBranch;
}

interface WithHead {
  head: PageHead;
}

export interface HomeData extends WithHead {
  archives: ArchiveYear[];
  indexing: IndexingEntry[];
}
export interface BoardData extends WithHead {
  editors: PublicEditor[];
}
export interface ArchivesData extends WithHead {
  archives: ArchiveYear[];
}
/** `articles` is null when the issue does not exist (the page answers 404). */
export interface IssueData extends WithHead {
  loc: { year: number; volume: number; issue: number } | null;
  articles: ArticleListItem[] | null;
}
/** `article` is null for 'Article not found!' (404). */
export interface ArticleData extends WithHead {
  article: ArticleDetail | null;
}
export interface CertificatesData extends WithHead {
  refno: string;
  /** The article with that reference number; null when none was asked for or none matched. */
  article: Article | null;
}
export interface SearchData extends WithHead {
  /** null when no query was given. */
  results: SearchResults | null;
}
export interface IndexingData extends WithHead {
  indexing: IndexingEntry[];
}
/** Pages whose content is the settings only (instructions, contact, Submit Online). */
export type PlainPageData = WithHead;

export interface PageDataById {
  root: RootData;
  home: HomeData;
  board: BoardData;
  archives: ArchivesData;
  issue: IssueData;
  article: ArticleData;
  certificates: CertificatesData;
  search: SearchData;
  instructions: PlainPageData;
  indexing: IndexingData;
  contact: PlainPageData;
  submit: PlainPageData;
  /** /verify and /verify/{code}: certificate verification (contract/verify-page.ts). */
  verify: VerifyData;
}

export type PageId = keyof PageDataById;

export const PAGE_IDS = [
  "root",
  "home",
  "board",
  "archives",
  "issue",
  "article",
  "certificates",
  "search",
  "instructions",
  "indexing",
  "contact",
  "submit",
  "verify",
] as const satisfies readonly PageId[];

export function isPageId(id: string): id is PageId {
  return (PAGE_IDS as readonly string[]).includes(id);
}

/** A loader's answer: the page data and the HTTP status it goes out with (404 for a missing article/issue). */
export interface PageLoad<T> {
  status: 200 | 404;
  data: T;
}

export interface PageLoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
}

/** One loader per page, reading the database (supplied by the Worker; the React routes only call them). */
export type PageLoaders = { [K in PageId]: (args: PageLoaderArgs) => Promise<PageLoad<PageDataById[K]>> };

/** Where the client fetches a page's data on navigation: /_data?route=<id>&path=<path and query>. */
export const PAGE_DATA_PATH = "/_data";
