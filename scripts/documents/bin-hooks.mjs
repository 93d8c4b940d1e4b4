// Node module hooks: `import x from "./file.bin"` yields the file's bytes as an ArrayBuffer, as the Workers
// runtime (Data modules) does. Used by the preview script, which runs the document builders outside workerd.
export async function load(url, context, nextLoad) {
  if (url.endsWith(".bin")) {
    return {
      format: "module",
      shortCircuit: true,
      source: `import { readFileSync } from "node:fs";
const b = readFileSync(new URL(${JSON.stringify(url)}));
export default b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);`,
    };
  }
  return nextLoad(url, context);
}
