// Language versions through OJS Native XML both ways (issue 50 item 4): an export carries each version under its
// OJS locale and still validates against OJS's native.xsd (xmllint); importing it into an empty journal gives
// the articles the same versions; OJS's own 3.3 test issue, given French titles, abstracts and keywords beside
// the English ones, imports with both languages (and names a locale this site does not offer as not kept).
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getJson, journalDb } from "#tests/api/fixtures";
import * as schema from "../core/data/schema";
import { parseTranslations, translationSearchText } from "#contract/article-translations";
import ojs33 from "../../tests/fixtures/ojs/ojs-3.3-testissue.xml?raw";
import { exportXml, importFile, richJournal, sameJournal, xmllintOjs } from "./transfer-fixtures.testing";

const ARABIC = {
  lang: "ar",
  title: "تثبيت النيتروجين في التربة الملحية",
  abstract: "<p>قسنا تثبيت النيتروجين في تربة ملحية على مدى موسمين.</p>",
  keywords: "النيتروجين, التربة الملحية",
};
const INDONESIAN = {
  lang: "id",
  title: "Fiksasi nitrogen pada tanah salin",
  abstract: "<p>Kami mengukur fiksasi nitrogen pada tanah salin selama dua musim.</p>",
  keywords: "nitrogen, tanah salin",
};

describe("OJS Native XML with two languages", () => {
  it("exports each language version under its locale (valid against native.xsd) and imports it back with both", async () => {
    const name = `Languages ${Date.now()}`;
    const from = await richJournal(name);
    const to = await sameJournal(name);
    const [a, b] = from.articles;
    const fromDb = await journalDb(from.id);
    const set = (list: object[]) => {
      const translations = JSON.stringify(list);
      return { translations, ...translationSearchText(parseTranslations(translations)) };
    };
    await fromDb
      .update(schema.articles)
      .set(set([ARABIC, INDONESIAN]))
      .where(eq(schema.articles.id, a.id));
    await fromDb
      .update(schema.articles)
      .set(set([INDONESIAN]))
      .where(eq(schema.articles.id, b.id));

    const xml = (await exportXml(from.host, from.token)).text;
    const check = await xmllintOjs(xml);
    expect(check.ok, check.output).toBe(true);
    expect(xml).toContain(`<title locale="ar">${ARABIC.title}</title>`);
    expect(xml).toContain(`<abstract locale="id">&lt;p&gt;Kami mengukur`);
    expect(xml).toContain('<keywords locale="ar"><keyword><name>النيتروجين</name></keyword>');

    const { status, body } = await importFile(to.host, to.token, { text: xml, name: "journal.xml" }, { dryRun: "0", ref: "url_path" });
    expect(status).toBe(200);
    expect(body.counts).toMatchObject({ create: from.articles.length });
    for (const [article, versions] of [
      [a, [ARABIC, INDONESIAN]],
      [b, [INDONESIAN]],
    ] as const) {
      const got = await getJson<{ translations: unknown }>(to.host, `/api/archives/ref/${article.refnumber}`);
      expect(got.body.translations).toEqual(versions);
    }
    // Search in the importing journal finds the article by its Arabic words.
    const found = await getJson<{ results: { refnumber: string }[] }>(to.host, `/api/search?q=${encodeURIComponent("الملحية")}`);
    expect(found.body.results.map((r) => r.refnumber)).toEqual([a.refnumber]);
  });

  it("imports OJS 3.3's test issue with French versions beside the English ones; a German one is listed as not kept", async () => {
    // OJS writes each locale's copy beside the other (<title locale="en_US"> then <title locale="fr_CA">): the
    // first article of OJS's own test issue, given French copies as a bilingual OJS journal exports them.
    const frenchTitle = "Résistance aux antimicrobiens et aux métaux lourds des coliformes isolés d’infections nosocomiales";
    const xml = ojs33
      .replace(
        /(<title locale="en_US">Antimicrobial, heavy metal resistance[^<]*<\/title>)/,
        `$1\n        <title locale="fr_CA">${frenchTitle}</title>\n        <title locale="de_DE">Antimikrobielle Resistenz</title>`,
      )
      .replace(
        /(<abstract locale="en_US">&lt;p&gt;The antimicrobial[^<]*<\/abstract>)/,
        '$1\n        <abstract locale="fr_CA">&lt;p&gt;Les profils de résistance des coliformes isolés d’infections nosocomiales ont été comparés.&lt;/p&gt;</abstract>',
      );
    expect(xml).toContain('locale="fr_CA">Résistance');
    const to = await sameJournal(`OJS bilingual ${Date.now()}`);
    const { status, body } = await importFile(to.host, to.token, { text: xml, name: "export.xml" }, { dryRun: "0" });
    expect(status).toBe(200);
    expect(body.counts).toMatchObject({ create: 2 });
    expect(body.notKept.map((n: { what: string }) => n.what)).toContain("title or abstract in de_DE");
    const ref = body.items[0].refnumber;
    const got = await getJson<{ title: string; translations: { lang: string; title: string; abstract: string }[] }>(
      to.host,
      `/api/archives/ref/${ref}`,
    );
    expect(got.body.title).toMatch(/^Antimicrobial, heavy metal resistance/);
    expect(got.body.translations).toEqual([
      {
        lang: "fr",
        title: frenchTitle,
        abstract: "<p>Les profils de résistance des coliformes isolés d’infections nosocomiales ont été comparés.</p>",
        keywords: "",
      },
    ]);
  });
});
