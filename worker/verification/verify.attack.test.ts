// Issue 38 item 6, written as the attack: 300 guessed codes in a few seconds from one address used to get 300 answers
// and no 429, and a code carried a 20-bit MAC (one guess in a million verified). Now /verify throttles codes that do
// not verify per address (IPv4, or IPv6 /64), new codes carry a 40-bit MAC, and codes printed before stay valid.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createArticle, createJournal, request } from "#tests/api/fixtures";
import { CODE_ALPHABET, formatCode, LEGACY_CODE_LENGTH } from "#contract/verify-code";
import { parseCertificateKeys, readCertificateCode, signCertificateCode } from "./verification-code";
import { GUESS_LIMIT } from "./verify-loader";

/** The signing key of the test secret (tests/workers-runtime.ts). */
const KEY_TWO = `2:${"test-certificate-key-two-".padEnd(40, "2")}`;
const keys = parseCertificateKeys(KEY_TWO)!;

const guess = (i: number) =>
  Array.from({ length: 16 }, (_, k) => CODE_ALPHABET[(i * 7 + k * 13 + ((i >> k) & 3)) % CODE_ALPHABET.length]).join("");
const verifyFrom = (host: string, ip: string, code: string) =>
  request(host, `/verify/${formatCode(code)}`, { headers: { "CF-Connecting-IP": ip } });

/**
 * A 12-symbol code as certificates printed before issue 38 carry it, written here from the old layout (key id 3 |
 * kind 1 | position 4 | record 22 | name tag 10 | MAC 20, MAC over "journal-edge certificate code v1"), not by the
 * Worker's code.
 */
function legacyCode(journalId: number, recordId: number, name: string): string {
  const secret = KEY_TWO.slice(2);
  const top = (message: string, bits: number) => {
    const d = createHmac("sha256", secret).update(message).digest();
    return Math.floor((((d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]) >>> 0) / 2 ** (32 - bits));
  };
  const nameKey = name.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
  const tag = top(`journal-edge certificate name v1\n${journalId}\nauthor\n${recordId}\n${nameKey}`, 10);
  const b = (n: number, w: number) => n.toString(2).padStart(w, "0");
  const payload = b(2, 3) + "0" + b(0, 4) + b(recordId, 22) + b(tag, 10);
  const bits = payload + b(top(`journal-edge certificate code v1\n${journalId}\n${payload}`, 20), 20);
  let code = "";
  for (let i = 0; i < LEGACY_CODE_LENGTH; i++) code += CODE_ALPHABET[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)];
  return code;
}

describe("/verify under a guessing attack", () => {
  it(`answers 429 after ${GUESS_LIMIT} codes that do not verify from one address, whatever it sends next; others are not held up`, async () => {
    const journal = await createJournal();
    const article = await createArticle(journal.id, { authorname: "Ada Lovelace" });
    const genuine = signCertificateCode(keys, {
      journalId: journal.id,
      kind: "author",
      recordId: article.id,
      position: 0,
      name: "Ada Lovelace",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await verifyFrom(journal.host, "203.0.113.66", guess(i))).status);
    expect(statuses.slice(0, GUESS_LIMIT)).toEqual(new Array(GUESS_LIMIT).fill(404));
    expect(statuses.slice(GUESS_LIMIT)).toEqual(new Array(40 - GUESS_LIMIT).fill(429));
    const held = await verifyFrom(journal.host, "203.0.113.66", genuine);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await held.text();
    expect(html).toContain("Too many codes tried");
    // The same /64 is the same caller; another address is not held up, and a genuine code still verifies there.
    expect((await verifyFrom(journal.host, "2001:db8:5:6::1", guess(1))).status).toBe(404);
    expect((await verifyFrom(journal.host, "198.51.100.77", genuine)).status).toBe(200);
  });

  it("an IPv6 /64 is one address for the throttle", async () => {
    const journal = await createJournal();
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_LIMIT + 2; i++) statuses.push((await verifyFrom(journal.host, `2001:db8:7:8::${i + 1}`, guess(i))).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("genuine codes never count against an address: a librarian checking 30 real certificates is never stopped", async () => {
    const journal = await createJournal();
    const article = await createArticle(journal.id, { authorname: "Ada Lovelace" });
    const code = signCertificateCode(keys, {
      journalId: journal.id,
      kind: "author",
      recordId: article.id,
      position: 0,
      name: "Ada Lovelace",
    });
    for (let i = 0; i < GUESS_LIMIT + 10; i++) expect((await verifyFrom(journal.host, "192.0.2.99", code)).status).toBe(200);
  });
});

describe("codes: a guess verifies with a chance of 2^-40; old printed codes stay valid", () => {
  it("new codes are 16 symbols (80 bits: 40 of payload, a 40-bit MAC); any changed MAC symbol is tampered", () => {
    const code = signCertificateCode(keys, { journalId: 7, kind: "author", recordId: 1234, position: 2, name: "Ada Lovelace" });
    expect(code).toHaveLength(16);
    // The payload (key id, kind, position, record, name tag) is the first 40 bits; the other 40 are the MAC.
    for (let at = 8; at < 16; at++) {
      const changed = code.slice(0, at) + CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[at]) + 1) % 32] + code.slice(at + 1);
      expect(readCertificateCode(keys, 7, changed).status).toBe("tampered");
    }
    expect(readCertificateCode(keys, 7, code).status).toBe("genuine");
  });

  it("a 12-symbol code printed before (20-bit MAC) still verifies at /verify", async () => {
    const journal = await createJournal();
    const article = await createArticle(journal.id, { authorname: "Ada Lovelace, Alan Turing" });
    const old = legacyCode(journal.id, article.id, "Ada Lovelace");
    const res = await verifyFrom(journal.host, "192.0.2.120", old);
    expect(res.status).toBe(200);
    expect((await res.text()).replaceAll("<!-- -->", "")).toContain("Ada Lovelace");
  });
});
