// Placeholder router; its issue fills it in.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";

export const authRoutes = new Hono<AppEnv>().get("/verify-token", requireAdmin, (c) => c.json({ user: c.get("admin") }));
