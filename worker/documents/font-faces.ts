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

/** A face kept in R2 (remote-fonts.ts): its object key and the code points it is loaded for. */
export interface RemoteSource {
  key: string;
  pattern: RegExp;
}

export class FontFace {
  private parsed: FontkitFont | null = null;
  private tablesCache: TrueTypeTables | null = null;
  private readonly coverage = new Map<number, boolean>();

  constructor(
    readonly key: string,
    private data: ArrayBuffer | null,
    readonly shaping: Shaping,
    /** Right-to-left script: its runs are laid out right to left and ordered by the bidi pass. */
    readonly rtl: boolean,
    /** Set for faces stored in R2: they cover nothing until loaded. */
    readonly remote: RemoteSource | null = null,
  ) {}

  get loaded(): boolean {
    return this.data !== null;
  }

  /** Gives a remote face its bytes (once per isolate). */
  load(data: ArrayBuffer): void {
    this.data = data;
    this.coverage.clear();
  }

  /** Forgets a remote face's bytes (benchmarks of a cold isolate). */
  unload(): void {
    if (!this.remote) return;
    this.data = null;
    this.parsed = null;
    this.tablesCache = null;
    this.coverage.clear();
  }

  /** fontkit's parse of the face: only the shaped scripts' OpenType layout needs it. */
  get font(): FontkitFont {
    this.parsed ??= fontkit.create(this.bytes);
    return this.parsed;
  }

  /** cmap, advances and metrics read straight from the tables (cheap, no full parse). */
  get tables(): TrueTypeTables {
    this.tablesCache ??= new TrueTypeTables(this.bytes);
    return this.tablesCache;
  }

  /** The raw TrueType bytes (for the PDF subsetter). */
  get bytes(): Uint8Array {
    if (!this.data) throw new Error(`font ${this.key} is not loaded`);
    return new Uint8Array(this.data);
  }

  covers(codePoint: number): boolean {
    if (!this.data) return false;
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

/** A face fetched from R2 when a document needs its script (remote-fonts.ts); `pattern` finds that script. */
const remote = (key: string, pattern: RegExp, shaping: Shaping = "shaped", rtl = false) =>
  new FontFace(key, null, shaping, rtl, { key: `fonts/${key}.ttf`, pattern });

const INDIC_SCRIPTS = [
  ["NotoSerifTamil", /[\u0b80-\u0bff]/u],
  ["NotoSerifTelugu", /[\u0c00-\u0c7f]/u],
  ["NotoSerifKannada", /[\u0c80-\u0cff]/u],
  ["NotoSerifMalayalam", /[\u0d00-\u0d7f]/u],
  ["NotoSerifGujarati", /[\u0a80-\u0aff]/u],
  ["NotoSerifGurmukhi", /[\u0a00-\u0a7f]/u],
  ["NotoSansOriya", /[\u0b00-\u0b7f]/u],
  ["NotoSerifSinhala", /[\u0d80-\u0dff]/u],
] as const;

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;

/** Faces kept in R2, regular and bold (CJK has one weight). */
export const REMOTE_FACES = {
  regular: [
    ...INDIC_SCRIPTS.map(([name, pattern]) => remote(`${name}-Regular`, pattern)),
    remote("NotoSerifHebrew-Regular", /[\u0590-\u05ff\ufb1d-\ufb4f]/u, "direct", true),
    remote("NotoSerifThai-Regular", /[\u0e00-\u0e7f]/u, "direct"),
    remote("NanumMyeongjo", HANGUL, "direct"),
  ],
  bold: [
    ...INDIC_SCRIPTS.map(([name, pattern]) => remote(`${name}-Bold`, pattern)),
    remote("NotoSerifHebrew-Bold", /[\u0590-\u05ff\ufb1d-\ufb4f]/u, "direct", true),
    remote("NotoSerifThai-Bold", /[\u0e00-\u0e7f]/u, "direct"),
    remote("NanumMyeongjoBold", HANGUL, "direct"),
  ],
  cjk: remote("DroidSansFallbackFull", /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u, "direct"),
};

export const ALL_REMOTE_FACES: readonly FontFace[] = [...REMOTE_FACES.regular, ...REMOTE_FACES.bold, REMOTE_FACES.cjk];

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
}

const { regular: R2_REGULAR, bold: R2_BOLD, cjk: R2_CJK } = REMOTE_FACES;
const CHAINS = {
  regular: [FACES.serif, FACES.arabic, FACES.devanagari, FACES.bengali, FACES.ethiopic, ...R2_REGULAR, R2_CJK, FACES.math],
  bold: [
    FACES.serifBold,
    FACES.arabicBold,
    FACES.devanagariBold,
    FACES.bengaliBold,
    FACES.ethiopicBold,
    ...R2_BOLD,
    FACES.serif,
    ...R2_REGULAR,
    R2_CJK,
    FACES.math,
  ],
  italic: [
    FACES.serifItalic,
    FACES.serif,
    FACES.arabic,
    FACES.devanagari,
    FACES.bengali,
    FACES.ethiopic,
    ...R2_REGULAR,
    R2_CJK,
    FACES.math,
  ],
  boldItalic: [
    FACES.serifBoldItalic,
    FACES.serifBold,
    FACES.arabicBold,
    FACES.devanagariBold,
    FACES.bengaliBold,
    FACES.ethiopicBold,
    ...R2_BOLD,
    FACES.serif,
    ...R2_REGULAR,
    R2_CJK,
    FACES.math,
  ],
};

/** The faces tried, in order, for text of this style: the serif of that style first, then the script fallbacks. */
export function fallbackChain(style: TextStyle): readonly FontFace[] {
  if (style.bold) return style.italic ? CHAINS.boldItalic : CHAINS.bold;
  return style.italic ? CHAINS.italic : CHAINS.regular;
}
