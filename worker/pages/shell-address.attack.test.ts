// Issue 25 item 9: "/index.html" answered 200 with the empty page shell (a page with no content, indexable under a
// second address of the home page). It answers 301 to "/", through the real Worker entry (shipped files first).
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";

describe("the page shell's own address", () => {
  it("sends /index.html (any case, with a query) to the home page, never the empty shell", async () => {
    const j = await createJournal();
    for (const [path, to] of [
      ["/index.html", "/"],
      ["/INDEX.HTML", "/"],
      ["/index.htm", "/"],
      ["/index.html?x=1", "/?x=1"],
      ["//index.html", "/"],
    ]) {
      const res = await request(j.host, path, { redirect: "manual" });
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 301, to]);
      expect(await res.text()).not.toContain("<html");
    }
  });
});
