// What `npm run import` and `npm run export` share: the platform (local state or --remote), the journal by id,
// and the report printed for people.
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import * as schema from "../worker/core/data/schema";
import type { ImportReport } from "../worker/transfer/import-run";
import type { TransferDb } from "../worker/transfer/import-model";
import type { LocalPlatform } from "./local-state";

export function dbOf(platform: LocalPlatform, database = "DB"): TransferDb {
  const binding = (platform.env as unknown as Record<string, unknown>)[database];
  return drizzle(binding as Parameters<typeof drizzle>[0], { schema }) as unknown as TransferDb;
}

/** The database of a journal's rows (docs/decisions/0240), once its row was found in the platform database. */
export const journalDbOf = (platform: LocalPlatform, journal: schema.JournalRow): TransferDb => dbOf(platform, journal.shard);

export async function findJournal(db: TransferDb, id: number): Promise<schema.JournalRow | undefined> {
  return (await db.select().from(schema.journals).where(eq(schema.journals.id, id)))[0];
}

const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

/** The report as lines: one per article (line, what happens, reference number, title, why), then the totals. */
export function reportLines(r: ImportReport): string[] {
  const out: string[] = [];
  out.push(`${r.dryRun ? "Dry run" : "Import"} of ${r.source}`);
  for (const i of r.items) {
    const why = [...i.reasons.map((x) => x.message), ...i.warnings].join(" ");
    out.push(
      `  line ${String(i.line).padStart(6)}  ${pad(i.action, 6)}  ${pad(i.refnumber, 22)}  ${pad(i.issue, 12)}  ${pad(i.title, 50)}${why ? `  ${why}` : ""}`,
    );
    for (const n of i.notKept) out.push(`  ${" ".repeat(13)}not kept: ${n}`);
  }
  const c = r.counts;
  const verb = r.dryRun ? "would be" : "were";
  out.push(
    `${c.articles} article(s): ${c.create} ${verb} created, ${c.update} ${verb} updated, ${c.skip} skipped; ${c.pdfs} PDF(s) ${r.dryRun ? "to store" : "stored"}.`,
  );
  if (r.issuesCreated.length) out.push(`Issues ${r.dryRun ? "to create" : "created"}: ${r.issuesCreated.join(", ")}`);
  if (r.sectionsCreated.length) out.push(`Sections ${r.dryRun ? "to create" : "created"}: ${r.sectionsCreated.join(", ")}`);
  if (r.notKept.length)
    out.push(`Not kept (the platform has no place for them): ${r.notKept.map((n) => `${n.what} (${n.articles})`).join("; ")}`);
  return out;
}
