// Which header logo block a host gets (SPEC §1, §9: listed domains take the alternate branch). The list is a flag
// per host in D1 (journal_domains.alt_header, set in the platform console; docs/decisions/0162 retired the
// ALT_HEADER_DOMAINS variable); the journal middleware reads it with the host's journal. The Worker writes the
// answer into the first HTML (<html data-header="alt|default">), so the SPA never shows the wrong branch.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";

export type HeaderBranch = "alt" | "default";

/** The request's header branch: the Host's stored flag ("default" for a host that fell back to the default journal). */
export const headerBranchOf = (c: Context<AppEnv>): HeaderBranch => c.var.headerBranch ?? "default";
