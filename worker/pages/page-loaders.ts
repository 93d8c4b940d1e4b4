// The public pages' loaders: each reads what its page shows from D1 through the repos (no HTTP call to the
// Worker itself) and declares the page's head from that data. The same loaders render the first HTML and answer
// /_data on client-side navigation. Pages needing two reads issue them together (one round trip's wait).
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import { listSections } from "../archive/sections.repo";
import { findPublicArticleByRef, readPublicIssue } from "../archive/articles.repo";
import { readArticlePage } from "./article-page.repo";
import { filePaths } from "../core/files/keys";
import { coverAltOf } from "#contract/issues";
import { listEnabledEditors } from "../editors/editors.repo";
import { listEnabledIndexing } from "../journals/indexing.repo";
import { archiveLists, homeLists } from "./page-lists.repo";
import type { ArticleRow, IndexingRow } from "../core/data/schema";
import { searchPublicArticles } from "../archive/search.repo";
import { archiveIssueOf as issueAt } from "../core/middleware/params";
import { searchQueryOf } from "../archive/search-params";
import { publicArticleListItemSchema, publicSearchResultsSchema } from "#contract/api";
import {
  FIXED_PAGE_IDS,
  type PageLoad,
  type PageMoved,
  type PageLoaders,
  type PlainPageId,
  type PageDataById,
  type PageLoaderArgs,
} from "#contract/pages";
import { articleDetail } from "../archive/article-detail";
import { toArticle, toListItem, toSearchResults } from "../archive/article-answers";
import { toPublicEditor } from "../editors/editor-answers";
import { toIndexingEntry } from "../journals/indexing-answers";
import { settingsOf } from "../journals/settings-answers";
import { articleHead } from "../scholarly/article-page";
import { structuredReferences } from "#contract/reference-parse";
import { referenceLines } from "#contract/scholarly";
import { articlePath, issuePath } from "#contract/citation";
import { headerBranchOf } from "../scholarly/header-branch";
import { journalName } from "#contract/journal-info";
import { publicOrigin } from "../scholarly/origin";
import { fixedPageHead, notFoundHead, pageHead } from "./page-heads";
import { refToLookUp } from "#contract/refnumber";
import { isSubmitFormError, submissionFieldsIn } from "#contract/submission";
import { findSubmissionByReference } from "../workflow/submissions.repo";
import { verifyLoader } from "../verification/verify-loader";
import { workflowFigures } from "../workflow/figures";
import { readInstructionsFacts } from "./instructions-page.repo";
import type { Translator } from "#contract/i18n/messages";

/** Whether a row sits in the issue the URL names (an article's page lives only under its own issue). */
function inIssue(a: ArticleRow | undefined, params: Record<string, string | undefined>): ArticleRow | undefined {
  const loc = issueAt(params);
  return a && loc && a.year === loc.year && a.volume === loc.volume && a.issue === loc.issue ? a : undefined;
}

/** The article a (year, vol, issue, ref) URL names, or undefined when missing, disabled or in another issue. */
export async function articleAt(
  c: Context<AppEnv>,
  params: Record<string, string | undefined>,
  ref: string,
): Promise<ArticleRow | undefined> {
  const wanted = refToLookUp(ref);
  if (!issueAt(params) || !wanted) return undefined;
  return inIssue(await findPublicArticleByRef(c.get("db"), c.get("journal").id, wanted), params);
}

/**
 * Where an article asked for under another issue, or by its reference number in other letter case, really is
 * (path and query); null when the URL names it as it is (the digits-only forms of SPEC §2 stay as they are).
 */
function articleMovedTo(a: ArticleRow, params: Record<string, string | undefined>, url: URL): string | null {
  if (inIssue(a, params) && a.refnumber === refToLookUp(params.ref)) return null;
  return `${articlePath({ year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" })}${url.search}`;
}

const publicIndexing = (rows: IndexingRow[]) => rows.map(toIndexingEntry);

/**
 * An issue's articles by section in the journal's order (rows are in page order already, and stay so inside each);
 * those without a section last, as "Articles". null when none has a section: the page shows one table, as SPEC's.
 */
function tableOfContents(rows: { id: number; sectionId: number | null }[], sections: { id: number; title: string }[]) {
  if (!rows.some((r) => r.sectionId !== null)) return null;
  const known = new Set(sections.map((s) => s.id));
  const groups = sections.map((s) => ({ title: s.title, articleIds: rows.filter((r) => r.sectionId === s.id).map((r) => r.id) }));
  const rest = rows.filter((r) => r.sectionId === null || !known.has(r.sectionId)).map((r) => r.id);
  return [...groups, { title: "Articles", articleIds: rest }].filter((g) => g.articleIds.length > 0);
}

const ok = <T>(data: T): PageLoad<T> => ({ status: 200, data });
const missing = <T>(data: T): PageLoad<T> => ({ status: 404, data });
const moved = (location: string): PageMoved => ({ status: 301, location });

type Loader<K extends keyof PageDataById> = (args: PageLoaderArgs) => Promise<PageLoad<PageDataById[K]>>;

/** Loaders for the pages whose data is more than their head: the type demands one for each such registry entry. */
type DataLoaders = { [K in Exclude<keyof PageDataById, PlainPageId>]: Loader<K> };

/** The loaders of the pages in the language of `t` (their heads' titles and descriptions). */
export function pageLoaders(c: Context<AppEnv>, { t, lang }: Pick<Translator, "t" | "lang">): PageLoaders {
  const journal = c.get("journal");
  const db = c.get("db");
  const origin = publicOrigin(journal, c.req.url);
  const fixed = (page: Parameters<typeof fixedPageHead>[2], personal = false) => fixedPageHead(journal, origin, page, t, { personal });

  // A page whose data is its head alone (instructions, contact, Submit Online) needs no loader of its own.
  // (Every page with a fixed head gets one here; the data loaders below replace it where a page has more.)
  const plain = Object.fromEntries(FIXED_PAGE_IDS.map((id) => [id, async () => ok({ head: fixed(id) })])) as unknown as {
    [K in PlainPageId]: Loader<K>;
  };

  const loaders: DataLoaders = {
    root: async () =>
      ok({
        settings: settingsOf(journal),
        headerBranch: headerBranchOf(c),
      }),

    home: async () => {
      const [archives, indexing] = await homeLists(db, journal.id);
      return ok({ head: fixed("home"), archives, indexing: publicIndexing(indexing) });
    },

    board: async () => ok({ head: fixed("board"), editors: (await listEnabledEditors(db, journal.id)).map(toPublicEditor) }),

    archives: async () => {
      // One round trip (the edge-cache test counts them): the years and the covers in one batch.
      const [archives, covers] = await archiveLists(db, journal.id);
      return ok({
        head: fixed("archives"),
        archives,
        // Issues with a cover (issue 37 item 5): shown beside their link, with staff's text for it.
        covers: covers.map((r) => ({
          year: r.year,
          volume: r.volume,
          issue: r.issue,
          url: filePaths.issueCover(r.cover),
          alt: coverAltOf(r),
        })),
      });
    },

    // The editorial figures are part of the page (rendered on the server, the same before and after hydration and
    // without JavaScript), when the journal shows them; as fresh as the page's cached copy.
    instructions: async () => {
      const facts = await readInstructionsFacts(db, journal.id);
      return ok({
        head: fixed("instructions"),
        figures: facts.publicFigures ? await workflowFigures(db, journal.id) : null,
        sectionFees: facts.sectionFees,
        feesOnline: facts.feesOnline,
      });
    },

    issue: async ({ params }) => {
      const loc = issueAt(params);
      const notFound = () => missing({ head: notFoundHead(journal, t, t("issue.notFoundTitle")), loc, articles: null });
      if (!loc) return notFound();
      const { rows, exists, issue, sections } = await readPublicIssue(db, journal.id, loc.year, loc.volume, loc.issue);
      if (!exists && rows.length === 0) return notFound();
      const head = pageHead(journal, origin, {
        title: t("issue.label", loc),
        description: t("head.issue.description", { count: rows.length, journal: journalName(journal), ...loc }),
        canonicalPath: issuePath(loc),
      });
      return ok({
        head,
        loc,
        articles: rows.map((r) => publicArticleListItemSchema.parse(toListItem(r))),
        details: issue
          ? {
              title: issue.title,
              description: issue.description,
              publishedAt: issue.publishedAt,
              cover: issue.cover ? { url: filePaths.issueCover(issue.cover), alt: coverAltOf(issue) } : null,
            }
          : null,
        sections: tableOfContents(rows, sections),
      });
    },

    article: async ({ params, request }) => {
      const ref = refToLookUp(params.ref);
      const read = issueAt(params) && ref ? await readArticlePage(db, journal.id, ref) : null;
      const misplaced = read?.row && articleMovedTo(read.row, params, new URL(request.url));
      if (misplaced) return moved(misplaced);
      const a = inIssue(read?.row, params);
      if (!a) return missing({ head: notFoundHead(journal, t, t("article.notFound")), article: null });
      // The published full text (issue 51): on the page, in citation_fulltext_html_url, its references' DOIs.
      const fulltextHtml = read?.fulltextHtml ?? "";
      const referenceCorrections = read?.referenceCorrections ?? [];
      const h = articleHead(a, journal, origin, { fulltextHtml });
      const head = pageHead(journal, origin, {
        title: h.title,
        description: h.description,
        canonicalPath: articlePath({ year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" }),
        tags: h.head,
      });
      const fulltext = fulltextHtml
        ? {
            html: fulltextHtml,
            referenceDois: structuredReferences(referenceLines(a.referenceList), referenceCorrections).map((r) => r.doi),
          }
        : null;
      return ok({ head, article: await articleDetail(c, a, read?.stored), fulltext });
    },

    certificates: async ({ request }) => {
      const refno = (new URL(request.url).searchParams.get("refno") ?? "").trim();
      const wanted = refToLookUp(refno);
      const row = wanted ? await findPublicArticleByRef(db, journal.id, wanted) : undefined;
      return ok({ head: fixed("certificates", Boolean(refno)), refno, article: row ? toArticle(row) : null });
    },

    search: async ({ request }) => {
      const { q, page } = searchQueryOf(new URL(request.url).searchParams);
      if (!q) return ok({ head: fixed("search"), results: null });
      const results = publicSearchResultsSchema.parse(toSearchResults(await searchPublicArticles(db, journal.id, q, page ?? 1)));
      return ok({ head: fixed("search", true), results });
    },

    indexing: async () => ok({ head: fixed("indexing"), indexing: publicIndexing(await listEnabledIndexing(db, journal.id)) }),
    submit: async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const ref = params.get("received");
      const error = params.get("error");
      // Only a reference the journal holds is shown as received (the form's answer without JavaScript).
      const received = ref && ref.length <= 40 && (await findSubmissionByReference(db, journal.id, ref)) ? ref : null;
      return ok({
        head: fixed("submit", Boolean(ref || error)),
        received,
        error: isSubmitFormError(error) ? error : null,
        fields: submissionFieldsIn(params.get("fields")),
        sections: (await listSections(db, journal.id)).map((x) => ({ id: x.id, title: x.title })),
      });
    },
    verify: verifyLoader(c, t, lang),
  };
  return { ...plain, ...loaders };
}
