// Each page in each language a journal offers (issue 50 item 2, docs/decisions/0351): its own address, named in the
// head with hreflang alternates and x-default, <html lang dir>; Accept-Language picks a first visit's language, the
// switcher changes it, nothing else does; the settings that choose the languages.
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

const multilingual = () => createJournal({ interface_language: "en", interface_languages: "en,ar,id" });

async function page(host: string, path: string, headers: Record<string, string> = {}) {
  const res = await request(host, path, { headers, redirect: "manual" });
  return { res, status: res.status, html: await res.text() };
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";
const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]));
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;

describe("pages in the languages a journal offers", () => {
  it("names every language version and x-default in the head; the Arabic home answers 200, right to left", async () => {
    const j = await multilingual();
    const home = await page(j.host, "/");
    expect(home.status).toBe(200);
    expect(htmlTag(home.html)).toContain('lang="en" dir="ltr"');
    const origin = `https://${j.host}`;
    expect(alternates(home.html)).toEqual({ en: `${origin}/`, ar: `${origin}/ar`, id: `${origin}/id`, "x-default": `${origin}/` });

    const ar = await page(j.host, "/ar");
    expect(ar.status).toBe(200);
    expect(htmlTag(ar.html)).toContain('lang="ar" dir="rtl"');
    expect(canonical(ar.html)).toBe(`${origin}/ar`);
    expect(alternates(ar.html).ar).toBe(`${origin}/ar`);
    // The page speaks Arabic, and its links stay in Arabic.
    expect(ar.html).toContain("الرئيسية");
    expect(ar.html).toContain('href="/ar/archives"');
  });

  it("gives an issue page its address in each language", async () => {
    const j = await multilingual();
    await createIssue(j.id, 2024, 3, 2);
    await createArticle(j.id, { refnumber: "LANG-1", year: 2024, volume: 3, issue: 2 });
    const id = await page(j.host, "/id/archives/2024/vol3/issue2");
    expect(id.status).toBe(200);
    expect(htmlTag(id.html)).toContain('lang="id" dir="ltr"');
    expect(canonical(id.html)).toBe(`https://${j.host}/id/archives/2024/vol3/issue2`);
    expect(alternates(id.html)["x-default"]).toBe(`https://${j.host}/archives/2024/vol3/issue2`);
  });

  it("sends a first visit to the language its browser prefers, and nothing else moves a visitor", async () => {
    const j = await multilingual();
    const first = await page(j.host, "/archives?x=1", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.8" });
    expect(first.status).toBe(302);
    expect(first.res.headers.get("location")).toBe("/ar/archives?x=1");
    expect(first.res.headers.get("vary")).toMatch(/Accept-Language/);
    // English first, or a language the journal does not offer: the plain address in the primary language.
    expect((await page(j.host, "/archives", { "accept-language": "en-GB,ar;q=0.5" })).status).toBe(200);
    expect((await page(j.host, "/archives", { "accept-language": "fr" })).status).toBe(200);
    // A language's own address is never moved, whatever the browser says.
    expect((await page(j.host, "/ar/archives", { "accept-language": "id" })).status).toBe(200);
    // The switcher's choice outranks the browser's.
    const chosen = await page(j.host, "/archives", { "accept-language": "ar", cookie: "lang=en" });
    expect(chosen.status).toBe(200);
    const chosenId = await page(j.host, "/", { cookie: "lang=id" });
    expect(chosenId.status).toBe(302);
    expect(chosenId.res.headers.get("location")).toBe("/id");
    // Files and the API are in no language.
    expect((await request(j.host, "/api/settings", { headers: { "accept-language": "ar" }, redirect: "manual" })).status).toBe(200);
  });

  it("switches language with /language: remembers the choice, opens the same page in it, never leaves the site", async () => {
    const j = await multilingual();
    const res = await request(j.host, "/language?to=id&path=%2Far%2Fsearch%3Fq%3Dsoil", { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/id/search?q=soil");
    expect(res.headers.get("set-cookie")).toMatch(/^lang=id; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const back = await request(j.host, "/language?to=en&path=/id/board", { redirect: "manual" });
    expect(back.headers.get("location")).toBe("/board");
    const away = await request(j.host, "/language?to=ar&path=//evil.example/x", { redirect: "manual" });
    expect(away.headers.get("location")).toBe("/ar");
    expect((await request(j.host, "/language?to=fr&path=/", { redirect: "manual" })).status).toBe(400);
  });

  it("answers 404 for a language the journal does not offer, and moves the primary language's prefix to the plain address", async () => {
    const j = await multilingual();
    expect((await page(j.host, "/fr")).status).toBe(404);
    const slash = await page(j.host, "/ar/");
    expect(slash.status).toBe(301);
    expect(slash.res.headers.get("location")).toBe("/ar");
    expect((await page(j.host, "/ar/archives/2024/3/2/X-1")).res.headers.get("location")).toBe("/ar/archives/2024/vol3/issue2/X-1");
    const en = await page(j.host, "/en/board");
    expect(en.status).toBe(301);
    expect(en.res.headers.get("location")).toBe("/board");
  });

  it("leaves an English-only journal as it was: no alternates, no redirects", async () => {
    const j = await createJournal();
    const home = await page(j.host, "/", { "accept-language": "ar" });
    expect(home.status).toBe(200);
    expect(htmlTag(home.html)).toContain('lang="en" dir="ltr"');
    expect(alternates(home.html)).toEqual({});
    expect((await page(j.host, "/ar")).status).toBe(404);
  });

  it("serves the page data of client-side navigation with the language's head", async () => {
    const j = await multilingual();
    const { status, body } = await getJson(j.host, `/_data?route=board&path=${encodeURIComponent("/ar/board")}`);
    expect(status).toBe(200);
    expect(body.head.canonical).toBe(`https://${j.host}/ar/board`);
    expect(body.head.alternates).toContainEqual({ hreflang: "x-default", href: `https://${j.host}/board` });
  });
});

describe("the site languages setting", () => {
  const save = (host: string, token: string, body: unknown) =>
    getJson(host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("saves the primary and offered languages, normalised, and refuses what the site does not ship", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    expect((await getJson(j.host, "/api/settings")).body).toMatchObject({ interface_language: "en", interface_languages: "en" });
    const ok = await save(j.host, token, { interface_language: "ar", interface_languages: " en, ar ,ar,pt-BR" });
    expect(ok.status).toBe(200);
    expect(ok.body.settings).toMatchObject({ interface_language: "ar", interface_languages: "en,ar,pt-BR" });
    // Arabic is now at the plain addresses, English under /en/.
    const home = await page(j.host, "/");
    expect(htmlTag(home.html)).toContain('lang="ar" dir="rtl"');
    expect((await page(j.host, "/en")).html).toMatch(/<html lang="en" dir="ltr"/);

    for (const body of [
      { interface_languages: "en,pt-BR" }, // the primary (ar) would no longer be offered
      { interface_language: "fr" },
      { interface_languages: "en,de" },
      { interface_languages: "" },
      { interface_language: "english" },
    ]) {
      const r = await save(j.host, token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe("invalid_input");
    }
    expect((await getJson(j.host, "/api/settings")).body).toMatchObject({ interface_language: "ar", interface_languages: "en,ar,pt-BR" });
  });
});
