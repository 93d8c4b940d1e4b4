// Issue 25, written as the attacks on the edge cache: cache-busting query strings on a large PDF (item 5) and the
// 304s it answers (item 9). Through the real Worker entry in workerd, with the real D1, R2 and Cache API.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { createArticle, createIssue, createJournal, putArticleFile } from "#tests/api/fixtures";
import { probeDatabases } from "#tests/d1-probe";
import { SECURITY_HEADERS } from "../middleware/security-header-values";

const { bindings: countedDb, probe } = probeDatabases(env);

/** One request through the Worker entry, its body read whole; `calls` is the number of D1 round trips it made. */
async function send(host: string, path: string, init: RequestInit = {}) {
  probe.reset();
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://${host}${path}`, init) as Parameters<typeof worker.fetch>[0],
    { ...env, ...countedDb },
    ctx,
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { res, status: res.status, bytes, calls: probe.calls, cache: res.headers.get("x-edge-cache") };
}

/** A journal with one article whose PDF is `size` bytes (a 5 MB one as in the attack). */
async function journalWithPdf(size: number) {
  const j = await createJournal();
  await createIssue(j.id, 2024, 5, 1);
  await createArticle(j.id, { year: 2024, volume: 5, issue: 1, refnumber: "BIG-5", title: "Five megabytes", file: "BIG-5.pdf" });
  const pdf = new Uint8Array(size).map((_, i) => (i * 31) % 251);
  await putArticleFile(j.id, { year: 2024, volume: 5, issue: 1, file: "BIG-5.pdf" }, pdf);
  return { ...j, pdf };
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

describe("cache-busting query strings (issue 25 item 5)", () => {
  it("answers distinct ?cb= requests of a 5 MB article PDF from one edge entry, whole, with no database call", async () => {
    const j = await journalWithPdf(5 * 1024 * 1024 - 1000);
    for (const path of ["/archives/2024/vol5/issue1/BIG-5.pdf", "/assets/archives/2024/vol5issue1/BIG-5.pdf"]) {
      const first = await send(j.host, `${path}?cb=1`);
      expect([path, first.status, first.cache]).toEqual([path, 200, "MISS"]);
      expect(same(first.bytes, j.pdf), path).toBe(true);
      for (const q of ["?cb=2", "?cb=3&utm_source=x", ""]) {
        const again = await send(j.host, `${path}${q}`);
        expect([path + q, again.status, again.cache, again.calls]).toEqual([path + q, 200, "HIT", 0]);
        expect(same(again.bytes, j.pdf), path + q).toBe(true);
      }
    }
  });

  it("gives every reader of a concurrent cold burst the whole PDF, and the next reader a hit", async () => {
    const j = await journalWithPdf(2 * 1024 * 1024);
    const path = "/archives/2024/vol5/issue1/BIG-5.pdf";
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => send(j.host, `${path}?cb=${i}`)));
    for (const r of burst) expect([r.status, same(r.bytes, j.pdf)]).toEqual([200, true]);
    const after = await send(j.host, `${path}?cb=after`);
    expect([after.cache, after.calls, same(after.bytes, j.pdf)]).toEqual(["HIT", 0, true]);
  });

  it("streams a large answer of unknown length (JSON, pages) into the cache, and serves it whole from there", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 6, 1);
    // Written straight into D1 (the admin form caps an abstract at 60,000 characters): a ~300 KB answer.
    const abstract = "A long abstract of a long study. ".repeat(9500);
    await createArticle(j.id, { year: 2024, volume: 6, issue: 1, refnumber: "LONG-1", title: "Long", abstract });
    const path = "/api/archives/ref/LONG-1";
    const first = await send(j.host, `${path}?cb=1`);
    expect([first.status, first.cache, first.res.headers.get("content-length")]).toEqual([200, "MISS", null]);
    expect(first.bytes.length).toBeGreaterThan(256 * 1024);
    const again = await send(j.host, `${path}?cb=2`);
    expect([again.status, again.cache, again.calls]).toEqual([200, "HIT", 0]);
    expect(same(again.bytes, first.bytes)).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(again.bytes)).refnumber).toBe("LONG-1");
  });

  it("keeps apart what a route reads (search terms, refno) and ignores the rest, and never reflects an ignored one", async () => {
    const j = await journalWithPdf(1000);
    const a = await send(j.host, "/search?q=five&cb=1");
    expect([a.status, a.cache]).toEqual([200, "MISS"]);
    expect((await send(j.host, "/search?cb=2&q=five")).cache).toBe("HIT");
    expect((await send(j.host, "/search?q=other")).cache).toBe("MISS");
    expect((await send(j.host, "/search?q=five&page=2")).cache).toBe("MISS");
    expect((await send(j.host, "/pdf?refno=BIG-5&x=1")).cache).toBe("MISS");
    expect((await send(j.host, "/pdf?refno=OTHER")).cache).toBe("MISS");
    expect((await send(j.host, "/pdf?x=2&refno=BIG-5")).cache).toBe("HIT");
    // OAI-PMH answers badArgument to an unknown argument: there every parameter counts.
    const oai = await send(j.host, "/oai?verb=Identify");
    const oaiBad = await send(j.host, "/oai?verb=Identify&cb=1");
    expect([oai.cache, oaiBad.cache]).toEqual(["MISS", "MISS"]);
    // A page cached under a key without "?cb=" must not carry the first reader's "?cb=" to the next.
    for (const path of ["/board", "/archives/2024/vol5/issue1", "/search?q=five", "/pdf?refno=BIG-5"]) {
      const marked = await send(j.host, `${path}${path.includes("?") ? "&" : "?"}cb=MARKER2501`);
      expect([path, new TextDecoder().decode(marked.bytes).includes("MARKER2501")]).toEqual([path, false]);
    }
  });
});

describe("304s from the edge cache (issue 25 item 9)", () => {
  it("carry the security headers, as the 200s do", async () => {
    const j = await journalWithPdf(300 * 1024);
    for (const path of ["/board", "/api/settings/", "/archives/2024/vol5/issue1/BIG-5.pdf"]) {
      const first = await send(j.host, path);
      const etag = first.res.headers.get("etag");
      const revalidated = await send(j.host, path, {
        headers: etag ? { "If-None-Match": etag } : { "If-Modified-Since": first.res.headers.get("last-modified")! },
      });
      expect([path, revalidated.status]).toEqual([path, 304]);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect([path, name, revalidated.res.headers.get(name)]).toEqual([path, name, value]);
      }
    }
  });
});
