// /api/admin/sushi-keys (staff): the COUNTER_SUSHI API keys libraries harvest with (issue 40 item 4,
// docs/decisions/0223). A key is shown once, when made; only its SHA-256 is stored. Revoking keeps the row. Each key
// has its own customer_id, 16 random hexadecimal digits independent of the key (issue 46, docs/decisions/0310).
import { Hono } from "hono";
import { z } from "zod";
import { zValidator } from "@hono/zod-validator";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { recordAdminWrite } from "../core/audit/admin-events.repo";
import { sushiKeys, type SushiKeyRow } from "../core/data/schema";
import { createSushiKey, listSushiKeys, revokeSushiKey } from "./sushi.repo";
import { WORLD_CUSTOMER_ID } from "./sushi";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { mountedAt } from "../core/routing/declared";
import { sushiApi } from "#contract/routes/sushi";

const at = mountedAt("/api/admin/sushi-keys");

const randomHex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

const createSchema = z.object({ customer_name: z.string().trim().min(2, "invalid_input").max(200, "invalid_input") });

const toAnswer = (k: SushiKeyRow) => ({
  id: k.id,
  customer_name: k.customerName,
  customer_id: k.customerId,
  key_hint: k.keyHint,
  created_at: k.createdAt,
  created_by: k.createdBy,
  revoked_at: k.revokedAt,
});

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const sushiKeysAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.sushiKeys))
  .get(at(sushiApi.keys), async (c) =>
    c.json({ world_customer_id: WORLD_CUSTOMER_ID, keys: (await listSushiKeys(c.get("db"), c.get("journal").id)).map(toAnswer) }),
  )
  .post(
    at(sushiApi.createKey),
    zValidator("json", createSchema, (r) => {
      if (!r.success) throw new HttpError(400, "invalid_input");
    }),
    async (c) => {
      const db = c.get("db");
      const actor = actorOf(c);
      // 32 random bytes as hex: unguessable, and safe in a URL's query.
      const key = randomHex(32);
      const { customer_name } = c.req.valid("json");
      const now = new Date().toISOString();
      const row = await createSushiKey(db, actor, {
        journalId: actor.journalId,
        customerName: customer_name,
        // The key's own customer_id, as COUNTER's are written (16 characters), drawn apart from the key.
        customerId: randomHex(8).toUpperCase(),
        keyHash: await sha256Hex(key),
        keyHint: key.slice(-4),
        createdAt: now,
        createdBy: actor.username,
      });
      return c.json({ key, customer_id: row.customerId, entry: toAnswer(row) }, 201);
    },
  )
  .delete(at(sushiApi.revokeKey), async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const db = c.get("db");
    const actor = actorOf(c);
    const [row] = await db
      .select()
      .from(sushiKeys)
      .where(and(eq(sushiKeys.journalId, actor.journalId), eq(sushiKeys.id, id)))
      .limit(1);
    if (!row) throw notFound();
    if (!(await revokeSushiKey(db, actor.journalId, id, new Date().toISOString()))) throw new HttpError(409, "already_revoked");
    await recordAdminWrite(
      db,
      actor,
      { action: "settings.sushi_key_revoke", entity: "settings", summary: row.customerName },
      { content: false },
    );
    return c.json({ entry: toAnswer({ ...row, revokedAt: new Date().toISOString() }) });
  });
