// What harvesters read, against the official schemas: every OAI-PMH verb and error answer, records and deleted
// records, validated by libxml2's xmllint against OAI-PMH.xsd, oai_dc.xsd and oai-identifier.xsd (vendored in
// tests/schemas/oai). What the answers say: oai-records.test.ts and oai.test.ts.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db, request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { articles } from "../core/data/schema";
import { validateOai } from "./outside-readers.testing";

async function expectValid(host: string, query: string) {
  const text = await (await request(host, `/oai?${query}`)).text();
  const verdict = await validateOai(text);
  expect(verdict.output, query).toContain("validates");
}

describe("OAI-PMH answers in xmllint", () => {
  it("every verb and error answer validates against the OAI-PMH schemas", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    for (const q of [
      "verb=Identify",
      "verb=ListMetadataFormats",
      `verb=ListMetadataFormats&identifier=oai:${j.domain}:${a.refnumber}`,
      "verb=ListSets",
      "verb=ListIdentifiers&metadataPrefix=oai_dc",
      "verb=ListRecords&metadataPrefix=oai_dc",
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.domain}:${a.refnumber}`,
      "verb=Nope",
      "verb=ListRecords&metadataPrefix=marc21",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01",
      "verb=ListRecords&resumptionToken=bad",
    ]) {
      await expectValid(j.host, q);
    }
  });

  it("deleted records validate too: in ListIdentifiers, ListRecords, GetRecord and a set", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { refnumber: "KEPT-1", modification: "2024-01-01T00:00:00.000Z" });
    const gone = await fullArticle(j, { refnumber: "GONE-1", modification: "2024-01-02T00:00:00.000Z" });
    await db.update(articles).set({ status: "disabled" }).where(eq(articles.id, gone.id));
    const listed = await (await request(j.host, "/oai?verb=ListIdentifiers&metadataPrefix=oai_dc")).text();
    expect(listed).toContain('status="deleted"');
    for (const q of [
      "verb=ListIdentifiers&metadataPrefix=oai_dc",
      "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-01-01&until=2999-01-01",
      "verb=ListRecords&metadataPrefix=oai_dc",
      "verb=ListRecords&metadataPrefix=oai_dc&set=vol3:issue2",
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.domain}:GONE-1`,
    ]) {
      await expectValid(j.host, q);
    }
  });
});
