// The Cron Trigger (issue 13, item 6): the login log and the revoked tokens stay bounded without any login, and
// articles from before migration 0003 get their duplicate-title key.
import { describe, expect, it } from "vitest";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray, isNull } from "drizzle-orm";
import worker from "./index";
import { createArticle, createJournal, db } from "#tests/api/fixtures";
import { articles, loginAttempts, revokedTokens, sushiAttempts } from "./core/data/schema";
import { LOGIN_LOG_RETENTION_SECONDS } from "./auth/login-throttle";
import { stagedRestoreKey } from "./platform/restore-uploads";

const DAY = 24 * 60 * 60 * 1000;

async function runCron(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron: "17 3 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("scheduled maintenance", () => {
  it("prunes login attempts past the retention of every journal and revoked tokens past their expiry", async () => {
    const now = new Date();
    const [a, b] = [await createJournal(), await createJournal()];
    const old = new Date(now.getTime() - LOGIN_LOG_RETENTION_SECONDS * 1000 - DAY).toISOString();
    const recent = new Date(now.getTime() - DAY).toISOString();
    const row = (journalId: number, createdAt: string) => ({
      journalId,
      username: "x",
      ip: "192.0.2.1",
      throttleKey: "192.0.2.1",
      outcome: "invalid_credentials",
      createdAt,
    });
    await db.insert(loginAttempts).values([row(a.id, old), row(b.id, old), row(b.id, old), row(a.id, recent), row(b.id, recent)]);
    // The SUSHI keys' throttle log (docs/decisions/0311) goes with it.
    await db.insert(sushiAttempts).values([row(a.id, old), row(b.id, recent)]);
    await db.insert(revokedTokens).values([
      { jti: "expired-token", expiresAt: new Date(now.getTime() - 1000).toISOString() },
      { jti: "live-token", expiresAt: new Date(now.getTime() + 3600_000).toISOString() },
    ]);

    await runCron(now);

    const left = await db
      .select()
      .from(loginAttempts)
      .where(inArray(loginAttempts.journalId, [a.id, b.id]));
    expect(left.map((r) => r.createdAt)).toEqual([recent, recent]);
    const sushiLeft = await db
      .select()
      .from(sushiAttempts)
      .where(inArray(sushiAttempts.journalId, [a.id, b.id]));
    expect(sushiLeft.map((r) => r.createdAt)).toEqual([recent]);
    const tokens = await db
      .select()
      .from(revokedTokens)
      .where(inArray(revokedTokens.jti, ["expired-token", "live-token"]));
    expect(tokens.map((t) => t.jti)).toEqual(["live-token"]);
  });

  it("gives rows stored before migration 0003 their title key", async () => {
    const j = await createJournal();
    const legacy = await createArticle(j.id, { title: "Über die Straße" });
    await db.update(articles).set({ titleKey: null }).where(eq(articles.id, legacy.id));
    // A batch per run: other test files' rows may be waiting too (one database for the run), so run until none is.
    for (let run = 0; run < 50 && (await db.select().from(articles).where(isNull(articles.titleKey)).limit(1)).length; run++) {
      await runCron(new Date());
    }
    const [row] = await db.select().from(articles).where(eq(articles.id, legacy.id));
    expect(row.titleKey).toBe("über die strasse");
  });

  it("removes a backup the console staged for a restore once it is a day old, and nothing else", async () => {
    const staged = stagedRestoreKey(crypto.randomUUID());
    const journalFile = `journals/999999/restore-neighbour-${crypto.randomUUID()}.pdf`;
    await env.FILES.put(staged, new Uint8Array(2048));
    await env.FILES.put(journalFile, new Uint8Array(16));
    await runCron(new Date(Date.now() + 12 * 3600_000)); // half a day later: the operator may still come back
    expect(await env.FILES.head(staged)).not.toBeNull();
    await runCron(new Date(Date.now() + DAY + 3600_000));
    expect(await env.FILES.head(staged)).toBeNull();
    expect(await env.FILES.head(journalFile)).not.toBeNull();
  });
});
