// Pages of the SPA: static files pass through; page routes get the shell (SEO tags are another issue's work).
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const pageRoutes = new Hono<AppEnv>().all("*", (c) => c.env.ASSETS.fetch(c.req.raw));
