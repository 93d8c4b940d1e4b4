// Test helper: puts the R2 document fonts (fonts/r2/, as `npm start`/`npm run deploy` upload them) into the test
// bucket, so documents load them through the real R2 binding.
import { env } from "cloudflare:test";

const FONT_FILES = import.meta.glob<ArrayBuffer>("../../fonts/r2/*.ttf.bin", { import: "default" });

export async function putRemoteFonts(): Promise<void> {
  await Promise.all(
    Object.entries(FONT_FILES).map(async ([path, load]) => {
      const key = `fonts/${path
        .split("/")
        .pop()!
        .replace(/\.bin$/, "")}`;
      if (await env.FILES.head(key)) return;
      await env.FILES.put(key, await load());
    }),
  );
}
