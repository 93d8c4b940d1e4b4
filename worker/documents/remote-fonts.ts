// Fonts kept in R2 (docs/decisions/0057-fonts-from-r2.md): Tamil, Telugu, Kannada, Malayalam, Gujarati, Gurmukhi,
// Odia, Sinhala, Hebrew, Thai (Noto) and CJK/Hangul (Droid Sans Fallback) would push the Worker bundle over
// Cloudflare's limit, so they are uploaded to the FILES bucket under fonts/ (npm start / npm run seed locally,
// npm run deploy remotely) and fetched only when a document has text in their script, once per isolate.
import { ALL_REMOTE_FACES, type FontFace } from "./font-faces";
import { clearShapeCache } from "./text-shaping";

const pending = new Map<FontFace, Promise<void>>();
let warned = false;

/** The remote faces whose script appears in `texts` and that are not loaded yet. */
export function remoteFacesFor(texts: readonly string[]): FontFace[] {
  const joined = texts.join("\n");
  return ALL_REMOTE_FACES.filter((face) => !face.loaded && face.remote!.pattern.test(joined));
}

function load(bucket: R2Bucket, face: FontFace): Promise<void> {
  let p = pending.get(face);
  if (!p) {
    p = (async () => {
      const object = await bucket.get(face.remote!.key);
      if (object) face.load(await object.arrayBuffer());
      else if (!warned) {
        warned = true;
        console.warn(`documents: font ${face.remote!.key} is not in R2 (run npm run seed / npm run deploy): its script is drawn as U+FFFD`);
      }
    })().finally(() => pending.delete(face));
    pending.set(face, p);
  }
  return p;
}

/** Loads every R2 font the texts need (in parallel); a missing font leaves its characters as U+FFFD. */
export async function loadFontsFor(bucket: R2Bucket, texts: readonly string[]): Promise<void> {
  const faces = remoteFacesFor(texts);
  if (!faces.length) return;
  await Promise.all(faces.map((face) => load(bucket, face)));
  // Text shaped before a font arrived was drawn as U+FFFD: shape it again.
  clearShapeCache();
}

/** Every string in a document's input (names, titles, branding), for loadFontsFor. */
export const textsOf = (...inputs: unknown[]): string[] => [JSON.stringify(inputs)];

/** Forgets the loaded R2 fonts (benchmarks of a cold isolate). */
export function forgetRemoteFonts(): void {
  for (const face of ALL_REMOTE_FACES) face.unload();
  clearShapeCache();
}
