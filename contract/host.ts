// Host names, one way everywhere: the request's Host, a configured Domain, the operator's host lists.
// (Which journal a host serves is the journal middleware's; which header branch, worker/scholarly/header-branch.ts.)

/** A bare host name: lower-case labels of letters, digits and hyphens ("journal.example.org", "localhost"). */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The Host header's name: lower-cased, without port or trailing dot; "" when absent or malformed. */
export function hostNameOf(hostHeader: string | undefined | null): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (!host) return "";
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return /^[a-z0-9.\-[\]:]+$/.test(name) ? name.replace(/\.$/, "") : "";
}

/** What a person typed as a host ("https://Journal.Example.org/") as a host name to check with DOMAIN_PATTERN. */
export const typedHost = (raw: string): string =>
  raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "")
    .replace(/\.$/, "");

/** True for hosts that only exist on a developer's machine. */
export function isLocalHost(host: string): boolean {
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/** "Journal.Example.org", "https://journal.example.org/", "journal.example.org:443" -> "journal.example.org"; null
 * unless the result is a public host name (at least one dot). */
export function normalizeDomain(domain: string | null | undefined): string | null {
  const d = String(domain ?? "")
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
  return d.includes(".") && DOMAIN_PATTERN.test(d) ? d : null;
}

/** "www." in front of a host counts as the host itself (for the operator's host lists). */
export const withoutWww = (host: string): string => host.replace(/^www\./, "");

/** A comma-separated host list from configuration, as bare host names without "www.". */
export function parseHostList(list: string | null | undefined): Set<string> {
  return new Set(
    String(list ?? "")
      .split(",")
      .map((h) => withoutWww(h.trim().toLowerCase()).replace(/\.$/, ""))
      .filter(Boolean),
  );
}
