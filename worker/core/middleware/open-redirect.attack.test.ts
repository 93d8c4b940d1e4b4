// Issue 25 item 1, written as the attack: raw requests whose path a browser would read as another host
// ("//evil.example/", "/\evil.example/"). Every redirect must stay on the requesting host and never be cached
// publicly; a path with doubled slashes still reaches its canonical page.
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, request } from "#tests/api/fixtures";

const ATTACKS = [
  "//evil.example/",
  "//evil.example",
  "//evil.example/login/",
  "/\\evil.example/",
  "/\\/evil.example/",
  "///evil.example/",
  "/.//evil.example/",
  "//evil.example/archives/2024/9/4/",
  "//evil.example/?next=1",
  "/%5Cevil.example/",
  "/%2F%2Fevil.example/",
  "/archives/2024/9/4/%2F%2Fevil.example",
  "//archives/2024/9/4/",
  "//api/settings/",
  "//admin/",
];

describe("open redirect (issue 25 item 1)", () => {
  it("never sends a Location that leaves the requesting host, and never lets a shared cache keep a redirect", async () => {
    const j = await createJournal();
    for (const path of ATTACKS) {
      const res = await request(j.host, path, { redirect: "manual" });
      if (res.status < 300 || res.status >= 400) continue;
      const location = res.headers.get("location") ?? "";
      const target = new URL(location, `http://${j.host}/`);
      expect([path, location, target.host]).toEqual([path, location, j.host]);
      // As a browser reads it: "\" is "/" in http(s) URLs, and a leading "//" names a host.
      expect([path, /^[/\\]{2}/.test(location.replace(/^[\t\n\r ]+/, ""))]).toEqual([path, false]);
      expect([path, res.headers.get("cache-control") ?? ""]).not.toEqual([path, expect.stringMatching(/public/)]);
    }
  });

  it("sends doubled slashes to the one canonical page on the same host", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 9, 4);
    await createArticle(j.id, { refnumber: "R-9", year: 2024, volume: 9, issue: 4 });
    const cases: [string, string][] = [
      ["//archives/2024/9/4/", "/archives/2024/vol9/issue4"],
      ["//archives//2024//vol9//issue4//R-9", "/archives/2024/vol9/issue4/R-9"],
      ["//board", "/board"],
      ["//evil.example/login/", "/evil.example/login"],
    ];
    for (const [from, to] of cases) {
      const res = await request(j.host, from, { redirect: "manual" });
      expect([from, res.status, res.headers.get("location")]).toEqual([from, 301, to]);
    }
  });
});
