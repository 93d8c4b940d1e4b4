// The public pages' data: what each page's loader answers (on the server while rendering the first HTML, and as
// JSON from /_data on client-side navigation), and the head every page declares from that data.
// Runtime-neutral: the Worker fills these, the React routes in web/public/ read them (docs/decisions/0070).
import type { SubmissionField, SubmitFormError } from "./submission";
import type { Article, ArticleDetail, ArticleListItem, ArchiveYear, IndexingEntry, PublicEditor, SearchResults, Settings } from "./api";

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
/** Submit Online: after a post without JavaScript, the reference it was stored under, or why it was refused. */
export interface SubmitData extends WithHead {
  /** A reference this journal holds (from /article?received=); null otherwise. */
  received: string | null;
  error: SubmitFormError | null;
  /** The fields the server found wrong (with error "invalid_input"). */
  fields: SubmissionField[];
}
/** Pages whose content is the settings only (instructions, contact). */
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
  submit: SubmitData;
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
] as const satisfies readonly PageId[];

export function isPageId(id: string): id is PageId {
  return (PAGE_IDS as readonly string[]).includes(id);
}

/** A loader's answer: the page data and the HTTP status it goes out with (404 for a missing article/issue). */
export type PageLoad<T> = { status: 200 | 404; data: T } | PageMoved;

/** The page lives at another address (an article asked for under the wrong issue): a permanent redirect. */
export interface PageMoved {
  status: 301;
  /** Path and query of the page's real address. */
  location: string;
}

/** The header /_data answers a moved page with (status 204), naming the page's real address. */
export const PAGE_LOCATION_HEADER = "X-Page-Location";

export interface PageLoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
}

/** One loader per page, reading the database (supplied by the Worker; the React routes only call them). */
export type PageLoaders = { [K in PageId]: (args: PageLoaderArgs) => Promise<PageLoad<PageDataById[K]>> };

/** Where the client fetches a page's data on navigation: /_data?route=<id>&path=<path and query>. */
export const PAGE_DATA_PATH = "/_data";
