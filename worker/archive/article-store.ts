// Adding, editing and deleting an article keeps D1 and R2 consistent at every step
// (docs/decisions/0091-versioned-file-writes.md, replacing 0025's in-place scheme):
//  - Every upload (or move) is stored under a NEW object name, `{refnumber}-{version}.pdf`, that no row names
//    yet, so storing it can never overwrite or lose the file a row points at.
//  - The row switches to the new name in ONE D1 batch, together with the audit event; an edit only applies if
//    the row's `modification` stamp is still the one the editor loaded (else 409 stale_edit).
//  - Only then is the old object deleted. If any step fails, the new object is deleted and the old row and
//    file stay exactly as they were.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import type { ArticleRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { fileKeys, isSafeFileName, versionedName } from "../core/files/keys";
import { deleteFileQuietly } from "../core/files/uploads";
import { commitWithObject, putNewObject } from "../core/files/commit-with-object";
import { deleteArticle, findArticleConflict, findArticleNaming, insertArticle, updateArticle } from "./articles.repo";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { richTextToPlain } from "#contract/rich-text";
import { STATUS_ENABLED } from "#contract/constants";
import { articleColumnsOf } from "#contract/admin";
import type { ArticleFields } from "#contract/article-form";
import { hasMainLanguageVersion } from "#contract/article-translations";

const PDF = "application/pdf";

/** The other language versions are in other languages than the article's own (its language, else the journal's). */
function checkLanguageVersions(c: Context<AppEnv>, fields: ArticleFields): void {
  const main = fields.language || c.get("journal").language || "en";
  if (hasMainLanguageVersion(fields.translations, main)) throw new HttpError(400, "duplicate_language");
}

/** A new stored name for an article's PDF: `{refnumber}-{version}.pdf` (downloads are still named {refnumber}.pdf). */
export function articleFileName(refnumber: string): string {
  const name = versionedName(refnumber, "pdf");
  if (!isSafeFileName(name)) throw new HttpError(400, "invalid_input");
  return name;
}

const keyOf = (journalId: number, a: { year: number; volume: number; issue: number }, file: string) =>
  fileKeys.article(journalId, a.year, a.volume, a.issue, file);

const summaryOf = (v: { refnumber: string | null; title: string }) =>
  `${v.refnumber ?? ""} ${richTextToPlain(v.title)}`.trim().slice(0, 200);

/** Add: (1) put the PDF under a new name; (2) insert the row naming it, with its audit event, in one batch. */
export async function addArticle(c: Context<AppEnv>, fields: ArticleFields, pdf: Uint8Array): Promise<ArticleRow> {
  const db = c.get("db");
  const actor = actorOf(c);
  const journalId = actor.journalId;
  checkLanguageVersions(c, fields);
  const values = articleColumnsOf(fields, c.get("journal").doi_prefix);

  // The friendly duplicate check first, so a refused add does not even store its file.
  const conflict = await findArticleConflict(db, journalId, values);
  if (conflict) throw new HttpError(409, conflict);

  const file = articleFileName(fields.refnumber);
  const key = keyOf(journalId, values, file);
  await putNewObject(c.var.files, key, pdf, PDF);
  return commitWithObject(
    c.var.files,
    key,
    async () => {
      const after = afterAdminWrite(db, actor, { action: "article.add", entity: "article", summary: summaryOf(values) });
      const inserted = await insertArticle(db, journalId, { ...values, file, status: STATUS_ENABLED, createdby: actor.username }, after);
      if (!inserted.ok) throw new HttpError(409, inserted.conflict);
      return inserted.row;
    },
    () => findArticleNaming(db, journalId, { refnumber: values.refnumber }, file),
  );
}

/**
 * Edit. `fields` is the article as it will be (sent fields merged over the stored ones); `expectedStamp` the
 * `modification` the editor loaded (default: the row as read by this request). Steps:
 * (1) a new PDF, or a move (reference number, year, volume or issue changed) of an existing file: put the
 *     object under a new name at the article's (new) location — the new bytes, or a copy of the old object;
 * (2) one batch: update the row (only if its stamp is unchanged) and record the event;
 * (3) delete the old object when the row no longer names it.
 * A failure or refusal in (2) deletes the object of (1); the row and its old file are untouched.
 */
export async function editArticle(
  c: Context<AppEnv>,
  old: ArticleRow,
  fields: ArticleFields,
  pdf: Uint8Array | null,
  expectedStamp = old.modification,
): Promise<ArticleRow> {
  const db = c.get("db");
  const actor = actorOf(c);
  const journalId = actor.journalId;
  checkLanguageVersions(c, fields);
  const values = articleColumnsOf(fields, c.get("journal").doi_prefix);
  if (expectedStamp !== old.modification) throw new HttpError(409, "stale_edit");

  const conflict = await findArticleConflict(db, journalId, values, old.id);
  if (conflict) throw new HttpError(409, conflict);

  const moved =
    values.year !== old.year || values.volume !== old.volume || values.issue !== old.issue || values.refnumber !== (old.refnumber ?? "");
  const oldKey = old.file ? keyOf(journalId, old, old.file) : null;

  // (1) The object the row will name. A move whose old object is already gone leaves the row with no file
  // rather than naming one that does not exist.
  let file = old.file;
  let newKey: string | null = null;
  if (pdf || (moved && oldKey)) {
    const bytes = pdf ?? (await readObject(c.var.files, oldKey!));
    if (bytes) {
      file = articleFileName(values.refnumber);
      newKey = keyOf(journalId, values, file);
      await putNewObject(c.var.files, newKey, bytes, PDF);
    } else {
      file = "";
    }
  }

  // (2) The row switch and its event, in one batch.
  const row = await commitWithObject(
    c.var.files,
    newKey,
    async () => {
      const after = afterAdminWrite(
        db,
        actor,
        { action: "article.edit", entity: "article", entityId: old.id, summary: summaryOf(values) },
        { ifChanged: true },
      );
      // A changed DOI is a new, unregistered one (issue 40 item 5): shown as text until Crossref confirms it.
      const result = await updateArticle(
        db,
        journalId,
        old.id,
        expectedStamp,
        { ...values, file, modifiedby: actor.username, ...(values.doi !== old.doi ? { doiRegisteredAt: "" } : {}) },
        after,
      );
      if (!result.ok) throw new HttpError(result.conflict === "not_found" ? 404 : 409, result.conflict);
      return result.row;
    },
    () => findArticleNaming(db, journalId, { id: old.id }, file),
  );

  // (3) The old object, now that no row names it.
  if (oldKey && (newKey || file === "") && oldKey !== newKey) await deleteFileQuietly(c.var.files, oldKey);
  return row;
}

/** Delete: the row and its event in one batch, then its PDF. */
export async function removeArticle(c: Context<AppEnv>, old: ArticleRow): Promise<void> {
  const db = c.get("db");
  const actor = actorOf(c);
  const after = afterAdminWrite(
    db,
    actor,
    { action: "article.delete", entity: "article", entityId: old.id, summary: summaryOf(old) },
    { ifChanged: true },
  );
  const deleted = await deleteArticle(db, actor.journalId, old.id, after);
  if (!deleted) throw new HttpError(404, "not_found");
  if (deleted.file) await deleteFileQuietly(c.var.files, keyOf(actor.journalId, deleted, deleted.file));
}

async function readObject(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}
