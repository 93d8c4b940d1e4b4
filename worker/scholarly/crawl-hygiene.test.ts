// The crawling defects of issue 10: soft 404s, non-canonical URL variants, crawlable generated documents, and
// byte ranges with a stale If-Range or past the end of the file.
import { describe, expect, it } from "vitest";
import { createArticle, createEditor, createIssue, createJournal, putArticleFile, request } from "#tests/api/fixtures";
import { bodyText } from "#tests/api/body-text";

describe("no soft 404s", () => {
  it("answers 404 (not the SPA shell with 200) for missing .html paths and missing static files", async () => {
    const j = await createJournal();
    for (const path of ["/nope.html", "/archives/index.html", "/static/nope", "/static/nope.js", "/img/nope.png", "/nope"]) {
      const res = await request(j.host, path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    // Real pages and files still answer.
    expect((await request(j.host, "/board")).status).toBe(200);
    expect((await request(j.host, "/favicon.svg")).status).toBe(200);
  });
});

describe("301 to the canonical URL", () => {
  it("redirects every variant of an issue, article, PDF or citation URL, keeping the query", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 9, 1);
    await createArticle(j.id, { refnumber: "R-1", year: 2024, volume: 9, issue: 1, file: "R-1.pdf" });
    const cases: [string, string][] = [
      ["/archives/2024/vol09/issue01/", "/archives/2024/vol9/issue1"],
      ["/archives/2024/vol9/issue1/", "/archives/2024/vol9/issue1"],
      ["/archives/2024/9/1", "/archives/2024/vol9/issue1"],
      ["/archives/2024/volume-9/no-1/R-1", "/archives/2024/vol9/issue1/R-1"],
      ["/archives/2024/vol09/issue01/R-1/", "/archives/2024/vol9/issue1/R-1"],
      ["/archives/2024/vol9/issue1/R-1.PDF", "/archives/2024/vol9/issue1/R-1.pdf"],
      ["/archives/2024/vol09/issue1/R-1.pdf", "/archives/2024/vol9/issue1/R-1.pdf"],
      ["/archives/2024/9/1/R-1.ris", "/archives/2024/vol9/issue1/R-1.ris"],
      ["/archives/2024/vol9/issue1/R-1?utm=x", "/archives/2024/vol9/issue1/R-1?utm=x"],
      ["/board/", "/board"],
    ];
    for (const [from, to] of cases) {
      const res = await request(j.host, from.includes("?") ? from.replace("/R-1?", "/R-1/?") : from, { redirect: "manual" });
      expect([from, res.status, res.headers.get("location")]).toEqual([from, 301, to]);
    }
    // Canonical URLs answer directly.
    for (const path of ["/archives/2024/vol9/issue1", "/archives/2024/vol9/issue1/R-1", "/board"]) {
      expect([path, (await request(j.host, path, { redirect: "manual" })).status]).toEqual([path, 200]);
    }
    // The API is never redirected.
    expect((await request(j.host, "/api/archives/2024/9/1", { redirect: "manual" })).status).toBe(200);
  });
});

describe("generated documents are not indexed", () => {
  it("sends X-Robots-Tag: noindex on certificates, cover pages, the editorial board and errors under /api/pdf", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { authorname: "Asha Verma" });
    await createEditor(j.id);
    for (const path of [
      `/api/pdf/certificate/${a.refnumber}/Asha%20Verma`,
      `/api/pdf/coverpage/${a.refnumber}`,
      "/api/pdf/editorialboard",
      "/api/pdf/coverpage/NOPE",
    ]) {
      const res = await request(j.host, path);
      expect([path, res.headers.get("x-robots-tag")]).toEqual([path, "noindex, nofollow"]);
    }
    // Article PDFs are what indexers should find.
    await putArticleFile(j.id, { year: a.year, volume: a.volume, issue: a.issue, file: "x.pdf" });
    expect(
      (await request(j.host, `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/x.pdf`)).headers.get("x-robots-tag"),
    ).toBeNull();
  });
});

describe("byte ranges", () => {
  const body = new TextEncoder().encode(`%PDF-1.4\n${"0123456789".repeat(50)}\n%%EOF\n`);
  const path = "/assets/archives/2024/vol6issue2/IJ-1.pdf";
  async function setup() {
    const j = await createJournal();
    // Only a file an enabled article names is served (worker/archive/files.routes.ts).
    await createArticle(j.id, { refnumber: "IJ-1", year: 2024, volume: 6, issue: 2, file: "IJ-1.pdf" });
    await putArticleFile(j.id, { year: 2024, volume: 6, issue: 2, file: "IJ-1.pdf" }, body);
    const full = await request(j.host, path);
    return { j, etag: full.headers.get("etag")!, lastModified: full.headers.get("last-modified")! };
  }

  it("honours If-Range only while the validator is current; a stale one gets the whole file (200)", async () => {
    const { j, etag, lastModified } = await setup();
    const fresh = await request(j.host, path, { headers: { range: "bytes=0-8", "if-range": etag } });
    expect(fresh.status).toBe(206);
    expect(await bodyText(fresh)).toBe("%PDF-1.4\n");
    const byDate = await request(j.host, path, { headers: { range: "bytes=0-8", "if-range": lastModified } });
    expect(byDate.status).toBe(206);
    await byDate.arrayBuffer();
    for (const stale of ['"0123456789abcdef"', 'W/"x"', "Mon, 01 Jan 2001 00:00:00 GMT"]) {
      const res = await request(j.host, path, { headers: { range: "bytes=0-8", "if-range": stale } });
      expect([stale, res.status, res.headers.get("content-range")]).toEqual([stale, 200, null]);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(body);
    }
  });

  it("answers 416 with Content-Range: bytes */size for a range past the end", async () => {
    const { j } = await setup();
    for (const range of ["bytes=99999-", `bytes=${body.length}-${body.length + 5}`, "bytes=-0"]) {
      const res = await request(j.host, path, { headers: { range } });
      expect([range, res.status, res.headers.get("content-range")]).toEqual([range, 416, `bytes */${body.length}`]);
    }
    // A range running past the end is clamped; a malformed or multi-range header gets the whole file.
    const clamped = await request(j.host, path, { headers: { range: `bytes=${body.length - 3}-99999` } });
    expect([clamped.status, await bodyText(clamped)]).toEqual([206, "OF\n"]);
    const many = await request(j.host, path, { headers: { range: "bytes=0-1,5-6" } });
    expect(many.status).toBe(200);
    await many.arrayBuffer();
  });
});
