// The fonts the Worker loads from R2 (fonts/r2/*.ttf.bin -> FILES bucket, key fonts/<name>.ttf; see
// docs/decisions/0057-fonts-from-r2.md).
//   local:  done by `npm start` and `npm run seed` (uploadDocumentFonts on the local platform)
//   remote: `npm run fonts:upload:remote` (part of `npm run deploy`), through wrangler r2 object put
import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const FONT_DIR = fileURLToPath(new URL("../../fonts/r2/", import.meta.url));
const BUCKET = "journal-edge-files";

export const documentFonts = (): Array<{ key: string; file: string }> =>
  readdirSync(FONT_DIR)
    .filter((f) => f.endsWith(".ttf.bin"))
    .map((f) => ({ key: `fonts/${f.replace(/\.bin$/, "")}`, file: join(FONT_DIR, f) }));

interface Bucket {
  head(key: string): Promise<{ size: number } | null>;
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
}

/** Puts every document font into the bucket unless an object of the same size is already there. */
export async function uploadDocumentFonts(bucket: Bucket, log: (msg: string) => void = () => {}): Promise<number> {
  let uploaded = 0;
  for (const { key, file } of documentFonts()) {
    const bytes = readFileSync(file);
    if ((await bucket.head(key))?.size === bytes.length) continue;
    await bucket.put(key, new Uint8Array(bytes), { httpMetadata: { contentType: "font/ttf" } });
    uploaded++;
  }
  if (uploaded) log(`Uploaded ${uploaded} document font(s) to the local file store`);
  return uploaded;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === "--remote") {
  for (const { key, file } of documentFonts()) {
    console.log(`${key} -> r2://${BUCKET}`);
    execFileSync(
      join("node_modules", ".bin", "wrangler"),
      ["r2", "object", "put", `${BUCKET}/${key}`, "--file", file, "--content-type", "font/ttf", "--remote"],
      { stdio: "inherit" },
    );
  }
}
