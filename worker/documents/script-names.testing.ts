// Test data: a name in each of 20 scripts (several Indic names with pre-base vowels, reph and conjuncts).
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

