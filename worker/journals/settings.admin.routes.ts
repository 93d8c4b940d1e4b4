// POST /api/settings (journal managers): saves the settings form. Mounted after the public GET of the same prefix
// (settings.routes.ts), so every method that reaches this router is guarded.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { limitJsonBody } from "../core/middleware/body-size";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { primaryIsOffered, SETTING_LABELS, settingsSchema } from "#contract/admin";
import { saveSettings } from "./journals.repo";
import { settingsOf } from "./settings-answers";
import { SITE_PAGE_FIELDS, sitePageHtml } from "#contract/site-content";
import { mountedAt } from "../core/routing/declared";
import { settingsApi } from "#contract/routes/journals";

const at = mountedAt("/api/settings");

export const settingsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.settings))
  .post(at(settingsApi.save), limitJsonBody, jsonContent, jsonBody(settingsSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    const journal = c.get("journal");
    // The primary interface language must be one the journal offers, whichever of the two this save changes.
    const primary = input.interface_language ?? journal.interface_language;
    if (!primaryIsOffered(primary, input.interface_languages ?? journal.interface_languages))
      throw new HttpError(400, "invalid_input", { fields: ["interface_language"] });
    // A site page sent back as shown (the default text of a journal that wrote none) is no change (0202).
    for (const field of SITE_PAGE_FIELDS)
      if (input[field] !== undefined && input[field] === sitePageHtml(field, journal[field])) delete input[field];
    const result = await saveSettings(c.var.platformDb, db, journal.id, input, (changed) =>
      afterAdminWrite(db, actorOf(c), {
        action: "settings.save",
        entity: "settings",
        entityId: journal.id,
        summary: changed.map((name) => SETTING_LABELS[name]).join(", "),
      }),
    );
    if (!result.ok && result.reason === "domain_not_assigned") throw new HttpError(422, result.reason, { hosts: result.hosts });
    if (!result.ok) throw new HttpError(404, result.reason);
    return c.json({ settings: settingsOf(result.journal) });
  });
