// A backup is signed by the platform that wrote it (issue 38 item 1, docs/decisions/0182-backups-are-untrusted.md):
// HMAC-SHA256 with the platform secret BACKUP_SIGNING_KEY over the manifest, which itself holds the SHA-256 of every
// JSON entry (each table, the object index) and, through the object index, of every file. Restore checks the MAC
// and every hash, and refuses an unsigned or altered backup unless the operator says to trust it.

/** The entry holding the MAC, next to manifest.json. */
export const SIGNATURE = "signature.json";

export interface BackupSignature {
  algorithm: "HMAC-SHA256";
  /** Which key signed (a hash of it, never the key): tells "signed by another platform" from "altered". */
  keyId: string;
  mac: string;
}

/** The shortest key accepted: 32 characters, as JWT_SECRET. */
export const MIN_SIGNING_KEY_LENGTH = 32;

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The SHA-256 of a JSON value as JSON.stringify writes it: the same whatever the indentation of the file. */
export async function jsonDigest(value: unknown): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(JSON.stringify(value))));
}

async function hmac(key: string, text: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", k, encoder.encode(text)));
}

export const keyIdOf = async (key: string) => (await hmac(key, "journal-edge backup key id")).slice(0, 16);

/** A usable signing key, or the reason there is none. */
export function signingKeyProblem(key: string | null | undefined): string | null {
  if (!key) return "no BACKUP_SIGNING_KEY is set";
  if (key.length < MIN_SIGNING_KEY_LENGTH) return `BACKUP_SIGNING_KEY is shorter than ${MIN_SIGNING_KEY_LENGTH} characters`;
  return null;
}

export async function signManifest(manifest: unknown, key: string): Promise<BackupSignature> {
  return { algorithm: "HMAC-SHA256", keyId: await keyIdOf(key), mac: await hmac(key, JSON.stringify(manifest)) };
}

/** Constant-time comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether `signature` is this platform's MAC of `manifest`: null when it is, otherwise why not, in words an operator
 * acts on.
 */
export async function signatureProblem(manifest: unknown, signature: unknown, key: string | null | undefined): Promise<string | null> {
  if (signature === null || signature === undefined)
    return "the backup is not signed (made before backups were signed, or by another tool)";
  const s = signature as Partial<BackupSignature>;
  if (s.algorithm !== "HMAC-SHA256" || typeof s.mac !== "string" || typeof s.keyId !== "string")
    return "the backup's signature.json is not a signature this platform writes";
  const keyProblem = signingKeyProblem(key);
  if (keyProblem) return `the signature cannot be checked: ${keyProblem} where restore runs`;
  if (!sameHex(s.keyId, await keyIdOf(key as string)))
    return "the backup was signed with another key (another platform, or before BACKUP_SIGNING_KEY was changed)";
  if (!sameHex(s.mac, await hmac(key as string, JSON.stringify(manifest))))
    return "the backup was altered after it was signed: its manifest does not match the signature";
  return null;
}
