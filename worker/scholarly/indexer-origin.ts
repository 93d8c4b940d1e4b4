// The absolute origin for documents that must carry absolute URLs (sitemaps, feeds, OAI-PMH, Crossref).
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import { publicOrigin } from "./origin";

/**
 * The journal's public origin (its Domain setting, or the request's own origin on localhost). A journal without a
 * usable Domain falls back to the origin the request came to, which resolved to this journal.
 */
export function indexerOrigin(c: Context<AppEnv>): string {
  return publicOrigin(c.get("journal"), c.req.url) ?? new URL(c.req.url).origin;
}
