// Which R2 objects no row names (orphans), and which rows name an object that is missing. Used by
// `npm run files:orphans` (scripts/files-orphans.ts) and its test; plain structural types, so it runs in the
// Worker runtime and in Node (getPlatformProxy) alike.
import { fileKeys } from "../core/files/keys";

export interface OrphanDb {
  prepare(sql: string): { all<T = Record<string, unknown>>(): Promise<{ results: T[] }> };
}
export interface OrphanBucket {
  list(options?: {
    prefix?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ objects: { key: string; uploaded: Date; size: number }[]; truncated: boolean; cursor?: string }>;
  delete(keys: string | string[]): Promise<void>;
}

export interface StoredObject {
  key: string;
  uploaded: Date;
  size: number;
}

export interface FileAudit {
  /** Objects under journals/ that no row names, old enough to be sure no write is still switching to them. */
  orphans: StoredObject[];
  /** Unnamed objects younger than the grace period (a write may be about to name them): left alone. */
  recent: StoredObject[];
  /** Keys that rows name but that are missing from the bucket (reported, never "fixed"). */
  missing: string[];
}

/**
 * Where the rows are (docs/decisions/0240): the platform database (the journals' rows, naming their images) and the
 * journal databases (every other row). One database alone is both (a deployment without journal databases).
 */
export type OrphanDatabases = OrphanDb | { platform: OrphanDb; journals: OrphanDb[] };

/** Every key the databases name: article PDFs, editor pictures, indexing logos, issue covers, submitted manuscripts and their versions, import files. */
export async function namedKeys(databases: OrphanDatabases, journalId?: number): Promise<Set<string>> {
  const { platform, journals } = "platform" in databases ? databases : { platform: databases, journals: [databases] };
  const where = journalId === undefined ? "" : ` AND journal_id = ${Number(journalId)}`;
  const rowsIn = async <T>(db: OrphanDb, sql: string) => (await db.prepare(sql).all<T>()).results;
  const rows = async <T>(sql: string) => (await Promise.all(journals.map((db) => rowsIn<T>(db, sql)))).flat();
  const keys = new Set<string>();
  for (const r of await rows<{ journal_id: number; year: number; volume: number; issue: number; file: string }>(
    `SELECT journal_id, year, volume, issue, file FROM articles WHERE file != ''${where}`,
  ))
    keys.add(fileKeys.article(r.journal_id, r.year, r.volume, r.issue, r.file));
  for (const r of await rows<{ journal_id: number; picture: string }>(
    `SELECT journal_id, picture FROM editors WHERE picture != ''${where}`,
  ))
    keys.add(fileKeys.editorPicture(r.journal_id, r.picture));
  for (const r of await rows<{ journal_id: number; image: string }>(`SELECT journal_id, image FROM indexing WHERE image != ''${where}`))
    keys.add(fileKeys.indexingLogo(r.journal_id, r.image));
  // Issue covers (migrations/0052, 0130).
  for (const r of await rows<{ journal_id: number; cover: string }>(`SELECT journal_id, cover FROM issues WHERE cover != ''${where}`))
    keys.add(fileKeys.issueCover(r.journal_id, r.cover));
  // A submission's PDF and the Word file sent beside it (migrations/0280).
  for (const r of await rows<{ journal_id: number; file: string; source_file: string | null }>(
    `SELECT journal_id, file, source_file FROM submissions WHERE file != ''${where}`,
  ))
    for (const file of [r.file, r.source_file]) if (file) keys.add(fileKeys.submission(r.journal_id, file));
  // Every manuscript version and reviewer's PDF of the workflow (migrations/0070), beside the submissions' files.
  for (const r of await rows<{ journal_id: number; file: string }>(
    `SELECT journal_id, file FROM manuscript_files WHERE file != ''${where}`,
  ))
    keys.add(fileKeys.submission(r.journal_id, r.file));
  // The journal's own images (docs/decisions/0163): journals' rows name them (the journals table has no journal_id).
  // And its own copyright form (migrations/0081), kept beside them.
  for (const r of await rowsIn<{
    id: number;
    logo_file: string;
    cover_image_file: string;
    certificate_image_file: string;
    copyright_form_file: string;
  }>(
    platform,
    `SELECT id, logo_file, cover_image_file, certificate_image_file, copyright_form_file FROM journals WHERE 1 = 1${where.replace("journal_id", "id")}`,
  ))
    for (const file of [r.logo_file, r.cover_image_file, r.certificate_image_file, r.copyright_form_file])
      if (file) keys.add(fileKeys.branding(r.id, file));
  // Import jobs (docs/decisions/0211): the uploaded files and the report each job names. An upload no job names is an
  // orphan once the grace period is over.
  for (const r of await rows<{ source_key: string; pdfs_key: string; report_key: string }>(
    `SELECT source_key, pdfs_key, report_key FROM transfer_jobs WHERE 1 = 1${where}`,
  ))
    for (const key of [r.source_key, r.pdfs_key, r.report_key]) if (key) keys.add(key);
  return keys;
}

export async function listObjects(bucket: OrphanBucket, prefix: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    out.push(...page.objects.map((o) => ({ key: o.key, uploaded: new Date(o.uploaded), size: o.size })));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/**
 * Compares the bucket with the rows, for one journal or all. Objects younger than `graceMs` (default one hour)
 * are never called orphans: a write stores its object before the row names it.
 */
export async function auditFiles(
  db: OrphanDatabases,
  bucket: OrphanBucket,
  opts: { journalId?: number; graceMs?: number; now?: Date } = {},
): Promise<FileAudit> {
  const prefix = opts.journalId === undefined ? "journals/" : `journals/${opts.journalId}/`;
  const named = await namedKeys(db, opts.journalId);
  const objects = await listObjects(bucket, prefix);
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.graceMs ?? 3_600_000);
  const unnamed = objects.filter((o) => !named.has(o.key));
  const present = new Set(objects.map((o) => o.key));
  return {
    orphans: unnamed.filter((o) => o.uploaded.getTime() <= cutoff),
    recent: unnamed.filter((o) => o.uploaded.getTime() > cutoff),
    missing: [...named].filter((k) => !present.has(k)).sort(),
  };
}

/** Deletes the given orphans (in chunks of R2's 1000-key limit); returns how many. */
export async function removeOrphans(bucket: OrphanBucket, orphans: StoredObject[]): Promise<number> {
  for (let i = 0; i < orphans.length; i += 1000) await bucket.delete(orphans.slice(i, i + 1000).map((o) => o.key));
  return orphans.length;
}
