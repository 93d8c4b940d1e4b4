// ISO 3166-1 alpha-2 codes of countries as people write them ("India", "Nigeria", "USA"), from the runtime's English
// region names (Intl.DisplayNames) and the short forms affiliations use. JATS <country country="IN"> and OJS's
// author country read it.
let codesByName: Map<string, string> | null = null;

const ALIASES: Record<string, string> = {
  usa: "US",
  "u.s.a.": "US",
  "united states of america": "US",
  uk: "GB",
  "u.k.": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "republic of korea": "KR",
  korea: "KR",
  "south korea": "KR",
  russia: "RU",
  "russian federation": "RU",
  iran: "IR",
  vietnam: "VN",
  "viet nam": "VN",
  "czech republic": "CZ",
  turkey: "TR",
  uae: "AE",
};

/** "South Africa" -> "ZA"; "" when the name is no country this runtime knows. */
export function countryCodeOf(name: string): string {
  const key = name.trim().replace(/\.$/, "").toLowerCase();
  if (/^[a-z]{2}$/i.test(name.trim()) && name.trim() === name.trim().toUpperCase()) return name.trim();
  if (ALIASES[key]) return ALIASES[key];
  if (!codesByName) {
    codesByName = new Map();
    try {
      const names = new Intl.DisplayNames(["en"], { type: "region" });
      for (let a = 65; a <= 90; a++)
        for (let b = 65; b <= 90; b++) {
          const code = String.fromCharCode(a, b);
          const n = names.of(code);
          if (n && n !== code && !codesByName.has(n.toLowerCase())) codesByName.set(n.toLowerCase(), code);
        }
    } catch {
      // No region names in this runtime: no codes.
    }
  }
  return codesByName.get(key) ?? "";
}
