// The one node:zlib call the PDF writer makes (workerd implements node:zlib natively under nodejs_compat, and Node
// has it). The Worker build has no Node types; scripts type-checked with @types/node merge with this.
declare module "node:zlib" {
  export function deflateSync(data: Uint8Array, options?: { level?: number }): Uint8Array;
}
