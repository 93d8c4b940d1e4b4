// One renderer for the public site (docs/decisions/0070): every public route's first HTML already holds the text a
// reader sees after hydration, with the right status and no console errors (hydration mismatches included), and
// the head follows client-side navigation (between two articles, and on two journals' hosts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ArchiveYear, ArticleListItem as Article, IssueArticles, Settings } from "#contract/api";
import { richTextToPlain } from "#contract/rich-text";
import { HOSTS, launchBrowser, openPage, settle, urlFor } from "./support/browser";
import { apiJson, latestIssue, settingsOf } from "./support/demo-data";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fold = (s: string) => s.replace(/\s+/g, " ").trim();
const articlePath = (a: Article) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}`;
const issuePath = (a: { year: number; volume: number; issue: number }) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}`;

/** Resolves once the browser has hydrated (or rendered) #root: web/main.tsx marks <html data-hydrated>. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await settle(page);
}

/** The text of #root as a browser without JavaScript shows the first HTML. */
async function firstHtmlText(path: string, host: string = HOSTS.main): Promise<{ text: string; status: number | null }> {
  const opened = await openPage(browser, path, { javaScript: false, host });
  const text = await opened.page.locator("#root").innerText();
  await opened.close();
  return { text: fold(text), status: opened.status };
}

/** The page's head as a reference manager reads it. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const metas = (name: string) => Array.from(document.querySelectorAll(`meta[name="${name}"]`)).map((m) => m.getAttribute("content"));
    return {
      title: document.title,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      description: metas("description"),
      citationTitle: metas("citation_title"),
      citationPdf: metas("citation_pdf_url"),
      citationAuthors: metas("citation_author"),
      jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
    };
  });
}

type Issue = Awaited<ReturnType<typeof latestIssue>>;
const searchWord = (a: Article) =>
  richTextToPlain(a.title)
    .split(/\s+/)
    .find((w) => /^[A-Za-z]{6,}$/.test(w)) ?? "soil";

/** Every public route of SPEC §2 (paths from the demo data) and the status it answers with. */
const ROUTES: [name: string, path: (issue: Issue) => string, status: number][] = [
  ["home", () => "/", 200],
  ["board", () => "/board", 200],
  ["archives", () => "/archives", 200],
  ["issue", (i) => issuePath(i), 200],
  ["article", (i) => articlePath(i.articles[0]), 200],
  ["missing article", (i) => `${issuePath(i)}/NO-SUCH-REF`, 404],
  ["missing issue", () => "/archives/1999/vol1/issue9", 404],
  ["certificates form", () => "/pdf", 200],
  ["certificates of an article", (i) => `/pdf?refno=${encodeURIComponent(i.articles[0].refnumber)}`, 200],
  ["search form", () => "/search", 200],
  ["search results", (i) => `/search?q=${encodeURIComponent(searchWord(i.articles[0]))}`, 200],
  ["search without results", () => "/search?q=qqqzzzxxy", 200],
  ["instructions", () => "/instructions", 200],
  ["indexing", () => "/indexing", 200],
  ["contact", () => "/contact", 200],
  ["submit online", () => "/article", 200],
  ["unknown page", () => "/no-such-page", 404],
];

describe("first HTML equals the hydrated page", () => {
  let issue: Issue;
  beforeAll(async () => {
    issue = await latestIssue();
  });

  for (const [name, pathOf, status] of ROUTES) {
    it(`${name}: same text before and after hydration, status ${status}, no console errors`, async () => {
      const path = pathOf(issue);
      const first = await firstHtmlText(path);
      expect(first.status, path).toBe(status);
      expect(first.text.length, path).toBeGreaterThan(20);
      const opened = await openPage(browser, path, { waitFor: null });
      await hydrated(opened.page);
      expect(opened.status, path).toBe(status);
      // The article's Views and Downloads arrive after the page loads, by design (one cached page for every
      // reader, docs/decisions/0165): compared as the first HTML shows them, a dash.
      await opened.page.evaluate(() => {
        document.querySelectorAll("[data-figure]").forEach((figure) => {
          figure.textContent = "–";
        });
      });
      expect(fold(await opened.page.locator("#root").innerText()), path).toBe(first.text);
      // A 404 document is an expected console line in Chromium ("Failed to load resource"); nothing else is.
      expect(
        opened.errors.filter((e) => !(status === 404 && /status of 404/.test(e))),
        path,
      ).toEqual([]);
      await opened.close();
    });
  }

  it("home and archives link every issue; an issue page links every article", async () => {
    const issue = await latestIssue();
    for (const path of ["/", "/archives"]) {
      const opened = await openPage(browser, path, { javaScript: false });
      const hrefs = await opened.page.locator("#root a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs, path).toContain(issuePath(issue));
      await opened.close();
    }
    const opened = await openPage(browser, issuePath(issue), { javaScript: false });
    const hrefs = await opened.page.locator("#root a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const a of issue.articles) expect(hrefs).toContain(articlePath(a));
    await opened.close();
  });
});

describe("hydration with mixed-script text", () => {
  // Devanagari with a virama and a zero-width joiner, Arabic (right to left, Eastern Arabic digits) with a
  // right-to-left mark, Bengali, Ethiopic, Han, a decomposed accent (e + U+0301), an emoji with a modifier, an
  // ampersand and angle brackets as text, and line breaks inside rich text.
  const MIXED =
    "<p><b>मृदा विज्ञान</b> क्\u200dष — <i>علوم التربة</i> \u200f٣٤ — মৃত্তিকা বিজ্ঞান — የአፈር ሳይንስ — 土壤科学 — Cafe\u0301 👩🏽‍🔬 &amp; &lt;3<br>x<sub>2</sub>O</p>";
  const ADDRESS = "<p>कृषि भवन, 12 شارع التحرير<br>ঢাকা 1207 — 北京</p>";

  async function saveSettings(body: Record<string, string>): Promise<void> {
    const login = await fetch(urlFor("/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "demo-admin" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(urlFor("/api/settings"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  let saved: Settings;
  beforeAll(async () => {
    saved = await settingsOf();
    await saveSettings({ home_content: MIXED, address: ADDRESS });
  });
  afterAll(async () => {
    await saveSettings({ home_content: saved.home_content ?? "", address: saved.address ?? "" });
  });

  for (const path of ["/", "/contact"]) {
    it(`${path}: the Worker's markup hydrates without a mismatch, and the text reads the same before and after`, async () => {
      const first = await firstHtmlText(path);
      expect(first.text).toContain(path === "/" ? "মৃত্তিকা বিজ্ঞান" : "ঢাকা 1207");
      const opened = await openPage(browser, path, { waitFor: null });
      await hydrated(opened.page);
      expect(fold(await opened.page.locator("#root").innerText())).toBe(first.text);
      // hydrateRoot's onRecoverableError (web/main.tsx) writes any mismatch to the console.
      expect(opened.errors).toEqual([]);
      await opened.close();
    });
  }
});

describe("the head follows client-side navigation", () => {
  it("article A -> its issue -> article B: title, citation tags and canonical describe B", async () => {
    const issue = await issueWithTwoFiles();
    const [a, b] = issue.articles.filter((x) => x.file_url);
    const direct = await openPage(browser, articlePath(b), { waitFor: null });
    await hydrated(direct.page);
    const expected = await headOf(direct.page);
    await direct.close();

    const opened = await openPage(browser, articlePath(a), { waitFor: null });
    await hydrated(opened.page);
    const before = await headOf(opened.page);
    expect(before.citationTitle).toEqual([richTextToPlain(a.title)]);
    const loads: string[] = [];
    opened.page.on("request", (r) => r.resourceType() === "document" && loads.push(r.url()));

    await opened.page.locator(".breadcrumb a", { hasText: "VOL." }).click();
    await opened.page.waitForURL(urlFor(issuePath(issue)));
    await opened.page.waitForFunction((t) => document.title.startsWith(t), `VOL. ${issue.volume}, ISSUE ${issue.issue}`);
    const onIssue = await headOf(opened.page);
    expect(onIssue.citationTitle).toEqual([]);
    expect(onIssue.canonical).toBe(urlFor(issuePath(issue)));

    await opened.page
      .locator(`a[href="${articlePath(b)}"]`)
      .first()
      .click();
    await opened.page.waitForURL(urlFor(articlePath(b)));
    await opened.page.waitForFunction((t) => document.title === t, expected.title);
    const after = await headOf(opened.page);
    expect(after).toEqual(expected);
    // The main title first; an article with language versions adds one citation_title per language after it.
    expect(after.citationTitle[0]).toBe(richTextToPlain(b.title));
    expect(after.citationPdf).toEqual([urlFor(`${articlePath(b)}.pdf`)]);
    expect(after.canonical).toBe(urlFor(articlePath(b)));
    expect(loads, "navigation stayed in the page").toEqual([]);
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it("on two journals' hosts, each navigation's head names that host's journal", async () => {
    for (const host of [HOSTS.second, HOSTS.main]) {
      const settings: Settings = await settingsOf(host);
      const issue = await latestIssue(host);
      const a = issue.articles[0];
      const opened = await openPage(browser, "/", { host, waitFor: null });
      await hydrated(opened.page);
      expect(document_title(await headOf(opened.page))).toBe(settings.websitename);
      for (const [linkText, path, title] of [
        ["ARCHIVES", "/archives", `Archives | ${settings.websitename}`],
        [
          `VOL. ${issue.volume} : ISSUE ${issue.issue}`,
          issuePath(issue),
          `VOL. ${issue.volume}, ISSUE ${issue.issue} (${issue.year}) | ${settings.websitename}`,
        ],
      ] as const) {
        await opened.page
          .locator("main a", { hasText: linkText })
          .or(opened.page.locator("nav a", { hasText: linkText }))
          .first()
          .click();
        await opened.page.waitForURL(urlFor(path, host));
        await opened.page.waitForFunction((t) => document.title === t, title);
        expect((await headOf(opened.page)).canonical, `${host}${path}`).toBe(urlFor(path, host));
      }
      await opened.page
        .locator(`a[href="${articlePath(a)}"]`)
        .first()
        .click();
      await opened.page.waitForURL(urlFor(articlePath(a), host));
      await opened.page.waitForFunction((t) => document.title === t, `${richTextToPlain(a.title)} | ${settings.websitename}`);
      const head = await headOf(opened.page);
      expect(head.citationTitle).toEqual([richTextToPlain(a.title)]);
      expect(head.canonical).toBe(urlFor(articlePath(a), host));
      expect(head.jsonLd).toBe(1);
      expect(opened.errors).toEqual([]);
      await opened.close();
    }
  });
});

const document_title = (h: { title: string }) => h.title;

/** The newest demo issue with two articles that have PDFs (other tests may add a newer, smaller issue). */
async function issueWithTwoFiles(): Promise<IssueArticles> {
  const years = await apiJson<ArchiveYear[]>("/api/archives/");
  for (const y of years) {
    for (let n = y.total_issues; n >= 1; n--) {
      const issue = await apiJson<IssueArticles>(`/api/archives/${y.year}/${y.volume}/${n}`).catch(() => null);
      if (issue && issue.articles.filter((a) => a.file_url).length >= 2) return issue;
    }
  }
  throw new Error("no demo issue with two article PDFs");
}
