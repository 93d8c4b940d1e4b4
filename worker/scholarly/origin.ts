// The origin absolute URLs (canonical, og:url, citation_pdf_url) are built on. It comes from the journal's
// configured primary domain, never from a raw Host or X-Forwarded-Host header, so a request sent with a forged
// Host cannot make the site advertise someone else's domain. Local development uses the request's own origin.
import type { JournalRow } from "../core/data/schema";
import { hostNameOf, isLocalHost, normalizeDomain } from "#contract/host";

/**
 * "https://journal.example.org" from the journal's Domain setting; the request's origin when the request is
 * local (localhost, 127.0.0.1, *.localhost); null when the journal has no usable domain (absolute URLs are then
 * left out rather than guessed).
 */
export function publicOrigin(journal: Pick<JournalRow, "domain">, requestUrl: string): string | null {
  const url = new URL(requestUrl);
  if (isLocalHost(hostNameOf(url.host))) return url.origin;
  const domain = normalizeDomain(journal.domain);
  return domain ? `https://${domain}` : null;
}
