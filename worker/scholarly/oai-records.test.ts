// What harvesters keep (issue 27 items 2, 3, 6): a record's datestamp moves when journal-level metadata inside it
// changes; articles that stop being public become deleted records; Identify's sample identifier exists. Every
// kind of answer, deleted records included, is validated with xmllint against the OAI-PMH, oai_dc and
// oai-identifier schemas in oai-records.tools.test.ts.
import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { eq } from "drizzle-orm";
import { db, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { articles, journals } from "../core/data/schema";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (n) => ["header", "record", "setSpec", "error", "url"].includes(n),
  parseTagValue: false,
});

/** An OAI answer, well-formed, parsed (each kind of answer against the OAI-PMH schemas: oai-records.tools.test.ts). */
async function oai(host: string, query: string) {
  const text = await (await request(host, `/oai?${query}`)).text();
  expect(XMLValidator.validate(text), query).toBe(true);
  return parser.parse(text)["OAI-PMH"];
}

interface Header {
  "@status"?: string;
  identifier: string;
  datestamp: string;
  setSpec: string[];
}
const headers = async (host: string, query: string): Promise<Header[]> =>
  (await oai(host, `verb=ListIdentifiers&metadataPrefix=oai_dc&${query}`)).ListIdentifiers?.header ?? [];
const refOf = (h: Header) => h.identifier.split(":").pop();
const seconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

describe("datestamps move with journal-level metadata (issue 27 item 2)", () => {
  it("after staff change the publisher and licence, GetRecord, from= and the sitemap show the change", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { modification: "2024-05-05T05:05:05.000Z" });
    const id = `oai:${j.domain}:${a.refnumber}`;
    expect((await headers(j.host, "from=2025-01-01")).map(refOf)).toEqual([]);

    const before = new Date(Date.now() - 1000);
    const token = await adminToken(j);
    const saved = await getJson(j.host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ publisher: "New Society Press", license: "CC-BY-SA-4.0" }),
    });
    expect(saved.status).toBe(200);

    const record = (await oai(j.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`)).GetRecord.record[0];
    expect(record.metadata["oai_dc:dc"]["dc:publisher"]).toBe("New Society Press");
    expect(record.metadata["oai_dc:dc"]["dc:rights"]).toBe("https://creativecommons.org/licenses/by-sa/4.0/");
    expect(record.header[0].datestamp >= seconds(before)).toBe(true);
    expect((await headers(j.host, `from=${seconds(before)}`)).map(refOf)).toEqual([a.refnumber]);

    const sitemap = await (await request(j.host, "/sitemaps/vol3.xml")).text();
    const urls = parser.parse(sitemap).urlset.url as { loc: string; lastmod: string }[];
    const page = urls.find((u) => u.loc.endsWith(`/${a.refnumber}`))!;
    expect(Date.parse(page.lastmod)).toBeGreaterThanOrEqual(before.getTime());
  });

  it("settings that no record carries (home page text, fees) leave the datestamps alone", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { modification: "2024-05-05T05:05:05.000Z" });
    await db.update(journals).set({ home_content: "<p>New welcome text</p>", fee_rupee: "999" }).where(eq(journals.id, j.id));
    const [h] = await headers(j.host, "");
    expect(h.datestamp).toBe("2024-05-05T05:05:05Z");
  });
});

describe("withdrawn articles become deleted records (issue 27 item 3)", () => {
  it("disabled, renumbered and deleted articles are reported deleted; a re-published one is a record again", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const kept = await fullArticle(j, { refnumber: "KEPT-1", modification: "2024-01-01T00:00:00.000Z" });
    const disabled = await fullArticle(j, { refnumber: "GONE-1", modification: "2024-01-02T00:00:00.000Z" });
    const renamed = await fullArticle(j, { refnumber: "OLD-1", modification: "2024-01-03T00:00:00.000Z" });
    const removed = await fullArticle(j, { refnumber: "DEL-1", modification: "2024-01-04T00:00:00.000Z", issue: 1 });
    await fullArticle(j, { refnumber: "NEVER-1", status: "disabled" });
    const before = new Date(Date.now() - 1000);

    await db.update(articles).set({ status: "disabled" }).where(eq(articles.id, disabled.id));
    await db.update(articles).set({ refnumber: "NEW-1" }).where(eq(articles.id, renamed.id));
    const token = await adminToken(j);
    const del = await request(j.host, `/api/admin/articles/${removed.id}`, { method: "DELETE", headers: bearer(token) });
    expect(del.status).toBeLessThan(300);

    const all = await headers(j.host, "");
    const byRef = new Map(all.map((h) => [refOf(h), h]));
    expect([...byRef.keys()].sort()).toEqual(["DEL-1", "GONE-1", "KEPT-1", "NEW-1", "OLD-1"]);
    for (const ref of ["GONE-1", "OLD-1", "DEL-1"]) {
      expect(byRef.get(ref)!["@status"], ref).toBe("deleted");
      expect(byRef.get(ref)!.datestamp >= seconds(before), ref).toBe(true);
    }
    expect(byRef.get("KEPT-1")!["@status"]).toBeUndefined();
    expect(byRef.get("NEW-1")!["@status"]).toBeUndefined();
    // A deleted record keeps the sets it was in: harvesting issue 1 alone still learns of its removal.
    expect(byRef.get("DEL-1")!.setSpec).toEqual(["vol3", "vol3:issue1"]);
    expect((await headers(j.host, "set=vol3:issue1")).map(refOf)).toEqual(["DEL-1"]);
    // Never public, never reported.
    expect(byRef.has("NEVER-1")).toBe(false);
    expect(kept.refnumber).toBe("KEPT-1");

    // GetRecord and ListRecords: the header alone, marked deleted.
    const got = await oai(j.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.domain}:GONE-1`);
    expect(got.GetRecord.record[0].header[0]["@status"]).toBe("deleted");
    expect(got.GetRecord.record[0].metadata).toBeUndefined();
    const listed = (await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc")).ListRecords.record as any[];
    expect(listed.filter((r) => r.header[0]["@status"] === "deleted").every((r) => r.metadata === undefined)).toBe(true);
    expect(listed).toHaveLength(5);

    // Enabled again: a record, no longer deleted.
    await db.update(articles).set({ status: "enabled" }).where(eq(articles.id, disabled.id));
    const again = (await headers(j.host, "")).find((h) => refOf(h) === "GONE-1")!;
    expect(again["@status"]).toBeUndefined();

    const identify = (await oai(j.host, "verb=Identify")).Identify;
    expect(identify.deletedRecord).toBe("persistent");
  });
});

describe("Identify (issue 27 item 6)", () => {
  it("its sampleIdentifier is a record that exists", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j);
    const sample = (await oai(j.host, "verb=Identify")).Identify.description["oai-identifier"].sampleIdentifier;
    const got = await oai(j.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(sample)}`);
    expect(got.error).toBeUndefined();
    expect(got.GetRecord.record[0].header[0].identifier).toBe(sample);
  });
});
