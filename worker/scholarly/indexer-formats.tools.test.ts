// Issue 40 items 1 and 2: every article's JATS file at its page address + ".xml", and OAI-PMH in oai_dc, JATS and
// MARCXML, each checked by xmllint against the official schemas (tests/schemas), and OAI identifiers that name a
// record the same way whichever of the journal's hosts answers.
import { describe, expect, it, vi } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { db, request } from "#tests/api/fixtures";
import { fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { journalDomains } from "../core/data/schema";
import { validateJats, validateOai, validateOaiFormats } from "./outside-readers.testing";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) =>
    ["contrib", "aff", "ref", "award-group", "kwd", "datafield", "subfield", "record", "metadataFormat", "header"].includes(name),
});

// xmllint loads the JATS schema (MathML included) for each check: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const FUNDING = "National Science Foundation | CHE-2101234\nWellcome Trust";

async function journalWithArticle() {
  const j = await scholarlyJournal();
  const a = await fullArticle(j, { funding: FUNDING, license: "CC-BY-4.0" });
  const page = `/archives/2024/vol3/issue2/${a.refnumber}`;
  return { j, a, page };
}

describe("JATS XML per article (issue 40 item 1)", () => {
  it("answers the page address + .xml with a JATS 1.3 article that xmllint accepts, never indexed", async () => {
    const { j, a, page } = await journalWithArticle();
    const res = await request(j.host, `${page}.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const xml = await res.text();
    const verdict = await validateJats(xml);
    expect(verdict.ok, verdict.output).toBe(true);

    const art = parser.parse(xml).article;
    expect(art["@article-type"]).toBe("research-article");
    const meta = art.front["article-meta"];
    expect(art.front["journal-meta"]["journal-title-group"]["journal-title"]).toBe("International Journal of Soil & Crop Science");
    expect(meta["article-id"].find((x: any) => x["@pub-id-type"] === "doi")["#text"]).toBe(a.doi);
    // Face markup kept as JATS inline elements.
    expect(xml).toContain("<article-title>Effect of <italic>Rhizobium</italic> on pulse yield &amp; soil");
    const contribs = meta["contrib-group"].contrib;
    expect(contribs).toHaveLength(3);
    expect(contribs[0].name).toEqual({ surname: "Verma", "given-names": "Asha" });
    expect(contribs[0]["contrib-id"]["#text"]).toBe("https://orcid.org/0000-0002-1825-0097");
    expect(meta.aff.map((x: any) => x.institution)).toEqual(["University of Pune", "Baku State University"]);
    expect(meta["pub-date"]["@iso-8601-date"]).toBe("2024-03-15");
    expect([meta.fpage, meta.lpage]).toEqual(["73", "80"]);
    expect(meta.permissions.license["ali:license_ref"]).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(meta["funding-group"]["award-group"]).toEqual([
      { "funding-source": "National Science Foundation", "award-id": "CHE-2101234" },
      { "funding-source": "Wellcome Trust" },
    ]);
    expect(meta["kwd-group"].kwd).toEqual(["soil", "rhizobium"]);
    // Structured (issue 51): each reference read into its parts as <element-citation>.
    const cites = art.back["ref-list"].ref.map((r: any) => r["element-citation"]);
    expect(cites[0]).toMatchObject({
      "@publication-type": "journal",
      "person-group": { name: { surname: "Smith", "given-names": "J" } },
      "article-title": "Soil nitrogen",
      source: "Soil Biol",
      year: "2019",
      volume: "12",
      fpage: "1",
      lpage: "9",
    });
    expect(cites[1]).toMatchObject({ "article-title": "Pulses in India", source: "Agron J", year: "2020" });
  });

  it("takes the journal's licence when the article has none of its own, and 404s for hidden or misplaced articles", async () => {
    const j = await scholarlyJournal();
    const a = await fullArticle(j);
    const hidden = await fullArticle(j, { status: "disabled" });
    const xml = await (await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.xml`)).text();
    expect(xml).toContain("<ali:license_ref>https://creativecommons.org/licenses/by-nc/4.0/</ali:license_ref>");
    expect((await validateJats(xml)).ok).toBe(true);
    expect((await request(j.host, `/archives/2024/vol3/issue2/${hidden.refnumber}.xml`)).status).toBe(404);
    expect((await request(j.host, `/archives/2024/vol3/issue9/${a.refnumber}.xml`)).status).toBe(404);
  });
});

describe("OAI-PMH formats and identifiers (issue 40 item 2)", () => {
  it("lists oai_dc, jats and marcxml", async () => {
    const { j } = await journalWithArticle();
    const xml = await (await request(j.host, "/oai?verb=ListMetadataFormats")).text();
    const formats = parser.parse(xml)["OAI-PMH"].ListMetadataFormats.metadataFormat;
    expect(formats.map((f: any) => f.metadataPrefix)).toEqual(["oai_dc", "jats", "marcxml"]);
    expect(formats[2].metadataNamespace).toBe("http://www.loc.gov/MARC21/slim");
    expect((await validateOai(xml)).ok).toBe(true);
  });

  it("disseminates every record in JATS and MARCXML, valid against their schemas inside the OAI-PMH answer", async () => {
    const { j, a } = await journalWithArticle();
    const id = `oai:${j.domain}:${a.refnumber}`;
    for (const prefix of ["jats", "marcxml"]) {
      for (const query of [`verb=GetRecord&metadataPrefix=${prefix}&identifier=${id}`, `verb=ListRecords&metadataPrefix=${prefix}`]) {
        const xml = await (await request(j.host, `/oai?${query}`)).text();
        expect(xml, query).not.toContain("<error");
        const verdict = await validateOaiFormats(xml);
        expect(verdict.ok, `${query}: ${verdict.output}`).toBe(true);
      }
    }
    const marc = parser.parse(await (await request(j.host, `/oai?verb=GetRecord&metadataPrefix=marcxml&identifier=${id}`)).text());
    const fields = marc["OAI-PMH"].GetRecord.record[0].metadata.record[0].datafield;
    const sub = (tag: string, code: string) =>
      fields
        .filter((f: any) => f["@tag"] === tag)
        .flatMap((f: any) => f.subfield.filter((s: any) => s["@code"] === code).map((s: any) => s["#text"]));
    expect(sub("024", "a")).toEqual([a.doi]);
    expect(sub("100", "a")).toEqual(["Verma, Asha"]);
    expect(sub("100", "1")).toEqual(["https://orcid.org/0000-0002-1825-0097"]);
    expect(sub("700", "a")).toHaveLength(2);
    expect(sub("536", "a")).toEqual(["National Science Foundation", "Wellcome Trust"]);
    expect(sub("536", "c")).toEqual(["CHE-2101234"]);
    expect(sub("773", "x")).toEqual(["2049-3630", "2434-561X"]);
    // What a catalogue facets on (issue 46 item 4): 008 with the date entered, the year, the place (unknown) and
    // the language as MARC codes it; 041 with that code; 546 says it in words.
    const record = marc["OAI-PMH"].GetRecord.record[0].metadata.record[0];
    const f008: string = record.controlfield.find((c: any) => c["@tag"] === "008")["#text"];
    expect(f008).toHaveLength(40);
    expect(f008).toMatch(/^\d{6}s2024 {4}xx /);
    expect(f008.slice(21, 24)).toBe("joo");
    expect(f008.slice(35, 38)).toBe("eng");
    expect(sub("041", "a")).toEqual(["eng"]);
    expect(sub("546", "a")).toEqual(["Text in English."]);
  }, 180_000);

  it("names a record by the journal's primary host, whichever of its hosts answers", async () => {
    const { j, a } = await journalWithArticle();
    const alias = `alias-${j.host}`;
    await db.insert(journalDomains).values({ domain: alias, journalId: j.id, isPrimary: false });
    const ids = await Promise.all(
      [j.host, alias].map(async (host) => {
        const doc = parser.parse(await (await request(host, "/oai?verb=ListIdentifiers&metadataPrefix=oai_dc")).text());
        return doc["OAI-PMH"].ListIdentifiers.header.map((h: any) => h.identifier);
      }),
    );
    expect(ids[0]).toEqual([`oai:${j.domain}:${a.refnumber}`]);
    expect(ids[1]).toEqual(ids[0]);
    const got = await (await request(alias, `/oai?verb=GetRecord&metadataPrefix=jats&identifier=oai:${j.domain}:${a.refnumber}`)).text();
    expect(got).not.toContain("<error");
  });

  it("keeps the format across resumption tokens", async () => {
    const j = await scholarlyJournal();
    for (let i = 0; i < 101; i++) await fullArticle(j);
    const first = parser.parse(await (await request(j.host, "/oai?verb=ListRecords&metadataPrefix=marcxml")).text())["OAI-PMH"].ListRecords;
    expect(first.record).toHaveLength(100);
    const token = first.resumptionToken["#text"];
    const next = await (await request(j.host, `/oai?verb=ListRecords&resumptionToken=${token}`)).text();
    const rest = parser.parse(next)["OAI-PMH"].ListRecords.record;
    expect(rest).toHaveLength(1);
    expect(rest[0].metadata.record[0]["@xmlns"]).toBe("http://www.loc.gov/MARC21/slim");
  }, 120_000);
});
