// The one node:crypto call the PDF writer makes (the trailer /ID and subset tags): synchronous hashing, native in
// workerd under nodejs_compat and in Node. The Worker build has no Node types; @types/node merges with this.
declare module "node:crypto" {
  interface Hash {
    update(data: Uint8Array | string): Hash;
    digest(): Uint8Array;
  }
  export function createHash(algorithm: string): Hash;
}
