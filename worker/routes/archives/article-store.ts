// Adding and editing an article keeps D1 and R2 consistent at every step (docs/decisions/0025-article-files.md):
// a row never points at a missing object, and a failed request leaves no new object behind. The rules:
//  - The row claims its unique values (reference number, title, transaction id) in D1 BEFORE any object is
//    written. The object key is derived from the reference number, which is unique per journal, so once the row
//    holds the number no other request can write or delete that key.
//  - A row only names a file (articles.file) once the object exists; an old object is deleted only after no row
//    names it any more.
//  - If a step fails, the steps before it are undone (the new object deleted, the row put back as it was).
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { ArticleRow, JournalRow } from "../../data/schema";
import { HttpError } from "../../middleware/errors";
import { fileKeys, isSafeFileName } from "../../files/keys";
import { deleteFileQuietly, putFile } from "../../files/uploads";
import {
  deleteArticle,
  findArticleConflict,
  isArticleFileClaimed,
  insertArticle,
  restoreArticle,
  updateArticle,
  type ArticleValues,
} from "../../data/articles-write.repo";
import { STATUS_ENABLED } from "../../schemas/constants";
import { alignAuthorDetails, type ArticleFields } from "../../schemas/admin";
import { defaultDoi, referenceLines } from "../../schemas/scholarly";

const PDF = "application/pdf";

/** The stored file name of an article: its reference number plus .pdf (SPEC §5). */
export function articleFileName(refnumber: string): string {
  const name = `${refnumber}.pdf`;
  if (!isSafeFileName(name)) throw new HttpError(400, "invalid_input");
  return name;
}

const keyOf = (journalId: number, a: { year: number; volume: number; issue: number }, file: string) =>
  fileKeys.article(journalId, a.year, a.volume, a.issue, file);

/** The form's fields as columns. An empty DOI becomes the journal's prefix + reference number (when it has one). */
function valuesOf(f: ArticleFields, journal: JournalRow): Omit<ArticleValues, "file"> {
  return {
    doi: f.doi || defaultDoi(journal.doi_prefix, f.refnumber),
    language: f.language,
    referenceList: referenceLines(f.references).join("\n"),
    authorDetails: JSON.stringify(alignAuthorDetails(f.authorname, f.author_details)),
    refnumber: f.refnumber,
    title: f.title,
    authorname: f.authorname,
    abstract: f.abstract,
    year: f.year,
    volume: f.volume,
    issue: f.issue,
    pagenumber: f.pagenumber,
    country: f.country,
    txnid: f.txnid,
    ptype: f.ptype,
    publishdate: f.publishdate,
    subject: f.subject,
    email: f.email,
    mobile: f.mobile,
    description: f.description,
    keywords: f.keywords,
  };
}

/**
 * Add: (1) insert the row without a file, which claims the unique values; (2) put {refnumber}.pdf; (3) point
 * the row at it. A failure in (2) or (3) deletes the row and the new object.
 */
export async function addArticle(c: Context<AppEnv>, fields: ArticleFields, pdf: Uint8Array): Promise<ArticleRow> {
  const db = c.get("db");
  const journalId = c.get("journal").id;
  const admin = c.get("admin").username;
  const file = articleFileName(fields.refnumber);
  const values = valuesOf(fields, c.get("journal"));

  const conflict = await findArticleConflict(db, journalId, values);
  if (conflict) throw new HttpError(409, conflict);
  const inserted = await insertArticle(db, journalId, { ...values, file: "", status: STATUS_ENABLED, createdby: admin });
  if (!inserted.ok) throw new HttpError(409, inserted.conflict);

  const key = keyOf(journalId, values, file);
  let stored = false;
  try {
    await putFile(c.env.FILES, key, pdf, PDF);
    stored = true;
    const done = await updateArticle(db, journalId, inserted.row.id, { ...values, file, modifiedby: admin });
    if (!done?.ok) throw new Error("article row vanished while its file was stored");
    return done.row;
  } catch (err) {
    await deleteArticle(db, journalId, inserted.row.id).catch((e) => console.error("undo insert failed", e));
    if (stored) await deleteFileQuietly(c.env.FILES, key);
    throw err;
  }
}

/**
 * Edit. `fields` is the article as it will be (sent fields merged over the stored ones). Steps:
 * (1) update every column except the file's location (year, volume, issue, file) — this claims a new reference
 *     number, title or transaction id, and the row still points at its old, existing object;
 * (2) if there is a new PDF, or the location changes and there is a file: put the object at the new key (the
 *     new bytes, or a copy of the old object); (3) point the row at the new location; (4) delete the old object
 *     if its key changed and no row claims it any more.
 * A failure in (2) or (3) puts the row back as it was and deletes an object written at a new key.
 */
export async function editArticle(c: Context<AppEnv>, old: ArticleRow, fields: ArticleFields, pdf: Uint8Array | null): Promise<ArticleRow> {
  const db = c.get("db");
  const journalId = c.get("journal").id;
  const admin = c.get("admin").username;
  const values = valuesOf(fields, c.get("journal"));

  const conflict = await findArticleConflict(db, journalId, values, old.id);
  if (conflict) throw new HttpError(409, conflict);

  const moved = values.year !== old.year || values.volume !== old.volume || values.issue !== old.issue || values.refnumber !== (old.refnumber ?? "");
  const oldKey = old.file ? keyOf(journalId, old, old.file) : null;
  // A new upload, or a move of an existing file, is stored as {refnumber}.pdf at the article's location.
  const relocate = pdf !== null || (moved && oldKey !== null);
  const newFile = articleFileName(values.refnumber);
  const newKey = keyOf(journalId, values, newFile);

  // (1) Everything but the location.
  const step1 = await updateArticle(db, journalId, old.id, { ...values, year: old.year, volume: old.volume, issue: old.issue, modifiedby: admin });
  if (!step1) throw new HttpError(404, "not_found");
  if (!step1.ok) throw new HttpError(409, step1.conflict);
  if (!moved && !relocate) return step1.row;

  let wroteNewKey = false;
  try {
    // (2) The object at its new key. A move whose old object is already gone leaves the row with no file,
    // rather than naming one that does not exist.
    let file = "";
    if (relocate) {
      const bytes = pdf ?? (oldKey ? await readObject(c.env.FILES, oldKey) : null);
      if (bytes) {
        await putFile(c.env.FILES, newKey, bytes, PDF);
        wroteNewKey = newKey !== oldKey;
        file = newFile;
      }
    }
    // (3) The row's location.
    const step3 = await updateArticle(db, journalId, old.id, { ...values, file, modifiedby: admin });
    if (!step3?.ok) throw new Error("article row changed while its file was moved");
    // (4) The old object, unless a row (another article that took the old reference number meanwhile) owns it.
    if (oldKey && wroteNewKey && !(await isArticleFileClaimed(db, journalId, old, old.file))) await deleteFileQuietly(c.env.FILES, oldKey);
    return step3.row;
  } catch (err) {
    await restoreArticle(db, old).catch((e) => console.error("undo edit failed", e));
    if (wroteNewKey) await deleteFileQuietly(c.env.FILES, newKey);
    throw err;
  }
}

async function readObject(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}
