// Citation downloads next to each article page and its PDF: /archives/{year}/vol{v}/issue{n}/{ref}.ris and .bib,
// and the article's JATS XML at {ref}.xml (issue 40 item 1: the page's address plus ".xml").
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { findPublicArticleByRef } from "../archive/articles.repo";
import { archiveIssueOf } from "../core/middleware/params";
import { notFound } from "../core/errors";
import { BIBTEX_TYPE, RIS_TYPE, toBibtex, toRis } from "./citation-files";
import { JATS_TYPE, jatsDocument } from "./jats";
import { indexerOrigin } from "./indexer-origin";
import { scholarlyRecord } from "./scholarly-record";
import { refToLookUp } from "#contract/refnumber";
import { publishedFulltext, referenceCorrections as referenceCorrectionsOf } from "../fulltext/fulltext.repo";

export const citationsRoutes = new Hono<AppEnv>().get("/:year/:vol/:issue/:file{.+\\.(ris|bib|xml)}", async (c) => {
  const file = c.req.param("file");
  const kind = file.slice(-3);
  const ref = refToLookUp(file.slice(0, -4));
  const loc = archiveIssueOf(c.req.param());
  if (!ref || !loc) throw notFound();
  const a = await findPublicArticleByRef(c.get("db"), c.get("journal").id, ref);
  if (!a || a.year !== loc.year || a.volume !== loc.volume || a.issue !== loc.issue) throw notFound();
  if (kind === "xml") {
    // The JATS carries the published full text and staff's reading of the references (issue 51).
    const db = c.get("db");
    const [fulltextHtml, referenceCorrections] = await Promise.all([
      publishedFulltext(db, a.journalId, a.id),
      referenceCorrectionsOf(db, a.journalId, a.id),
    ]);
    const record = scholarlyRecord(a, c.get("journal"), indexerOrigin(c), { fulltextHtml, referenceCorrections });
    // Read in the browser (inline), for machines: the article page is what search engines list.
    return new Response(jatsDocument(record), {
      headers: { "Content-Type": JATS_TYPE, "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" },
    });
  }
  const record = scholarlyRecord(a, c.get("journal"), indexerOrigin(c));
  const body = kind === "ris" ? toRis(record) : toBibtex(record);
  return new Response(body, {
    headers: {
      "Content-Type": kind === "ris" ? RIS_TYPE : BIBTEX_TYPE,
      "Content-Disposition": `attachment; filename="${ref}.${kind}"`,
      "Cache-Control": "public, max-age=3600",
      // A download for reference managers, not a page: search engines should list the article page instead.
      "X-Robots-Tag": "noindex",
    },
  });
});
