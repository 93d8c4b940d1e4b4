// The certificate verification code as people see and type it: 16 symbols of Crockford's base32 (digits and
// letters without I, L, O and U), printed in groups of four ("7K2M-9QXD-4HWB-R8TN"); certificates printed before
// issue 38 carry 12 ("7K2M-9QXD-4HWB") and stay valid. Reading is forgiving the way
// Crockford's alphabet intends: case, spaces and hyphens do not matter, and the look-alikes O, I and L read as 0, 1
// and 1. Runtime-neutral: the Worker signs and checks codes (worker/verification/verification-code.ts), the /verify
// page's form tidies what a visitor types (docs/decisions/0170-certificate-verification.md).

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** New codes: 16 symbols (80 bits, a 40-bit MAC: issue 38 item 6). */
export const CODE_LENGTH = 16;
/** Codes printed before issue 38: 12 symbols (60 bits, a 20-bit MAC); they stay valid. */
export const LEGACY_CODE_LENGTH = 12;

/** The path of the public verification page, and of one code's result. */
export const VERIFY_PATH = "/verify";

const LOOK_ALIKES: Record<string, string> = { O: "0", I: "1", L: "1" };

/**
 * The code in `typed` as 12 symbols of the alphabet, or null when it cannot be one (wrong length, a letter the
 * alphabet lacks). Accepts the printed form, a pasted address ending in the code, any case and separators.
 */
export function normalizeCode(typed: string | null | undefined): string | null {
  let raw = String(typed ?? "").trim();
  const inAddress = /\/verify\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(raw);
  if (inAddress) raw = decodeURIComponentSafe(inAddress[1]);
  const symbols = raw
    .toUpperCase()
    .replace(/[\s\-_.]+/g, "")
    .replace(/[OIL]/g, (c) => LOOK_ALIKES[c]);
  if (symbols.length !== CODE_LENGTH && symbols.length !== LEGACY_CODE_LENGTH) return null;
  for (const s of symbols) if (!CODE_ALPHABET.includes(s)) return null;
  return symbols;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** "7K2M-9QXD-4HWB-R8TN": the printed form (in groups of four, easy to read aloud and type). */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The verification page of a code, relative to the journal's origin. */
export const verifyPathOf = (code: string): string => `${VERIFY_PATH}/${formatCode(code)}`;
