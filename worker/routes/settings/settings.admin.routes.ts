// POST /api/settings (staff): saves the settings form, next to the public GET of the same prefix.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireAdminToChange } from "../../middleware/auth";
import { HttpError } from "../../errors";
import { actorOf } from "../../middleware/admin-actor";
import { afterAdminWrite } from "../../data/admin-events.repo";
import { limitJsonBody } from "../../middleware/body-size";
import { jsonBody, jsonContent } from "../../middleware/json-body";
import { settingsSchema } from "#contract/admin";
import { saveSettings } from "../../data/journals.repo";
import { settingsOf } from "../../views/settings-answers";

export const settingsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireAdminToChange)
  .post("/", limitJsonBody, jsonContent, jsonBody(settingsSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    const changed = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
    const after = afterAdminWrite(db, actorOf(c), {
      action: "settings.save",
      entity: "settings",
      entityId: c.get("journal").id,
      summary: changed.join(", "),
    });
    const result = await saveSettings(db, c.get("journal"), input, after);
    if (!result.ok && result.reason === "domain_not_assigned") throw new HttpError(422, result.reason, { hosts: result.hosts });
    if (!result.ok) throw new HttpError(404, result.reason);
    return c.json({ settings: settingsOf(result.journal) });
  });
