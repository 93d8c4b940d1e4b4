// The public pages' loaders: each reads what its page shows from D1 through the repos (no HTTP call to the
// Worker itself) and declares the page's head from that data. The same loaders render the first HTML and answer
// /_data on client-side navigation. Pages needing two reads issue them together (one round trip's wait).
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { findPublicArticleByRef, readPublicArticleByRef, readPublicIssue } from "../data/articles.repo";
import { archiveYearsQuery, listArchiveYears } from "../data/issues.repo";
import { listEnabledEditors } from "../data/editors.repo";
import { enabledIndexingQuery, listEnabledIndexing } from "../data/indexing.repo";
import type { ArticleRow, IndexingRow } from "../data/schema";
import { searchPublicArticles } from "../data/search.repo";
import { hostNameOf } from "#contract/host";
import { digitsIn } from "../middleware/params";
import { searchQueryOf } from "../routes/search/search-params";
import { publicArticleListItemSchema, publicSearchResultsSchema } from "#contract/api";
import type { PageLoad, PageLoaders } from "#contract/pages";
import { articleDetail } from "../routes/archives/article-detail";
import { toArticle, toListItem, toSearchResults } from "../routes/archives/article-answers";
import { toPublicEditor } from "../routes/editors/editor-answers";
import { toIndexingEntry } from "../routes/indexing/indexing-answers";
import { settingsOf } from "../routes/settings/settings-answers";
import { articleHead } from "../seo/article-page";
import { articlePath, issueLabel, issuePath } from "#contract/citation";
import { headerBranchFor } from "../seo/header-branch";
import { journalName } from "#contract/journal-info";
import { publicOrigin } from "../seo/origin";
import { fixedPageHead, notFoundHead, pageHead } from "./page-heads";
import { refToLookUp } from "#contract/refnumber";
import { verifyLoader } from "./verify-loader";

/** The issue a URL names, or null when a part has no digits. */
export function issueAt(params: Record<string, string | undefined>): { year: number; volume: number; issue: number } | null {
  const [year, volume, issue] = [digitsIn(params.year), digitsIn(params.vol), digitsIn(params.issue)];
  return year === null || volume === null || issue === null ? null : { year, volume, issue };
}

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

const publicIndexing = (rows: IndexingRow[]) => rows.map(toIndexingEntry);

const ok = <T>(data: T): PageLoad<T> => ({ status: 200, data });
const missing = <T>(data: T): PageLoad<T> => ({ status: 404, data });

export function pageLoaders(c: Context<AppEnv>): PageLoaders {
  const journal = c.get("journal");
  const db = c.get("db");
  const origin = publicOrigin(journal, c.req.url);
  const fixed = (page: Parameters<typeof fixedPageHead>[2], personal = false) => fixedPageHead(journal, origin, page, { personal });

  return {
    root: async () =>
      ok({
        settings: settingsOf(journal),
        headerBranch: headerBranchFor(c.var.config.altHeaderDomains, hostNameOf(new URL(c.req.url).host)),
      }),

    home: async () => {
      const [archives, indexing] = await db.batch([archiveYearsQuery(db, journal.id), enabledIndexingQuery(db, journal.id)]);
      return ok({ head: fixed("home"), archives, indexing: publicIndexing(indexing) });
    },

    board: async () => ok({ head: fixed("board"), editors: (await listEnabledEditors(db, journal.id)).map(toPublicEditor) }),

    archives: async () => ok({ head: fixed("archives"), archives: await listArchiveYears(db, journal.id) }),

    issue: async ({ params }) => {
      const loc = issueAt(params);
      const notFound = () => missing({ head: notFoundHead(journal, "Issue not found"), loc, articles: null });
      if (!loc) return notFound();
      const { rows, exists } = await readPublicIssue(db, journal.id, loc.year, loc.volume, loc.issue);
      if (!exists && rows.length === 0) return notFound();
      const head = pageHead(journal, origin, {
        title: issueLabel(loc),
        description: `${rows.length} article${rows.length === 1 ? "" : "s"} published in ${journalName(journal)}, Volume ${loc.volume}, Issue ${loc.issue} (${loc.year}).`,
        canonicalPath: issuePath(loc),
      });
      return ok({ head, loc, articles: rows.map((r) => publicArticleListItemSchema.parse(toListItem(r))) });
    },

    article: async ({ params }) => {
      const ref = refToLookUp(params.ref);
      const read = issueAt(params) && ref ? await readPublicArticleByRef(db, journal.id, ref) : null;
      const a = inIssue(read?.row, params);
      if (!a) return missing({ head: notFoundHead(journal, "Article not found!"), article: null });
      const h = articleHead(a, journal, origin);
      const head = pageHead(journal, origin, {
        title: h.title,
        description: h.description,
        canonicalPath: articlePath({ year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" }),
        tags: h.head,
      });
      return ok({ head, article: await articleDetail(c, a, read?.stored) });
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

    instructions: async () => ok({ head: fixed("instructions") }),
    indexing: async () => ok({ head: fixed("indexing"), indexing: publicIndexing(await listEnabledIndexing(db, journal.id)) }),
    contact: async () => ok({ head: fixed("contact") }),
    submit: async () => ok({ head: fixed("submit") }),
    verify: verifyLoader(c),
  };
}
