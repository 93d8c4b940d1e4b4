// A backup written before migration 0120 (docs/decisions/0270) names the article's transaction id `transaction_id`
// and its add-time claim `txnid`: restored now, each value lands in the column that carries its meaning today.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createArticle, createJournal, db } from "#tests/api/fixtures";
import { memoryBackup, restoreAsNew } from "#tests/api/backup-fixtures";
import { articles } from "../core/data/schema";
import { MANIFEST, tableFile } from "./backup";
import { jsonDigest, SIGNATURE, signManifest } from "./backup-signature";

const KEY = env.BACKUP_SIGNING_KEY;

describe("restoring a backup from before the txnid columns were renamed", () => {
  it("reads transaction_id as txnid and the old txnid as the claim, signed as the older platform wrote it", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { refnumber: "REN-1", txnid: "PAY-FIRST" });
    // An edit moved the id on; the claim keeps the one the article was added with.
    await db.update(articles).set({ txnid: "PAY-NOW", txnidClaim: "PAY-FIRST" }).where(eq(articles.id, a.id));

    const backup = await memoryBackup(j);
    const { json } = backup;
    // What the platform wrote before migration 0120: the old names, and a manifest without it, signed.
    const dump = json.get(tableFile("articles")) as { columns: string[] };
    dump.columns = dump.columns.map((c) => ({ txnid: "transaction_id", txnid_claim: "txnid" })[c] ?? c);
    const manifest = json.get(MANIFEST) as { migrations: string[]; contents: Record<string, string> };
    manifest.migrations = manifest.migrations.filter((m) => !m.startsWith("0120_"));
    manifest.contents[tableFile("articles")] = await jsonDigest(dump);
    json.set(SIGNATURE, await signManifest(manifest, KEY));

    const r = await restoreAsNew(backup);
    expect(r.unverified).toBeNull();
    const [copy] = await db.select().from(articles).where(eq(articles.journalId, r.journal!.id));
    expect({ txnid: copy.txnid, claim: copy.txnidClaim }).toEqual({ txnid: "PAY-NOW", claim: "PAY-FIRST" });
  });
});
