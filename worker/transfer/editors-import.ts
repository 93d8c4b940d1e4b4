// Editors in bulk (issue 39 item 2, docs/decisions/0273): a CSV with the spec's editor fields (name, degree, post,
// content = affiliation, picture, category, status, email, phone, country) and a zip of their pictures, named as
// the picture column says. Each row is checked as the editor form checks it (the shared zod schema), a picture as
// an uploaded one is (an image, at most 2 MB); the dry run reports per row what will be created or skipped and why,
// then the import writes the same. An editor already on the board (the same name and e-mail, or without an e-mail
// the same name and category) is skipped, so the same file twice creates nothing new. The zip is read by ranges.
import { editorSchema } from "#contract/admin";
import { IMAGE_MAX_BYTES } from "#contract/constants";
import { EDITOR_IMPORT_COLUMNS, type EditorReportItem, type EditorsImportReport } from "#contract/transfer";
import type { AdminActor } from "../core/audit/admin-events.repo";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import type { Db } from "../core/env";
import { IMAGE_EXTENSIONS, sniffContentType } from "../core/files/content-types";
import { fileKeys } from "../core/files/keys";
import { insertEditor, listAllEditors } from "../editors/editors.repo";
import { ImportSourceError, type TransferFiles } from "./import-model";
import { EntryTooLargeError } from "./bounded-inflate";
import { openRangedZip, type RangeSource, type ZipEntry } from "./zip-ranges";

/** What each field's refusal says, as the editor form says it. */
const FIELD_MESSAGES: Record<string, string> = {
  name: "The name is missing.",
  post: "The designation must be one of Professor, Associate Professor, Assistant Professor, Scientist, Head, Lecturer.",
  content: "The affiliation (content) is missing.",
  category: "The category must be chief editor, associate editor or assistant editor.",
  status: "The status must be enabled or disabled.",
  degree: "The degree is too long or not text.",
  email: "The e-mail is too long.",
  phone: "The phone is too long.",
  country: "The country is too long or not text.",
};

const fold = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
/** Who an editor is, for duplicates: the name with the e-mail, or with the category when there is no e-mail. */
const editorKey = (v: { name: string; email: string; category: string }) => `${fold(v.name)}|${v.email ? fold(v.email) : `#${v.category}`}`;

export interface EditorsImportOptions {
  dryRun: boolean;
  source: string;
  /** Called every few rows with the report so far (a job's progress, decision 0290). */
  onProgress?: (report: EditorsImportReport) => Promise<void> | void;
}

/** How many rows between two progress reports of a job. */
const PROGRESS_EVERY = 10;

export async function importEditors(
  db: Db,
  bucket: TransferFiles,
  actor: AdminActor,
  rows: AsyncIterable<{ line: number; cells: string[] }>,
  pictures: RangeSource | null,
  opts: EditorsImportOptions,
): Promise<EditorsImportReport> {
  const journalId = actor.journalId;
  const report: EditorsImportReport = {
    dryRun: opts.dryRun,
    source: opts.source,
    counts: { editors: 0, create: 0, skip: 0, pictures: 0 },
    items: [],
  };
  const zip = pictures ? await openRangedZip(pictures, "The pictures file") : null;
  const inZip = new Map<string, ZipEntry>();
  for (const e of zip?.entries ?? [])
    if (!e.name.startsWith("__MACOSX/") && !e.name.endsWith("/")) inZip.set(fold(e.name.split("/").pop() ?? ""), e);
  const seen = new Map<string, string>();
  for (const e of await listAllEditors(db, journalId)) seen.set(editorKey(e), "Already on the board.");

  let header: string[] | null = null;
  for await (const r of rows) {
    if (!header) {
      header = r.cells.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
      if (!header.includes("name") || !header.includes("category"))
        throw new ImportSourceError(
          "invalid_header",
          "The first row must name the columns (at least name and category; see the column list).",
          r.line,
        );
      continue;
    }
    const raw: Record<string, string> = {};
    header.forEach((h, i) => {
      if ((EDITOR_IMPORT_COLUMNS as readonly string[]).includes(h)) raw[h] = (r.cells[i] ?? "").trim();
    });
    const unknown = header.filter((h, i) => h && !(EDITOR_IMPORT_COLUMNS as readonly string[]).includes(h) && (r.cells[i] ?? "").trim());
    const { picture: pictureName = "", ...fields } = raw;
    // The spec's values as people type them: "Chief Editor", "Enabled".
    if (fields.category) fields.category = fields.category.toLowerCase().replace(/\s+/g, " ");
    if (fields.status) fields.status = fields.status.toLowerCase();
    const parsed = editorSchema.safeParse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== "")));
    const item: EditorReportItem = {
      line: r.line,
      name: raw.name ?? "",
      category: fields.category ?? "",
      action: "create",
      reasons: [],
      warnings: unknown.map((h) => `The column ${h} has no place on the platform: not kept.`),
      picture: "none",
    };
    // The rows finished so far, every few rows (before this one is counted).
    if (opts.onProgress && report.counts.editors > 0 && report.counts.editors % PROGRESS_EVERY === 0) await opts.onProgress(report);
    report.counts.editors++;
    report.items.push(item);
    if (!parsed.success) {
      const bad = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))];
      item.reasons = bad.map((f) => ({ code: `invalid_${f}`, message: FIELD_MESSAGES[f] ?? `The ${f} is not valid.` }));
    } else {
      const key = editorKey(parsed.data);
      const earlier = seen.get(key);
      if (earlier) item.reasons.push({ code: "duplicate_editor", message: earlier });
      else seen.set(key, `Already in this file (row ${r.line}).`);
    }
    if (item.reasons.length) {
      item.action = "skip";
      report.counts.skip++;
      continue;
    }
    // The picture: taken when the zip has it and it is an image; otherwise the editor comes without one, said.
    let picture: { bytes: Uint8Array; contentType: keyof typeof IMAGE_EXTENSIONS } | null = null;
    if (pictureName) {
      const entry = inZip.get(fold(pictureName.split("/").pop() ?? ""));
      if (!zip) item.warnings.push(`No zip of pictures was given: ${pictureName} is not added.`);
      else if (!entry) item.warnings.push(`No ${pictureName} in the zip: the editor is added without a picture.`);
      else {
        // Unpacked up to the limit at most: larger (declared or found so while inflating) leaves it packed.
        const bytes = await zip.read(entry, IMAGE_MAX_BYTES).catch((err) => {
          if (err instanceof EntryTooLargeError) return null;
          throw err;
        });
        const type = bytes && sniffContentType(bytes);
        if (!bytes) item.warnings.push(`${pictureName} is larger than 2 MB: the editor is added without it.`);
        else if (!type || type === "application/pdf")
          item.warnings.push(`${pictureName} is not a JPEG, PNG, GIF or WebP image: not added.`);
        else {
          picture = { bytes, contentType: type };
          item.picture = `${pictureName} (${Math.ceil(bytes.length / 1024)} KB)`;
          report.counts.pictures++;
        }
      }
    }
    report.counts.create++;
    if (opts.dryRun) continue;
    const v = parsed.data!;
    const file = picture ? `${crypto.randomUUID()}.${IMAGE_EXTENSIONS[picture.contentType]}` : "";
    const key = fileKeys.editorPicture(journalId, file);
    // The picture first, under a fresh name no row names yet; gone again if the row is not written (decision 0091).
    if (picture) await bucket.put(key, picture.bytes, { httpMetadata: { contentType: picture.contentType } });
    const saved = await insertEditor(
      db,
      journalId,
      { ...v, picture: file },
      afterAdminWrite(db, actor, { action: "editor.import", entity: "editor", summary: v.name }),
    );
    if (!saved.ok) {
      if (file) await bucket.delete(key).catch(() => {});
      item.action = "skip";
      item.reasons.push({ code: saved.conflict, message: "Already on the board." });
      report.counts.create--;
      report.counts.skip++;
    }
  }
  if (!header) throw new ImportSourceError("empty_file", "The file is empty.");
  return report;
}
