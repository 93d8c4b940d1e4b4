// Restore: a backup is untrusted input (issue 38 item 1, docs/decisions/0182-backups-are-untrusted.md).
//
// - Its signature (HMAC with BACKUP_SIGNING_KEY) and the hash of every entry are checked first; an unsigned or altered
//   backup is refused unless the operator says to trust it (trustUnsigned), and the reason is said either way.
// - A journal's backup restores only that journal: the `journals` row with its id, rows of tables that carry a
//   journal_id equal to it, and files under journals/{id}/. A platform table (operators, operator_events, settings…),
//   a row of another journal or a file under another prefix is refused, signed or not.
// - Three targets: an empty database (ids kept, as before), a running platform as a NEW journal (every id renumbered,
//   references followed), or OVER the same journal after its slug is typed (its rows and files replaced).
// - Everything is read and checked before the first write; every restore is recorded in operator_events.
import { copyJournalRowBetween } from "../core/data/journal-row-copy";
import { z } from "zod";
import { sha256Hex } from "../core/files/sha256";
import { newReplyToken } from "../workflow/manuscripts.repo";
import {
  appliedMigrations,
  type BackupBucket,
  type BackupDb,
  type BackupManifest,
  type BackupSource,
  dataTables,
  MANIFEST,
  OBJECTS,
  type ObjectEntry,
  quote,
  type TableDump,
  tableFile,
  tableInfo,
} from "./backup";
import { jsonDigest, SIGNATURE, signatureProblem } from "./backup-signature";
import { DATABASE_BINDING } from "./backup-platform";
import { checkPlatformBackup, checkPlatformTargetsEmpty, writePlatformBackup } from "./backup-platform-restore";
import {
  BATCH_PARAMS,
  filesProgress,
  type Loaded,
  loadTable,
  objectsSchema,
  putObject,
  RestoreRefused,
  safeKey,
  SEEDED_BY_MIGRATIONS,
} from "./backup-restore-parts";
import { insertKeepingIds } from "./backup-rows.repo";

export { columnsNamedNow, RestoreRefused } from "./backup-restore-parts";

/** empty: a database with no data (ids kept); new: a running platform, as a new journal; replace: over the journal. */
export type RestoreMode = "empty" | "new" | "replace";

export interface RestoreOptions {
  /** BACKUP_SIGNING_KEY of the platform restoring (null: none set, so nothing can be verified). */
  signingKey: string | null;
  /** Restore an unsigned or altered backup anyway (the operator knows where it comes from). */
  trustUnsigned?: boolean;
  mode?: RestoreMode;
  /** replace: what the operator typed to confirm, which must be the journal's slug. */
  confirm?: string;
  /** Who restores, as the audit trail names them (and the operator's id when one restores from the console). */
  actor?: string;
  actorId?: number;
  /** Check everything (signature, scope, every hash) and stop before the first write: the console's inspection. */
  dryRun?: boolean;
  /**
   * The journal databases by binding name (docs/decisions/0240); `db` is then the platform database. Without it,
   * `db` holds everything (a deployment without journal databases, or an empty database restored whole).
   */
  journalDatabase?: (shard: string) => BackupDb | undefined;
  /** --as-new: the journal database the restored journal goes to (the least-full one, chosen by the caller). */
  newShard?: string;
  log?: (msg: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  mode: RestoreMode;
  /** The journal as restored (its id in the target), or null for a whole-platform backup. */
  journal: { id: number; slug: string } | null;
  rows: number;
  objects: number;
  /** null: signature verified; otherwise why it was not, and the backup was trusted anyway. */
  unverified: string | null;
  /** What was left out or changed on the way (hosts already taken, a slug in use). */
  notes: string[];
}

const tablesSchema = z.array(z.object({ name: z.string().min(1), rows: z.number().int().nonnegative() }));
const manifestSchema = z
  .object({
    format: z.literal("journal-edge-backup"),
    version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    createdAt: z.string(),
    journalId: z.number().int().positive().nullable(),
    journals: z.array(z.object({ id: z.number().int(), slug: z.string(), websitename: z.string(), shard: z.string().optional() })),
    migrations: z.array(z.string()),
    tables: tablesSchema,
    // Version 3 (docs/decisions/0285): binding names only as wrangler.toml spells them, so never a path.
    databases: z
      .array(z.object({ binding: z.string().regex(DATABASE_BINDING), migrations: z.array(z.string()), tables: tablesSchema }))
      .optional(),
    notes: z.array(z.string()).optional(),
    objects: z.number().int().nonnegative(),
    bytes: z.number().nonnegative(),
    contents: z.record(z.string(), z.string()).optional(),
  })
  .refine((m) => (m.version === 3) === (m.databases !== undefined) && (m.version !== 3 || m.journalId === null));

/**
 * References the schema does not declare as foreign keys (table.column -> table), and what happens to a row whose
 * target is gone from the journal (a deleted article's figures, a deleted admin's events): left out, or kept with null.
 */
const UNDECLARED_REFERENCES: Record<string, { table: string; orphan: "drop" | "null" }> = {
  "usage_daily.article_id": { table: "articles", orphan: "drop" },
  "admin_events.admin_id": { table: "admin_users", orphan: "null" },
  // The editorial workflow's tables (migrations/0070) declare no foreign keys: every id they hold is followed here.
  "manuscripts.submission_id": { table: "submissions", orphan: "null" },
  "manuscripts.article_id": { table: "articles", orphan: "null" },
  "manuscript_files.manuscript_id": { table: "manuscripts", orphan: "drop" },
  "manuscript_events.manuscript_id": { table: "manuscripts", orphan: "drop" },
  "manuscript_events.outbox_id": { table: "mail_outbox", orphan: "null" },
  "review_assignments.manuscript_id": { table: "manuscripts", orphan: "drop" },
  "review_assignments.reviewer_id": { table: "reviewers", orphan: "drop" },
  "mail_outbox.manuscript_id": { table: "manuscripts", orphan: "null" },
  "mail_inbound.manuscript_id": { table: "manuscripts", orphan: "null" },
  "username_clashes.holder_id": { table: "admin_users", orphan: "drop" },
};
/**
 * Columns naming a row of a table another column of the row says: an audit event's entity (admin_events.entity), a
 * signed link's subject by its purpose (access_links.purpose: a reviewer's assignment or an author's manuscript).
 */
const POLYMORPHIC_REFERENCES: Record<string, { by: string; tables: Record<string, string>; orphan: "drop" | "null" }> = {
  "admin_events.entity_id": {
    by: "entity",
    tables: { article: "articles", editor: "editors", issue: "issues", staff: "admin_users" },
    orphan: "null",
  },
  "access_links.subject_id": { by: "purpose", tables: { review: "review_assignments", track: "manuscripts" }, orphan: "drop" },
};

/**
 * A journal restored as a new journal is a copy beside the original (docs/decisions/0094): what must be unique across
 * the platform is made afresh (a manuscript's reply address: a reply to the original's mail belongs to the original),
 * and what grants access to the original is not copied (a library's SUSHI key).
 */
const FRESH_IN_A_COPY: Record<string, () => string> = {
  "manuscripts.reply_token": newReplyToken,
  "manuscripts.author_reply_token": newReplyToken,
  "review_assignments.reply_token": newReplyToken,
};
const LEFT_OUT_OF_A_COPY: Record<string, string> = {
  sushi_keys: "the libraries' SUSHI keys are the original journal's: make new ones for the copy",
};

/** Parents before children by every reference (declared, undeclared or polymorphic), else in the backup's order. */
function inReferenceOrder<T extends { name: string }>(tables: T[], refs: Map<string, Map<string, string>>): T[] {
  const names = new Set(tables.map((t) => t.name));
  const parentsOf = (name: string): string[] => {
    const direct = [...(refs.get(name)?.values() ?? [])];
    const polymorphic = Object.entries(POLYMORPHIC_REFERENCES)
      .filter(([at]) => at.startsWith(`${name}.`))
      .flatMap(([, p]) => Object.values(p.tables));
    return [...direct, ...polymorphic].filter((p) => p !== name && names.has(p));
  };
  const ordered: T[] = [];
  const visit = (t: T, path: string[]) => {
    if (ordered.includes(t) || path.includes(t.name)) return;
    for (const p of parentsOf(t.name)) visit(tables.find((x) => x.name === p) as T, [...path, t.name]);
    ordered.push(t);
  };
  for (const t of tables) visit(t, []);
  return ordered;
}

export async function restoreBackup(
  db: BackupDb,
  bucket: BackupBucket,
  source: BackupSource,
  opts: RestoreOptions,
): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const mode = opts.mode ?? "empty";
  const notes: string[] = [];

  // ---- 1. Who wrote it: the signature over the manifest, then every entry's hash ---------------------------------
  const rawManifest = await source.readJson<unknown>(MANIFEST).catch(() => null);
  const parsed = manifestSchema.safeParse(rawManifest);
  if (!parsed.success) throw new RestoreRefused("not a journal-edge backup: manifest.json is missing or not a backup's manifest");
  const manifest = parsed.data as BackupManifest;
  const signature = await source.readJson<unknown>(SIGNATURE).catch(() => null);
  let unverified = await signatureProblem(rawManifest, signature, opts.signingKey);
  if (unverified && !opts.trustUnsigned)
    throw new RestoreRefused(
      `refused: ${unverified}. Restore only backups this platform wrote; if you know where this one comes from, run again with --trust-unsigned (its journal's boundaries are still enforced).`,
    );
  if (unverified) log(`! ${unverified}: restoring anyway (--trust-unsigned); only the journal's own rows and files are taken.`);
  if (!unverified && !manifest.contents) throw new RestoreRefused("refused: the signed manifest lists no contents to check");
  const readEntry = async (name: string): Promise<unknown> => {
    const data = await source.readJson<unknown>(name);
    const expected = manifest.contents?.[name];
    if (!unverified && expected !== (await jsonDigest(data))) {
      const problem = `${name} was altered after the backup was signed (its SHA-256 is not the manifest's)`;
      if (!opts.trustUnsigned) throw new RestoreRefused(`refused: ${problem}`);
      log(`! ${problem}: restoring anyway (--trust-unsigned)`);
      unverified = problem;
    }
    return data;
  };

  // ---- 2. What it holds, checked against the target's schema and the journal's boundary -------------------------
  const applied = await appliedMigrations(db);
  const missing = manifest.migrations.filter((m) => !applied.includes(m));
  if (missing.length)
    throw new RestoreRefused(
      `the target database lacks migrations ${missing.join(", ")}: apply them first (npm run db:migrate / db:migrate:remote)`,
    );
  const J = manifest.journalId;
  if (J !== null && (manifest.journals.length !== 1 || manifest.journals[0].id !== J))
    throw new RestoreRefused(`refused: the backup of journal ${J} names other journals in its manifest`);
  if (J === null && mode !== "empty")
    throw new RestoreRefused(
      "a backup of the whole platform restores only into an empty deployment, with npm run restore (no --as-new / --replace)",
    );

  // A whole platform over several databases (version 3): each database checked against the binding of its name.
  const plans = manifest.version === 3 ? await checkPlatformBackup(db, manifest, readEntry, opts.journalDatabase) : null;
  const present = await dataTables(db);
  const names = plans ? [] : manifest.tables.map((t) => t.name);
  if (new Set(names).size !== names.length) throw new RestoreRefused("refused: the manifest lists a table twice");
  for (const name of names) if (!present.includes(name)) throw new RestoreRefused(`the target database has no table ${name}`);
  const loaded: Loaded[] = plans ? plans.flatMap((p) => p.loaded) : [];
  for (const name of present.filter((t) => names.includes(t))) {
    const table = await loadTable(db, name, tableFile(name), await readEntry(tableFile(name)), manifest.migrations);
    if (J !== null)
      checkJournalScope(
        J,
        name,
        table.dump,
        table.targetColumns.map((c) => c.name),
      );
    loaded.push(table);
  }
  if (J !== null && !loaded.some((t) => t.name === "journals"))
    throw new RestoreRefused(`refused: the backup of journal ${J} has no journals row`);

  const objectsParse = objectsSchema.safeParse(await readEntry(OBJECTS));
  if (!objectsParse.success) throw new RestoreRefused(`refused: ${OBJECTS} is not a backup's file index`);
  const entries: ObjectEntry[] = objectsParse.data;
  const prefix = J === null ? "journals/" : `journals/${J}/`;
  for (const e of entries)
    if (!safeKey(e.key, prefix))
      throw new RestoreRefused(
        J === null
          ? `refused: the file ${JSON.stringify(e.key)} is not under journals/`
          : `refused: the backup of journal ${J} carries the file ${JSON.stringify(e.key)}, outside its own folder ${prefix}`,
      );
  for (const e of entries) {
    const bytes = await source.readObject(e.key);
    if ((await sha256Hex(bytes)) !== e.sha256)
      throw new RestoreRefused(`refused: object ${e.key} in the backup does not match its SHA-256`);
  }
  if (opts.dryRun) {
    const rowCount = loaded.reduce((n, t) => n + t.dump.rows.length, 0);
    const journal = J === null ? null : { id: J, slug: String(cellOf(loaded, "journals", 0, "slug")) };
    return { manifest, mode, journal, rows: rowCount, objects: entries.length, unverified, notes };
  }

  // ---- 3. The target ----------------------------------------------------------------------------------------------
  let journal: RestoreResult["journal"] = null;
  const rows = loaded.reduce((n, t) => n + t.dump.rows.length, 0);
  if (mode === "empty" && plans) {
    await checkPlatformTargetsEmpty(plans);
    await checkBucketEmpty(bucket);
    await writePlatformBackup(plans, log);
    for (const [i, e] of entries.entries()) {
      await putObject(bucket, source, e, e.key);
      filesProgress(i + 1, entries.length, log);
    }
  } else if (mode === "empty") {
    for (const t of loaded) {
      if (SEEDED_BY_MIGRATIONS.has(t.name)) continue;
      if (await db.prepare(`SELECT 1 AS x FROM ${quote(t.name)} LIMIT 1`).first())
        throw new RestoreRefused(
          J === null
            ? `the target table ${t.name} is not empty: a whole-platform restore needs an empty database`
            : `the target table ${t.name} is not empty: restore needs an empty database, or restore the journal into this running platform with --as-new (a new journal) or --replace (over journal ${J}, after typing its slug)`,
        );
    }
    await checkBucketEmpty(bucket);
    await insertKeepingIds(db, loaded, log);
    // Everything went into this one database: its journals live here, whatever database they were in before.
    if (loaded.some((t) => t.name === "journals")) await db.prepare("UPDATE journals SET shard = 'DB'").run();
    for (const [i, e] of entries.entries()) {
      await putObject(bucket, source, e, e.key);
      filesProgress(i + 1, entries.length, log);
    }
    if (J !== null) journal = { id: J, slug: String(cellOf(loaded, "journals", 0, "slug")) };
  } else {
    const target = await intoRunningPlatform(db, loaded, J as number, mode, opts, notes, log);
    journal = target;
    const keep = new Set<string>();
    for (const [i, e] of entries.entries()) {
      const key = `journals/${target.id}/${e.key.slice(prefix.length)}`;
      keep.add(key);
      await putObject(bucket, source, e, key);
      filesProgress(i + 1, entries.length, log);
    }
    if (mode === "replace") {
      // The journal's files that the backup does not hold go: the restored rows do not name them.
      let cursor: string | undefined;
      const stale: string[] = [];
      do {
        const page = await bucket.list({ prefix: `journals/${target.id}/`, cursor, limit: 1000 });
        stale.push(...page.objects.map((o) => o.key).filter((k) => !keep.has(k)));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      const remove = (bucket as BackupBucket & { delete?: (keys: string[]) => Promise<unknown> }).delete;
      for (let i = 0; remove && i < stale.length; i += 1000) await remove.call(bucket, stale.slice(i, i + 1000));
      if (stale.length) log(`  R2: ${stale.length} file(s) of the journal not in the backup removed`);
    }
  }
  log(`  R2: ${entries.length} object(s)`);

  // ---- 4. The audit trail -------------------------------------------------------------------------------------------
  if (present.includes("operator_events")) {
    const websitename = J === null ? "" : String(cellOf(loaded, "journals", 0, "websitename") ?? "");
    await db
      .prepare(
        "INSERT INTO operator_events (operator_id, operator_username, action, target_journal_id, summary, before_json, after_json, created_at) VALUES (?, ?, ?, ?, ?, 'null', ?, ?)",
      )
      .bind(
        opts.actorId ?? null,
        opts.actor ?? "npm run restore",
        J === null ? "platform.restore" : "journal.restore",
        journal?.id ?? null,
        J === null
          ? `Whole platform restored from the backup of ${manifest.createdAt}`
          : `${websitename}: restored ${mode === "new" ? "as a new journal" : mode === "replace" ? "over the journal" : "into an empty platform"} from the backup of ${manifest.createdAt}`,
        JSON.stringify({
          mode,
          backupCreatedAt: manifest.createdAt,
          fromJournalId: J,
          rows,
          ...(plans
            ? { databases: plans.map((p) => ({ binding: p.binding, rows: p.loaded.reduce((n, t) => n + t.dump.rows.length, 0) })) }
            : {}),
          files: entries.length,
          signature: unverified ? `not verified, trusted by the operator: ${unverified}` : "verified",
          ...(notes.length ? { notes } : {}),
        }),
        new Date().toISOString(),
      )
      .run();
  }
  return { manifest, mode, journal, rows, objects: entries.length, unverified, notes };
}

async function checkBucketEmpty(bucket: BackupBucket) {
  if ((await bucket.list({ prefix: "journals/", limit: 1 })).objects.length)
    throw new RestoreRefused(
      "the target bucket has objects under journals/: restore needs an empty bucket (or --as-new / --replace for one journal)",
    );
}

/** Refuses anything in a journal's backup that is not that journal's. */
function checkJournalScope(J: number, name: string, dump: TableDump, targetColumns: string[]) {
  if (name === "journals") {
    const id = dump.columns.indexOf("id");
    if (id < 0 || dump.rows.length !== 1 || dump.rows[0][id] !== J)
      throw new RestoreRefused(`refused: the backup of journal ${J} must hold exactly that journal's row in journals`);
    return;
  }
  if (!targetColumns.includes("journal_id"))
    throw new RestoreRefused(
      `refused: the backup of journal ${J} carries the table ${name}, which belongs to the platform, not to a journal (a journal's backup restores only its own tables)`,
    );
  const col = dump.columns.indexOf("journal_id");
  if (col < 0 && dump.rows.length)
    throw new RestoreRefused(`refused: the rows of ${name} in the backup of journal ${J} do not say their journal`);
  const other = dump.rows.find((r) => r[col] !== J);
  if (other)
    throw new RestoreRefused(
      `refused: the backup of journal ${J} carries a row of ${name} that belongs to journal ${JSON.stringify(other[col])}`,
    );
}

const cellOf = (loaded: Loaded[], table: string, row: number, column: string) => {
  const t = loaded.find((l) => l.name === table);
  const i = t?.dump.columns.indexOf(column) ?? -1;
  return t && i >= 0 ? (t.dump.rows[row]?.[i] ?? null) : null;
};

/** Which columns of `table` name a row of another table: declared foreign keys, plus the few the schema leaves implicit. */
async function referencesOf(db: BackupDb, table: string): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  for (const fk of (await db.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all<{ table: string; from: string }>()).results)
    refs.set(fk.from, fk.table);
  for (const [at, target] of Object.entries(UNDECLARED_REFERENCES)) {
    const [t, column] = at.split(".");
    if (t === table) refs.set(column, target.table);
  }
  return refs;
}

/** The single INTEGER PRIMARY KEY column of a rowid table (renumbered on the way in), or null. */
async function rowidKeyOf(db: BackupDb, t: Loaded): Promise<string | null> {
  const pk = t.targetColumns.filter((c) => c.pk > 0);
  if (pk.length !== 1 || pk[0].type.toUpperCase() !== "INTEGER") return null;
  const row = await db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(t.name).first<{ sql: string }>();
  return /WITHOUT\s+ROWID/i.test(row?.sql ?? "") ? null : pk[0].name;
}

/**
 * A journal's backup into a running platform: as a new journal (every id renumbered, references followed; hosts
 * and slug already in use left out and said), or over the same journal (its rows deleted, the backup's put in
 * renumbered; its hosts, slug, status and default flag stay as they are now). References are checked to stay
 * inside the backup before anything is written.
 */
async function intoRunningPlatform(
  db: BackupDb,
  loaded: Loaded[],
  J: number,
  mode: "new" | "replace",
  opts: Pick<RestoreOptions, "confirm" | "journalDatabase" | "newShard">,
  notes: string[],
  log: (msg: string) => void,
): Promise<{ id: number; slug: string }> {
  const confirm = opts.confirm;
  // The journal's rows go to its database; its row and hosts stay the platform's (docs/decisions/0240).
  const databaseOf = (shard: string) => {
    if (!opts.journalDatabase || shard === "DB") return db;
    const bound = opts.journalDatabase(shard);
    if (!bound) throw new RestoreRefused(`the journal database ${shard} is not bound to this deployment`);
    return bound;
  };
  let jdb = db;
  // References must stay inside the backup (or be to the journal itself).
  const idsOf = new Map<string, Set<number>>();
  const keys = new Map<string, string | null>();
  const refs = new Map<string, Map<string, string>>();
  for (const t of loaded) {
    refs.set(t.name, await referencesOf(db, t.name));
    const rowid = t.name === "journals" ? "id" : await rowidKeyOf(db, t);
    // A key that names another row (workflow_settings.journal_id, username_clashes.account_id) is followed, not renumbered.
    const key = rowid && t.name !== "journals" && (rowid === "journal_id" || refs.get(t.name)?.has(rowid)) ? null : rowid;
    keys.set(t.name, key);
    const i = key ? t.dump.columns.indexOf(key) : -1;
    idsOf.set(t.name, new Set(i >= 0 ? t.dump.rows.map((r) => Number(r[i])) : []));
  }
  for (const t of loaded) {
    for (const [column, target] of refs.get(t.name) ?? []) {
      const i = t.dump.columns.indexOf(column);
      if (i < 0 || column === "journal_id" || UNDECLARED_REFERENCES[`${t.name}.${column}`]) continue;
      for (const r of t.dump.rows) {
        const v = r[i];
        if (v === null) continue;
        if (!idsOf.get(target)?.has(Number(v)))
          throw new RestoreRefused(`refused: a row of ${t.name} refers to ${target} #${v}, which is not in the backup of journal ${J}`);
      }
    }
  }

  const journalsDump = (loaded.find((t) => t.name === "journals") as Loaded).dump;
  const backupJournal = Object.fromEntries(journalsDump.columns.map((c, i) => [c, journalsDump.rows[0][i]]));
  let id: number;
  let slug: string;
  const dataOf = inReferenceOrder(
    loaded.filter((t) => t.name !== "journals"),
    refs,
  );
  if (mode === "replace") {
    const current = await db
      .prepare("SELECT id, slug, shard FROM journals WHERE id = ?")
      .bind(J)
      .first<{ id: number; slug: string; shard: string }>();
    if (!current) throw new RestoreRefused(`journal ${J} does not exist in this platform: restore it with --as-new instead of --replace`);
    if (confirm !== current.slug)
      throw new RestoreRefused(
        `refused: restoring over journal ${J} replaces all its rows and files; confirm by typing its slug (${current.slug}) exactly`,
      );
    ({ id, slug } = current);
    jdb = databaseOf(current.shard);
    // Children first; twice, because deleting articles writes OAI tombstones (triggers) into a table already emptied.
    const journalTables: string[] = [];
    for (const t of await dataTables(db)) {
      if (t === "journals" || t === "journal_domains") continue;
      if ((await tableInfo(db, t)).some((c) => c.name === "journal_id")) journalTables.push(t);
    }
    journalTables.reverse();
    for (let pass = 0; pass < 2; pass++)
      await jdb.batch(journalTables.map((t) => jdb.prepare(`DELETE FROM ${quote(t)} WHERE journal_id = ?`).bind(J)));
    // The journal's own settings from the backup; what the platform decides (hosts, slug, status, default) stays.
    const kept = new Set(["id", "slug", "is_default", "status", "domain", "content_version", "last_backup_at", "shard"]);
    const columns = journalsDump.columns.filter((c) => !kept.has(c));
    await db
      .prepare(
        `UPDATE journals SET ${columns.map((c) => `${quote(c)} = ?`).join(", ")}${columns.length ? ", " : ""}content_version = MAX(content_version, ?) + 1 WHERE id = ?`,
      )
      .bind(...columns.map((c) => backupJournal[c]), Number(backupJournal.content_version ?? 1), J)
      .run();
    notes.push("the journal's hosts, slug and status are kept as they are now");
  } else {
    slug = String(backupJournal.slug ?? "journal");
    for (let n = 1; await db.prepare("SELECT 1 AS x FROM journals WHERE slug = ?").bind(slug).first(); n++)
      slug = `${backupJournal.slug}-restored${n > 1 ? `-${n}` : ""}`;
    if (slug !== backupJournal.slug) notes.push(`the slug ${backupJournal.slug} is taken: the journal is ${slug}`);
    const shard = opts.journalDatabase ? (opts.newShard ?? "DB") : "DB";
    const values: Record<string, unknown> = { ...backupJournal, slug, is_default: 0, domain: "", shard };
    delete values.id;
    const columns = Object.keys(values);
    const row = await db
      .prepare(`INSERT INTO journals (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) RETURNING id`)
      .bind(...columns.map((c) => values[c]))
      .first<{ id: number }>();
    id = Number(row?.id);
    jdb = databaseOf(shard);
  }
  // The journal database's copy of the journal's row, which its rows' foreign keys need (new, or brought up to date).
  await copyJournalRowBetween(db, jdb, id);
  log(`  journals: journal ${J} -> #${id} (${slug})`);

  const maps = new Map<string, Map<number, number>>([["journals", new Map([[J, id]])]]);
  for (const t of dataOf) {
    const { name, dump } = t;
    if (mode === "new" && LEFT_OUT_OF_A_COPY[name]) {
      if (dump.rows.length) notes.push(LEFT_OUT_OF_A_COPY[name]);
      continue;
    }
    if (name === "journal_domains") {
      if (mode === "replace") continue;
      await restoreHosts(db, dump, id, notes);
      continue;
    }
    const key = keys.get(name) ?? null;
    const tableRefs = refs.get(name) ?? new Map<string, string>();
    // This table's polymorphic columns, with the index of the column saying which table each row names.
    const polymorphic = new Map(
      Object.entries(POLYMORPHIC_REFERENCES)
        .filter(([at]) => at.startsWith(`${name}.`))
        .map(([at, p]) => [at.slice(name.length + 1), { ...p, byAt: dump.columns.indexOf(p.by) }]),
    );
    /** The restored id of what column `c` of row `r` names: undefined when it names nothing restored. */
    const mapped = (c: string, r: unknown[], v: unknown): number | undefined => {
      const p = polymorphic.get(c);
      const target = p ? p.tables[String(r[p.byAt])] : tableRefs.get(c);
      return target ? maps.get(target)?.get(Number(v)) : undefined;
    };
    const columns = dump.columns.filter((c) => c !== key);
    const sql = `INSERT INTO ${quote(name)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})${key ? ` RETURNING ${quote(key)} AS id` : ""}`;
    const map = new Map<number, number>();
    maps.set(name, map);
    // Rows whose implicit reference has no target in the backup (docs above UNDECLARED_REFERENCES).
    const dropping = [
      ...[...tableRefs.keys()].filter((c) => UNDECLARED_REFERENCES[`${name}.${c}`]?.orphan === "drop"),
      ...[...polymorphic].filter(([, p]) => p.orphan === "drop").map(([c]) => c),
    ];
    const kept = dump.rows.filter((r) =>
      dropping.every((c) => {
        const v = r[dump.columns.indexOf(c)];
        return v === null || mapped(c, r, v) !== undefined;
      }),
    );
    if (kept.length < dump.rows.length)
      notes.push(`${dump.rows.length - kept.length} row(s) of ${name} name a row no longer in the journal: left out`);
    const valuesOf = (r: unknown[]) =>
      columns.map((c) => {
        const v = r[dump.columns.indexOf(c)];
        if (c === "journal_id") return id;
        if (v === null) return null;
        const fresh = mode === "new" ? FRESH_IN_A_COPY[`${name}.${c}`] : undefined;
        if (fresh) return fresh();
        return polymorphic.has(c) || tableRefs.has(c) ? (mapped(c, r, v) ?? null) : v;
      });
    const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / Math.max(1, columns.length)));
    for (let i = 0; i < kept.length; i += perBatch) {
      const chunk = kept.slice(i, i + perBatch);
      const results = (await jdb.batch(chunk.map((r) => jdb.prepare(sql).bind(...valuesOf(r))))) as { results?: { id: number }[] }[];
      if (key) {
        const at = dump.columns.indexOf(key);
        chunk.forEach((r, k) => {
          const newId = results[k]?.results?.[0]?.id;
          if (newId !== undefined) map.set(Number(r[at]), Number(newId));
        });
      }
    }
    log(`  ${name}: ${kept.length} row(s)`);
  }
  return { id, slug };
}

/** A new journal's hosts from the backup: those no other journal holds; the first becomes primary if none is. */
async function restoreHosts(db: BackupDb, dump: TableDump, journalId: number, notes: string[]) {
  const at = (c: string) => dump.columns.indexOf(c);
  let primary: string | null = null;
  const added: string[] = [];
  for (const r of dump.rows) {
    const domain = String(r[at("domain")]);
    if (await db.prepare("SELECT 1 AS x FROM journal_domains WHERE domain = ?").bind(domain).first()) {
      notes.push(`the host ${domain} belongs to another journal here: not added`);
      continue;
    }
    const isPrimary = Number(r[at("is_primary")] ?? 0) === 1 && !primary;
    if (isPrimary) primary = domain;
    await db
      .prepare("INSERT INTO journal_domains (domain, journal_id, is_primary, alt_header) VALUES (?, ?, ?, ?)")
      .bind(domain, journalId, isPrimary ? 1 : 0, Number(r[at("alt_header")] ?? 0))
      .run();
    added.push(domain);
  }
  if (added.length && !primary) {
    primary = added[0];
    await db.prepare("UPDATE journal_domains SET is_primary = 1 WHERE domain = ?").bind(primary).run();
  }
  if (primary) await db.prepare("UPDATE journals SET domain = ? WHERE id = ?").bind(primary, journalId).run();
  if (!added.length) notes.push("no host of the backup is free here: add one in the console (Hosts)");
}
