// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on the home page, the board, the archives,
// an issue page and an article page of the demo data, against a running `npm start` (BASE_URL, default http://localhost:8787), with
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Each page runs RUNS times (default 3); the medians
// are printed. docs/benchmarks.md ("Current figures") shows the numbers and this command.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const base = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");
const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} (is npm start running at ${base}?)`);
  return (await res.json()) as T;
}

/** The newest issue with articles, and its first article with a PDF. */
async function demoPages(): Promise<[string, string][]> {
  const years = await json<{ year: number; volume: number; total_issues: number }[]>("/api/archives/");
  for (const y of years) {
    for (let n = y.total_issues; n >= 1; n--) {
      const issue = await json<{ articles: { refnumber: string; file_url: string | null }[] }>(
        `/api/archives/${y.year}/${y.volume}/${n}`,
      ).catch(() => null);
      const a = issue?.articles.find((x) => x.file_url) ?? issue?.articles[0];
      if (!a) continue;
      const issuePath = `/archives/${y.year}/vol${y.volume}/issue${n}`;
      return [
        ["home", "/"],
        ["board", "/board"],
        ["archives", "/archives"],
        ["issue", issuePath],
        ["article", `${issuePath}/${encodeURIComponent(a.refnumber)}`],
      ];
    }
  }
  throw new Error("the demo data has no issue with articles");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? NaN,
  };
}

const pages = await demoPages();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  console.log(`Lighthouse ${runs}x per page, mobile, against ${base}; medians:`);
  console.log("page     | perf | a11y | best practices | SEO | CLS    | LCP ms | TBT ms | FCP ms | path");
  for (const [name, path] of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(`${base}${path}`, chrome.port));
    const m = (k: keyof Run) => median(results.map((r) => r[k]));
    console.log(
      `${name.padEnd(8)} | ${String(m("performance")).padStart(4)} | ${String(m("accessibility")).padStart(4)} | ${String(m("bestPractices")).padStart(14)} | ${String(m("seo")).padStart(3)} | ${m("cls").toFixed(3).padStart(6)} | ${Math.round(m("lcpMs")).toString().padStart(6)} | ${Math.round(m("tbtMs")).toString().padStart(6)} | ${Math.round(m("fcpMs")).toString().padStart(6)} | ${path}`,
    );
  }
} finally {
  chrome.kill();
}
