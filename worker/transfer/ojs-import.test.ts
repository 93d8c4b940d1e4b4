// Importing OJS's own Native XML samples (tests/fixtures/ojs, vendored from github:pkp/ojs with their licence):
// the dry run's report, the real import, the public pages, search and OAI showing them, and a second import that
// creates nothing.
import { describe, expect, it } from "vitest";
import { bearer, adminToken } from "#tests/api/auth-fixtures";
import { and, eq } from "drizzle-orm";
import { createJournal, getJson, journalDb, request } from "#tests/api/fixtures";
import * as schema from "../core/data/schema";
import ojs33 from "../../tests/fixtures/ojs/ojs-3.3-testissue.xml?raw";
import ojs34 from "../../tests/fixtures/ojs/ojs-3.4-export-issues.xml?raw";
import ojs35 from "../../tests/fixtures/ojs/ojs-3.5-export-issues.xml?raw";
import ojs32 from "../../tests/fixtures/ojs/ojs-3.2-sample.xml?raw";
import ojs2 from "../../tests/fixtures/ojs/ojs-3.3-testissue-with-errors.xml?raw";
import ojs31sample from "../../tests/fixtures/ojs/ojs-3.1-sample.xml?raw";
import ojs32issues from "../../tests/fixtures/ojs/ojs-3.2-export-issues.xml?raw";
import ojs33issues from "../../tests/fixtures/ojs/ojs-3.3-export-issues.xml?raw";
import type { ImportReport } from "./import-run";
import { reportLines } from "../../scripts/transfer-cli";

async function importXml(host: string, token: string, xml: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([xml], "export.xml", { type: "application/xml" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return getJson<ImportReport & { error?: string; message?: string }>(host, "/api/admin/transfer/imports", {
    method: "POST",
    headers: bearer(token),
    body: form,
  });
}

describe("OJS Native XML import", () => {
  it("dry run of OJS 3.3's test issue reports every article, author and PDF and writes nothing", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const { status, body } = await importXml(j.host, token, ojs33, { dryRun: "1" });
    expect(status).toBe(200);
    expect(body.dryRun).toBe(true);
    expect(body.counts).toMatchObject({ articles: 2, create: 2, skip: 0 });
    expect(body.issuesCreated).toEqual(["2014/1/2"]);
    expect(body.sectionsCreated).toEqual(["Articles"]);
    const [first, second] = body.items;
    expect(first.line).toBe(21);
    expect(first.refnumber).toBe("ojs-17");
    expect(first.title).toMatch(/^Antimicrobial, heavy metal resistance/);
    expect(first.pdf).toMatch(/article\.pdf \(\d+ KB\)/);
    expect(first.warnings.join(" ")).toMatch(/No DOI/);
    expect(first.warnings.join(" ")).toMatch(/No page numbers/);
    // The current publication (version 1 is current_publication_id 1), titled with its prefix and subtitle.
    expect(second.title).toBe("The Signalling Theory Dividends: A Review Of The Literature And Empirical Evidence");
    expect(second.notKept.join(" ")).toMatch(/earlier publication version/);
    // The copyright holder is kept in the article's language; its French twin is listed as left behind.
    expect(body.notKept.map((n) => n.what)).toContain("copyright holder in fr_CA");
    // Nothing written.
    const archives = await getJson(j.host, "/api/archives/");
    expect(archives.body).toEqual([]);
    // Reference numbers by a pattern: the year, volume and issue, and the place in the issue.
    const patterned = await importXml(j.host, token, ojs33, { dryRun: "1", ref: "pattern:IJ-{year}-v{volume}i{issue}-{seq:3}" });
    expect(patterned.body.items.map((i) => i.refnumber)).toEqual(["IJ-2014-v1i2-001", "IJ-2014-v1i2-002"]);
  });

  it("imports it: issue, section, articles with authors, affiliations, abstracts and PDFs on the public pages, search and OAI", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const { status, body } = await importXml(j.host, token, ojs33, { dryRun: "0", ref: "id:OJS-" });
    expect(status).toBe(200);
    expect(body.counts).toMatchObject({ articles: 2, create: 2, pdfs: 2 });

    const issue = await getJson<{ articles: { refnumber: string; authorname: string; pagenumber: string; file: string }[] }>(
      j.host,
      "/api/archives/2014/1/2",
    );
    expect(issue.status).toBe(200);
    expect(issue.body.articles.map((a) => a.refnumber).sort()).toEqual(["OJS-1", "OJS-17"]);
    const signalling = issue.body.articles.find((a) => a.refnumber === "OJS-1")!;
    expect(signalling.authorname).toBe("Alan Mwandenga, Lorem Ipsum");
    expect(signalling.pagenumber).toBe("71-98");

    const article = await getJson(j.host, "/api/archives/ref/OJS-1");
    expect(article.body.abstract).toMatch(/^<p>The signaling theory suggests/);
    expect(article.body.keywords).toBe("Professional Development, Social Transformation");
    expect(article.body.country).toBe("South Africa");

    // What OJS says of rights and history comes in with it, not the import's day (issue 46 item 3).
    const [row] = await (await journalDb(j))
      .select()
      .from(schema.articles)
      .where(and(eq(schema.articles.journalId, j.id), eq(schema.articles.refnumber, "OJS-1")));
    expect(row).toMatchObject({
      date_submitted: "2020-10-04",
      copyright_holder: "Journal of Public Knowledge",
      copyright_year: "2020",
      license: "",
      licenseUrl: "",
    });

    const pdf = await request(j.host, "/assets/archives/2014/vol1issue2/OJS-1.pdf");
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const page = await request(j.host, "/archives/2014/vol1/issue2/OJS-17");
    const html = await page.text();
    expect(html).toContain("Antimicrobial, heavy metal resistance");
    expect(html).toContain("University of Tehran");

    const search = await getJson<{ refnumber: string }[] | { results: { refnumber: string }[] }>(j.host, "/api/search?q=signalling");
    expect(JSON.stringify(search.body)).toContain("OJS-1");

    const oai = await request(j.host, "/oai?verb=ListRecords&metadataPrefix=oai_dc");
    const oaiXml = await oai.text();
    expect(oaiXml).toContain("Signalling Theory Dividends");
    expect(oaiXml).toContain("Antimicrobial");

    // The same file again: nothing new.
    const again = await importXml(j.host, token, ojs33, { dryRun: "0", ref: "id:OJS-" });
    expect(again.body.counts).toMatchObject({ create: 0, update: 0, skip: 2, pdfs: 0 });
    expect(again.body.items.every((i) => i.reasons[0].message === "Already imported, unchanged.")).toBe(true);
    expect(again.body.issuesCreated).toEqual([]);
    const after = await getJson<{ articles: unknown[] }>(j.host, "/api/archives/2014/1/2");
    expect(after.body.articles).toHaveLength(2);
  });

  it("reads OJS 3.2, 3.4 and 3.5 exports; galleys that are not PDFs are listed, not silently dropped", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    for (const [xml, title] of [
      [ojs32, "The Article Title: Subtitle"],
      [ojs34, "the test submission 2 - title: test submission 2 - subtitle"],
    ] as const) {
      const { body } = await importXml(j.host, token, xml, { dryRun: "1" });
      expect(body, JSON.stringify(body)).toHaveProperty("counts");
      expect(body.counts.articles).toBe(1);
      expect(body.items[0].title).toBe(title);
    }
    const { body } = await importXml(j.host, token, ojs35, { dryRun: "0" });
    expect(body.counts).toMatchObject({ articles: 1, create: 1 });
    expect(body.items[0].notKept.join(" ")).toMatch(/galley "test galley 1" \(.*txt\): not a PDF/);
    expect(body.items[0].warnings.join(" ")).toMatch(/imported without a Download link/);
    expect(body.issuesCreated).toEqual(["2020/1/1"]);
    const issue = await getJson<{ articles: unknown[] }>(j.host, "/api/archives/2020/1/1");
    expect(issue.body.articles).toHaveLength(1);
  });

  it("skips with the spec's messages: a PDF required, a duplicate title, an invalid page number", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const strict = await importXml(j.host, token, ojs35, { dryRun: "1", requirePdf: "1" });
    expect(strict.body.items[0]).toMatchObject({ action: "skip", reasons: [{ code: "missing_pdf" }] });
    await importXml(j.host, token, ojs33, { dryRun: "0", ref: "id:A-" });
    // Under another rule the same articles have other reference numbers: their titles are duplicates.
    const dup = await importXml(j.host, token, ojs33, { dryRun: "1", ref: "id:B-" });
    expect(dup.body.items.map((i) => i.reasons[0]?.message.replace(/ \(.*$/, ""))).toEqual(["Duplicate title", "Duplicate title"]);
    const badPages = await importXml(j.host, token, ojs33.replace("<pages>71-98</pages>", "<pages>98-71</pages>"), {
      dryRun: "1",
      ref: "id:C-",
    });
    expect(badPages.body.items[1].reasons[0].message).toMatch(/^Invalid page number/);
  });

  it("a dry run announces the PDFs the import stores: none for an article without a PDF galley, one each otherwise", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    // OJS 3.5's file: one article whose only galley is a text file.
    const dry = await importXml(j.host, token, ojs35, { dryRun: "1" });
    expect(dry.body.items[0].pdf).toBe("none");
    expect(dry.body.counts.pdfs).toBe(0);
    expect(reportLines(dry.body).find((l) => /PDF\(s\)/.test(l))).toMatch(/; 0 PDF\(s\) to store\.$/);
    const real = await importXml(j.host, token, ojs35, { dryRun: "0" });
    expect(real.body.counts.pdfs).toBe(dry.body.counts.pdfs);
    // OJS 3.3's: two embedded PDFs, announced and then stored.
    const dry33 = await importXml(j.host, token, ojs33, { dryRun: "1" });
    const real33 = await importXml(j.host, token, ojs33, { dryRun: "0" });
    expect(dry33.body.counts.pdfs).toBe(2);
    expect(real33.body.counts).toEqual(dry33.body.counts);
    // Imported again, nothing is created: no PDF is announced.
    const again = await importXml(j.host, token, ojs33, { dryRun: "1" });
    expect(again.body.counts).toMatchObject({ create: 0, pdfs: 0 });
  });

  it("refuses a DOCTYPE that declares entities (billion laughs, external entities) before reading any article", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const attack = ojs35
      .replace(/<issues /, '<!DOCTYPE issues [\n  <!ENTITY d "lol">\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<issues ')
      .replace("test submission 2 - title", "&d;&xxe;");
    expect(attack).toContain("&d;&xxe;");
    for (const dryRun of ["1", "0"]) {
      const { status, body } = await importXml(j.host, token, attack, { dryRun });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: "xml_entities", line: 5 });
      expect(body.message).toMatch(/DOCTYPE declares entities/);
    }
    const archives = await getJson(j.host, "/api/archives/");
    expect(archives.body).toEqual([]);
    // A DOCTYPE without entities (OJS 2's had one) is no reason to refuse.
    const plain = ojs35.replace(/<issues /, '<!DOCTYPE issues SYSTEM "native.dtd">\n<issues ');
    expect((await importXml(j.host, token, plain, { dryRun: "1" })).status).toBe(200);
  });

  it("imports OJS's own exports of other versions as they are (tests/fixtures/ojs/README.md says what each brings)", async () => {
    for (const [xml, label] of [
      [ojs31sample, "3.1 sample"],
      [ojs32issues, "3.2 issues"],
      [ojs33issues, "3.3 issues"],
    ] as const) {
      const j = await createJournal();
      const token = await adminToken(j);
      const dry = await importXml(j.host, token, xml, { dryRun: "1" });
      const real = await importXml(j.host, token, xml, { dryRun: "0" });
      expect(real.status, label).toBe(200);
      // One article each, created, with no PDF galley (an HTML, a text file, a remote link): none announced or stored.
      expect(real.body.counts, label).toEqual({ articles: 1, create: 1, update: 0, skip: 0, pdfs: 0 });
      expect(dry.body.counts, label).toEqual(real.body.counts);
      expect(real.body.items[0].notKept.join(" "), label).toMatch(/galley "/);
      const [row] = await (await journalDb(j)).select().from(schema.articles).where(eq(schema.articles.journalId, j.id));
      if (label === "3.1 sample")
        expect(row).toMatchObject({
          title: "The Article Title: Subtitle",
          licenseUrl: "http://licenseUrl",
          copyright_holder: "copyright holder",
          copyright_year: "2014",
        });
      else
        expect(row, label).toMatchObject({
          title: "the test submission 2 - title: test submission 2 - subtitle",
          date_submitted: "2020-03-10",
          copyright_holder: "test",
          copyright_year: "2020",
        });
    }
  });

  it("refuses what is not an OJS 3 export, with the line", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const broken = await importXml(j.host, token, "<issues><issue></issues>");
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: "invalid_xml", line: 1 });
    const old = await importXml(j.host, token, ojs2, { dryRun: "1" });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error: "unsupported_ojs_version", line: 14 });
    const anonymous = await request(j.host, "/api/admin/transfer/imports", { method: "POST" });
    expect(anonymous.status).toBe(401);
  });
});
