// Crossref deposit passwords at rest (issue 40 item 5, docs/decisions/0224): AES-GCM with a 256-bit key derived by
// HKDF-SHA-256 from the Worker secret JWT_SECRET (info "crossref-credentials"), a random 96-bit IV per encryption.
// Stored as "v1:{iv}:{ciphertext}" (base64). Rotating JWT_SECRET makes stored passwords unreadable: staff type
// the password again (the deposit answers 409 crossref_password_unreadable until then).

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function keyOf(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: new TextEncoder().encode("crossref-credentials") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function encryptSecret(plain: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOf(secret), new TextEncoder().encode(plain));
  return `v1:${b64(iv)}:${b64(new Uint8Array(data))}`;
}

/** The password, or null when it cannot be read (another secret, or a damaged value). */
export async function decryptSecret(stored: string, secret: string): Promise<string | null> {
  const [version, iv, data] = stored.split(":");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, await keyOf(secret), unb64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
