// Signed links for people without accounts (docs/decisions/0190): a reviewer's link opens one assignment, an author's
// link one manuscript. One row per link (purpose, subject, journal, expiry, revocation); the token is
// "<row id>.<HMAC-SHA256 of purpose, journal and row id>", so it is never stored and every message can carry it
// again, and a link of one purpose, journal or subject is worthless for any other.
import { eq } from "drizzle-orm";
import type { Db } from "../core/env";
import { accessLinks, type AccessLinkRow } from "../core/data/schema";
import { fromB64url, keyOf, payload, tokenOf, type LinkPurpose } from "./link-tokens";

export { tokenOf, type LinkPurpose };
export { linkFor, revokeLinks } from "./links.repo";

/** Authors follow their manuscript for a year (every message renews the link's expiry). */
export const TRACK_LINK_DAYS = 365;
/** A reviewer's link lasts until this many days after the due date. */
export const REVIEW_LINK_GRACE_DAYS = 30;

export const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

export type LinkCheck = { ok: true; link: AccessLinkRow } | { ok: false; reason: "invalid" | "expired" | "revoked" };

/**
 * The link a token opens on this journal for this purpose. A token of another journal, another purpose or with a
 * wrong MAC is "invalid" (nothing tells which part was wrong); a genuine one may be "expired" or "revoked".
 */
export async function openLink(
  db: Db,
  secret: string,
  journalId: number,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<LinkCheck> {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return { ok: false, reason: "invalid" };
  const id = Number(m[1]);
  const mac = fromB64url(m[2]);
  if (!mac) return { ok: false, reason: "invalid" };
  // Verified against the claimed purpose and journal before the row is read: a forged id learns nothing.
  const genuine = await crypto.subtle.verify("HMAC", await keyOf(secret), mac, payload(purpose, journalId, id));
  if (!genuine) return { ok: false, reason: "invalid" };
  const [link] = await db.select().from(accessLinks).where(eq(accessLinks.id, id)).limit(1);
  if (!link || link.journalId !== journalId || link.purpose !== purpose) return { ok: false, reason: "invalid" };
  if (link.revokedAt) return { ok: false, reason: "revoked" };
  if (Date.parse(link.expiresAt) <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, link };
}

/** Where a link opens: the token travels in the fragment, which browsers never send to a server or in a Referer. */
export const linkUrl = (origin: string, purpose: LinkPurpose, token: string) => `${origin}/${purpose}#${token}`;
