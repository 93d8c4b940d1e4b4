// The SHA-256 of some bytes, in hex: what a backup records and checks for each R2 object, and what keys a Submit
// Online post that brings no idempotency key.

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
