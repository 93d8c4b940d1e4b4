// Host -> journal: every request is scoped to the journal its Host header names (or the default one).
import type { MiddlewareHandler } from "hono";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../data/schema";
import type { AppEnv } from "../env";
import { findJournalByHost } from "../data/journals.repo";
import { HttpError } from "./errors";

/** Lower-cased host name without port; "" when absent or malformed. */
export function hostNameOf(hostHeader: string | undefined | null): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (!host) return "";
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return /^[a-z0-9.\-\[\]:]+$/.test(name) ? name.replace(/\.$/, "") : "";
}

export const resolveJournal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = drizzle(c.env.DB, { schema });
  c.set("db", db);
  // In Workers the request URL carries the Host the client sent; never X-Forwarded-Host.
  const journal = await findJournalByHost(db, hostNameOf(new URL(c.req.url).host));
  if (!journal) throw new HttpError(503, "no_journal_configured");
  c.set("journal", journal);
  await next();
};
