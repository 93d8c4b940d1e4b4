// The demo data that `npm start` seeds into an empty database (scripts/demo/, docs/decisions/0011), checked
// over HTTP on the running server: what a first-time visitor and the demo admin get. Other e2e files may add
// or toggle rows on the same server, so counts are lower bounds and hidden rows are checked by rule, not number.
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import type { AdminIssueArticle, ArchiveYear, ArticleListItem, Editor, IndexingEntry, IssueArticles, Settings } from "#contract/api";
import { DESIGNATIONS, EDITOR_CATEGORIES } from "#contract/constants";
import { fetchAs, HOSTS } from "./support/browser";
import { apiJson } from "./support/demo-data";

const firstPage = (a: { pagenumber: string }) => Number(a.pagenumber.split("-")[0]);
const lastPage = (a: { pagenumber: string }) => Number(a.pagenumber.split("-")[1]);

/** ISSN check digit rule (mod 11, X for 10). */
function validIssn(issn: string): boolean {
  const m = /^(\d{4})-(\d{3})([\dX])$/.exec(issn);
  if (!m) return false;
  const digits = (m[1] + m[2]).split("").map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return m[3] === (check === 10 ? "X" : String(check));
}

async function allIssues(host: string): Promise<IssueArticles[]> {
  const out: IssueArticles[] = [];
  for (const y of await apiJson<ArchiveYear[]>("/api/archives/", host)) {
    for (let n = 1; n <= y.total_issues; n++) {
      const res = await fetchAs(`/api/archives/${y.year}/vol${y.volume}/issue${n}`, host);
      if (res.ok) out.push((await res.json()) as IssueArticles);
    }
  }
  return out;
}

async function login(host: string): Promise<string> {
  const res = await fetchAs("/auth/login/", host, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "demo-admin" }),
  });
  expect(res.status, `demo admin login on ${host}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe("the default demo journal", () => {
  let issues: IssueArticles[];
  let articles: ArticleListItem[];
  beforeAll(async () => {
    issues = await allIssues(HOSTS.main);
    articles = issues.flatMap((i) => i.articles);
  });

  test("has complete settings with two valid ISSNs", async () => {
    const s = await apiJson<Settings>("/api/settings/");
    for (const [field, value] of Object.entries(s)) expect(value, field).not.toBe("");
    const issns = s.issn.split(",").map((x) => x.trim());
    expect(issns).toHaveLength(2);
    for (const issn of issns) expect(validIssn(issn), issn).toBe(true);
    expect(s.home_content).toMatch(/^<p>/);
  });

  test("has at least 12 editors over the three categories, with pictures or the default avatar", async () => {
    const token = await login(HOSTS.main);
    const all = (await (
      await fetchAs("/api/admin/editors", HOSTS.main, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Editor[];
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.some((e) => e.status === "disabled")).toBe(true);
    const editors = await apiJson<Editor[]>("/api/editors/");
    expect(editors.length).toBeGreaterThanOrEqual(10); // another test may toggle one
    expect(new Set(editors.map((e) => e.category))).toEqual(new Set(EDITOR_CATEGORIES));
    for (const e of editors) expect(DESIGNATIONS as readonly string[]).toContain(e.post);
    expect(editors.some((e) => e.picture === "" && e.picture_url === "/img/avatar.png")).toBe(true);
    const types = new Set<string>();
    for (const e of editors.filter((x) => x.picture)) {
      const res = await fetchAs(e.picture_url);
      expect(res.status, e.picture_url).toBe(200);
      types.add(res.headers.get("content-type") ?? "");
    }
    expect(types.has("image/png") && types.has("image/jpeg"), [...types].join()).toBe(true);
    expect((await fetchAs("/img/avatar.png")).headers.get("content-type")).toBe("image/png");
  });

  test("lists at least 8 indexing partners in sortnumber order, each with a logo", async () => {
    const entries = await apiJson<IndexingEntry[]>("/api/indexing/");
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(entries.map((e) => e.sortnumber)).toEqual([...entries.map((e) => e.sortnumber)].sort((a, b) => a - b));
    for (const e of entries) {
      const res = await fetchAs(e.image_url);
      expect(res.status, e.image_url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
    }
  });

  test("has three years of issues with at least 60 articles in ascending page ranges", async () => {
    const years = await apiJson<ArchiveYear[]>("/api/archives/");
    expect(years.length).toBeGreaterThanOrEqual(3);
    expect(new Set(years.map((y) => y.volume)).size).toBe(years.length);
    expect(articles.length).toBeGreaterThanOrEqual(60);
    for (const issue of issues) {
      const seeded = issue.articles.filter((a) => a.refnumber.startsWith("IJANS-"));
      for (let i = 1; i < seeded.length; i++) expect(firstPage(seeded[i])).toBeGreaterThan(lastPage(seeded[i - 1]));
    }
  });

  test("has rich titles, 1-5 authors and non-ASCII names", () => {
    const titles = articles.map((a) => a.title).join("\n");
    expect(titles).toContain("<i>");
    expect(titles).toContain("<sub>");
    expect(titles).toContain("<sup>");
    for (const a of articles.filter((x) => x.refnumber.startsWith("IJANS-"))) {
      const authors = a.authorname.split(",");
      expect(authors.length).toBeGreaterThanOrEqual(1);
      expect(authors.length).toBeLessThanOrEqual(5);
      expect(a.refnumber).toMatch(/^IJANS-\d{4}-\d{4}$/);
      expect(a.file_url?.endsWith(`/${a.refnumber}.pdf`)).toBe(true);
    }
    expect(articles.some((a) => a.authorname.includes("Aynur Məmmədova") && a.authorname.includes("Şükrü Işık"))).toBe(true);
  });

  test("serves each seeded article as a real PDF with as many pages as its range", async () => {
    let checked = 0;
    for (const a of articles.filter((x) => x.file_url)) {
      const res = await fetchAs(a.file_url!);
      expect(res.status, a.file_url!).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()), { updateMetadata: false });
      if (doc.getProducer() !== "journal-edge demo data") continue; // replaced by another test's upload
      expect(doc.getPageCount(), a.refnumber).toBe(lastPage(a) - firstPage(a) + 1);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(55);
  });

  test("keeps disabled articles and articles without a reference number out of public view", async () => {
    const token = await login(HOSTS.main);
    const publicIds = new Set(articles.map((a) => a.id));
    let hidden = 0;
    for (const issue of issues) {
      const res = await fetchAs(`/api/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`, HOSTS.main, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      for (const a of ((await res.json()) as { articles: AdminIssueArticle[] }).articles) {
        const shouldShow = a.status === "enabled" && a.refnumber !== "";
        expect(publicIds.has(a.id), `article ${a.id} (${a.status}, ref "${a.refnumber}")`).toBe(shouldShow);
        if (!shouldShow) {
          hidden++;
          expect((await fetchAs(`/api/archives/${a.id}`)).status).toBe(404);
        }
      }
    }
    expect(hidden).toBeGreaterThanOrEqual(3);
  });
});

describe("the second demo journal (journal2.localhost)", () => {
  test("is a different journal with its own board, partners, issues and articles", async () => {
    const [main, second] = await Promise.all([apiJson<Settings>("/api/settings/"), apiJson<Settings>("/api/settings/", HOSTS.second)]);
    expect(second.websitename).not.toBe(main.websitename);
    expect(second.issn).not.toBe(main.issn);
    expect((await apiJson<Editor[]>("/api/editors/", HOSTS.second)).length).toBeGreaterThanOrEqual(3);
    expect((await apiJson<IndexingEntry[]>("/api/indexing/", HOSTS.second)).length).toBeGreaterThanOrEqual(2);
    const articles = (await allIssues(HOSTS.second)).flatMap((i) => i.articles);
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(articles.every((a) => !a.refnumber.startsWith("IJANS-"))).toBe(true);
    const pdf = articles.find((a) => a.file_url)!;
    expect((await fetchAs(pdf.file_url!, HOSTS.second)).status).toBe(200);
    expect((await fetchAs(pdf.file_url!, HOSTS.main)).status).toBe(404);
  });

  test("has its own demo admin", async () => {
    expect(await login(HOSTS.second)).toMatch(/^ey/);
  });
});

// Issue 27 item 7: what harvesters and Google Scholar read from the demo data.
describe("demo data a harvester reads", () => {
  /** poppler's pdftotext (an independent reader) of a PDF's first page. */
  const firstPageText = async (pdf: Uint8Array) => {
    const { execFile } = await import("node:child_process");
    const { mkdtemp, rm, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = await mkdtemp(join(tmpdir(), "demo-pdf-"));
    try {
      await writeFile(join(dir, "a.pdf"), pdf);
      return await new Promise<string>((resolve, reject) =>
        execFile("pdftotext", ["-enc", "UTF-8", "-l", "1", join(dir, "a.pdf"), "-"], (err, out) => (err ? reject(err) : resolve(out))),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  for (const [host, atLeast] of [
    [HOSTS.main, 50],
    [HOSTS.second, 5],
  ] as const) {
    test(`${host}: every demo PDF prints its authors' names as stored on the first page`, async () => {
      const articles = (await allIssues(host)).flatMap((i) => i.articles).filter((a) => a.file_url);
      let checked = 0;
      for (const a of articles) {
        const res = await fetchAs(a.file_url!, host);
        const bytes = new Uint8Array(await res.arrayBuffer());
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        if (doc.getProducer() !== "journal-edge demo data") continue; // replaced by another test's upload
        const text = (await firstPageText(bytes)).replace(/\s+/g, " ");
        for (const name of a.authorname.split(",").map((n) => n.trim())) expect(text, `${a.refnumber}: ${name}`).toContain(name);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(atLeast);
    });

    test(`${host}: no date in the feed or OAI-PMH lies in the future, and no entry is updated before it was published`, async () => {
      const now = Date.now() + 60_000; // the server's clock is this machine's; a minute for the request itself
      const feed = await (await fetchAs("/feed.xml", host)).text();
      const entries = [...feed.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => ({
        published: /<published>([^<]+)<\/published>/.exec(m[1])?.[1] ?? "",
        updated: /<updated>([^<]+)<\/updated>/.exec(m[1])?.[1] ?? "",
      }));
      expect(entries.length).toBeGreaterThan(5);
      for (const e of entries) {
        expect(Date.parse(e.updated), JSON.stringify(e)).toBeLessThanOrEqual(now);
        expect(Date.parse(e.updated), JSON.stringify(e)).toBeGreaterThanOrEqual(Date.parse(e.published));
      }
      const oai = await (await fetchAs("/oai?verb=ListIdentifiers&metadataPrefix=oai_dc", host)).text();
      const stamps = [...oai.matchAll(/<datestamp>([^<]+)<\/datestamp>/g)].map((m) => Date.parse(m[1]));
      expect(stamps.length).toBeGreaterThan(5);
      for (const s of stamps) expect(s).toBeLessThanOrEqual(now);
    });
  }
});
