// Issue 50 item 4: an article with an Arabic and an Indonesian version beside the English one, in every output,
// each checked by xmllint against its official schema (tests/schemas) and read back with an independent parser:
// JATS (trans-title-group, trans-abstract, kwd-group xml:lang), OAI-PMH oai_dc (repeated dc:title/dc:description
// with xml:lang), JATS and MARCXML in OAI (246 parallel titles, 520 repeated), Crossref 5.3.1 (jats:abstract per
// language), DOAJ (title, abstract, keywords per language), and the article page's head and body.
import { describe, expect, it, vi } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { request } from "#tests/api/fixtures";
import { faceMarkupIssue, fullArticle } from "#tests/api/scholarly-fixtures";
import { bearer } from "#tests/api/auth-fixtures";
import { validateCrossref, validateDoaj, validateJats, validateOai, validateOaiFormats } from "./outside-readers.testing";

vi.setConfig({ testTimeout: 180_000 });

const ARABIC = {
  lang: "ar",
  title: "أثر بكتيريا <i>الريزوبيوم</i> في محصول البقوليات",
  abstract: "<p>قسنا تثبيت النيتروجين في اثنتي عشرة منطقة.</p><p>فقرة ثانية من الملخص.</p>",
  keywords: "التربة, الريزوبيوم",
};
const INDONESIAN = {
  lang: "id",
  title: "Pengaruh <i>Rhizobium</i> terhadap hasil kacang-kacangan",
  abstract: "<p>Kami mengukur fiksasi nitrogen di dua belas kabupaten.</p>",
  keywords: "tanah, rhizobium",
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (n) =>
    [
      "trans-title-group",
      "trans-abstract",
      "kwd-group",
      "kwd",
      "dc:title",
      "dc:description",
      "datafield",
      "subfield",
      "jats:abstract",
      "title",
      "abstract",
      "keywords",
      "keyword",
      "record",
    ].includes(n),
});

async function bilingual() {
  const { j, token } = await faceMarkupIssue();
  const a = await fullArticle(j, {
    pagenumber: "21-30",
    translations: JSON.stringify([ARABIC, INDONESIAN]),
  });
  return { j, token, a, page: `/archives/2024/vol3/issue2/${a.refnumber}` };
}

describe("an article in three languages, in every output (issue 50 item 4)", () => {
  it("JATS: trans-title-group and trans-abstract with xml:lang, one kwd-group per language; valid JATS 1.3", async () => {
    const { j, page } = await bilingual();
    const xml = await (await request(j.host, `${page}.xml`)).text();
    const verdict = await validateJats(xml);
    expect(verdict.ok, verdict.output).toBe(true);
    const meta = parser.parse(xml).article.front["article-meta"];
    const trans = meta["title-group"]["trans-title-group"];
    expect(trans.map((t: any) => t["@xml:lang"])).toEqual(["ar", "id"]);
    expect(xml).toContain('<trans-title-group xml:lang="ar"><trans-title>أثر بكتيريا <italic>الريزوبيوم</italic>');
    expect(meta["trans-abstract"].map((t: any) => t["@xml:lang"])).toEqual(["ar", "id"]);
    expect(meta["kwd-group"].map((g: any) => [g["@xml:lang"], g.kwd])).toEqual([
      ["en", ["soil", "rhizobium"]],
      ["ar", ["التربة", "الريزوبيوم"]],
      ["id", ["tanah", "rhizobium"]],
    ]);
  });

  it("OAI-PMH: oai_dc repeats dc:title and dc:description with xml:lang; JATS and MARCXML valid inside OAI", async () => {
    const { j, a } = await bilingual();
    const id = `oai:${j.domain}:${a.refnumber}`;
    const dcXml = await (await request(j.host, `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`)).text();
    const dcVerdict = await validateOai(dcXml);
    expect(dcVerdict.ok, dcVerdict.output).toBe(true);
    const dc = parser.parse(dcXml)["OAI-PMH"].GetRecord.record[0].metadata["oai_dc:dc"];
    expect(dc["dc:title"].map((t: any) => t["@xml:lang"])).toEqual(["en", "ar", "id"]);
    expect(dc["dc:title"][2]["#text"]).toBe("Pengaruh Rhizobium terhadap hasil kacang-kacangan");
    expect(dc["dc:description"].map((t: any) => t["@xml:lang"])).toEqual(["en", "ar", "id"]);

    for (const prefix of ["jats", "marcxml"]) {
      const xml = await (await request(j.host, `/oai?verb=GetRecord&metadataPrefix=${prefix}&identifier=${id}`)).text();
      const verdict = await validateOaiFormats(xml);
      expect(verdict.ok, `${prefix}: ${verdict.output}`).toBe(true);
    }
    const marcXml = await (await request(j.host, `/oai?verb=GetRecord&metadataPrefix=marcxml&identifier=${id}`)).text();
    const fields = parser.parse(marcXml)["OAI-PMH"].GetRecord.record[0].metadata.record[0].datafield;
    const tagged = (tag: string) => fields.filter((f: any) => f["@tag"] === tag);
    expect(tagged("246").map((f: any) => [f["@ind1"], f["@ind2"], f.subfield[0]["#text"]])).toEqual([
      ["3", "1", "أثر بكتيريا الريزوبيوم في محصول البقوليات"],
      ["3", "1", "Pengaruh Rhizobium terhadap hasil kacang-kacangan"],
    ]);
    expect(tagged("520")).toHaveLength(3);
    expect(tagged("041")[0].subfield.map((s: any) => `${s["@code"]}:${s["#text"]}`)).toEqual(["a:eng", "b:ara", "b:ind"]);
    expect(tagged("546")[0].subfield[0]["#text"]).toBe("Text in English. Summaries also in Arabic and Indonesian.");
  });

  it("Crossref 5.3.1: one jats:abstract per language; DOAJ: title, abstract and keywords per language; both valid", async () => {
    const { j, token, a } = await bilingual();
    const crossref = await (await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(token) })).text();
    const cr = await validateCrossref(crossref);
    expect(cr.output).toContain("validates");
    const art = parser
      .parse(crossref)
      .doi_batch.body.journal.journal_article.find((x: any) => x.publisher_item.item_number["#text"] === a.refnumber);
    expect(art["jats:abstract"].map((x: any) => x["@xml:lang"])).toEqual(["en", "ar", "id"]);

    const doaj = await (await request(j.host, "/api/admin/doaj/2024/vol3/issue2", { headers: bearer(token) })).text();
    const dv = await validateDoaj(doaj);
    expect(dv.ok, dv.output).toBe(true);
    const rec = parser.parse(doaj).records.record.find((r: any) => r.publisherRecordId === a.refnumber);
    expect(rec.title.map((t: any) => t["@language"])).toEqual(["eng", "ara", "ind"]);
    expect(rec.abstract.map((t: any) => t["@language"])).toEqual(["eng", "ara", "ind"]);
    expect(rec.keywords.map((k: any) => [k["@language"], k.keyword])).toEqual([
      ["eng", ["soil", "rhizobium"]],
      ["ara", ["التربة", "الريزوبيوم"]],
      ["ind", ["tanah", "rhizobium"]],
    ]);
  });

  it("the article page: Highwire and Dublin Core tags per language, each version shown in its lang and dir", async () => {
    const { j, page } = await bilingual();
    const html = await (await request(j.host, page)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // Google Scholar's citation_title is the article's own, first and unmarked; the others follow, marked.
    expect(head.indexOf('<meta name="citation_title" content="Effect of')).toBeGreaterThan(-1);
    expect(head.indexOf('<meta name="citation_title" content="Effect of')).toBeLessThan(head.indexOf('lang="ar" xml:lang="ar">'));
    expect(head).toContain('<meta name="citation_title" content="أثر بكتيريا الريزوبيوم في محصول البقوليات" lang="ar" xml:lang="ar">');
    expect(head).toMatch(/<meta name="citation_abstract" content="Kami mengukur[^"]*" lang="id" xml:lang="id">/);
    expect(head).toMatch(/<meta name="DC.title" content="Effect of[^"]*" lang="en" xml:lang="en">/);
    expect(head).toMatch(/<meta name="DC.title.alternative" content="أثر بكتيريا[^"]*" lang="ar" xml:lang="ar">/);
    expect(head).toMatch(/<meta name="DC.description" content="Kami mengukur[^"]*" lang="id" xml:lang="id">/);
    const body = html.slice(html.indexOf("</head>"));
    expect(body).toMatch(/<div lang="ar" dir="rtl"><h3 class="article-version__title">أثر بكتيريا <i>الريزوبيوم<\/i>/);
    expect(body).toMatch(/<div lang="id" dir="ltr"><h3 class="article-version__title">Pengaruh <i>Rhizobium<\/i>/);
    // The main version first (the page is English): its h1 in English.
    expect(body).toMatch(/<h1 class="article-view__title" lang="en" dir="ltr">Effect of/);
  });
});
