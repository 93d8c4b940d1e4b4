// Every page of the public SPA gets the shell with its essentials in the first HTML (title, description,
// canonical link; article and issue pages their content and scholarly meta tags). Article PDFs are also served
// next to their abstract page. Static files (any path with a file extension) pass through to the asset store.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { findPublicArticleByRef, issueExists, listPublicIssueArticles } from "../data/articles.repo";
import type { ArticleRow } from "../data/schema";
import type { ArticleListItem } from "../schemas/api";
import { fileKeys } from "../files/keys";
import { serveR2Object } from "../files/serve";
import { notFound } from "../middleware/errors";
import { richTextToPlain, sanitizeRichText } from "../schemas/rich-text";
import { articleHead } from "./article-page";
import { articlePath, issueLabel, issuePath, splitAuthors } from "./citation";
import { clip, esc } from "./html";
import { journalName, issnList } from "./journal-info";
import { publicOrigin } from "./origin";
import { renderShell, type PageHead } from "./shell";

type Ctx = Context<AppEnv>;

/** Digits of a route parameter ("vol12" -> 12), or null when it has none (the page is then not found). */
function digits(raw: string | undefined): number | null {
  const d = (raw ?? "").replace(/\D+/g, "");
  return d && d.length <= 9 ? Number(d) : null;
}

/** The SPA's fixed pages: title, description and whether search engines should index them. */
function staticPages(c: Ctx): Record<string, Omit<PageHead, "status" | "canonicalPath">> {
  const j = c.get("journal");
  const name = journalName(j);
  const issn = issnList(j.issn).join(", ");
  const home = richTextToPlain(j.home_content);
  return {
    "/": {
      title: null,
      description: clip(home || `${name}${issn ? ` (ISSN ${issn})` : ""}: an indexed, refereed and peer-reviewed journal.`, 300),
    },
    "/board": { title: "Editorial Board", description: `Editorial board of ${name}: the Editor-in-Chief, Associate Editors and Assistant Editors.` },
    "/archives": { title: "Archives", description: `Every issue of ${name}, by year, volume and issue.` },
    "/instructions": {
      title: "Instructions to Authors",
      description: `How to submit to ${name}: manuscript format, publication fees and the copyright form.`,
    },
    "/indexing": { title: "Indexing and Abstracting", description: `Databases and services that index and abstract ${name}.` },
    "/contact": { title: "Contact Us", description: `Contact ${name}: postal address, e-mail and phone.` },
    "/article": { title: "Submit Online", description: `Submit your manuscript to ${name} online (PDF).` },
    "/pdf": {
      title: "Download Publication Certificate",
      description: `Authors of ${name}: download your article, publication certificates, cover page and the editorial board.`,
    },
    "/search": { title: "Search", description: `Search the articles published in ${name}.`, robots: "noindex, follow" },
  };
}

function notFoundPage(title = "Page not found"): PageHead {
  return { status: 404, title, description: title, canonicalPath: null, robots: "noindex" };
}

async function staticPage(c: Ctx, path: string): Promise<Response> {
  const page = staticPages(c)[path];
  const origin = publicOrigin(c.get("journal"), c.req.url);
  if (!page) return renderShell(c, notFoundPage(), origin);
  const withQuery = (path === "/pdf" && c.req.query("refno")) || (path === "/search" && c.req.query("q"));
  return renderShell(c, { status: 200, canonicalPath: path, ...page, ...(withQuery ? { robots: "noindex, follow" } : {}) }, origin);
}

/** The article a (year, vol, issue, ref) URL names, or undefined when missing, disabled or in another issue. */
async function articleAt(c: Ctx, ref: string): Promise<ArticleRow | undefined> {
  const [year, volume, issue] = [digits(c.req.param("year")), digits(c.req.param("vol")), digits(c.req.param("issue"))];
  if (year === null || volume === null || issue === null || !ref || ref.length > 100) return undefined;
  const a = await findPublicArticleByRef(c.get("db"), c.get("journal").id, ref);
  return a && a.year === year && a.volume === volume && a.issue === issue ? a : undefined;
}

function issueBody(loc: { year: number; volume: number; issue: number }, rows: ArticleListItem[]): string {
  const items = rows
    .map((a) => {
      const href = articlePath({ ...loc, refnumber: a.refnumber ?? "" });
      return `<li><a href="${esc(href)}">${sanitizeRichText(a.title)}</a><br><span class="issue-list__authors">${esc(splitAuthors(a.authorname).join(", "))}</span>${a.pagenumber ? ` <span class="issue-list__pages">&middot; Pages ${esc(a.pagenumber)}</span>` : ""}</li>`;
    })
    .join("\n");
  return `<section class="issue-view prerendered"><h1>${esc(issueLabel(loc))}</h1>${rows.length ? `<ol class="issue-list">\n${items}\n</ol>` : ""}</section>`;
}

export const pageRoutes = new Hono<AppEnv>()
  // The article's PDF next to its abstract page (Google Scholar wants both in one directory).
  .get("/archives/:year/:vol/:issue/:file{.+\\.[pP][dD][fF]}", async (c) => {
    const ref = c.req.param("file").slice(0, -4);
    const a = await articleAt(c, ref);
    if (!a || !a.file) throw notFound();
    return serveR2Object(c, fileKeys.article(a.journalId, a.year, a.volume, a.issue, a.file), { downloadName: `${a.refnumber}.pdf` });
  })
  .get("/archives/:year/:vol/:issue/:ref", async (c) => {
    const journal = c.get("journal");
    const origin = publicOrigin(journal, c.req.url);
    const a = await articleAt(c, c.req.param("ref").trim());
    if (!a) return renderShell(c, notFoundPage("Article not found!"), origin);
    const head = articleHead(a, journal, origin);
    return renderShell(
      c,
      {
        status: 200,
        title: head.title,
        description: head.description,
        canonicalPath: articlePath({ year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" }),
        head: head.head,
        body: head.body,
      },
      origin,
    );
  })
  .get("/archives/:year/:vol/:issue", async (c) => {
    const journal = c.get("journal");
    const origin = publicOrigin(journal, c.req.url);
    const [year, volume, issue] = [digits(c.req.param("year")), digits(c.req.param("vol")), digits(c.req.param("issue"))];
    if (year === null || volume === null || issue === null) return renderShell(c, notFoundPage("Issue not found"), origin);
    const db = c.get("db");
    const [rows, exists] = await Promise.all([
      listPublicIssueArticles(db, journal.id, year, volume, issue),
      issueExists(db, journal.id, year, volume, issue),
    ]);
    if (!exists && rows.length === 0) return renderShell(c, notFoundPage("Issue not found"), origin);
    const loc = { year, volume, issue };
    const label = issueLabel(loc);
    return renderShell(
      c,
      {
        status: 200,
        title: label,
        description: `${rows.length} article${rows.length === 1 ? "" : "s"} published in ${journalName(journal)}, Volume ${volume}, Issue ${issue} (${year}).`,
        canonicalPath: issuePath(loc),
        body: issueBody(loc, rows),
      },
      origin,
    );
  })
  .get("/admin/*", (c) =>
    renderShell(c, { status: 200, title: "Admin", description: "Journal administration.", canonicalPath: null, robots: "noindex, nofollow" }, null),
  )
  .get("*", async (c) => {
    const path = c.req.path.replace(/\/+$/, "") || "/";
    // A file name with an extension is a static file (favicon, /img/..., robots.txt): the asset store answers.
    if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return staticFile(c);
    return staticPage(c, path);
  })
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

/** Passes a static file through; the asset store's SPA fallback (HTML for a missing file) becomes a real 404. */
async function staticFile(c: Ctx): Promise<Response> {
  const res = await c.env.ASSETS.fetch(c.req.raw);
  const isHtml = (res.headers.get("content-type") ?? "").includes("text/html");
  if (res.status === 404 || (isHtml && !/\.html?$/i.test(c.req.path))) {
    return c.text("Not Found", 404);
  }
  return res;
}
