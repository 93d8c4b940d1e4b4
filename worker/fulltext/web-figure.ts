// A figure from the Word file, for the web (issue 51 item 1, docs/decisions/0388): one wider than the page is
// shown from a copy WEB_FIGURE_WIDTH pixels wide, made by Cloudflare's Images binding in the picture's own format;
// the original stays in R2 beside it for staff and the JATS file. The Worker decodes no image itself (no codec in
// its bundle): only the header is read, for the width and height the page gives each <img> (image-size.ts).
import { imageSize } from "./image-size";

/** The widest a figure is shown: twice the article column's 800 CSS px, sharp on a high-density screen. */
export const WEB_FIGURE_WIDTH = 1600;

/** Formats resized in their own format; a GIF is kept as it is (it may be animated). */
const RESIZED = new Set<string>(["image/png", "image/jpeg", "image/webp"]);

export interface WebFigure {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * The web copy of a figure wider than WEB_FIGURE_WIDTH, or null when it needs none (narrow enough, a GIF, a header
 * that gives no size) or cannot have one (no Images binding, or the binding refuses the picture): then the original
 * is what readers get, as before.
 */
export async function webCopyOf(images: ImagesBinding | undefined, bytes: Uint8Array, contentType: string): Promise<WebFigure | null> {
  const size = imageSize(bytes);
  if (!images || !size || size.width <= WEB_FIGURE_WIDTH || !RESIZED.has(contentType)) return null;
  try {
    const result = await images
      .input(new Blob([bytes]).stream())
      .transform({ width: WEB_FIGURE_WIDTH, fit: "scale-down" })
      .output({ format: contentType as "image/png" | "image/jpeg" | "image/webp", quality: 85 });
    const out = new Uint8Array(await result.response().arrayBuffer());
    const made = imageSize(out);
    // Only a copy that is what was asked for (a picture of that width, smaller in bytes than the original) is used.
    if (!made || made.width !== WEB_FIGURE_WIDTH || out.length >= bytes.length) return null;
    return { bytes: out, ...made };
  } catch (err) {
    console.warn("figure kept at its own size: the Images binding refused it", err);
    return null;
  }
}
