// Document calls of SPEC §7: certificates, cover page, editorial board (public GETs) and the admin index page and
// zips (POSTs, pdfAdminRoutes behind requireRole). Every document is built for the journal of the requesting host.
import { STATUS_ENABLED } from "#contract/constants";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError } from "../core/errors";
import { findPublicArticleByRef } from "../archive/articles.repo";
import { listEnabledEditors } from "../editors/editors.repo";
import { articleWithEditors, listArticlesByRefs, listEditorsByIds } from "./documents.repo";
import { DOCUMENT_LIST_MAX, editorIdListSchema, refnumberListSchema } from "#contract/documents";
import { articleFactsOf, brandingOf, chiefEditorOf, editorFactsOf, fileSafe, matchAuthor, slugOf } from "./document-data";
import { zipStream, type ZipEntry } from "./bundles";

/**
 * The PDF writer, its fonts and Unicode tables, imported on first use (issue 47 item 7, decision 0333): nothing of
 * them is evaluated when the isolate starts or on a page's path, only when a document is made.
 */
const documents = () => import("./document-builders");
import { refToLookUp } from "#contract/refnumber";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { verificationMark } from "../verification/certificate-verification";
import { mountedAt } from "../core/routing/declared";
import { documentsApi } from "#contract/routes/documents";

const at = mountedAt("/api/pdf");

export const pdfRoutes = new Hono<AppEnv>();
/** The staff documents (index page, zips), mounted at /api/pdf after the public GETs: every method guarded. */
export const pdfAdminRoutes = new Hono<AppEnv>().use("*", requireRole(AREA_ROLES.documents));

/** `attachment` with an ASCII file name and its UTF-8 form (RFC 6266). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Public documents (cover page, editorial board) are shared through the edge cache, whose keys change with every
 * admin write (docs/decisions/0110). Per-person documents (certificates, admin downloads) are never stored and
 * never indexed.
 */
function pdfResponse(bytes: Uint8Array, filename: string, audience: "public" | "personal" = "personal"): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": disposition(filename),
      "Content-Length": String(bytes.length),
      "Cache-Control": audience === "public" ? "public, no-cache" : "private, no-store",
      ...(audience === "personal" ? { "X-Robots-Tag": "noindex" } : {}),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function zipResponse(entries: ZipEntry[], filename: string): Response {
  return new Response(zipStream(entries), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": disposition(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The validated list without repeats; 400 when empty or over the limit. */
function distinctList<T>(sent: T[]): T[] {
  const list = [...new Set(sent)];
  if (!list.length) throw new HttpError(400, "empty_list");
  if (list.length > DOCUMENT_LIST_MAX) throw new HttpError(400, "too_many_items");
  return list;
}

pdfRoutes.get(at(documentsApi.certificate), async (c) => {
  const journal = c.get("journal");
  const db = c.get("db");
  // One round trip: the article and the editors (for the chief's signature) in one batch.
  const ref = refToLookUp(c.req.param("ref"));
  if (!ref) throw new HttpError(404, "article_not_found");
  const [articleRows, editorRows] = await articleWithEditors(db, journal.id, ref);
  const row = articleRows[0];
  if (!row) throw new HttpError(404, "article_not_found");
  const author = matchAuthor(row.authorname, c.req.param("authorName"));
  if (!author) throw new HttpError(404, "author_not_found");
  const article = articleFactsOf(row);
  const chief = chiefEditorOf(editorRows);
  const branding = brandingOf(journal);
  const verification = verificationMark(c, { kind: "author", articleId: row.id, position: article.authors.indexOf(author), name: author });
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, article, author, chief, verification.address));
  const bytes = await (await documents()).buildCertificate({ branding, article, author, chief, verification });
  return pdfResponse(bytes, `certificate-${fileSafe(article.refnumber)}.pdf`);
});

pdfRoutes.get(at(documentsApi.coverPage), async (c) => {
  const journal = c.get("journal");
  const ref = refToLookUp(c.req.param("ref"));
  const row = ref ? await findPublicArticleByRef(c.get("db"), journal.id, ref) : undefined;
  if (!row) throw new HttpError(404, "article_not_found");
  const article = articleFactsOf(row);
  const branding = brandingOf(journal);
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, article));
  return pdfResponse(
    await (await documents()).buildCoverPage({ branding, article }),
    `coverpage-${fileSafe(article.refnumber)}.pdf`,
    "public",
  );
});

pdfRoutes.get(at(documentsApi.editorialBoard), async (c) => {
  const journal = c.get("journal");
  const editors = (await listEnabledEditors(c.get("db"), journal.id)).map(editorFactsOf);
  const branding = brandingOf(journal);
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, editors));
  return pdfResponse(await (await documents()).buildEditorialBoard({ branding, editors }), "Editorial-Board.pdf", "public");
});

/** The selected articles, all of them, or a 404 naming the reference numbers this journal does not have. */
async function selectedArticles(c: Context<AppEnv>, sent: string[]) {
  const refs = distinctList(sent);
  const rows = await listArticlesByRefs(c.get("db"), c.get("journal").id, refs);
  const found = new Set(rows.map((r) => r.refnumber));
  const missing = refs.filter((r) => !found.has(r));
  return { rows, missing };
}

/**
 * Published documents list published articles only (issue 26 item 4): a disabled article in the selection is
 * refused by name (422 disabled_articles) rather than printed on the index page or certified.
 */
function refuseDisabled(rows: { refnumber: string | null; status: string }[]): void {
  const disabled = rows.filter((r) => r.status !== STATUS_ENABLED).map((r) => r.refnumber);
  if (disabled.length) throw new HttpError(422, "disabled_articles", { refnumbers: disabled });
}

pdfAdminRoutes.post(at(documentsApi.indexPage), jsonContent, jsonBody(refnumberListSchema), async (c) => {
  const { rows, missing } = await selectedArticles(c, c.req.valid("json"));
  if (missing.length) throw new HttpError(404, "unknown_refnumbers", { missing });
  refuseDisabled(rows);
  const branding = brandingOf(c.get("journal"));
  const articles = rows.map(articleFactsOf);
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, articles));
  const bytes = await (await documents()).buildIndexPage({ branding, articles });
  return pdfResponse(bytes, "Index-Page.pdf");
});

pdfAdminRoutes.post(at(documentsApi.bulkCertificates), jsonContent, jsonBody(refnumberListSchema), async (c) => {
  const { rows, missing } = await selectedArticles(c, c.req.valid("json"));
  if (missing.length) throw new HttpError(404, "unknown_refnumbers", { missing });
  refuseDisabled(rows);
  const journal = c.get("journal");
  const branding = brandingOf(journal);
  const chief = chiefEditorOf(await listEnabledEditors(c.get("db"), journal.id));
  const idOf = new Map(rows.map((row) => [articleFactsOf(row), row.id]));
  const articles = (await documents()).sortByFirstPage([...idOf.keys()]);
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, articles, chief, new URL(c.req.url).origin));
  const entries: ZipEntry[] = articles.flatMap((article) =>
    article.authors.map((author, i) => {
      // Signed before the zip starts streaming, so a missing key is a clean 503 rather than a cut-off zip.
      const verification = verificationMark(c, { kind: "author", articleId: idOf.get(article)!, position: i, name: author });
      return {
        name: `certificate-${fileSafe(article.refnumber)}-${i + 1}-${slugOf(author)}.pdf`,
        build: async () => (await documents()).buildCertificate({ branding, article, author, chief, verification }),
      };
    }),
  );
  if (!entries.length) throw new HttpError(422, "no_authors", { refnumbers: rows.map((r) => r.refnumber) });
  return zipResponse(entries, "Certificates.zip");
});

pdfAdminRoutes.post(at(documentsApi.editorsCertificate), jsonContent, jsonBody(editorIdListSchema), async (c) => {
  const ids = distinctList(c.req.valid("json"));
  const journal = c.get("journal");
  const db = c.get("db");
  const rows = await listEditorsByIds(db, journal.id, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new HttpError(404, "unknown_editor_ids", { missing });
  const branding = brandingOf(journal);
  const chief = chiefEditorOf(await listEnabledEditors(db, journal.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  await (await documents()).loadFontsFor(c.var.files, (await documents()).textsOf(branding, rows.map(editorFactsOf), chief));
  const entries: ZipEntry[] = ids.map((id) => {
    const editor = editorFactsOf(byId.get(id)!);
    const verification = verificationMark(c, { kind: "editor", editorId: editor.id, category: editor.category, name: editor.name });
    return {
      name: `appointment-certificate-${editor.id}-${slugOf(editor.name, "editor")}.pdf`,
      build: async () => (await documents()).buildAppointmentCertificate({ branding, editor, chief, verification }),
    };
  });
  return zipResponse(entries, "Editors-Certificate.zip");
});
