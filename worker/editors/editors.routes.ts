// Public editor reads: GET /api/editors/ and GET /api/editors/{id} (enabled editors only, without e-mail or phone).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { findEditor, listEnabledEditors } from "./editors.repo";
import { toPublicEditor } from "./editor-answers";
import { idOf } from "../core/middleware/params";
import { notFound } from "../core/errors";
import { mountedAt } from "../core/routing/declared";
import { editorsApi } from "#contract/routes/editors";

const at = mountedAt("/api/editors");

export const editorsRoutes = new Hono<AppEnv>()
  .get(at(editorsApi.list), async (c) => {
    const rows = await listEnabledEditors(c.get("db"), c.get("journal").id);
    return c.json(rows.map(toPublicEditor));
  })
  .get(at(editorsApi.one), async (c) => {
    const row = await findEditor(c.get("db"), c.get("journal").id, idOf(c.req.param("id")), { enabledOnly: true });
    if (!row) throw notFound();
    return c.json(toPublicEditor(row));
  });
