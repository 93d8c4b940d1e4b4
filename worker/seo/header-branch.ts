// Which header logo block a host gets (SPEC §1, §9: nine listed domains take the alternate branch). The list is
// configuration (wrangler var ALT_HEADER_DOMAINS, comma separated); the Worker decides per request and writes
// the answer into the first HTML (<html data-header="alt|default">), so the SPA never shows the wrong branch.
import { parseHostList, withoutWww } from "#contract/host";

export type HeaderBranch = "alt" | "default";

/** `host` is a bare lower-case host name (no port). "www." in front of a listed domain counts as the domain. */
export function headerBranchFor(altDomains: string | null | undefined, host: string): HeaderBranch {
  const list = parseHostList(altDomains);
  return list.has(withoutWww(host)) ? "alt" : "default";
}
