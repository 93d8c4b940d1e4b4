// OAI-PMH 2.0 at /oai, read with fast-xml-parser: a full harvest per journal, every verb, every error code.
import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { createArticle, createJournal, request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal, type ScholarlyJournal } from "#tests/api/scholarly-fixtures";

const ARRAYS = new Set([
  "record",
  "header",
  "setSpec",
  "set",
  "dc:creator",
  "dc:identifier",
  "dc:subject",
  "dc:source",
  "dc:type",
  "error",
  "metadataFormat",
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ARRAYS.has(name),
  parseTagValue: false,
});

async function oai(host: string, query: string, method: "GET" | "POST" = "GET") {
  const res =
    method === "GET"
      ? await request(host, `/oai?${query}`)
      : await request(host, "/oai", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: query });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/xml; charset=utf-8");
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = parser.parse(text)["OAI-PMH"];
  expect(doc["@xmlns"]).toBe("http://www.openarchives.org/OAI/2.0/");
  return { text, doc };
}

const errorCode = async (host: string, query: string) => (await oai(host, query)).doc.error?.[0]?.["@code"];

/** Follows resumption tokens from the first page to the last; returns every header, in order, and the pages. */
async function harvest(host: string, verb: "ListRecords" | "ListIdentifiers", first: string, method: "GET" | "POST" = "GET") {
  const headers: { identifier: string; datestamp: string; setSpec: string[] }[] = [];
  const records: any[] = [];
  const pages: { size: number; cursor?: string; total?: string }[] = [];
  let query = `verb=${verb}&${first}`;
  for (let guard = 0; guard < 50; guard++) {
    const { doc } = await oai(host, query, method);
    expect(doc.error, query).toBeUndefined();
    const list = doc[verb];
    const items = verb === "ListRecords" ? list.record : list.header;
    for (const item of items) {
      headers.push(verb === "ListRecords" ? item.header[0] : item);
      if (verb === "ListRecords") records.push(item);
    }
    const token = list.resumptionToken;
    const tokenText = typeof token === "object" ? (token["#text"] ?? "") : (token ?? "");
    pages.push({ size: items.length, cursor: token?.["@cursor"], total: token?.["@completeListSize"] });
    if (!tokenText) return { headers, records, pages };
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(tokenText)}`;
  }
  throw new Error("harvest did not end");
}

/** A journal with `n` public articles (many sharing one modification instant) and some hidden ones. */
async function bigJournal(n: number): Promise<ScholarlyJournal> {
  const j = await scholarlyJournal();
  await ensureIssue(j, 2024, 3, 1);
  await ensureIssue(j, 2024, 3, 2);
  for (let i = 0; i < n; i++) {
    // Articles 90..130 share one instant, so page boundaries fall inside a run of equal datestamps.
    const modification = i >= 90 && i < 130 ? "2024-05-05T05:05:05.000Z" : new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
    await fullArticle(j, { issue: 1 + (i % 2), modification, refnumber: `H-${i}` });
  }
  await fullArticle(j, { status: "disabled", refnumber: "HIDDEN-1" });
  await createArticle(j.id, { refnumber: null, title: "No ref", year: 2024, volume: 3, issue: 2 });
  return j;
}

describe("OAI-PMH harvest", () => {
  it("returns every public article exactly once across page boundaries, for each journal separately", async () => {
    const a = await bigJournal(230);
    const b = await bigJournal(7);
    for (const [j, verb, method] of [
      [a, "ListRecords", "GET"],
      [a, "ListIdentifiers", "POST"],
      [b, "ListRecords", "POST"],
      [b, "ListIdentifiers", "GET"],
    ] as const) {
      const { headers, pages } = await harvest(j.host, verb, "metadataPrefix=oai_dc", method);
      const ids = headers.map((h) => h.identifier);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(j.publicRefs.map((r) => `oai:${j.domain}:${r}`).sort());
      const other = j === a ? b : a;
      for (const id of ids) expect(id.startsWith(`oai:${other.domain}:`)).toBe(false);
      if (j === a) {
        expect(pages.map((p) => p.size)).toEqual([100, 100, 30]);
        expect(pages.map((p) => p.cursor)).toEqual(["0", "100", "200"]);
        expect(pages.map((p) => p.total)).toEqual(["230", "230", "230"]);
      } else {
        expect(pages).toEqual([{ size: 7, cursor: undefined, total: undefined }]);
      }
    }
  });

  it("filters by from/until (day and seconds granularity) and by volume/issue sets", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 1);
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { refnumber: "D-1", issue: 1, modification: "2024-01-10T23:59:59.500Z" });
    await fullArticle(j, { refnumber: "D-2", issue: 2, modification: "2024-01-11T00:00:00.000Z" });
    await fullArticle(j, { refnumber: "D-3", issue: 2, modification: "2024-02-01T12:00:00.000Z" });
    const ids = async (q: string) =>
      (await harvest(j.host, "ListIdentifiers", `metadataPrefix=oai_dc&${q}`)).headers.map((h) => h.identifier.split(":").pop());
    expect(await ids("until=2024-01-10")).toEqual(["D-1"]);
    expect(await ids("from=2024-01-11")).toEqual(["D-2", "D-3"]);
    expect(await ids("from=2024-01-11&until=2024-01-31")).toEqual(["D-2"]);
    expect(await ids("until=2024-01-10T23:59:59Z")).toEqual(["D-1"]);
    expect(await ids("from=2024-01-10T23:59:59Z&until=2024-01-11T00:00:00Z")).toEqual(["D-1", "D-2"]);
    expect(await ids("set=vol3:issue2")).toEqual(["D-2", "D-3"]);
    expect(await ids("set=vol3")).toEqual(["D-1", "D-2", "D-3"]);
    const { headers } = await harvest(j.host, "ListIdentifiers", "metadataPrefix=oai_dc&set=vol3:issue1");
    expect(headers[0]).toEqual({ identifier: `oai:${j.domain}:D-1`, datestamp: "2024-01-10T23:59:59Z", setSpec: ["vol3", "vol3:issue1"] });
  });
});

describe("OAI-PMH verbs", () => {
  it("Identify names the repository, base URL, granularity, earliest datestamp and deletion policy", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { modification: "2021-02-03T04:05:06.789Z" });
    const { doc } = await oai(j.host, "verb=Identify");
    expect(doc.request["@verb"]).toBe("Identify");
    expect(doc.request["#text"]).toBe(`https://${j.domain}/oai`);
    expect(doc.Identify).toMatchObject({
      repositoryName: "International Journal of Soil & Crop Science",
      baseURL: `https://${j.domain}/oai`,
      protocolVersion: "2.0",
      earliestDatestamp: "2021-02-03T04:05:06Z",
      deletedRecord: "persistent",
      granularity: "YYYY-MM-DDThh:mm:ssZ",
    });
    expect(doc.Identify.adminEmail).toMatch(/@/);
    expect(doc.Identify.description["oai-identifier"].repositoryIdentifier).toBe(j.domain);
  });

  it("ListMetadataFormats, ListSets and GetRecord with full oai_dc", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2023, 2, 1);
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const formats = (await oai(j.host, "verb=ListMetadataFormats")).doc.ListMetadataFormats.metadataFormat;
    expect(formats[0]).toMatchObject({ metadataPrefix: "oai_dc", metadataNamespace: "http://www.openarchives.org/OAI/2.0/oai_dc/" });
    // JATS and MARCXML beside it (issue 40 item 2).
    expect(formats.map((f: any) => f.metadataPrefix)).toEqual(["oai_dc", "jats", "marcxml"]);
    expect(
      (await oai(j.host, `verb=ListMetadataFormats&identifier=oai:${j.domain}:${a.refnumber}`)).doc.ListMetadataFormats.metadataFormat.map(
        (f: any) => f.metadataPrefix,
      ),
    ).toEqual(["oai_dc", "jats", "marcxml"]);
    const sets = (await oai(j.host, "verb=ListSets")).doc.ListSets.set.map((s: any) => [s.setSpec[0], s.setName]);
    expect(sets).toEqual([
      ["vol2", "Volume 2 (2023)"],
      ["vol2:issue1", "Vol. 2, Issue 1 (2023)"],
      ["vol3", "Volume 3 (2024)"],
      ["vol3:issue2", "Vol. 3, Issue 2 (2024)"],
    ]);
    const rec = (await oai(j.host, `verb=GetRecord&identifier=oai:${j.domain}:${a.refnumber}&metadataPrefix=oai_dc`)).doc.GetRecord
      .record[0];
    const dc = rec.metadata["oai_dc:dc"];
    expect(dc["@xmlns:dc"]).toBe("http://purl.org/dc/elements/1.1/");
    expect(dc["dc:title"]).toBe(`Effect of Rhizobium on pulse yield & soil ${a.refnumber}`);
    expect(dc["dc:creator"]).toEqual(["Verma, Asha", "Singh, Rahul", "Məmmədova, Aynur"]);
    expect(dc["dc:identifier"]).toEqual([`https://${j.domain}/archives/2024/vol3/issue2/${a.refnumber}`, `https://doi.org/${a.doi}`]);
    expect(dc["dc:description"]).toContain("12 districts <with> care.");
    expect(dc["dc:publisher"]).toBe("Soil <Society> Press");
    expect(dc["dc:date"]).toBe("2024-03-15");
    expect(dc["dc:rights"]).toBe("https://creativecommons.org/licenses/by-nc/4.0/");
    expect(dc["dc:source"]).toContain("2049-3630");
    expect(dc["dc:language"]).toBe("en");
  });
});

describe("OAI-PMH errors", () => {
  it("answers each protocol error with its code", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const hidden = await fullArticle(j, { status: "disabled" });
    const other = await scholarlyJournal();
    await ensureIssue(other, 2024, 3, 2);
    const otherArticle = await fullArticle(other);
    const token = async () => {
      for (let i = 0; i < 101; i++) await fullArticle(other, { refnumber: `T-${i}` });
      const t = (await oai(other.host, "verb=ListIdentifiers&metadataPrefix=oai_dc")).doc.ListIdentifiers.resumptionToken["#text"];
      return t as string;
    };
    const cases: [string, string][] = [
      ["", "badVerb"],
      ["verb=Nope", "badVerb"],
      ["verb=Identify&verb=Identify", "badVerb"],
      ["verb=Identify&extra=1", "badArgument"],
      ["verb=ListRecords", "badArgument"],
      ["verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc", "badArgument"],
      ["verb=ListRecords&metadataPrefix=oai_dc&from=2024-13-01", "badArgument"],
      ["verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-02-01T00:00:00Z", "badArgument"],
      ["verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-01&until=2024-01-01", "badArgument"],
      ["verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc", "badArgument"],
      ["verb=GetRecord&identifier=x", "badArgument"],
      ["verb=ListRecords&metadataPrefix=marc21", "cannotDisseminateFormat"],
      [`verb=GetRecord&identifier=oai:${j.domain}:${a.refnumber}&metadataPrefix=mods`, "cannotDisseminateFormat"],
      [`verb=GetRecord&identifier=oai:${j.domain}:${hidden.refnumber}&metadataPrefix=oai_dc`, "idDoesNotExist"],
      [`verb=GetRecord&identifier=oai:${other.domain}:${otherArticle.refnumber}&metadataPrefix=oai_dc`, "idDoesNotExist"],
      [`verb=GetRecord&identifier=oai:${j.domain}:${otherArticle.refnumber}&metadataPrefix=oai_dc`, "idDoesNotExist"],
      [`verb=ListMetadataFormats&identifier=oai:${j.domain}:NOPE`, "idDoesNotExist"],
      ["verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01", "noRecordsMatch"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&set=vol9", "noRecordsMatch"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&set=nonsense", "noRecordsMatch"],
      ["verb=ListRecords&resumptionToken=not-a-token", "badResumptionToken"],
      ["verb=ListSets&resumptionToken=x", "badResumptionToken"],
    ];
    for (const [q, code] of cases) expect([q, await errorCode(j.host, q)]).toEqual([q, code]);
    // A token issued by another journal, or for another verb, is refused.
    const t = await token();
    expect(await errorCode(j.host, `verb=ListIdentifiers&resumptionToken=${t}`)).toBe("badResumptionToken");
    expect(await errorCode(other.host, `verb=ListRecords&resumptionToken=${t}`)).toBe("badResumptionToken");
    expect(await errorCode(other.host, `verb=ListIdentifiers&resumptionToken=${t}`)).toBeUndefined();
    // A journal without any issue has no set hierarchy yet.
    const empty = await createJournal();
    expect(await errorCode(empty.host, "verb=ListSets")).toBe("noSetHierarchy");
    // badVerb/badArgument answers echo no arguments in <request>.
    const { doc } = await oai(j.host, "verb=Nope&x=1");
    expect(doc.request["@verb"]).toBeUndefined();
  });
});
