// Binary module data (fonts/*.ttf.bin) as the Workers runtime provides it; loaded in Node by bin-hooks.mjs.
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
