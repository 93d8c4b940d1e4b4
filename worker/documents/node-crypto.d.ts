// The node:crypto calls the documents make (the PDF trailer /ID and subset tags; the HMACs of certificate codes):
// synchronous hashing, native in workerd under nodejs_compat and in Node. The Worker build has no Node types; @types/node merges with this.
declare module "node:crypto" {
  interface Hash {
    update(data: Uint8Array | string): Hash;
    digest(): Uint8Array;
  }
  export function createHash(algorithm: string): Hash;
  interface Hmac {
    update(data: Uint8Array | string): Hmac;
    digest(): Uint8Array;
  }
  export function createHmac(algorithm: string, key: string | Uint8Array): Hmac;
}
