// The operator's view of journals (docs/decisions/0160-0161): the list with its counts, create, identity edits,
// suspend/resume, hosts and the platform settings. Every write is one D1 batch with its audit row and a bump of
// the journal's content version (the edge cache's keys), so readers see it within the edge bound (0110).
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { journalDomains, journals, platformSettings, type JournalRow } from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import { HttpError } from "../core/errors";
import { noCustomHostnameColumns } from "./custom-hostnames/no-custom-hostname";
import type {
  HostAnswer,
  HostDnsRecord,
  HostFlags,
  JournalCreateInput,
  PlatformSettingsAnswer,
  UnknownHostChoice,
} from "#contract/platform";

type Audit = BatchItem<"sqlite">[];
type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** The journal's content version moves on: every cached answer of it is stale at once (docs/decisions/0110). */
export const bumpContentVersion = (db: Db, journalId: number | SQL) =>
  db
    .update(journals)
    .set({ contentVersion: sql`${journals.contentVersion} + 1`, contentChangedAt: nowIso() })
    .where(eq(journals.id, journalId as number));

export async function journalById(db: Db, id: number): Promise<JournalRow> {
  const [row] = await db.select().from(journals).where(eq(journals.id, id)).limit(1);
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

export interface JournalListRow {
  journal: JournalRow;
  issues: number;
  articles: number;
  editors: number;
}

/**
 * Every journal with its counts, oldest first. The journals are the platform database's; their counts are their
 * own databases' (docs/decisions/0240): one statement per database, asked side by side (the console fans out).
 */
export async function listJournalsWithCounts(db: Db, databaseFor: (shard: string) => Db, onlyId?: number): Promise<JournalListRow[]> {
  const q = db.select().from(journals);
  const rows = await (onlyId === undefined ? q : q.where(eq(journals.id, onlyId))).orderBy(asc(journals.id));
  const counts = new Map<number, { issues: number; articles: number; editors: number }>();
  await Promise.all(
    [...new Set(rows.map((r) => r.shard))].map(async (shard) => {
      const ids = rows.filter((r) => r.shard === shard).map((r) => r.id);
      for (const r of await countsIn(databaseFor(shard), ids)) counts.set(r.id, r);
    }),
  );
  return rows.map((journal) => ({ journal, ...(counts.get(journal.id) ?? { issues: 0, articles: 0, editors: 0 }) }));
}

/** Issue, article and editor counts of some journals of one database (ids in chunks: D1 binds 100 values at most). */
async function countsIn(db: Db, ids: number[]): Promise<{ id: number; issues: number; articles: number; editors: number }[]> {
  const out: { id: number; issues: number; articles: number; editors: number }[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const rows = await db
      .select({
        id: journals.id,
        // Spelled out: drizzle writes ${journals.id} as a bare "id" here, which the subquery would read as its own id.
        issues: sql<number>`(SELECT count(*) FROM issues i WHERE i.journal_id = "journals"."id")`,
        articles: sql<number>`(SELECT count(*) FROM articles a WHERE a.journal_id = "journals"."id")`,
        editors: sql<number>`(SELECT count(*) FROM editors e WHERE e.journal_id = "journals"."id")`,
      })
      .from(journals)
      .where(inArray(journals.id, chunk));
    out.push(...rows.map((r) => ({ id: r.id, issues: Number(r.issues), articles: Number(r.articles), editors: Number(r.editors) })));
  }
  return out;
}

/** Every host of every journal (or one), primary first. */
export async function hostsByJournal(db: Db, journalId?: number): Promise<Map<number, HostAnswer[]>> {
  const q = db.select().from(journalDomains);
  const rows = await (journalId === undefined ? q : q.where(eq(journalDomains.journalId, journalId)));
  const out = new Map<number, HostAnswer[]>();
  for (const r of rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.domain.localeCompare(b.domain))) {
    const list = out.get(r.journalId) ?? [];
    list.push(hostAnswerOf(r));
    out.set(r.journalId, list);
  }
  return out;
}

type HostRow = typeof journalDomains.$inferSelect;

/** A host as the console shows it: without a custom hostname it is active as before (docs/decisions/0356). */
function hostAnswerOf(r: HostRow): HostAnswer {
  const custom = r.hostnameId !== null || r.hostnameStatus !== null;
  let dns: HostDnsRecord[] = [];
  try {
    dns = JSON.parse(r.dnsRecords) as HostDnsRecord[];
  } catch {
    dns = [];
  }
  return {
    host: r.domain,
    primary: r.isPrimary,
    altHeader: r.altHeader,
    status: custom ? (r.hostnameStatus ?? "pending") : "active",
    certificateStatus: custom ? (r.certificateStatus ?? "initializing") : null,
    dns,
    problem: r.hostnameProblem,
    lastError: r.hostnameError,
  };
}

/** What Cloudflare last said about a host's custom hostname. */
export interface HostnameRecord {
  hostnameId: string;
  status: string;
  certificateStatus: string;
  dns: HostDnsRecord[];
  problem: string | null;
}

/** Stores Cloudflare's answer about a host (null error), or only the failure, keeping the last known state. */
export async function recordHostname(db: Db, host: string, outcome: { state: HostnameRecord } | { error: string; pending: boolean }) {
  const checkedAt = nowIso();
  if ("state" in outcome) {
    const s = outcome.state;
    await db
      .update(journalDomains)
      .set({
        hostnameId: s.hostnameId,
        hostnameStatus: s.status,
        certificateStatus: s.certificateStatus,
        dnsRecords: JSON.stringify(s.dns),
        hostnameProblem: s.problem,
        hostnameError: null,
        hostnameCheckedAt: checkedAt,
      })
      .where(eq(journalDomains.domain, host));
    return;
  }
  // A host whose custom hostname could not be created yet is pending (it does not answer readers); the next
  // refresh creates it. A known hostname keeps its last state.
  await db
    .update(journalDomains)
    .set({
      hostnameError: outcome.error,
      hostnameCheckedAt: checkedAt,
      ...(outcome.pending ? { hostnameStatus: sql`coalesce(hostname_status, 'pending')` } : {}),
    })
    .where(eq(journalDomains.domain, host));
}

/** The custom hostname id of a host, if it has one. */
export async function hostnameIdOf(db: Db, host: string): Promise<string | null> {
  const [row] = await db.select({ id: journalDomains.hostnameId }).from(journalDomains).where(eq(journalDomains.domain, host)).limit(1);
  return row?.id ?? null;
}

/** Hosts that are or should be custom hostnames and are not yet active, oldest check first (the Cron Trigger). */
export async function hostsToRefresh(db: Db, limit: number): Promise<{ host: string; hostnameId: string | null }[]> {
  const rows = await db
    .select({ host: journalDomains.domain, hostnameId: journalDomains.hostnameId })
    .from(journalDomains)
    .where(sql`hostname_status IS NOT NULL AND (hostname_status <> 'active' OR certificate_status IS NOT 'active')`)
    .orderBy(sql`coalesce(hostname_checked_at, '')`)
    .limit(limit);
  return rows;
}

async function hostOwner(db: Db, host: string): Promise<number | undefined> {
  const [row] = await db
    .select({ journalId: journalDomains.journalId })
    .from(journalDomains)
    .where(eq(journalDomains.domain, host))
    .limit(1);
  return row?.journalId;
}

const hostTaken = () => new HttpError(409, "host_taken");

async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.slug, slug)).limit(1);
  return row !== undefined;
}

/**
 * A new journal: default settings, an empty archive, its primary host; the first journal of a platform becomes
 * the default one. `audit` gets the new journal's id as an SQL expression (it is only known inside the batch).
 */
export async function createJournal(
  db: Db,
  input: JournalCreateInput & { primaryHost: string; shard: string },
  audit: (journalId: SQL) => Audit,
): Promise<JournalRow> {
  if ((await hostOwner(db, input.primaryHost)) !== undefined) throw hostTaken();
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(journals).where(eq(journals.isDefault, true));
  const now = nowIso();
  // The slug starts as the first host; a host freed by another journal keeps that journal's slug, so the new journal
  // takes the host with a numbered slug instead of a 409 (issue 38 item 5).
  let slug = input.primaryHost;
  for (let n = 2; await slugTaken(db, slug); n++) slug = `${input.primaryHost}-${n}`;
  const idOfNew = sql`(SELECT id FROM journals WHERE slug = ${slug})`;
  const insert = db
    .insert(journals)
    .values({
      slug,
      isDefault: Number(n) === 0,
      websitename: input.name.trim(),
      formatted_journal_name: (input.abbreviation ?? "").trim(),
      websiteemail: (input.contactEmail ?? "").trim(),
      issn: [input.issnPrint, input.issnOnline].filter(Boolean).join(", "),
      issn_print: input.issnPrint ?? "",
      issn_online: input.issnOnline ?? "",
      domain: input.primaryHost,
      shard: input.shard,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const host = db.insert(journalDomains).select(
    db
      .select({
        domain: sql<string>`${input.primaryHost}`.as("domain"),
        journalId: journals.id,
        isPrimary: sql<number>`1`.as("is_primary"),
        altHeader: sql<number>`0`.as("alt_header"),
        // No custom hostname yet (decision 0356): the route creates it after the journal exists.
        ...noCustomHostnameColumns(),
      })
      .from(journals)
      .where(eq(journals.slug, slug)),
  );
  try {
    const results = await db.batch([insert, host, ...audit(idOfNew)] as Batch);
    return (results[0] as JournalRow[])[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw hostTaken();
    throw err;
  }
}

export type JournalIdentity = Pick<
  JournalRow,
  "websitename" | "formatted_journal_name" | "issn_print" | "issn_online" | "issn" | "websiteemail"
>;

export async function updateJournal(
  db: Db,
  id: number,
  set: Partial<JournalIdentity> | Pick<JournalRow, "status"> | Pick<JournalRow, "lastBackupAt">,
  audit: Audit,
  opts: { bump?: boolean } = {},
): Promise<JournalRow> {
  const update = db
    .update(journals)
    .set({ ...set, updatedAt: nowIso() })
    .where(eq(journals.id, id))
    .returning();
  const results = await db.batch([update, ...(opts.bump === false ? [] : [bumpContentVersion(db, id)]), ...audit] as Batch);
  const [row] = results[0] as JournalRow[];
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

/** The primary host moves to `host`: the other hosts become aliases and the journal's Domain setting follows. */
const primaryStatements = (db: Db, journalId: number, host: string) => [
  db
    .update(journalDomains)
    .set({ isPrimary: false })
    .where(and(eq(journalDomains.journalId, journalId), ne(journalDomains.domain, host))),
  db
    .update(journalDomains)
    .set({ isPrimary: true })
    .where(and(eq(journalDomains.journalId, journalId), eq(journalDomains.domain, host))),
  db.update(journals).set({ domain: host, updatedAt: nowIso() }).where(eq(journals.id, journalId)),
];

export async function addHost(db: Db, journalId: number, host: string, opts: { primary?: boolean; altHeader?: boolean }, audit: Audit) {
  if ((await hostOwner(db, host)) !== undefined) throw hostTaken();
  const insert = db.insert(journalDomains).values({ domain: host, journalId, isPrimary: false, altHeader: opts.altHeader ?? false });
  try {
    await db.batch([
      insert,
      ...(opts.primary ? primaryStatements(db, journalId, host) : []),
      bumpContentVersion(db, journalId),
      ...audit,
    ] as Batch);
  } catch (err) {
    if (isUniqueViolation(err)) throw hostTaken();
    throw err;
  }
}

async function ownHost(db: Db, journalId: number, host: string) {
  const [row] = await db
    .select()
    .from(journalDomains)
    .where(and(eq(journalDomains.journalId, journalId), eq(journalDomains.domain, host)))
    .limit(1);
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

export async function changeHost(
  db: Db,
  journalId: number,
  host: string,
  change: { primary?: true; altHeader?: boolean },
  audit: (before: HostFlags) => Audit,
) {
  const row = await ownHost(db, journalId, host);
  const statements: BatchItem<"sqlite">[] = [];
  if (change.altHeader !== undefined) {
    statements.push(db.update(journalDomains).set({ altHeader: change.altHeader }).where(eq(journalDomains.domain, host)));
  }
  if (change.primary) statements.push(...primaryStatements(db, journalId, host));
  await db.batch([
    ...statements,
    bumpContentVersion(db, journalId),
    ...audit({ host, primary: row.isPrimary, altHeader: row.altHeader }),
  ] as Batch);
}

/**
 * Removes a journal's host. `beforeRemove` runs once the host is known removable (the journal's, not its primary)
 * and before the row goes: it deletes the custom hostname at Cloudflare and throws when it could not, so the host
 * stays (decision 0357).
 */
export async function removeHost(
  db: Db,
  journalId: number,
  host: string,
  audit: (before: HostFlags) => Audit,
  beforeRemove: (hostnameId: string | null) => Promise<void> = async () => {},
) {
  const row = await ownHost(db, journalId, host);
  if (row.isPrimary) throw new HttpError(409, "primary_host");
  await beforeRemove(row.hostnameId);
  await db.batch([
    db.delete(journalDomains).where(eq(journalDomains.domain, host)),
    bumpContentVersion(db, journalId),
    ...audit({ host, primary: row.isPrimary, altHeader: row.altHeader }),
  ] as Batch);
}

/**
 * Deletes the journal's rows (every table cascades from journals): first in its own database (`journalDb`, where the
 * copy of its row takes them along), then its row in the platform database; its files are the caller's (R2).
 */
export async function deleteJournalRows(db: Db, journalDb: Db, journalId: number, audit: Audit) {
  if (journalDb !== db) await journalDb.delete(journals).where(eq(journals.id, journalId));
  await db.batch([db.delete(journals).where(eq(journals.id, journalId)), ...audit] as Batch);
}

// ---- Platform settings ----------------------------------------------------------------------------------------

export async function readPlatformSettings(db: Db): Promise<PlatformSettingsAnswer> {
  const [rows, defaults] = await db.batch([
    db.select().from(platformSettings),
    db.select({ id: journals.id }).from(journals).where(eq(journals.isDefault, true)).limit(1),
  ]);
  const unknownHost = rows.find((r) => r.key === "unknown_host")?.value === "not_found" ? "not_found" : "default";
  return { unknownHost, defaultJournalId: defaults[0]?.id ?? null };
}

export async function savePlatformSettings(
  db: Db,
  input: { unknownHost: UnknownHostChoice; defaultJournalId?: number | null },
  audit: Audit,
) {
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(platformSettings)
      .values({ key: "unknown_host", value: input.unknownHost })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: input.unknownHost } }),
  ];
  if (input.defaultJournalId) {
    await journalById(db, input.defaultJournalId);
    statements.push(
      db.update(journals).set({ isDefault: false }).where(ne(journals.id, input.defaultJournalId)),
      db.update(journals).set({ isDefault: true }).where(eq(journals.id, input.defaultJournalId)),
    );
  }
  // Every journal's version moves: a host that fell back to the default journal may now answer differently.
  statements.push(db.update(journals).set({ contentVersion: sql`${journals.contentVersion} + 1` }));
  await db.batch([...statements, ...audit] as Batch);
}
