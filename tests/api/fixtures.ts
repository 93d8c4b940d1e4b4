// Test data written straight into the real local D1 and R2 bindings (no mocks).
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { sanitizeRichText, richTextToPlain } from "#contract/rich-text";
import { fileKeys } from "../../worker/core/files/keys";
import { forgetJournals } from "../../worker/core/edge/journal-memo";
import { titleKeyOf } from "../../worker/archive/title-key";

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
    await real.prepare("UPDATE journals SET content_version = content_version + 1").run();
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

export const db = drizzle(bumpingD1(env.DB), { schema });
const now = () => new Date().toISOString();
let counter = 0;
/** A name unique within this test run. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

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
    })
    .returning();
  await db.insert(schema.journalDomains).values({ domain: host, journalId: row.id, isPrimary: true });
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
  const [row] = await db.insert(schema.issues).values({ journalId, year, volume, issue, creation: now() }).returning();
  return row;
}

export async function createArticle(journalId: number, over: Partial<typeof schema.articles.$inferInsert> = {}) {
  const title = sanitizeRichText(over.title ?? `Article ${unique("t")}`);
  const abstract = sanitizeRichText(over.abstract ?? "An abstract.");
  const [row] = await db
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
    })
    .returning();
  return row;
}

export async function createEditor(journalId: number, over: Partial<typeof schema.editors.$inferInsert> = {}) {
  const [row] = await db
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
  const [row] = await db
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
