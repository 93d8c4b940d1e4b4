// What crawlers read first: /robots.txt (RFC 9309), the sitemaps (Sitemaps 0.9) and the Atom feed /feed.xml.
// Hidden articles (disabled, or without a reference number) never appear.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { listIssues, listLatestPublicArticles, listSitemapArticles } from "./scholarly.repo";
import { notFound } from "../core/errors";
import { articlePath, issuePath } from "#contract/citation";
import { indexerOrigin } from "./indexer-origin";
import { journalRecord, recordModified, scholarlyRecord } from "./scholarly-record";
import { inLanguages, later, sitemapIndex, urlSet, type SitemapUrl } from "./sitemap";
import { offerOf } from "#contract/i18n/addresses";
import { ATOM_TYPE, atomFeed } from "./atom";
import { SITEMAP_PATHS } from "#contract/pages";

/** Articles in the feed. */
export const FEED_SIZE = 50;
/** The site's fixed public pages, listed in /sitemaps/pages.xml. */
const XML_TYPE = "application/xml; charset=utf-8";
const CACHE = "public, max-age=3600";

const xml = (body: string, type = XML_TYPE) => new Response(body, { headers: { "Content-Type": type, "Cache-Control": CACHE } });

export const crawlingRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const origin = indexerOrigin(c);
    const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
    return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE } });
  })
  .get("/sitemap.xml", async (c) => {
    const origin = indexerOrigin(c);
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const [issues, articles] = await Promise.all([listIssues(db, journalId), listSitemapArticles(db, journalId)]);
    // One child per volume that has an issue or a public article, with the latest change inside it.
    const lastmod = new Map<number, string | undefined>();
    for (const i of issues) lastmod.set(i.volume, later(lastmod.get(i.volume), i.creation));
    for (const a of articles) lastmod.set(a.volume, later(lastmod.get(a.volume), recordModified(a, c.get("journal"))));
    const children: SitemapUrl[] = [{ loc: `${origin}/sitemaps/pages.xml`, lastmod: c.get("journal").updatedAt }];
    for (const [volume, mod] of [...lastmod].sort((a, b) => a[0] - b[0]))
      children.push({ loc: `${origin}/sitemaps/vol${volume}.xml`, lastmod: mod });
    return xml(sitemapIndex(children));
  })
  .get("/sitemaps/pages.xml", (c) => {
    const origin = indexerOrigin(c);
    const offer = offerOf(c.get("journal"));
    return xml(urlSet(SITEMAP_PATHS.flatMap((p) => inLanguages(offer, origin, p))));
  })
  .get("/sitemaps/:name{vol[0-9]{1,9}\\.xml}", async (c) => {
    const volume = Number(c.req.param("name").slice(3, -4));
    const origin = indexerOrigin(c);
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const [allIssues, articles] = await Promise.all([listIssues(db, journalId), listSitemapArticles(db, journalId, volume)]);
    const issues = allIssues.filter((i) => i.volume === volume);
    if (issues.length === 0 && articles.length === 0) throw notFound();
    // Issue pages (every created issue, and any issue a public article is filed under), each with its latest change.
    const issueMod = new Map<string, { loc: string; lastmod?: string }>();
    for (const i of issues) issueMod.set(issuePath(i), { loc: `${origin}${issuePath(i)}`, lastmod: i.creation });
    // An article page shows the journal's name, ISSNs and licence too: its lastmod moves when they change.
    const modified = (a: (typeof articles)[number]) => recordModified(a, c.get("journal"));
    for (const a of articles) {
      const entry = issueMod.get(issuePath(a)) ?? { loc: `${origin}${issuePath(a)}` };
      entry.lastmod = later(entry.lastmod, modified(a));
      issueMod.set(issuePath(a), entry);
    }
    // Issue and article pages in every language the journal offers; the PDF is in the article's own language.
    const offer = offerOf(c.get("journal"));
    const urls: SitemapUrl[] = [...issueMod].flatMap(([path, u]) => inLanguages(offer, origin, path, u.lastmod));
    for (const a of articles) {
      const path = articlePath({ ...a, refnumber: a.refnumber ?? "" });
      const page = `${origin}${path}`;
      urls.push(...inLanguages(offer, origin, path, modified(a)));
      // The PDF is the article's own file: the journal's settings do not change it.
      if (a.file) urls.push({ loc: `${page}.pdf`, lastmod: a.modification });
    }
    return xml(urlSet(urls));
  })
  .get("/feed.xml", async (c) => {
    const origin = indexerOrigin(c);
    const journal = c.get("journal");
    const rows = await listLatestPublicArticles(c.get("db"), journal.id, FEED_SIZE);
    return xml(
      atomFeed(
        journalRecord(journal),
        origin,
        rows.map((a) => scholarlyRecord(a, journal, origin)),
      ),
      ATOM_TYPE,
    );
  });
