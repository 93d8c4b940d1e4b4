// The typefaces documents draw with: Noto fonts (SIL OFL 1.1, fonts/OFL.txt), subset at build time to the scripts
// names and titles come in (scripts/fonts/subset-fonts.ts) and imported as module data, so each isolate holds
// one copy and parses it lazily, once. Every character is drawn with the first face of its style's fallback chain
// that has a glyph for it (docs/decisions/0050-document-fonts-and-scripts.md).
import "./fontkit-shim";
import fontkit from "@pdf-lib/fontkit";
import { TrueTypeTables } from "./truetype-tables";
import serifRegular from "../../fonts/NotoSerif-Regular.ttf.bin";
import serifBold from "../../fonts/NotoSerif-Bold.ttf.bin";
import serifItalic from "../../fonts/NotoSerif-Italic.ttf.bin";
import serifBoldItalic from "../../fonts/NotoSerif-BoldItalic.ttf.bin";
import arabicRegular from "../../fonts/NotoNaskhArabic-Regular.ttf.bin";
import arabicBold from "../../fonts/NotoNaskhArabic-Bold.ttf.bin";
import devanagariRegular from "../../fonts/NotoSerifDevanagari-Regular.ttf.bin";
import devanagariBold from "../../fonts/NotoSerifDevanagari-Bold.ttf.bin";
import bengaliRegular from "../../fonts/NotoSerifBengali-Regular.ttf.bin";
import bengaliBold from "../../fonts/NotoSerifBengali-Bold.ttf.bin";
import ethiopicRegular from "../../fonts/NotoSerifEthiopic-Regular.ttf.bin";
import ethiopicBold from "../../fonts/NotoSerifEthiopic-Bold.ttf.bin";
import mathRegular from "../../fonts/NotoSansMath-Regular.ttf.bin";

export type FontkitFont = ReturnType<typeof fontkit.create>;

/**
 * How a face's text becomes glyphs. "direct": one glyph per character from the cmap with its advance (Latin,
 * Greek, Cyrillic, Ethiopic, symbols: NFC text needs no shaping, and this is ~20x cheaper than OpenType layout).
 * "shaped": fontkit's OpenType layout (Arabic joining and ligatures, Indic reordering and conjuncts).
 */
export type Shaping = "direct" | "shaped";

export class FontFace {
  private parsed: FontkitFont | null = null;
  private tablesCache: TrueTypeTables | null = null;
  private readonly coverage = new Map<number, boolean>();

  constructor(
    readonly key: string,
    private readonly data: ArrayBuffer,
    readonly shaping: Shaping,
    /** Right-to-left script: its runs are laid out right to left and ordered by the bidi pass. */
    readonly rtl: boolean,
  ) {}

  /** fontkit's parse of the face: only the shaped scripts' OpenType layout needs it. */
  get font(): FontkitFont {
    this.parsed ??= fontkit.create(new Uint8Array(this.data));
    return this.parsed;
  }

  /** cmap, advances and metrics read straight from the tables (cheap, no full parse). */
  get tables(): TrueTypeTables {
    this.tablesCache ??= new TrueTypeTables(new Uint8Array(this.data));
    return this.tablesCache;
  }

  /** The raw TrueType bytes (for the PDF subsetter). */
  get bytes(): Uint8Array {
    return new Uint8Array(this.data);
  }

  covers(codePoint: number): boolean {
    let has = this.coverage.get(codePoint);
    if (has === undefined) {
      has = this.tables.glyphId(codePoint) !== 0;
      this.coverage.set(codePoint, has);
    }
    return has;
  }
}

const face = (key: string, data: ArrayBuffer, shaping: Shaping = "direct", rtl = false) => new FontFace(key, data, shaping, rtl);

export const FACES = {
  serif: face("NotoSerif", serifRegular),
  serifBold: face("NotoSerif-Bold", serifBold),
  serifItalic: face("NotoSerif-Italic", serifItalic),
  serifBoldItalic: face("NotoSerif-BoldItalic", serifBoldItalic),
  arabic: face("NotoNaskhArabic", arabicRegular, "shaped", true),
  arabicBold: face("NotoNaskhArabic-Bold", arabicBold, "shaped", true),
  devanagari: face("NotoSerifDevanagari", devanagariRegular, "shaped"),
  devanagariBold: face("NotoSerifDevanagari-Bold", devanagariBold, "shaped"),
  bengali: face("NotoSerifBengali", bengaliRegular, "shaped"),
  bengaliBold: face("NotoSerifBengali-Bold", bengaliBold, "shaped"),
  ethiopic: face("NotoSerifEthiopic", ethiopicRegular),
  ethiopicBold: face("NotoSerifEthiopic-Bold", ethiopicBold),
  math: face("NotoSansMath", mathRegular),
} as const;

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
}

const CHAINS = {
  regular: [FACES.serif, FACES.arabic, FACES.devanagari, FACES.bengali, FACES.ethiopic, FACES.math],
  bold: [FACES.serifBold, FACES.arabicBold, FACES.devanagariBold, FACES.bengaliBold, FACES.ethiopicBold, FACES.serif, FACES.math],
  italic: [FACES.serifItalic, FACES.serif, FACES.arabic, FACES.devanagari, FACES.bengali, FACES.ethiopic, FACES.math],
  boldItalic: [FACES.serifBoldItalic, FACES.serifBold, FACES.arabicBold, FACES.devanagariBold, FACES.bengaliBold, FACES.ethiopicBold, FACES.serif, FACES.math],
};

/** The faces tried, in order, for text of this style: the serif of that style first, then the script fallbacks. */
export function fallbackChain(style: TextStyle): readonly FontFace[] {
  if (style.bold) return style.italic ? CHAINS.boldItalic : CHAINS.bold;
  return style.italic ? CHAINS.italic : CHAINS.regular;
}
