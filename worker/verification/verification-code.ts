// Signed, stateless certificate codes (issue 31, docs/decisions/0170-certificate-verification.md). A code is 80
// bits written as 16 base32 symbols (contract/verify-code.ts):
//
//   key id 3 | kind 1 | position 4 | record id 22 | name tag 10 | MAC 40
//
// so a guessed code verifies with a chance of 2^-40 (issue 38 item 6, docs/decisions/0183). Codes printed before
// that are 60 bits, 12 symbols, with a 20-bit MAC over another domain string; they keep verifying (and /verify
// throttles guesses per address, verify-throttle.ts).
//
// kind: 0 an author's publication certificate (record = article id, position = the author's place in the list),
// 1 an editor's appointment certificate (record = editor id, position = the board category). The name tag is an
// HMAC of the name as printed, so a code still tells who it was issued to after that person leaves the author
// list; the MAC covers the journal and the 40 bits before it, so a changed symbol or a code from another journal
// reads as tampered. The key id picks the secret: new codes use the first key of CERTIFICATE_KEYS, older codes
// keep verifying as long as their key stays listed. Nothing is stored when a code is made.
import { createHmac } from "node:crypto";
import { CODE_ALPHABET, CODE_LENGTH, LEGACY_CODE_LENGTH } from "#contract/verify-code";
import { nameMatchKey } from "#contract/name-match";
import { EDITOR_CATEGORIES } from "#contract/constants";

export type CertificateKind = "author" | "editor";

export interface CertificateKey {
  id: number;
  secret: string;
}

/** The keys in use: `current` signs, every listed key verifies. */
export interface CertificateKeys {
  current: CertificateKey;
  byId: ReadonlyMap<number, CertificateKey>;
}

const KEY_ID_BITS = 3;
const POSITION_BITS = 4;
const RECORD_BITS = 22;
const TAG_BITS = 10;
const MAC_BITS = 40;
const LEGACY_MAC_BITS = 20;
export const MAX_KEY_ID = (1 << KEY_ID_BITS) - 1;
export const MAX_RECORD_ID = 2 ** RECORD_BITS - 1;
const MAX_POSITION = (1 << POSITION_BITS) - 1;
/** Secrets shorter than this are refused (the same floor as JWT_SECRET). */
export const MIN_SECRET_LENGTH = 32;

/**
 * CERTIFICATE_KEYS: "<id>:<secret>" entries separated by commas or white space, the signing key first, e.g.
 * "2:9f…,1:c4…" after a rotation from key 1 to key 2. Ids are 0–7. Null when no usable key is listed (malformed
 * entries are skipped with a log line).
 */
export function parseCertificateKeys(value: string | undefined | null): CertificateKeys | null {
  const keys: CertificateKey[] = [];
  for (const entry of String(value ?? "").split(/[\s,]+/)) {
    if (!entry) continue;
    const m = /^([0-7]):(.+)$/.exec(entry);
    if (!m || m[2].length < MIN_SECRET_LENGTH || keys.some((k) => k.id === Number(m[1]))) {
      console.error(`CERTIFICATE_KEYS: ignored an entry (want <id 0-7>:<secret of ${MIN_SECRET_LENGTH}+ characters>, ids once)`);
      continue;
    }
    keys.push({ id: Number(m[1]), secret: m[2] });
  }
  if (!keys.length) return null;
  return { current: keys[0], byId: new Map(keys.map((k) => [k.id, k])) };
}

let parsed: { value: string | undefined; keys: CertificateKeys | null } | null = null;

/** parseCertificateKeys, remembered for the isolate (the secret is read on every request). */
export function certificateKeysOf(value: string | undefined): CertificateKeys | null {
  if (parsed?.value !== value) parsed = { value, keys: parseCertificateKeys(value) };
  return parsed?.keys ?? null;
}

/** The first `bits` bits (at most 48) of HMAC-SHA256(secret, message), as a number. */
function macBits(secret: string, message: string, bits: number): number {
  const digest = createHmac("sha256", secret).update(message).digest();
  const bytes = Math.ceil(bits / 8);
  let top = 0;
  for (let i = 0; i < bytes; i++) top = top * 256 + digest[i];
  return Math.floor(top / 2 ** (bytes * 8 - bits));
}

const nameTag = (key: CertificateKey, journalId: number, kind: CertificateKind, recordId: number, name: string) =>
  macBits(key.secret, `journal-edge certificate name v1\n${journalId}\n${kind}\n${recordId}\n${nameMatchKey(name)}`, TAG_BITS);

const payloadMac = (key: CertificateKey, journalId: number, payload: string) =>
  macBits(key.secret, `journal-edge certificate code v2\n${journalId}\n${payload}`, MAC_BITS);
/** The 20-bit MAC of the 12-symbol codes printed before issue 38. */
const legacyPayloadMac = (key: CertificateKey, journalId: number, payload: string) =>
  macBits(key.secret, `journal-edge certificate code v1\n${journalId}\n${payload}`, LEGACY_MAC_BITS);

const bitsOf = (n: number, width: number) => n.toString(2).padStart(width, "0");

/** The board position an editor's code carries: the category's index, 15 for a category outside the list. */
export function categoryPosition(category: string): number {
  const i = (EDITOR_CATEGORIES as readonly string[]).indexOf(category);
  return i < 0 ? MAX_POSITION : i;
}

export interface CertificateSubject {
  journalId: number;
  kind: CertificateKind;
  /** The article's id (an author's certificate) or the editor's id. */
  recordId: number;
  /** The author's place in the list (0-based; from the 16th on all read 15, the name tag tells them apart), or
   * the editor's categoryPosition. */
  position: number;
  /** The name as the certificate prints it. */
  name: string;
}

/** The 12-symbol code of a certificate, signed with the current key. */
export function signCertificateCode(keys: CertificateKeys, s: CertificateSubject): string {
  if (!Number.isInteger(s.recordId) || s.recordId < 0 || s.recordId > MAX_RECORD_ID) {
    throw new Error(`record id ${s.recordId} is beyond what a certificate code carries (${MAX_RECORD_ID})`);
  }
  const key = keys.current;
  const payload =
    bitsOf(key.id, KEY_ID_BITS) +
    (s.kind === "editor" ? "1" : "0") +
    bitsOf(Math.min(Math.max(0, s.position), MAX_POSITION), POSITION_BITS) +
    bitsOf(s.recordId, RECORD_BITS) +
    bitsOf(nameTag(key, s.journalId, s.kind, s.recordId, s.name), TAG_BITS);
  const bits = payload + bitsOf(payloadMac(key, s.journalId, payload), MAC_BITS);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)];
  return code;
}

/** What a code says once its MAC checks out, and a test of the name it was issued to. */
export interface GenuineCode {
  status: "genuine";
  kind: CertificateKind;
  recordId: number;
  position: number;
  /** Whether `name` is the name the code was issued to (compared as nameMatchKey compares). */
  issuedTo(name: string): boolean;
}

/**
 * Reads a normalized code (normalizeCode) for a journal: "unknown" when its key id is not (or no longer) listed,
 * "tampered" when the MAC does not match (a changed or mistyped symbol, or another journal's code).
 */
export function readCertificateCode(
  keys: CertificateKeys,
  journalId: number,
  code: string,
): GenuineCode | { status: "unknown" } | { status: "tampered" } {
  if (code.length !== CODE_LENGTH && code.length !== LEGACY_CODE_LENGTH) return { status: "tampered" };
  let bits = "";
  for (const symbol of code) {
    const v = CODE_ALPHABET.indexOf(symbol);
    if (v < 0) return { status: "tampered" };
    bits += bitsOf(v, 5);
  }
  const payloadLength = KEY_ID_BITS + 1 + POSITION_BITS + RECORD_BITS + TAG_BITS;
  const payload = bits.slice(0, payloadLength);
  const key = keys.byId.get(Number.parseInt(payload.slice(0, KEY_ID_BITS), 2));
  if (!key) return { status: "unknown" };
  const mac = code.length === CODE_LENGTH ? payloadMac(key, journalId, payload) : legacyPayloadMac(key, journalId, payload);
  if (mac !== Number.parseInt(bits.slice(payloadLength), 2)) return { status: "tampered" };
  let at = KEY_ID_BITS;
  const field = (width: number) => Number.parseInt(payload.slice(at, (at += width)), 2);
  const kind: CertificateKind = field(1) === 1 ? "editor" : "author";
  const position = field(POSITION_BITS);
  const recordId = field(RECORD_BITS);
  const tag = field(TAG_BITS);
  return {
    status: "genuine",
    kind,
    recordId,
    position,
    issuedTo: (name) => nameTag(key, journalId, kind, recordId, name) === tag,
  };
}
