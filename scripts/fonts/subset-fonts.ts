// Build-time font subsetting: Noto fonts (SIL OFL 1.1) cut down to the Unicode ranges names and titles need, written
// to fonts/*.ttf.bin and committed. The Worker imports them as module data (ArrayBuffer, loaded once per isolate)
// and subsets again per PDF to the glyphs it draws. Re-run after changing the ranges:
//   apt-get install -y fonts-noto-core fonts-droid-fallback fonts-nanum && npm run fonts:subset   (-- --r2: only the R2 fonts)
// Source: Debian's fonts-noto-core (/usr/share/fonts/truetype/noto). The output does not depend on the machine.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import subsetFont from "subset-font";

const SOURCE_DIR = process.env.NOTO_DIR ?? "/usr/share/fonts/truetype/noto";
const OUT_DIR = new URL("../../fonts/", import.meta.url).pathname;

type Range = [number, number];

/** Spaces, punctuation and marks every script's text mixes in (numbers, dashes, quotes, ZWJ/ZWNJ, dotted circle). */
const COMMON: Range[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00bf],
  [0x00d7, 0x00d7],
  [0x00f7, 0x00f7],
  [0x2000, 0x206f],
  [0x25cc, 0x25cc],
];

/** Latin with all its extensions, IPA, Greek, Cyrillic, and the symbols scientific titles use. */
const LATIN_GREEK_CYRILLIC: Range[] = [
  ...COMMON,
  [0x00a0, 0x00ff],
  [0x0100, 0x017f],
  [0x0180, 0x024f],
  [0x0250, 0x02af],
  [0x02b0, 0x02ff],
  [0x0300, 0x036f],
  [0x0370, 0x03ff],
  [0x0400, 0x04ff],
  [0x0500, 0x052f],
  [0x1c80, 0x1c8f],
  [0x1ab0, 0x1aff],
  [0x1d00, 0x1dff],
  [0x1e00, 0x1eff],
  [0x1f00, 0x1fff],
  [0x2070, 0x209f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2150, 0x218f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x2c60, 0x2c7f],
  [0x2de0, 0x2dff],
  [0xa640, 0xa69f],
  [0xa720, 0xa7ff],
  [0xab30, 0xab6f],
  [0xfb00, 0xfb06],
  [0xfffd, 0xfffd],
];

const ARABIC: Range[] = [...COMMON, [0x0600, 0x06ff], [0x0750, 0x077f], [0x08a0, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff]];
const DEVANAGARI: Range[] = [...COMMON, [0x0900, 0x097f], [0x1cd0, 0x1cff], [0xa8e0, 0xa8ff]];
const BENGALI: Range[] = [...COMMON, [0x0980, 0x09ff]];
const ETHIOPIC: Range[] = [...COMMON, [0x1200, 0x139f], [0x2d80, 0x2ddf], [0xab00, 0xab2f]];
/** Mathematical symbols a title may carry that the text fonts lack (a last fallback before decomposition). */
const SYMBOLS: Range[] = [
  [0x2100, 0x214f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x2300, 0x23ff],
  [0x25a0, 0x25ff],
  [0x27c0, 0x27ef],
  [0x2980, 0x2aff],
];

/**
 * OpenType features fontkit applies by default that a name or title needs: composition, localised forms, standard
 * ligatures, Arabic joining, and the Indic reordering/conjunct features. Stylistic sets, small caps, old-style
 * figures and the like are dropped with the glyphs only they reach.
 */
const BASE_FEATURES = ["ccmp", "locl", "rlig", "liga", "clig", "calt", "rclt"];
const ARABIC_FEATURES = [...BASE_FEATURES, "isol", "init", "medi", "med2", "fina", "fin2", "fin3", "mset", "stch"];
const INDIC_FEATURES = [
  ...BASE_FEATURES,
  "nukt",
  "akhn",
  "rphf",
  "rkrf",
  "pref",
  "blwf",
  "abvf",
  "half",
  "pstf",
  "vatu",
  "cjct",
  "init",
  "pres",
  "abvs",
  "blws",
  "psts",
  "haln",
];

const TAMIL: Range[] = [...COMMON, [0x0b80, 0x0bff], [0x11fc0, 0x11fff]];
const TELUGU: Range[] = [...COMMON, [0x0c00, 0x0c7f]];
const KANNADA: Range[] = [...COMMON, [0x0c80, 0x0cff]];
const MALAYALAM: Range[] = [...COMMON, [0x0d00, 0x0d7f]];
const GUJARATI: Range[] = [...COMMON, [0x0a80, 0x0aff]];
const GURMUKHI: Range[] = [...COMMON, [0x0a00, 0x0a7f]];
const ORIYA: Range[] = [...COMMON, [0x0b00, 0x0b7f]];
const SINHALA: Range[] = [...COMMON, [0x0d80, 0x0dff], [0x111e0, 0x111ff]];
const HEBREW: Range[] = [...COMMON, [0x0590, 0x05ff], [0xfb1d, 0xfb4f]];
const THAI: Range[] = [...COMMON, [0x0e00, 0x0e7f]];
/** Korean: Hangul syllables and jamo (Droid Sans Fallback in Debian has none). */
const HANGUL: Range[] = [...COMMON, [0x1100, 0x11ff], [0x3130, 0x318f], [0xac00, 0xd7af]];
/** Chinese, Japanese and Korean: CJK punctuation, kana, Hangul, the unified ideographs and full-width forms. */
const CJK: Range[] = [
  ...COMMON,
  [0x1100, 0x11ff],
  [0x2e80, 0x2fdf],
  [0x3000, 0x303f],
  [0x3040, 0x30ff],
  [0x3100, 0x312f],
  [0x3130, 0x318f],
  [0x31f0, 0x31ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
  [0xff00, 0xffef],
];

/**
 * Fonts stored in R2 (fonts/r2/, uploaded by `npm start`/`npm run seed` locally and by `npm run deploy`), loaded by
 * the Worker only when a document has text in their script (docs/decisions/0057-fonts-from-r2.md): they would
 * otherwise push the Worker bundle over Cloudflare's size limit. Sources: fonts-noto-core (Noto Serif/Sans) and
 * fonts-droid-fallback (Droid Sans Fallback, Apache 2.0, for CJK: Noto CJK is CFF, which the PDF
 * writer's TrueType subsetter does not read) and fonts-nanum (Nanum Myeongjo, OFL, for Korean).
 */
const R2_FONTS: Array<{ source: string; dir?: string; ranges: Range[]; features: string[] }> = [
  ...["Tamil", "Telugu", "Kannada", "Malayalam", "Gujarati", "Gurmukhi", "Sinhala"].flatMap((script) =>
    ["Regular", "Bold"].map((w) => ({
      source: `NotoSerif${script}-${w}.ttf`,
      ranges: {
        Tamil: TAMIL,
        Telugu: TELUGU,
        Kannada: KANNADA,
        Malayalam: MALAYALAM,
        Gujarati: GUJARATI,
        Gurmukhi: GURMUKHI,
        Sinhala: SINHALA,
      }[script]!,
      features: INDIC_FEATURES,
    })),
  ),
  { source: "NotoSansOriya-Regular.ttf", ranges: ORIYA, features: INDIC_FEATURES },
  { source: "NotoSansOriya-Bold.ttf", ranges: ORIYA, features: INDIC_FEATURES },
  { source: "NotoSerifHebrew-Regular.ttf", ranges: HEBREW, features: BASE_FEATURES },
  { source: "NotoSerifHebrew-Bold.ttf", ranges: HEBREW, features: BASE_FEATURES },
  { source: "NotoSerifThai-Regular.ttf", ranges: THAI, features: BASE_FEATURES },
  { source: "NotoSerifThai-Bold.ttf", ranges: THAI, features: BASE_FEATURES },
  {
    source: "DroidSansFallbackFull.ttf",
    dir: process.env.DROID_DIR ?? "/usr/share/fonts/truetype/droid",
    ranges: CJK,
    features: BASE_FEATURES,
  },
  { source: "NanumMyeongjo.ttf", dir: process.env.NANUM_DIR ?? "/usr/share/fonts/truetype/nanum", ranges: HANGUL, features: BASE_FEATURES },
  {
    source: "NanumMyeongjoBold.ttf",
    dir: process.env.NANUM_DIR ?? "/usr/share/fonts/truetype/nanum",
    ranges: HANGUL,
    features: BASE_FEATURES,
  },
];

const FONTS: Array<{ source: string; dir?: string; out?: string; ranges: Range[]; features: string[] }> = [
  { source: "NotoSerif-Regular.ttf", ranges: LATIN_GREEK_CYRILLIC, features: BASE_FEATURES },
  { source: "NotoSerif-Bold.ttf", ranges: LATIN_GREEK_CYRILLIC, features: BASE_FEATURES },
  { source: "NotoSerif-Italic.ttf", ranges: LATIN_GREEK_CYRILLIC, features: BASE_FEATURES },
  { source: "NotoSerif-BoldItalic.ttf", ranges: LATIN_GREEK_CYRILLIC, features: BASE_FEATURES },
  { source: "NotoNaskhArabic-Regular.ttf", ranges: ARABIC, features: ARABIC_FEATURES },
  { source: "NotoNaskhArabic-Bold.ttf", ranges: ARABIC, features: ARABIC_FEATURES },
  { source: "NotoSerifDevanagari-Regular.ttf", ranges: DEVANAGARI, features: INDIC_FEATURES },
  { source: "NotoSerifDevanagari-Bold.ttf", ranges: DEVANAGARI, features: INDIC_FEATURES },
  { source: "NotoSerifBengali-Regular.ttf", ranges: BENGALI, features: INDIC_FEATURES },
  { source: "NotoSerifBengali-Bold.ttf", ranges: BENGALI, features: INDIC_FEATURES },
  { source: "NotoSerifEthiopic-Regular.ttf", ranges: ETHIOPIC, features: BASE_FEATURES },
  { source: "NotoSerifEthiopic-Bold.ttf", ranges: ETHIOPIC, features: BASE_FEATURES },
  { source: "NotoSansMath-Regular.ttf", ranges: SYMBOLS, features: BASE_FEATURES },
];

function textOf(ranges: Range[]): string {
  let s = "";
  for (const [from, to] of ranges) for (let cp = from; cp <= to; cp++) s += String.fromCodePoint(cp);
  return s;
}

await mkdir(join(OUT_DIR, "r2"), { recursive: true });
const only = process.argv[2] === "--r2" ? "r2" : null;
const jobs = [...(only ? [] : FONTS), ...R2_FONTS.map((f) => ({ ...f, out: "r2" }))];
for (const { source, dir, out: subdir, ranges, features } of jobs) {
  const original = await readFile(join(dir ?? SOURCE_DIR, source));
  const subset = await subsetFont(original, textOf(ranges), {
    targetFormat: "truetype",
    keepFeatures: features,
    // The PDF renderer does hinting itself; GPOS positions are not used when drawing (pdf-lib draws advances only).
    noHinting: true,
    dropTables: ["GPOS", "kern", "DSIG", "STAT", "meta", "vhea", "vmtx"],
    // Keep the copyright, family, style, version, PostScript name and licence records (OFL 1.1 requires them).
    preserveNameIds: [0, 1, 2, 3, 4, 5, 6, 13, 14],
  });
  const out = join(OUT_DIR, subdir ?? "", source.replace(/\.ttf$/, ".ttf.bin"));
  await writeFile(out, subset);
  console.log(`${source.padEnd(34)} ${String(original.length).padStart(8)} -> ${String(subset.length).padStart(8)} bytes`);
}
