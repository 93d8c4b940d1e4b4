// The search benchmark's data set (`npm run bench:search`): 100,000 synthetic articles across five journals,
// built from a fixed seed so every run measures the same rows. Words follow a Zipf distribution (exponent 1)
// over a 50,000-word vocabulary: a few function words are in almost every abstract, subject words like
// "protein" in about half, and the tail words in a few dozen. Abstracts are 150 words, titles 10.
// Journal 1 (60,000 articles) holds the 500-article issue 2030 / vol 99 / issue 1.

/** Journals of the data set: host name and article count. */
export const BENCH_JOURNALS = [
  { host: "bench-1.test", articles: 60_000 },
  { host: "bench-2.test", articles: 20_000 },
  { host: "bench-3.test", articles: 10_000 },
  { host: "bench-4.test", articles: 6_000 },
  { host: "bench-5.test", articles: 4_000 },
] as const;
export const BIG_ISSUE = { year: 2030, volume: 99, issue: 1, articles: 500 } as const;
const ABSTRACT_WORDS = 150;
const TITLE_WORDS = 10;
const VOCABULARY_SIZE = 50_000;
const SEED = 20261122;
/** Share of articles that are not public (disabled), so the scope has something to hide. */
const HIDDEN_SHARE = 0.02;

// The head of the vocabulary, most frequent first: function words, then subject words.
const HEAD = (
  "the of and in a to for with on by is was were are from at as that this an be or which these we " +
  "study results water analysis soil data effect method model growth protein using between levels " +
  "treatment two high based significant plant use different samples response system three performance " +
  "species temperature control cell quality effects production health patients development factors rate " +
  "yield management risk design structure process surface energy activity disease concentration " +
  "environmental climate nitrogen evaluation population higher lower observed increased total time " +
  "crop rice carbon river fish community students economic policy learning network rural urban " +
  "acid gene expression infection clinical children women farmers market training knowledge " +
  "fisheries aquaculture groundwater arsenic salinity mangrove wheat maize sugarcane cotton biomass"
).split(" ");
const SYLLABLES =
  "ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu".split(
    " ",
  );
const FIRST_NAMES =
  "Aynur Rahul Farhana Chinedu Adaeze Nguyen Mehmet Priya Oluwaseun Fatima Ahmed Sadia Tunde Kwame Leila Arjun Siti Budi Dewi Imran".split(
    " ",
  );
const LAST_NAMES =
  "Mammadova Verma Akter Okafor Okonkwo Minh Yilmaz Sharma Adeyemi Khan Hassan Rahman Bello Mensah Karimi Nair Aminah Santoso Lestari Qureshi".split(
    " ",
  );
const COUNTRIES = ["India", "Nigeria", "Pakistan", "Indonesia", "Bangladesh", "Egypt", "Ethiopia", "Saudi Arabia", "Azerbaijan"];

/** mulberry32: a small, fast, seedable PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The vocabulary, most frequent first: HEAD, then made-up words of 2–4 syllables (all distinct). */
export function vocabulary(): string[] {
  const words = [...HEAD];
  const seen = new Set(words);
  const rnd = random(SEED ^ 0x5eed);
  while (words.length < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** A Zipf sampler over `words` (weight 1/rank). */
function zipf(words: string[], rnd: () => number): () => string {
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let i = 0; i < words.length; i++) cumulative[i] = sum += 1 / (i + 1);
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

export interface BenchArticle {
  journal: number;
  refnumber: string;
  title: string;
  authorname: string;
  abstract: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  country: string;
  status: string;
}

/** Every article of the data set, journal by journal, in a fixed order. `journal` is the index in BENCH_JOURNALS. */
export function* benchArticles(): Generator<BenchArticle> {
  const rnd = random(SEED);
  const word = zipf(vocabulary(), rnd);
  const words = (n: number) => Array.from({ length: n }, word).join(" ");
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  for (let j = 0; j < BENCH_JOURNALS.length; j++) {
    const total = BENCH_JOURNALS[j].articles;
    const big = j === 0 ? BIG_ISSUE.articles : 0;
    for (let i = 0; i < total; i++) {
      // Journal 1's first 500 articles are the big issue; the rest fill 30 years of 4 issues each.
      const inBig = i < big;
      const k = i - big;
      const slot = Math.floor((k / (total - big)) * 120);
      const at = inBig ? BIG_ISSUE : { year: 2000 + Math.floor(slot / 4), volume: 1 + Math.floor(slot / 4), issue: 1 + (slot % 4) };
      const title = words(TITLE_WORDS);
      const first = 1 + (i % 500) * 8;
      yield {
        journal: j,
        refnumber: `B${j + 1}-${String(i + 1).padStart(6, "0")}`,
        title: title[0].toUpperCase() + title.slice(1),
        authorname: Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`).join(", "),
        abstract: words(ABSTRACT_WORDS),
        year: at.year,
        volume: at.volume,
        issue: at.issue,
        pagenumber: `${first}-${first + 7}`,
        country: pick(COUNTRIES),
        status: rnd() < HIDDEN_SHARE ? "disabled" : "enabled",
      };
    }
  }
}

/** The word at a vocabulary rank (1 = most frequent): the bench's rare term is rank 40,000. */
export const wordAtRank = (rank: number) => vocabulary()[rank - 1];
