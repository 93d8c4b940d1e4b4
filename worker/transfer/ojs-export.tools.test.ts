// The OJS Native XML export, checked by libxml2's xmllint against OJS's current schema (native.xsd, vendored under
// tests/schemas/ojs-native), and the round trip: export -> import into an empty journal -> the same public pages.
import { describe, expect, it } from "vitest";
import { getJson, request } from "#tests/api/fixtures";
import { exportXml, importFile, richJournal, sameJournal, xmllintOjs } from "./transfer-fixtures.testing";

const stripIds = (v: unknown): unknown => JSON.parse(JSON.stringify(v), (k, x) => (k === "id" || k === "articleId" ? undefined : x));

describe("OJS Native XML export", () => {
  it("validates against native.xsd, for the journal and for one issue, with only public articles", async () => {
    const j = await richJournal();
    const all = await exportXml(j.host, j.token);
    expect(all.status).toBe(200);
    expect(all.type).toMatch(/^application\/xml/);
    const check = await xmllintOjs(all.text);
    expect(check.output).toMatch(/validates/);
    expect(check.ok).toBe(true);
    expect(all.text).toContain('<title locale="en">Special issue: Soils &amp; Water</title>');
    expect(all.text).toContain("<orcid>https://orcid.org/0000-0002-1825-0097</orcid>");
    expect(all.text).toContain('<embed encoding="base64" mime_type="application/pdf">JVBERi');
    expect(all.text).not.toContain("Withdrawn paper");
    expect(all.text.match(/<article /g)).toHaveLength(3);

    const one = await exportXml(j.host, j.token, "2024/3/2");
    expect((await xmllintOjs(one.text)).ok).toBe(true);
    expect(one.text.match(/<issue /g)).toHaveLength(1);
    expect(one.text.match(/<article /g)).toHaveLength(2);
    expect((await exportXml(j.host, j.token, "2024/x")).status).toBe(400);
    const anonymous = await request(j.host, "/api/admin/transfer/export");
    expect(anonymous.status).toBe(401);
  });

  it("export -> import into an empty journal -> the same public pages, search and PDFs", async () => {
    const name = `Round Trip ${Date.now()}`;
    const from = await richJournal(name);
    const to = await sameJournal(name);
    const xml = (await exportXml(from.host, from.token)).text;
    const { status, body } = await importFile(to.host, to.token, { text: xml, name: "journal.xml" }, { dryRun: "0", ref: "url_path" });
    expect(status).toBe(200);
    expect(body.counts).toMatchObject({ articles: 3, create: 3, skip: 0, pdfs: 3 });
    expect(body.items.every((i) => i.warnings.length === 0)).toBe(true);

    for (const path of ["/api/archives/", "/api/archives/2024/3/2", "/api/archives/2023/2/1", "/api/search?q=nitrogen"]) {
      const [a, b] = [await getJson(from.host, path), await getJson(to.host, path)];
      expect(stripIds(b.body), path).toEqual(stripIds(a.body));
    }
    for (const article of from.articles) {
      const path = `/api/archives/ref/${article.refnumber}`;
      const [a, b] = [await getJson(from.host, path), await getJson(to.host, path)];
      const norm = (x: unknown) => JSON.parse(JSON.stringify(stripIds(x)).replaceAll(from.host, "HOST").replaceAll(to.host, "HOST"));
      expect(norm(b.body), path).toEqual(norm(a.body));
      const pdf = `/assets/archives/${article.year}/vol${article.volume}issue${article.issue}/${article.refnumber}.pdf`;
      const [pa, pb] = [await request(from.host, pdf), await request(to.host, pdf)];
      expect(pb.status).toBe(200);
      expect(new Uint8Array(await pb.arrayBuffer())).toEqual(new Uint8Array(await pa.arrayBuffer()));
    }
    // The public article page as visitors get it (hosts, ids and the row's write time aside).
    const first = from.articles[0];
    const page = `/archives/2024/vol3/issue2/${first.refnumber}`;
    const text = async (host: string) =>
      (await (await request(host, page)).text())
        .replaceAll(host, "HOST")
        .replace(/"id":\d+/g, '"id":0')
        // When the row was last written: the import's own moment.
        .replace(/(\\?"dateModified\\?":\\?")[^"\\]+/g, "$1")
        .replace(/articleId=\d+|data-article-id="\d+"/g, "");
    expect(await text(to.host)).toEqual(await text(from.host));

    // Exported again from the copy, the same articles come out (an archive can keep a mirror).
    const again = (await exportXml(to.host, to.token)).text;
    const titles = (x: string) => [...x.matchAll(/<title locale="en">([^<]*)<\/title>/g)].map((m) => m[1]).sort();
    expect(titles(again)).toEqual(titles(xml));
  });
});
