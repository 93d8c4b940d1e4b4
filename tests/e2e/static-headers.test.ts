// Attack (issue 13, item 7): the hashed files under /static/ are answered by the asset store without the Worker,
// so they must carry the security headers from the built `_headers` file. Real requests against `npm start`.
import { describe, expect, it } from "vitest";
import { urlFor } from "./support/browser";
import { SECURITY_HEADERS } from "../../worker/core/middleware/security-header-values";

describe("security headers on the files served without the Worker (/static/*, favicon, /img/, /docs/)", () => {
  it("the page's scripts and styles carry every security header the pages carry", async () => {
    const html = await (await fetch(urlFor("/"))).text();
    const files = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    for (const file of [...new Set(files)]) {
      const res = await fetch(urlFor(file));
      expect([file, res.status]).toEqual([file, 200]);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect([file, name, res.headers.get(name)]).toEqual([file, name, value]);
    }
  });

  it("the files shipped for every journal (favicon, /img/, /docs/) carry them too", async () => {
    for (const file of ["/favicon.svg", "/img/certificate.png", "/img/avatar.png", "/docs/copyright-form.pdf"]) {
      const res = await fetch(urlFor(file));
      await res.arrayBuffer();
      expect([file, res.status]).toEqual([file, 200]);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect([file, name, res.headers.get(name)]).toEqual([file, name, value]);
    }
  });
});
