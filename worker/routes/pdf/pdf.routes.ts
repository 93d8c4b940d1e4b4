// Placeholder router; its issue fills it in.
import { Hono } from "hono";
import type { AppEnv } from "../../env";

export const pdfRoutes = new Hono<AppEnv>();
