// Affiliations' ROR ids in OJS Native XML (docs/decisions/0387): written as OJS 3.5 writes them (<rorAffiliation>
// with <ror> and <name>), checked by xmllint against OJS's current native.xsd and read by an independent XML parser;
// then export -> import keeps every id, and an OJS author with several affiliations is reported, not mislabelled.
import { XMLParser } from "fast-xml-parser";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { journalDb, request } from "#tests/api/fixtures";
import { articleAuthors } from "#contract/scholarly";
import * as schema from "../core/data/schema";
import { exportXml, importFile, richJournal, sameJournal, xmllintOjs } from "./transfer-fixtures.testing";

const BERKELEY = "https://ror.org/01an7q238";
const LYON = "https://ror.org/029brtt94";

const authorsOf = async (j: { id: number }, refnumber: string) => {
  const [row] = await (await journalDb(j))
    .select()
    .from(schema.articles)
    .where(and(eq(schema.articles.journalId, j.id), eq(schema.articles.refnumber, refnumber)));
  return articleAuthors(row.authorname, row.authorDetails);
};

describe("ROR ids in OJS Native XML", () => {
  it("export writes <rorAffiliation> that validates, and import into a fresh journal keeps each author's ROR id", async () => {
    const name = `ROR Trip ${Date.now()}`;
    const from = await richJournal(name);
    const [first] = from.articles;
    const details = [
      { affiliation: "University of California, Berkeley, United States", orcid: "0000-0002-1825-0097", ror: BERKELEY },
      { affiliation: "Université de Lyon", orcid: "" },
    ];
    await (await journalDb(from))
      .update(schema.articles)
      .set({ authorDetails: JSON.stringify(details) })
      .where(eq(schema.articles.id, first.id));

    const xml = (await exportXml(from.host, from.token)).text;
    const verdict = await xmllintOjs(xml);
    expect(verdict.ok, verdict.output).toBe(true);

    // Read by an outside parser: the first author's affiliation is a rorAffiliation, the second's a plain one.
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@",
      isArray: (n) => ["issue", "article", "author"].includes(n),
    });
    const articles = parser.parse(xml).issues.issue.flatMap((i: { articles: { article: unknown[] } }) => i.articles?.article ?? []);
    const article = articles.find((a: { publication: { "@url_path": string } }) => a.publication["@url_path"] === first.refnumber);
    const [ayse, jeanLuc] = article.publication.authors.author;
    expect(ayse.rorAffiliation).toEqual({ ror: BERKELEY, name: { "#text": details[0].affiliation, "@locale": "en" } });
    expect(ayse.affiliation).toBeUndefined();
    expect(jeanLuc.affiliation).toEqual({ name: { "#text": "Université de Lyon", "@locale": "en" } });
    expect(jeanLuc.rorAffiliation).toBeUndefined();

    const to = await sameJournal(name);
    const imported = await importFile(to.host, to.token, { text: xml, name: "journal.xml" }, { dryRun: "0", ref: "url_path" });
    expect(imported.status).toBe(200);
    expect(imported.body.counts).toMatchObject({ articles: 3, create: 3, skip: 0 });
    expect(imported.body.notKept).toEqual([]);
    expect(await authorsOf(to, first.refnumber!)).toEqual([
      { name: "Ayşe Yılmaz", ...details[0] },
      { name: "Jean-Luc Dupont", ...details[1] },
    ]);
    // The public page of the copy links the affiliation to its ROR record, as the original's does.
    const page = await request(to.host, `/archives/2024/vol3/issue2/${first.refnumber}`);
    expect(await page.text()).toContain(`href="${BERKELEY}"`);
  });

  it("an OJS author's one ROR affiliation is read in the document's locale; several affiliations keep their text and are reported", async () => {
    const name = `ROR OJS ${Date.now()}`;
    const from = await richJournal(name);
    const [first] = from.articles;
    await (await journalDb(from))
      .update(schema.articles)
      .set({
        authorDetails: JSON.stringify([
          { affiliation: "UC Berkeley", orcid: "", ror: BERKELEY },
          { affiliation: "Lyon", orcid: "" },
        ]),
      })
      .where(eq(schema.articles.id, first.id));
    const exported = (await exportXml(from.host, from.token)).text;
    // As OJS 3.5 writes it: the ROR record's names in each of the submission's locales (French first here), an id
    // in lower case; and a second author with a typed affiliation beside one from ROR.
    const ojs = exported
      .replace(
        `<rorAffiliation><ror>${BERKELEY}</ror><name locale="en">UC Berkeley</name></rorAffiliation>`,
        `<rorAffiliation><ror>${BERKELEY}</ror><name locale="fr">Université de Californie à Berkeley</name><name locale="en">University of California, Berkeley</name></rorAffiliation>`,
      )
      .replace(
        '<affiliation><name locale="en">Lyon</name></affiliation>',
        `<affiliation><name locale="en">CNRS</name></affiliation><rorAffiliation><ror>${LYON}</ror><name locale="en">University of Lyon</name></rorAffiliation>`,
      );
    expect(ojs).not.toEqual(exported);
    expect((await xmllintOjs(ojs)).ok).toBe(true);

    const to = await sameJournal(name);
    const imported = await importFile(to.host, to.token, { text: ojs, name: "journal.xml" }, { dryRun: "0", ref: "url_path" });
    expect(imported.body.counts).toMatchObject({ articles: 3, create: 3 });
    expect(imported.body.notKept).toEqual([{ what: "ROR ids of an author's several affiliations", articles: 1 }]);
    expect(await authorsOf(to, first.refnumber!)).toEqual([
      { name: "Ayşe Yılmaz", affiliation: "University of California, Berkeley", orcid: "", ror: BERKELEY },
      { name: "Jean-Luc Dupont", affiliation: "CNRS; University of Lyon", orcid: "" },
    ]);
  });
});
