// The edge cache and the database budget, through the real Worker entry in workerd, with the real local D1 (wrapped
// only to count round trips), R2 and the Cache API. docs/decisions/0110-0112.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../index";
import {
  behindTheAppsBack,
  createArticle,
  createEditor,
  createIndexing,
  createIssue,
  createJournal,
  putArticleFile,
} from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { probeDatabases } from "#tests/d1-probe";
import { fileKeys } from "../files/keys";
import { drizzleOver } from "./d1-session";
import { journalForHost } from "./journal-memo";
import { STALE_BOUND_MS } from "./freshness";

const { bindings: countedDb, probe } = probeDatabases(env);

/** One request through the Worker entry; `calls` is the number of D1 round trips it made. */
async function send(host: string, path: string, init: RequestInit = {}) {
  probe.reset();
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://${host}${path}`, init) as Parameters<typeof worker.fetch>[0],
    { ...env, ...countedDb },
    ctx,
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Round trips the reader waits for: the reads. The one write a public GET may make is deferred with waitUntil
  // (storing an article's freshly rendered citations, once per article); the answer never waits for it.
  const writes = probe.log.filter((l) => /^(insert|update|delete)\b/i.test(l));
  const isRead = ["GET", "HEAD"].includes((init.method ?? "GET").toUpperCase());
  if (isRead)
    expect(
      writes.every((l) => l.startsWith('insert into "article_citations"')),
      writes.join(" | "),
    ).toBe(true);
  const calls = probe.calls - writes.length;
  const isText = /^(text\/|application\/json)/.test(res.headers.get("content-type") ?? "");
  const body = isText ? new TextDecoder().decode(bytes) : Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  await waitOnExecutionContext(ctx);
  return { res, status: res.status, body, calls, writes: writes.length, cache: res.headers.get("x-edge-cache") };
}

async function populated(name = "Edge Journal") {
  const j = await createJournal({ websitename: name });
  await createIssue(j.id, 2024, 3, 1);
  const a = await createArticle(j.id, {
    year: 2024,
    volume: 3,
    issue: 1,
    refnumber: `${name.replace(/\W/g, "")}-1`,
    title: `Cached study of ${name}`,
    file: "paper.pdf",
  });
  await putArticleFile(j.id, { year: 2024, volume: 3, issue: 1, file: "paper.pdf" });
  const e = await createEditor(j.id, { name: `Chief of ${name}`, picture: "face.png" });
  await env.FILES.put(fileKeys.editorPicture(j.id, "face.png"), `face of ${name}`, { httpMetadata: { contentType: "image/png" } });
  await createIndexing(j.id, { title: `Index of ${name}` });
  return { ...j, article: a, editor: e };
}

function publicRoutes(j: Awaited<ReturnType<typeof populated>>): string[] {
  const ref = j.article.refnumber!;
  return [
    "/api/settings/",
    "/api/indexing/",
    "/api/editors/",
    `/api/editors/${j.editor.id}`,
    "/api/archives/",
    "/api/archives/2024/3/1",
    `/api/archives/ref/${ref}`,
    `/api/archives/${j.article.id}`,
    "/api/search?q=cached",
    `/api/pdf/coverpage/${ref}`,
    "/api/pdf/editorialboard",
    "/assets/archives/2024/vol3issue1/paper.pdf",
    "/assets/editors/face.png",
    "/",
    "/board",
    "/archives",
    "/instructions",
    "/archives/2024/vol3/issue1",
    `/archives/2024/vol3/issue1/${ref}`,
    `/archives/2024/vol3/issue1/${ref}.pdf`,
    "/indexing",
    "/contact",
    "/article",
    "/pdf",
    `/pdf?refno=${ref}`,
    "/search?q=cached",
    `/_data?route=article&path=${encodeURIComponent(`/archives/2024/vol3/issue1/${ref}`)}`,
    `/_data?route=issue&path=${encodeURIComponent("/archives/2024/vol3/issue1")}`,
  ];
}

describe("edge cache", () => {
  beforeEach(() => probe.reset());

  it("answers every public route in at most one D1 round trip, and from the edge with none", async () => {
    const j = await populated();
    await send(j.host, "/api/settings/"); // the isolate learns the host (one lookup, then remembered)
    for (const path of publicRoutes(j)) {
      const first = await send(j.host, path);
      expect(first.status, path).toBe(200);
      expect(first.calls, `${path}: ${probe.log.join(" | ")}`).toBeLessThanOrEqual(1);
      const again = await send(j.host, path);
      expect([path, again.cache, again.calls]).toEqual([path, "HIT", 0]);
      expect(again.body, path).toBe(first.body);
      expect(again.res.headers.get("etag"), path).toBeTruthy();
      expect(again.res.headers.get("last-modified"), path).toBeTruthy();
      const browser =
        path.startsWith("/assets/") || (path.endsWith(".pdf") && !path.startsWith("/api/")) ? /max-age=\d+/ : /^public, no-cache$/;
      expect(again.res.headers.get("cache-control"), path).toMatch(browser);
      expect(again.res.headers.has("x-edge-browser-cache-control"), path).toBe(false);
    }
    // Citations are rendered and stored once per article: a later uncached read of it writes nothing.
    // (A parameter no route reads, "?utm=", shares the cached entry; a different `path` for /_data is a new read.)
    const later = encodeURIComponent(`/archives/2024/vol3/issue1/${j.article.refnumber}?utm=later`);
    const fresh = await send(j.host, `/_data?route=article&path=${later}`);
    expect([fresh.status, fresh.calls, fresh.writes]).toEqual([200, 1, 0]);
  });

  it("answers a matching If-None-Match with 304 and no database call, for pages and JSON alike", async () => {
    const j = await populated();
    for (const path of ["/board", "/api/editors/", `/archives/2024/vol3/issue1/${j.article.refnumber}`]) {
      const first = await send(j.host, path);
      const etag = first.res.headers.get("etag")!;
      const revalidated = await send(j.host, path, { headers: { "If-None-Match": etag } });
      expect([path, revalidated.status, revalidated.calls, revalidated.body]).toEqual([path, 304, 0, ""]);
      expect(revalidated.res.headers.get("etag")).toBe(etag);
      const changed = await send(j.host, path, { headers: { "If-None-Match": 'W/"something-else"' } });
      expect([path, changed.status]).toEqual([path, 200]);
    }
  });

  it("serves a file too big for the isolate's memory from the edge cache, whole and with 304s", async () => {
    const j = await populated("Big File Journal");
    const big = new Uint8Array(700 * 1024).map((_, i) => (i * 7) % 251);
    await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: "BIG-2", title: "A long supplement", file: "big.pdf" });
    await putArticleFile(j.id, { year: 2024, volume: 3, issue: 1, file: "big.pdf" }, big);
    const path = "/assets/archives/2024/vol3issue1/big.pdf";
    const first = await send(j.host, path);
    const again = await send(j.host, path);
    expect([first.status, first.cache, again.status, again.cache, again.calls]).toEqual([200, "MISS", 200, "HIT", 0]);
    expect(again.body).toBe(first.body);
    expect(again.body.length).toBe(big.length * 2);
    expect(again.res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(again.res.headers.has("x-edge-browser-cache-control")).toBe(false);
    const revalidated = await send(j.host, path, { headers: { "If-None-Match": again.res.headers.get("etag")! } });
    expect([revalidated.status, revalidated.body, revalidated.calls]).toEqual([304, "", 0]);
    const head = await send(j.host, path, { method: "HEAD" });
    expect([head.status, head.cache, head.body]).toEqual([200, "HIT", ""]);
  });

  it("serves shipped files (favicon, /img/...) without looking up a journal", async () => {
    for (const path of ["/favicon.svg", "/img/avatar.png"]) {
      const r = await send("never-seen-before.example", path);
      expect([path, r.status, r.calls]).toEqual([path, 200, 0]);
    }
  });

  it("moves the content version only for committed writes: logout, document generation and refused writes leave it", async () => {
    const j = await populated("Quiet Journal");
    const token = await adminToken(j);
    const again = await adminToken(j); // (creating an admin user moves the version: made before `before`)
    const version = async () =>
      (await env.DB.prepare("SELECT content_version AS v FROM journals WHERE id = ?").bind(j.id).first<{ v: number }>())?.v;
    const versionCookie = (r: { res: Response }) => r.res.headers.getSetCookie().find((c) => c.startsWith("content-version="));
    const before = await version();
    const json = { ...bearer(token), "content-type": "application/json" };

    const indexPage = await send(j.host, "/api/pdf/indexpage", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ refnumbers: [j.article.refnumber] }),
    });
    expect(indexPage.status).toBe(200);
    expect(versionCookie(indexPage)).toBeUndefined();
    const refused = await send(j.host, "/api/settings", { method: "POST", headers: json, body: JSON.stringify({ websitename: 42 }) });
    expect(refused.status).toBe(400);
    expect(versionCookie(refused)).toBeUndefined();
    const logout = await send(j.host, "/auth/logout", { method: "POST", headers: bearer(token) });
    expect(logout.status).toBe(204);
    expect(versionCookie(logout)).toBeUndefined();
    expect(await version()).toBe(before);

    // A committed write does move it, and says so to the admin's browser.
    const saved = await send(j.host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(again), "content-type": "application/json" },
      body: JSON.stringify({ websitename: "Quiet No More" }),
    });
    expect(saved.status).toBe(200);
    expect(await version()).toBe((before ?? 0) + 1);
    expect(versionCookie(saved)).toMatch(new RegExp(`^content-version=${j.id}\\.${(before ?? 0) + 1};`));
  });

  it("shows an admin's write to the next public read at once", async () => {
    const j = await populated("Write Journal");
    const token = await adminToken(j);
    expect((await send(j.host, "/api/editors/")).body).toContain(`Chief of Write Journal`);
    await send(j.host, "/board");
    expect((await send(j.host, "/board")).cache).toBe("HIT");
    expect((await send(j.host, "/api/editors/")).cache).toBe("HIT");

    const form = new FormData();
    form.set("status", "disabled");
    const toggled = await send(j.host, `/api/editors/${j.editor.id}`, { method: "POST", headers: bearer(token), body: form });
    expect(toggled.status).toBe(200);
    // The admin's browser is told which version it caused, and where its writes are (read replicas).
    const cookies = toggled.res.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(new RegExp(`content-version=${j.id}\\.\\d+`));
    expect(toggled.res.headers.get("x-d1-bookmark")).toBeTruthy();

    const after = await send(j.host, "/api/editors/");
    expect(after.cache).toBe("MISS");
    expect(JSON.parse(after.body)).toEqual([]);
    expect((await send(j.host, "/board")).cache).toBe("MISS");

    const saved = await send(j.host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ websitename: "Renamed At Once" }),
    });
    expect(saved.status).toBe(200);
    expect(JSON.parse((await send(j.host, "/api/settings/")).body).websitename).toBe("Renamed At Once");
    expect((await send(j.host, "/")).body).toContain("Renamed At Once");

    const issue = await send(j.host, "/api/admin/create-issue", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ year: 2025, volume: 4, issue: 2 }),
    });
    expect(issue.status).toBe(201);
    // A new issue is the staff's until they publish it (docs/decisions/0383): publishing shows it at once.
    expect(JSON.parse((await send(j.host, "/api/archives/")).body)).not.toContainEqual({ year: 2025, volume: 4, total_issues: 2 });
    const published = await send(j.host, `/api/admin/issues/${JSON.parse(issue.body).issue.id}/publication`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ status: "published" }),
    });
    expect(published.status).toBe(200);
    expect(JSON.parse((await send(j.host, "/api/archives/")).body)).toContainEqual({ year: 2025, volume: 4, total_issues: 2 });
  });

  it("refreshes another isolate's view of a journal within the documented bound", async () => {
    const j = await createJournal();
    const session = drizzleOver(env.DB.withSession("first-primary"));
    const host = `${j.host}`;
    const t0 = 1_000_000_000_000;
    const before = (await journalForHost(session, host, undefined, t0))!.contentVersion;
    // A write elsewhere (another isolate or edge location bumped the version in D1).
    await env.DB.prepare("UPDATE journals SET content_version = content_version + 1 WHERE id = ?").bind(j.id).run();
    expect((await journalForHost(session, host, undefined, t0 + STALE_BOUND_MS - 1))!.contentVersion).toBe(before);
    expect((await journalForHost(session, host, undefined, t0 + STALE_BOUND_MS))!.contentVersion).toBe(before + 1);
    // A reader who carries a newer version (the admin who saved) never waits for the bound.
    await env.DB.prepare("UPDATE journals SET content_version = content_version + 1 WHERE id = ?").bind(j.id).run();
    expect((await journalForHost(session, host, () => before + 2, t0 + STALE_BOUND_MS + 1))!.contentVersion).toBe(before + 2);
  });

  it("never lets two journals share an entry", async () => {
    const a = await populated("Alpha Edge");
    const b = await populated("Beta Edge");
    for (let round = 0; round < 2; round++) {
      for (const path of ["/api/settings/", "/", "/assets/editors/face.png", "/api/pdf/editorialboard"]) {
        const ra = await send(a.host, path);
        const rb = await send(b.host, path);
        expect([path, ra.body === rb.body]).toEqual([path, false]);
      }
    }
    expect(JSON.parse((await send(a.host, "/api/settings/")).body).websitename).toBe("Alpha Edge");
    expect(JSON.parse((await send(b.host, "/api/settings/")).body).websitename).toBe("Beta Edge");
  });

  it("keeps apart what differs by a parameter its route reads, in every language: texts per language, searches per query", async () => {
    const j = await createJournal({ interface_language: "en", interface_languages: "en,ar,id" });
    await createIssue(j.id, 2024, 3, 1);
    await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: "KEY-1", title: "Lanthanum sorption" });
    for (let round = 0; round < 2; round++) {
      const ar = JSON.parse((await send(j.host, "/_messages?lang=ar&ns=list")).body);
      const id = JSON.parse((await send(j.host, "/_messages?lang=id&ns=list")).body);
      const submit = JSON.parse((await send(j.host, "/_messages?lang=id&ns=submit")).body);
      expect(ar["list.number"]).not.toBe(id["list.number"]);
      expect(Object.keys(submit).every((k) => k.startsWith("submit."))).toBe(true);
      for (const lang of ["ar", "id"]) {
        const found = await send(j.host, `/${lang}/search?q=lanthanum`);
        const none = await send(j.host, `/${lang}/search?q=zirconium`);
        expect([lang, found.body.includes("Lanthanum sorption"), none.body.includes("Lanthanum sorption")]).toEqual([lang, true, false]);
      }
    }
  });

  it("never caches anything private: admin API, tokens, submissions, certificates, credentialed requests", async () => {
    const j = await populated("Private Journal");
    const token = await adminToken(j);
    const privateReads: [string, RequestInit][] = [
      ["/api/admin/", { headers: bearer(token) }],
      ["/api/admin/editors", { headers: bearer(token) }],
      ["/api/admin/submissions", { headers: bearer(token) }],
      ["/auth/verify-token", { headers: bearer(token) }],
      ["/api/editors/", { headers: bearer(token) }],
      [`/api/pdf/certificate/${j.article.refnumber}/A. Author`, {}],
    ];
    for (const [path, init] of privateReads) {
      const first = await send(j.host, path, init);
      const again = await send(j.host, path, init);
      expect([path, first.status]).toEqual([path, 200]);
      expect([path, first.cache, again.cache]).toEqual([path, null, null]);
      expect(again.calls, path).toBeGreaterThan(0);
    }
    const cert = await send(j.host, `/api/pdf/certificate/${j.article.refnumber}/A. Author`);
    expect(cert.res.headers.get("x-robots-tag")).toMatch(/^noindex\b/);
    expect(cert.res.headers.get("cache-control")).toContain("no-store");
    // A public read after a credentialed one is not served the credentialed answer, and vice versa.
    const anon = await send(j.host, "/api/admin/", {});
    expect(anon.status).toBe(401);
  });

  it("never keeps a 404: an article created a moment later is found", async () => {
    const j = await populated("Late Journal");
    const paths = ["/api/archives/ref/LATE-1", "/archives/2024/vol3/issue1/LATE-1"];
    for (const path of paths) expect((await send(j.host, path)).status, path).toBe(404);
    // Inserted without bumping the content version: only "404s are never stored" can make it visible.
    await behindTheAppsBack(() => createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: "LATE-1", title: "Arrived late" }));
    for (const path of paths) {
      const r = await send(j.host, path);
      expect([path, r.status]).toEqual([path, 200]);
      expect(r.body).toContain("Arrived late");
    }
  });
});
