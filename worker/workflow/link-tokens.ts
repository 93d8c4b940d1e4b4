// The link token itself (docs/decisions/0190): "<row id>.<HMAC-SHA256 of purpose, journal and row id>" under a key
// derived from the Worker's secret. Pure Web Crypto, so the demo seed (Node) signs the same links as the Worker.
export type LinkPurpose = "review" | "track";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key, derived from the Worker's secret for this use only (so a link MAC is never a token signature). */
export function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`workflow-links:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

// 32 bytes are 43 characters whose last carries 4 bits and 2 unused ones: only the canonical spelling (unused bits
// zero) is a token, so one MAC has one link and a changed last character never opens it (RFC 4648 §3.5).
const CANONICAL_MAC = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function fromB64url(s: string): Uint8Array<ArrayBuffer> | null {
  if (!CANONICAL_MAC.test(s)) return null;
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const payload = (purpose: LinkPurpose, journalId: number, id: number) => encoder.encode(`${purpose}:${journalId}:${id}`);

export async function tokenOf(secret: string, link: { id: number; purpose: string; journalId: number }): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyOf(secret), payload(link.purpose as LinkPurpose, link.journalId, link.id));
  return `${link.id}.${b64url(mac)}`;
}
