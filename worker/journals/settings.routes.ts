// GET /api/settings/: the journal's public settings (everything here is shown on public pages).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { settingsOf } from "./settings-answers";

export const settingsRoutes = new Hono<AppEnv>().get("/", (c) => c.json(settingsOf(c.get("journal"))));
