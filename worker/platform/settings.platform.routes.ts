// /api/platform/settings (what unknown hosts get) and /api/platform/events (the operators' audit trail).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { limitJsonBody } from "../core/middleware/body-size";
import { operatorActorOf } from "./operator-guard";
import { forgetJournals } from "../core/edge/journal-memo";
import { listOperatorEvents, operatorEvent } from "./operator-events.repo";
import { readPlatformSettings, savePlatformSettings } from "./platform-journals.repo";
import type { OperatorEventRow } from "../core/data/schema";
import { platformSettingsSchema, type OperatorEventAnswer } from "#contract/platform";
import { mountedAt } from "../core/routing/declared";
import { platformApi } from "#contract/routes/platform";

const at = mountedAt("/api/platform");

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const eventAnswer = (e: OperatorEventRow): OperatorEventAnswer => ({
  id: e.id,
  operator: e.operatorUsername,
  action: e.action,
  journalId: e.targetJournalId,
  summary: e.summary,
  before: parsed(e.beforeJson),
  after: parsed(e.afterJson),
  at: e.createdAt,
});

export const settingsPlatformRoutes = new Hono<AppEnv>()
  .get(at(platformApi.settings), async (c) => c.json(await readPlatformSettings(c.get("db"))))
  .put(at(platformApi.saveSettings), limitJsonBody, jsonContent, jsonBodyFirstCode(platformSettingsSchema), async (c) => {
    const db = c.get("db");
    const input = c.req.valid("json");
    const before = await readPlatformSettings(db);
    const after = { unknownHost: input.unknownHost, defaultJournalId: input.defaultJournalId ?? before.defaultJournalId };
    await savePlatformSettings(db, input, [
      operatorEvent(db, operatorActorOf(c), {
        action: "settings.save",
        journalId: null,
        summary: `unknown hosts: ${input.unknownHost}`,
        before,
        after,
      }),
    ]);
    forgetJournals();
    return c.json(await readPlatformSettings(db));
  })
  .get(at(platformApi.events), async (c) => {
    const journal = c.req.query("journal");
    const limit = Math.min(Math.max(Number.parseInt(c.req.query("limit") ?? "100", 10) || 100, 1), 500);
    const rows = await listOperatorEvents(c.get("db"), {
      journalId: journal && /^\d+$/.test(journal) ? Number(journal) : undefined,
      limit,
    });
    return c.json({ events: rows.map(eventAnswer) });
  });
