// The public pages' data: what each page's loader answers (on the server while rendering the first HTML, and as
// JSON from /_data on client-side navigation), and the head every page declares from that data.
// Runtime-neutral: the Worker fills these, the React routes in web/public/ read them (docs/decisions/0070).
import type { MessageId } from "./i18n/messages";
import type { SubmissionField, SubmitFormError } from "./submission";
import type { Article, ArticleDetail, ArticleListItem, ArchiveYear, IndexingEntry, PublicEditor, SearchResults, Settings } from "./api";
import type { VerifyData } from "./verify-page";
import type { WorkflowFigures } from "./workflow";

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
  /** The page in each language the journal offers, and `x-default` (docs/decisions/0351); absent: one language. */
  alternates?: { hreflang: string; href: string }[];
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
  /** The issues with a cover image (issue 37 item 5): where it is and its text alternative. */
  covers?: { year: number; volume: number; issue: number; url: string; alt: string }[];
}
/** `articles` is null when the issue does not exist (the page answers 404). */
export interface IssueData extends WithHead {
  loc: { year: number; volume: number; issue: number } | null;
  articles: ArticleListItem[] | null;
  /** The issue as its journal published it (issue 37 item 5): a special issue's title, a description, the date. */
  details?: {
    title: string;
    description: string;
    publishedAt: string | null;
    /** The issue's cover image and its text alternative, null for none. */
    cover?: { url: string; alt: string } | null;
  } | null;
  /**
   * The table of contents by section, in the journal's order, each with its articles' ids in page order; articles
   * without a section come last under "Articles". null when no article of the issue has a section (one table).
   */
  sections?: { title: string; articleIds: number[] }[] | null;
}
/** `article` is null for 'Article not found!' (404). */
export interface ArticleData extends WithHead {
  article: ArticleDetail | null;
  /**
   * The published full text (issue 51): sanitized HTML (contract/fulltext-html.ts) and, per reference of the
   * article in order, its DOI ("" for none) as the structured reading found it. Absent or null: no full text.
   */
  fulltext?: { html: string; referenceDois: string[] } | null;
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
  /** The journal's sections in their order, for the form's optional Section choice (none: no choice shown). */
  sections: { id: number; title: string }[];
}
/** The instructions page: its settings, and the journal's editorial figures when it shows them (issue 36 item 7). */
export interface InstructionsData extends WithHead {
  figures: WorkflowFigures | null;
  /** Sections with a fee of their own (issue 49 item 1), as typed; "" where the section charges the journal's fee. */
  sectionFees: { title: string; feeRupee: string; feeDollar: string }[];
  /** The fee is paid online (an invoice by e-mail) and a waiver can be asked for on the tracking page. */
  feesOnline: boolean;
}
/** Pages whose content is the settings only (contact, policies). */
export type PlainPageData = WithHead;

export interface FixedHead {
  /** The page's own title (a message); the journal name is appended. null: the journal name alone (the home page). */
  title: MessageId | null;
  /**
   * Its description, a message given the journal's `{journal}` name and `{issns}` ("none" when it has none); the home
   * page's is the journal's own home text when it has one (worker/pages/page-heads.ts).
   */
  description: MessageId;
  /** e.g. "noindex, follow"; omitted: robots at their default. */
  robots?: string;
}

/**
 * One public page. Its component is registered under the same id in web/public/page-components.tsx and, when its
 * data is more than its head, its loader in worker/pages/page-loaders.ts; the types demand both.
 */
export interface PageEntry<Data extends WithHead = WithHead> {
  /** The URL pattern (React Router syntax). */
  path: string;
  /** Its label in the header's and the footer's navigation (in registry order); omitted: not in the navigation. */
  nav?: MessageId;
  /** Listed in the sitemap's fixed pages (/sitemaps/pages.xml). */
  sitemap?: boolean;
  /** The head of a page whose head does not depend on its data (article and issue heads come from their loaders). */
  head?: FixedHead;
  /** The page's data as its loader answers it: a type only, declared with `dataType<...>()`. */
  readonly data: Data;
}

/** Declares a page's data type in its registry entry (the value is undefined: only the type is used). */
const dataType = <Data extends WithHead>() => undefined as unknown as Data;

/**
 * The registry of public pages (SPEC §2), one entry each. The route tree (web/public/routes.tsx), the page-data
 * types below, the sitemap's fixed pages, the navigation and the fixed heads all derive from it. Order: the
 * navigation's, then the rest as the sitemap lists them.
 */
export const PUBLIC_PAGES = {
  home: {
    data: dataType<HomeData>(),
    path: "/",
    nav: "site.nav.home",
    sitemap: true,
    head: { title: null, description: "head.home.description" },
  },
  board: {
    data: dataType<BoardData>(),
    path: "/board",
    nav: "site.nav.board",
    sitemap: true,
    head: { title: "head.board.title", description: "head.board.description" },
  },
  archives: {
    data: dataType<ArchivesData>(),
    path: "/archives",
    nav: "site.nav.archives",
    sitemap: true,
    head: { title: "head.archives.title", description: "head.archives.description" },
  },
  instructions: {
    data: dataType<InstructionsData>(),
    path: "/instructions",
    nav: "site.nav.instructions",
    sitemap: true,
    head: { title: "head.instructions.title", description: "head.instructions.description" },
  },
  indexing: {
    data: dataType<IndexingData>(),
    path: "/indexing",
    nav: "site.nav.indexing",
    sitemap: true,
    head: { title: "head.indexing.title", description: "head.indexing.description" },
  },
  contact: {
    data: dataType<PlainPageData>(),
    path: "/contact",
    nav: "site.nav.contact",
    sitemap: true,
    head: { title: "head.contact.title", description: "head.contact.description" },
  },
  /** The journal's policies (issue 37 item 4): not in the header (SPEC §2 fixes its links); linked from /instructions and the footer. */
  policies: {
    data: dataType<PlainPageData>(),
    path: "/policies",
    sitemap: true,
    head: { title: "head.policies.title", description: "head.policies.description" },
  },
  submit: {
    data: dataType<SubmitData>(),
    path: "/article",
    sitemap: true,
    head: { title: "head.submit.title", description: "head.submit.description" },
  },
  certificates: {
    data: dataType<CertificatesData>(),
    path: "/pdf",
    sitemap: true,
    head: { title: "head.certificates.title", description: "head.certificates.description" },
  },
  search: {
    data: dataType<SearchData>(),
    path: "/search",
    head: { title: "head.search.title", description: "head.search.description", robots: "noindex, follow" },
  },
  issue: { data: dataType<IssueData>(), path: "/archives/:year/:vol/:issue" },
  article: { data: dataType<ArticleData>(), path: "/archives/:year/:vol/:issue/:ref" },
  /** /verify and /verify/{code}: certificate verification (contract/verify-page.ts); noindex, not in the sitemap. */
  verify: { data: dataType<VerifyData>(), path: "/verify/:code?" },
} satisfies Record<string, PageEntry>;

export type PublicPageId = keyof typeof PUBLIC_PAGES;

/** Every route's data by route id: the layout's ("root") and each public page's, as the registry declares it. */
export type PageDataById = { root: RootData } & { [K in PublicPageId]: (typeof PUBLIC_PAGES)[K]["data"] };

export type PageId = keyof PageDataById;

/** Pages whose data is only their head: they need no loader of their own (the fixed head is their data). */
export type PlainPageId = { [K in PublicPageId]: PlainPageData extends PageDataById[K] ? K : never }[PublicPageId];

export const PUBLIC_PAGE_IDS = Object.keys(PUBLIC_PAGES) as PublicPageId[];

export function isPageId(id: string): id is PageId {
  return id === "root" || Object.hasOwn(PUBLIC_PAGES, id);
}

/** The header's and footer's links, in registry order. */
export const NAV_LINKS: { to: string; label: MessageId }[] = PUBLIC_PAGE_IDS.flatMap((id) => {
  const entry: PageEntry = PUBLIC_PAGES[id];
  return entry.nav ? [{ to: entry.path, label: entry.nav }] : [];
});

/** The paths /sitemaps/pages.xml lists, in registry order. */
export const SITEMAP_PATHS: string[] = PUBLIC_PAGE_IDS.flatMap((id) => {
  const entry: PageEntry = PUBLIC_PAGES[id];
  return entry.sitemap ? [entry.path] : [];
});

/** Pages with a head of their own in the registry, and that head. */
export type FixedPageId = { [K in PublicPageId]: (typeof PUBLIC_PAGES)[K] extends { head: FixedHead } ? K : never }[PublicPageId];

export const FIXED_PAGE_IDS = PUBLIC_PAGE_IDS.filter((id) => "head" in PUBLIC_PAGES[id]) as FixedPageId[];

// A page whose data is its head alone must declare that head in its entry (its loader is then the head).
const _plainPagesHaveHeads: Record<Exclude<PlainPageId, FixedPageId>, never> = {};

export function fixedHeadOf(id: FixedPageId): FixedHead {
  return (PUBLIC_PAGES[id] as PageEntry).head as FixedHead;
}

/** A loader's answer: the page data and the HTTP status it goes out with (404 for a missing article/issue, 429 for /verify when throttled). */
export type PageLoad<T> = { status: 200 | 404 | 429; data: T } | PageMoved;

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
