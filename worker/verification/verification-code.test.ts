// The code itself: the CERTIFICATE_KEYS format, a round trip through sign and read, what reading forgives.
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "#tests/api/console-guard";
import { MAX_RECORD_ID, parseCertificateKeys, readCertificateCode, signCertificateCode } from "./verification-code";
import { CODE_ALPHABET, CODE_LENGTH, formatCode, normalizeCode } from "#contract/verify-code";

const SECRET_A = "a".repeat(32);
const SECRET_B = "b".repeat(40);

describe("CERTIFICATE_KEYS", () => {
  it("signs with the first key and verifies with every listed one; skips short secrets, bad and repeated ids", () => {
    // Each skipped entry is logged for the operator.
    expectConsoleError(/^CERTIFICATE_KEYS: ignored an entry/);
    const keys = parseCertificateKeys(` 3:${SECRET_B}, 1:${SECRET_A}\n9:${SECRET_A},2:short,3:${SECRET_A}`)!;
    expect(keys.current.id).toBe(3);
    expect([...keys.byId.keys()].sort()).toEqual([1, 3]);
    expect(keys.byId.get(3)!.secret).toBe(SECRET_B);
    expect(parseCertificateKeys("")).toBeNull();
    expect(parseCertificateKeys(undefined)).toBeNull();
    expect(parseCertificateKeys("1:too-short")).toBeNull();
  });
});

describe("a certificate code", () => {
  const keys = parseCertificateKeys(`5:${SECRET_A}`)!;
  const subject = { journalId: 7, kind: "author" as const, recordId: 123456, position: 3, name: "Şükrü Işık" };

  it("is 12 symbols of the alphabet that read back to what was signed, for the name as printed", () => {
    const code = signCertificateCode(keys, subject);
    expect(code).toHaveLength(CODE_LENGTH);
    expect([...code].every((s) => CODE_ALPHABET.includes(s))).toBe(true);
    const read = readCertificateCode(keys, 7, code);
    if (read.status !== "genuine") throw new Error(read.status);
    expect({ kind: read.kind, recordId: read.recordId, position: read.position }).toEqual({
      kind: "author",
      recordId: 123456,
      position: 3,
    });
    expect(read.issuedTo("Şükrü Işık")).toBe(true);
    expect(read.issuedTo("  ŞÜKRÜ   IŞIK ")).toBe(true);
    expect(read.issuedTo("Sukru Isik")).toBe(false);
  });

  it("is another journal's, another key's or another record's code only by its signature", () => {
    const code = signCertificateCode(keys, subject);
    expect(readCertificateCode(keys, 8, code).status).toBe("tampered");
    expect(readCertificateCode(parseCertificateKeys(`4:${SECRET_A}`)!, 7, code).status).toBe("unknown");
    expect(readCertificateCode(parseCertificateKeys(`5:${SECRET_B}`)!, 7, code).status).toBe("tampered");
    expect(signCertificateCode(keys, { ...subject, recordId: 123457 })).not.toBe(code);
    expect(signCertificateCode(keys, { ...subject, kind: "editor" })).not.toBe(code);
  });

  it("refuses record ids the code cannot carry", () => {
    expect(() => signCertificateCode(keys, { ...subject, recordId: MAX_RECORD_ID + 1 })).toThrow(/beyond/);
    expect(readCertificateCode(keys, 7, signCertificateCode(keys, { ...subject, recordId: MAX_RECORD_ID })).status).toBe("genuine");
  });
});

describe("normalizeCode", () => {
  it("reads any case, spaces and hyphens, O/I/L for 0/1/1 and a pasted address; refuses the rest", () => {
    expect(normalizeCode("7k2m-9qxd-4hwb")).toBe("7K2M9QXD4HWB");
    expect(normalizeCode(" 7K2M 9QXD 4HWB ")).toBe("7K2M9QXD4HWB");
    expect(normalizeCode("O1IL-0000-0000")).toBe("011100000000");
    expect(normalizeCode("https://j.example/verify/7K2M-9QXD-4HWB?utm=x")).toBe("7K2M9QXD4HWB");
    expect(normalizeCode("7K2M-9QXD-4HW")).toBeNull();
    expect(normalizeCode("7K2M-9QXD-4HWU")).toBeNull();
    expect(normalizeCode("")).toBeNull();
    expect(formatCode("7K2M9QXD4HWB")).toBe("7K2M-9QXD-4HWB");
  });
});
