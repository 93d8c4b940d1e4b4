// Citation downloads next to each article page and its PDF: /archives/{year}/vol{v}/issue{n}/{ref}.ris and .bib,
// and the article's JATS XML at {ref}.xml (issue 40 item 1: the page's address plus ".xml"); the article's references
// alone at {ref}.references.ris and .bib (issue 51).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { findPublicArticleByRef } from "../archive/articles.repo";
import { archiveIssueOf } from "../core/middleware/params";
import { notFound } from "../core/errors";
import { BIBTEX_TYPE, RIS_TYPE, toBibtex, toRis } from "./citation-files";
import { referencesToBibtex, referencesToRis } from "./reference-files";
import { JATS_TYPE, jatsDocument } from "./jats";
import { indexerOrigin } from "./indexer-origin";
import { scholarlyRecord } from "./scholarly-record";
import { refToLookUp } from "#contract/refnumber";
import { publishedFulltext, referenceCorrections as referenceCorrectionsOf } from "../fulltext/fulltext.repo";

/** The article's references as a file of their own: {ref}.references.ris and .bib (issue 51, decision 0392). */
const REFERENCES_SUFFIX = ".references";

function downloadHeaders(type: string, name: string): HeadersInit {
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "public, max-age=3600",
    // A download for reference managers, not a page: search engines should list the article page instead.
    "X-Robots-Tag": "noindex",
  };
}

export const citationsRoutes = new Hono<AppEnv>().get("/:year/:vol/:issue/:file{.+\\.(ris|bib|xml)}", async (c) => {
  const file = c.req.param("file");
  const kind = file.slice(-3);
  let ref = refToLookUp(file.slice(0, -4));
  const loc = archiveIssueOf(c.req.param());
  if (!ref || !loc) throw notFound();
  const db = c.get("db");
  let a = await findPublicArticleByRef(db, c.get("journal").id, ref);
  // "{ref}.references.bib": the references of article {ref}, unless an article's own number ends so.
  const referencesOnly = !a && kind !== "xml" && ref.endsWith(REFERENCES_SUFFIX);
  if (referencesOnly) {
    ref = ref.slice(0, -REFERENCES_SUFFIX.length);
    a = ref ? await findPublicArticleByRef(db, c.get("journal").id, ref) : undefined;
  }
  if (!a || a.year !== loc.year || a.volume !== loc.volume || a.issue !== loc.issue) throw notFound();
  if (referencesOnly) {
    const record = scholarlyRecord(a, c.get("journal"), indexerOrigin(c), {
      referenceCorrections: await referenceCorrectionsOf(db, a.journalId, a.id),
    });
    if (!record.referencesStructured.length) throw notFound();
    const body = kind === "ris" ? referencesToRis(record.referencesStructured) : referencesToBibtex(record.referencesStructured);
    return new Response(body, { headers: downloadHeaders(kind === "ris" ? RIS_TYPE : BIBTEX_TYPE, `${ref}-references.${kind}`) });
  }
  if (kind === "xml") {
    // The JATS carries the published full text and staff's reading of the references (issue 51).
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
  return new Response(body, { headers: downloadHeaders(kind === "ris" ? RIS_TYPE : BIBTEX_TYPE, `${ref}.${kind}`) });
});
