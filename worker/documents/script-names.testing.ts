// Test data: a name in each of 20 scripts (several Indic names with pre-base vowels, reph and conjuncts), and the
// certificate both readers check it on (pdf.js: scripts.test.ts; poppler and qpdf: scripts.tools.test.ts).
import { env } from "cloudflare:test";
import { buildCertificate } from "./certificate";
import { loadFontsFor } from "./remote-fonts";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_VERIFICATION } from "./sample-documents";

/** The sample certificate with `name` as its author, its script's font loaded from R2 first. */
export async function certificateNaming(name: string): Promise<Uint8Array> {
  await loadFontsFor(env.FILES, [name]);
  return buildCertificate({
    branding: SAMPLE_BRANDING,
    article: SAMPLE_ARTICLE,
    author: name,
    chief: null,
    verification: SAMPLE_VERIFICATION,
  });
}

export const SCRIPT_NAMES: Array<[string, string]> = [
  ["Latin", "Zbigniew Wąsowski"],
  ["Vietnamese", "Nguyễn Thị Minh"],
  ["Greek", "Γεώργιος Παπαδόπουλος"],
  ["Cyrillic", "Дмитрий Иванов"],
  ["Arabic", "محمد عبد الله"],
  ["Devanagari", "अमिताभ बच्चन"],
  ["Bengali", "রবীন্দ্রনাথ ঠাকুর"],
  ["Ethiopic", "አበበ ቢቂላ"],
  ["Tamil", "கார்த்திகேயன் சுப்பிரமணியன்"],
  ["Telugu", "వెంకటేశ్వర రావు"],
  ["Kannada", "ಕೃಷ್ಣಮೂರ್ತಿ ಹೆಗ್ಡೆ"],
  ["Malayalam", "ശ്രീകുമാർ മേനോൻ"],
  ["Gujarati", "કિરણ પટેલ"],
  ["Gurmukhi", "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ"],
  ["Odia", "ପ୍ରଦୀପ ମହାନ୍ତି"],
  ["Sinhala", "කුමාර සංගක්කාර"],
  ["Hebrew", "יעל כהן"],
  ["Thai", "สมชาย ใจดี"],
  ["Chinese", "王小明"],
  ["Korean", "김민준"],
];
