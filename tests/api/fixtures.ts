// Test data written straight into the real local D1 and R2 bindings (no mocks).
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { sanitizeRichText, richTextToPlain } from "#contract/rich-text";
import { parseTranslations, translationSearchText } from "#contract/article-translations";
import { fileKeys } from "../../worker/core/files/keys";
import { forgetJournals } from "../../worker/core/edge/journal-memo";
import { titleKeyOf } from "../../worker/archive/title-key";
import { bindingOf, copyJournalRow } from "../../worker/core/data/shards";

/**
 * Test data goes straight into D1, behind the app's back. In production every change comes through an admin write,
 * which bumps the journal's content version (the edge cache's keys); so do these writes, else a test reading the
 * same URL before and after its change would get the cached answer. `behindTheAppsBack` turns that off, for tests
 * that prove what happens without a bump.
 */
let bumpWrites = true;
export async function behindTheAppsBack<T>(run: () => Promise<T>): Promise<T> {
  bumpWrites = false;
  try {
    return await run();
  } finally {
    bumpWrites = true;
  }
}

const REAL_STATEMENT = Symbol("real statement");

function bumpingD1(real: D1Database): D1Database {
  const bump = async () => {
    if (!bumpWrites) return;
    // The journals' authoritative rows are the platform database's (docs/decisions/0240).
    await env.DB.prepare("UPDATE journals SET content_version = content_version + 1").run();
    forgetJournals();
  };
  const isWrite = (sql: string) => /^\s*(insert|update|delete)\b/i.test(sql);
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === REAL_STATEMENT) return target;
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (!isWrite(sql) || !["run", "all", "first", "raw"].includes(String(prop))) return value.bind(target);
        return async (...args: unknown[]) => {
          const out = await value.apply(target, args);
          await bump();
          return out;
        };
      },
    });
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === "batch")
        return async (stmts: D1PreparedStatement[]) => {
          const out = await target.batch(stmts.map((st) => (st as unknown as Record<symbol, D1PreparedStatement>)[REAL_STATEMENT] ?? st));
          await bump();
          return out;
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The journal databases test journals live in (docs/decisions/0240). Each test file gets one of them, in turn
 * (nextTestFileShard, called by the setup file before every file), so the suite runs on both and every test's
 * journal rows are in a journal database, apart from the platform database's journals, hosts and operators.
 * Tests about the shards themselves place journals explicitly (createJournal({ shard })).
 */
export const TEST_SHARDS = ["JOURNALS_1", "JOURNALS_2"] as const;
let testFiles = 0;
let fileShard: string = TEST_SHARDS[0];
export function nextTestFileShard(): string {
  fileShard = TEST_SHARDS[testFiles++ % TEST_SHARDS.length];
  return fileShard;
}
/** The journal database of this test file's journals, and its binding. */
export const testFileShard = () => fileShard;
export const testFileD1 = (): D1Database => bindingOf(env, fileShard);

/** Tables of the platform database; every other table is a journal's (docs/decisions/0240). */
const PLATFORM_TABLE =
  /\b(?:from|into|update|join|table)\s+"?(?:journals|journal_domains|operators|operator_events|operator_login_attempts|platform_settings|shard_states|mail_domains)"?(?:\s|$|\)|,|;)/i;

/**
 * `db`: test data behind the app's back, each statement to the database its table is in — the platform's tables
 * to the platform database, the journals' tables to this test file's journal database (a test whose journals are in
 * another one takes dbOf(journal)). One batch goes to one database.
 */
function routingD1(): D1Database {
  const platform = bumpingD1(env.DB);
  const journals = new Map<string, D1Database>();
  const journal = () => {
    let d = journals.get(fileShard);
    if (!d) journals.set(fileShard, (d = bumpingD1(bindingOf(env, fileShard))));
    return d;
  };
  const owner = new WeakMap<object, D1Database>();
  const own = (target: D1Database, stmt: D1PreparedStatement): D1PreparedStatement => {
    const owned = new Proxy(stmt, {
      get(t, prop) {
        if (prop === "bind") return (...values: unknown[]) => own(target, t.bind(...values));
        const value = Reflect.get(t, prop, t);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
    owner.set(owned, target);
    return owned;
  };
  const prepare = (sql: string) => {
    const target = PLATFORM_TABLE.test(sql) ? platform : journal();
    return own(target, target.prepare(sql));
  };
  return new Proxy(env.DB, {
    get(t, prop) {
      if (prop === "prepare") return prepare;
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) => {
          const targets = new Set(stmts.map((st) => owner.get(st) ?? platform));
          if (targets.size > 1) throw new Error("a test batch mixes platform and journal tables: split it");
          const target = [...targets][0] ?? platform;
          return target.batch(stmts);
        };
      const value = Reflect.get(t, prop, t);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

/** Test data behind the app's back (see routingD1): platform tables to the platform database, others to the file's. */
export const db = drizzle(routingD1(), { schema });

const shardOfTestJournal = new Map<number, string>();
const journalDbs = new Map<string, DrizzleD1Database<typeof schema>>();

/** The shard of a journal: remembered for journals made here, else read from the platform database. */
export async function shardOfJournal(journal: number | { id: number }): Promise<string> {
  const id = typeof journal === "number" ? journal : journal.id;
  const known = shardOfTestJournal.get(id);
  if (known) return known;
  const row = await env.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(id).first<{ shard: string }>();
  if (!row) throw new Error(`no journal ${id}`);
  shardOfTestJournal.set(id, row.shard);
  return row.shard;
}

/** The raw D1 binding of a journal's database (a journal made by createJournal; else use journalD1). */
export function d1Of(journal: number | { id: number }): D1Database {
  const id = typeof journal === "number" ? journal : journal.id;
  const shard = shardOfTestJournal.get(id);
  if (!shard) throw new Error(`journal ${id} was not made by createJournal: use await journalD1(${id})`);
  return bindingOf(env, shard);
}

/** drizzle over a journal's database, with test writes bumping the content version like `db` (see bumpingD1). */
export function dbOf(journal: number | { id: number }) {
  const binding = d1Of(journal);
  const shard = shardOfTestJournal.get(typeof journal === "number" ? journal : journal.id)!;
  let d = journalDbs.get(shard);
  if (!d) journalDbs.set(shard, (d = drizzle(bumpingD1(binding), { schema })));
  return d;
}

/** The raw binding of any journal's database (one made through the API too). */
export const journalD1 = async (journal: number | { id: number }): Promise<D1Database> => bindingOf(env, await shardOfJournal(journal));

/** drizzle over any journal's database (one made through the API too). */
export async function journalDb(journal: number | { id: number }) {
  const id = typeof journal === "number" ? journal : journal.id;
  await shardOfJournal(id);
  return dbOf(id);
}
const now = () => new Date().toISOString();
let counter = 0;
/** A name unique within this test run. */
/**
 * A name no other test uses, in this file or another: test files may run in one isolate, whose host memo
 * (worker/core/edge/journal-memo.ts) outlives a file's storage, so a time and a per-file counter alone can repeat
 * (two files at the same millisecond) and a host would resolve to another file's journal. Hence the random part.
 */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}-${crypto.randomUUID().slice(0, 6)}`;

export interface TestJournal {
  id: number;
  host: string;
}

/** Creates a journal answering on `host` (default: a fresh unique host). */
export async function createJournal(
  over: Partial<typeof schema.journals.$inferInsert> & { host?: string; isDefault?: boolean } = {},
): Promise<TestJournal> {
  const host = over.host ?? `${unique("j")}.test`;
  const { host: _h, ...fields } = over;
  const shard = fields.shard ?? fileShard;
  const [row] = await db
    .insert(schema.journals)
    .values({
      slug: unique("journal"),
      websitename: `Journal of ${host}`,
      websiteemail: `editor@${host}`,
      issn: "1234-5678, 8765-4321",
      domain: host,
      createdAt: now(),
      updatedAt: now(),
      ...fields,
      shard,
    })
    .returning();
  await db.insert(schema.journalDomains).values({ domain: host, journalId: row.id, isPrimary: true });
  // The journal's database keeps a copy of its row, which its rows' foreign keys point at.
  if (shard !== "DB") await copyJournalRow(env, row.id);
  shardOfTestJournal.set(row.id, shard);
  return { id: row.id, host };
}

/** Sends a request to the Worker as if it came to `host`. */
export function request(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://${host}${path}`, init));
}

export async function getJson<T = any>(
  host: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; res: Response }> {
  const res = await request(host, path, init);
  const body = (await res.json()) as T;
  return { status: res.status, body, res };
}

export async function createIssue(journalId: number, year: number, volume: number, issue: number) {
  const [row] = await (await journalDb(journalId))
    .insert(schema.issues)
    .values({ journalId, year, volume, issue, creation: now() })
    .returning();
  return row;
}

export async function createArticle(journalId: number, over: Partial<typeof schema.articles.$inferInsert> = {}) {
  const title = sanitizeRichText(over.title ?? `Article ${unique("t")}`);
  const abstract = sanitizeRichText(over.abstract ?? "An abstract.");
  const [row] = await (await journalDb(journalId))
    .insert(schema.articles)
    .values({
      journalId,
      refnumber: unique("REF"),
      authorname: "A. Author, B. Author",
      year: 2024,
      volume: 1,
      issue: 1,
      pagenumber: "1-10",
      txnid: unique("TXN"),
      creation: now(),
      modification: now(),
      ...over,
      title,
      titleText: richTextToPlain(title),
      titleKey: titleKeyOf(richTextToPlain(title)),
      abstract,
      abstractText: richTextToPlain(abstract),
      // The plain copies search reads, as the repositories write them with the language versions.
      ...(over.translations ? translationSearchText(parseTranslations(over.translations)) : {}),
    })
    .returning();
  return row;
}

export async function createEditor(journalId: number, over: Partial<typeof schema.editors.$inferInsert> = {}) {
  const [row] = await (await journalDb(journalId))
    .insert(schema.editors)
    .values({
      journalId,
      name: unique("Dr. Editor"),
      category: "chief editor",
      post: "Professor",
      content: "University",
      creation: now(),
      updated_at: now(),
      ...over,
    })
    .returning();
  return row;
}

export async function createIndexing(journalId: number, over: Partial<typeof schema.indexing.$inferInsert> = {}) {
  const [row] = await (await journalDb(journalId))
    .insert(schema.indexing)
    .values({ journalId, title: unique("Index"), ...over })
    .returning();
  return row;
}

/** A small but valid one-page PDF body. */
export function pdfBytes(marker = "test"): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
}

export async function putArticleFile(
  journalId: number,
  a: { year: number; volume: number; issue: number; file: string },
  bytes = pdfBytes(a.file),
) {
  await env.FILES.put(fileKeys.article(journalId, a.year, a.volume, a.issue, a.file), bytes, {
    httpMetadata: { contentType: "application/pdf" },
  });
}
