// What staff type is what is stored and shown (issue 26 item 1): 32 real-world titles typed into the real editor
// (formatting from the toolbar), saved through the add-article form, then read back from every output with
// parsers that are not the code that wrote them: xmllint (HTML page, Atom feed, OAI-PMH, Crossref XML) and
// pdftotext (the cover page PDF).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchAs, launchBrowser, screenshot, urlFor, watchConsole, DESKTOP, HOSTS } from "./support/browser";
import { DEMO_ADMIN, expectNoUnexpectedErrors, login, makePdf, RUN, SHOTS_ADMIN } from "./admin.fixtures";
import type { AdminArticle, AdminIssueArticles, ArchiveYear } from "#contract/api";

type Mark = "em" | "sub" | "sup" | "strong";
type Segment = string | { mark: Mark; text: string };
const i = (text: string): Segment => ({ mark: "em", text });
const sub = (text: string): Segment => ({ mark: "sub", text });
const sup = (text: string): Segment => ({ mark: "sup", text });

/** Titles as journals print them: chemistry with < > &, ions and formulas, quotes, Greek, tag-like text, scripts. */
const CORPUS: Segment[][] = [
  ["Growth of ", i("E. coli"), " at pH < 5 & 37 °C in broth"],
  ['Tea soils at pH < 5 & temperature > 30 °C: "acidic" <b>not bold</b> O\'Brien'],
  ["Uptake of CO", sub("2"), " by ", i("Zea mays"), " under drought"],
  ["Ca", sup("2+"), " and Mg", sup("2+"), " exchange in clay soils"],
  ["SO", sub("4"), sup("2−"), " reduction by sulfate-reducing bacteria"],
  ["Yields where N > 120 kg/ha & P < 40 kg/ha"],
  ["The <script>alert(1)</script> problem in web forms"],
  ["Use of &amp; and &lt; entities in XML exports"],
  ['Why "p < 0.05" is not enough'],
  ["O'Neil's & D'Souza's cohort: a re-analysis"],
  ["α-Amylase and β-glucosidase activity at 25–40 °C"],
  ["Δ", sup("9"), "-THC metabolism in humans"],
  ["µ-opioid receptors and pain ≥ 7/10"],
  ["A → B ⇌ C: reversible kinetics"],
  ["Comparing x <= y and y >= z in SQL"],
  ["<i>Italic</i> written as text, not as markup"],
  ["Fe", sub("3"), "O", sub("4"), " nanoparticles for arsenic removal"],
  ["H", sub("2"), "O", sub("2"), " & NaOCl as disinfectants"],
  ["E = mc", sup("2"), " revisited"],
  ["Effect of 5 mg/L Cu", sup("2+"), " on ", i("Daphnia magna")],
  ["The p*-value and C_p_ indices in quality control"],
  ["Soil \"quality\" ≠ soil 'health'?"],
  ["Trade-offs in R&D: 1990–2020"],
  ["دراسة تأثير الملوحة على نمو القمح"],
  ["गेहूं की फसल पर लवणता का प्रभाव"],
  ["小麦の生育に対する塩分の影響"],
  ["盐胁迫对小麦生长的影响研究"],
  ["염분이 밀 생장에 미치는 영향"],
  ["Влияние засоления на рост пшеницы"],
  ["Η επίδραση της αλατότητας στο σιτάρι"],
  ["Étude de la croissance à Straße Ölberg"],
  ["Na", sup("+"), "/K", sup("+"), "-ATPase < 50% & > 10% activity"],
];

const plainOf = (title: Segment[]) => title.map((s) => (typeof s === "string" ? s : s.text)).join("");
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const storedOf = (title: Segment[]) =>
  title.map((s) => (typeof s === "string" ? escapeHtml(s) : `<${s.mark}>${escapeHtml(s.text)}</${s.mark}>`)).join("");
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
/** XPath 1.0 has no ends-with(). */
const endsWith = (node: string, tail: string) => `substring(${node}, string-length(${node}) - ${tail.length - 1}) = '${tail}'`;

const SHORTCUT: Record<Mark, string> = { em: "Italic", strong: "Bold", sub: "Subscript", sup: "Superscript" };

/** Types a title into the Title editor as staff would: text from the keyboard, formatting from the toolbar. */
async function typeTitle(page: Page, title: Segment[]): Promise<void> {
  const box = page.getByRole("textbox", { name: "Title" });
  await box.click();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" }).first();
  for (const segment of title) {
    if (typeof segment === "string") {
      await page.keyboard.type(segment);
      continue;
    }
    await toolbar.getByRole("button", { name: SHORTCUT[segment.mark] }).click();
    await page.keyboard.type(segment.text);
    await toolbar.getByRole("button", { name: SHORTCUT[segment.mark] }).click();
  }
}

const dir = mkdtempSync(join(tmpdir(), "title-corpus-"));
/** xmllint's reading of `xpath` in `body` (HTML when `html`), as text. */
function xpath(body: string, expr: string, html = false): string {
  const file = join(dir, `doc-${Math.random().toString(36).slice(2)}.${html ? "html" : "xml"}`);
  writeFileSync(file, body);
  const args = [...(html ? ["--html"] : []), "--nowarning", "--xpath", expr, file];
  try {
    return execFileSync("xmllint", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (error) {
    // xmllint exits non-zero when the XPath selects nothing.
    return (error as { stdout?: string }).stdout ?? "";
  }
}

let browser: Browser;
let year: number;
let volume: number;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
beforeAll(async () => {
  browser = await launchBrowser();
  const [newest] = (await (await fetchAs("/api/archives/", HOSTS.main)).json()) as ArchiveYear[];
  year = newest.year;
  volume = newest.volume;
  const res = await fetchAs("/auth/login/", HOSTS.main, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

describe("the title corpus, typed into the real editor", () => {
  const saved: { title: Segment[]; ref: string; id: number }[] = [];

  test("each title is stored exactly as typed (only the toolbar's formatting is markup)", { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    const pdf = await makePdf(`Corpus ${RUN}`);
    for (const [n, title] of CORPUS.entries()) {
      const ref = `TC-${RUN}-${n}`;
      await page.goto(urlFor(`/admin/archives/add/${year}/${volume}/1`));
      await typeTitle(page, title);
      await page.getByRole("textbox", { name: "Abstract" }).click();
      await page.keyboard.type("Corpus abstract.");
      await page.getByLabel("Author name").fill("Asha Rao");
      await page.getByLabel("Reference number").fill(ref);
      await page.getByLabel("Page number").fill(`${n + 1}-${n + 2}`);
      await page.getByLabel("Transaction ID").fill(`TXN-${ref}`);
      await page.getByLabel("Email", { exact: true }).fill("asha@example.org");
      await page.getByLabel("Article PDF").setInputFiles({ name: "corpus.pdf", mimeType: "application/pdf", buffer: pdf });
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("dialog", { name: "Article added successfully" }).waitFor();
      if (n === 1) await screenshot(page, "title-corpus-saved-1280", SHOTS_ADMIN);
      saved.push({ title, ref, id: 0 });
    }
    await context.close();
    expectNoUnexpectedErrors(errors);

    const issue = (await (
      await fetchAs(`/api/admin/archives/${year}/${volume}/1`, HOSTS.main, { headers: auth() })
    ).json()) as AdminIssueArticles;
    for (const s of saved) {
      const row = issue.articles.find((a) => a.refnumber === s.ref);
      expect(row, s.ref).toBeTruthy();
      s.id = row!.id;
      // The admin list and the stored article hold exactly what was typed.
      expect(row!.title, plainOf(s.title)).toBe(storedOf(s.title));
      const article = (await (await fetchAs(`/api/admin/articles/${s.id}`, HOSTS.main, { headers: auth() })).json()) as AdminArticle;
      expect(article.title).toBe(storedOf(s.title));
    }
  });

  test("the article page shows it and its citation tag carries it, read by xmllint's HTML parser", async () => {
    expect(saved).toHaveLength(CORPUS.length);
    for (const s of saved) {
      const html = await (await fetchAs(`/archives/${year}/vol${volume}/issue1/${s.ref}`, HOSTS.main)).text();
      const plain = plainOf(s.title);
      expect(collapse(xpath(html, "string(//h1)", true)), plain).toBe(plain);
      expect(collapse(xpath(html, 'string(//meta[@name="citation_title"]/@content)', true)), plain).toBe(plain);
    }
  });

  test("OAI-PMH (oai_dc) and the Crossref deposit carry it, read by xmllint", async () => {
    // OAI identifiers name the journal's primary host, its Domain setting (issue 40 item 2).
    const { domain } = (await (await fetchAs("/api/settings/", HOSTS.main)).json()) as { domain: string };
    for (const s of saved) {
      const oai = await (
        await fetchAs(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${domain}:${encodeURIComponent(s.ref)}`, HOSTS.main)
      ).text();
      const plain = plainOf(s.title);
      expect(collapse(xpath(oai, 'string(//*[local-name()="dc"]/*[local-name()="title"])')), plain).toBe(plain);
    }
    const crossref = await (await fetchAs(`/api/admin/crossref/${year}/${volume}/1`, HOSTS.main, { headers: auth() })).text();
    for (const s of saved) {
      const article = `//*[local-name()="journal_article"][.//*[local-name()="resource"][${endsWith(".", `/${s.ref}`)}]]`;
      const title = xpath(crossref, `string(${article}/*[local-name()="titles"]/*[local-name()="title"])`);
      expect(collapse(title), plainOf(s.title)).toBe(plainOf(s.title));
    }
  });

  test("the Atom feed lists the newest ones with their titles, read by xmllint", async () => {
    const feed = await (await fetchAs("/feed.xml", HOSTS.main)).text();
    const inFeed = saved.filter((s) => feed.includes(`/${s.ref}"`));
    expect(inFeed.length).toBeGreaterThan(0);
    for (const s of inFeed) {
      const entry = `//*[local-name()="entry"][*[local-name()="link"][${endsWith("@href", `/${s.ref}`)}]]`;
      expect(collapse(xpath(feed, `string(${entry}/*[local-name()="title"])`)), plainOf(s.title)).toBe(plainOf(s.title));
    }
  });

  test("the cover page PDF prints it, read by pdftotext", async () => {
    const misses: string[] = [];
    for (const s of saved.filter((t) =>
      /^[\p{Script=Latin}\p{Script=Common}\p{Script=Greek}\p{Script=Inherited}]*$/u.test(plainOf(t.title)),
    )) {
      const res = await fetchAs(`/api/pdf/coverpage/${encodeURIComponent(s.ref)}`, HOSTS.main);
      expect(res.status, s.ref).toBe(200);
      const file = join(dir, `${s.ref}.pdf`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = collapse(execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
      if (!text.includes(collapse(plainOf(s.title)))) misses.push(plainOf(s.title));
    }
    expect(misses).toEqual([]);
  });
});
