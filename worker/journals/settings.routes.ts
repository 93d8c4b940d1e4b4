// GET /api/settings/: the journal's public settings (everything here is shown on public pages).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { settingsOf } from "./settings-answers";
import { mountedAt } from "../core/routing/declared";
import { settingsApi } from "#contract/routes/journals";

const at = mountedAt("/api/settings");

export const settingsRoutes = new Hono<AppEnv>().get(at(settingsApi.read), (c) => c.json(settingsOf(c.get("journal"))));
