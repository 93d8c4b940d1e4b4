// The Crossref 5.3.1 deposit of an issue, read with fast-xml-parser: namespaces, head, journal metadata, one
// journal_article per public article with a DOI, contributors, JATS abstract, licence, doi_data, citations.
import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { eq } from "drizzle-orm";
import { createArticle, db, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, faceMarkupIssue, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { journals } from "../core/data/schema";

const ARRAYS = new Set(["journal_article", "person_name", "issn", "citation", "ORCID", "affiliations"]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => ARRAYS.has(n), parseTagValue: false });

describe("GET /api/admin/crossref/{year}/{vol}/{issue}", () => {
  it("deposits every public article of the issue that has a DOI, with full metadata", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const token = await adminToken(j);
    const a1 = await fullArticle(j, { pagenumber: "1-9" });
    const a2 = await fullArticle(j, { pagenumber: "10-20", authorDetails: "[]" });
    await fullArticle(j, { status: "disabled" });
    await fullArticle(j, { doi: "", pagenumber: "21-30" });
    await createArticle(j.id, { refnumber: null, year: 2024, volume: 3, issue: 2, doi: "10.55501/NOREF" });
    await fullArticle(j, { issue: 1, doi: "10.55501/OTHER-ISSUE" });

    const res = await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="crossref-2024-vol3-issue2.xml"');
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const batch = parser.parse(text).doi_batch;
    expect(batch["@version"]).toBe("5.3.1");
    expect(batch["@xmlns"]).toBe("http://www.crossref.org/schema/5.3.1");
    expect(batch["@xmlns:jats"]).toBe("http://www.ncbi.nlm.nih.gov/JATS1");
    expect(batch["@xmlns:ai"]).toBe("http://www.crossref.org/AccessIndicators.xsd");
    expect(batch.head.depositor).toEqual({ depositor_name: "Soil <Society> Press", email_address: expect.stringContaining("@") });
    expect(batch.head.timestamp).toMatch(/^\d{17}$/);
    const second = parser.parse(await (await request(j.host, "/api/admin/crossref/2024/3/2", { headers: bearer(token) })).text()).doi_batch;
    expect(second.head.doi_batch_id).not.toBe(batch.head.doi_batch_id);

    const journal = batch.body.journal;
    expect(journal.journal_metadata.full_title).toBe("International Journal of Soil & Crop Science");
    expect(journal.journal_metadata.abbrev_title).toBe("Int. J. Soil Crop Sci.");
    expect(journal.journal_metadata.issn).toEqual([
      { "#text": "2049-3630", "@media_type": "print" },
      { "#text": "2434-561X", "@media_type": "electronic" },
    ]);
    expect(journal.journal_issue).toMatchObject({ journal_volume: { volume: "3" }, issue: "2" });

    const arts = journal.journal_article;
    expect(arts.map((x: any) => x.doi_data.doi)).toEqual([a1.doi, a2.doi]);
    const first = arts[0];
    // Face markup kept as elements (issue 27 item 1).
    expect(text).toContain(`<title>Effect of <i>Rhizobium</i> on pulse yield &amp; soil ${a1.refnumber}</title>`);
    const people = first.contributors.person_name;
    expect(people.map((p: any) => [p["@sequence"], p.given_name, p.surname])).toEqual([
      ["first", "Asha", "Verma"],
      ["additional", "Rahul", "Singh"],
      ["additional", "Aynur", "Məmmədova"],
    ]);
    expect(people[0].affiliations[0].institution.institution_name).toBe("University of Pune");
    expect(people[0].ORCID[0]).toEqual({ "#text": "https://orcid.org/0000-0002-1825-0097", "@authenticated": "false" });
    expect(people[1].ORCID).toBeUndefined();
    expect(text).toContain(
      "<jats:abstract><jats:p>We measured nitrogen fixation in <jats:bold>12</jats:bold> districts &lt;with&gt; care.</jats:p><jats:p>Second paragraph of a long abstract.</jats:p></jats:abstract>",
    );
    expect(first.publication_date).toMatchObject({ year: "2024", month: "03", day: "15" });
    expect(first.pages).toEqual({ first_page: "1", last_page: "9" });
    expect(first["ai:program"]["ai:license_ref"]).toEqual({
      "#text": "https://creativecommons.org/licenses/by-nc/4.0/",
      "@applies_to": "vor",
    });
    expect(first.doi_data.resource).toBe(`https://${j.domain}/archives/2024/vol3/issue2/${a1.refnumber}`);
    expect(first.citation_list.citation.map((c: any) => c.unstructured_citation)).toEqual([
      "Smith J. Soil nitrogen. Soil Biol. 2019;12:1-9.",
      "Rao A. Pulses in India. Agron J. 2020;4:20-29.",
    ]);
    expect(arts[1].contributors.person_name[0].affiliations).toBeUndefined();
  });

  // The same deposit against Crossref's schema 5.3.1 (xmllint): crossref.admin.tools.test.ts.
  it("keeps face markup in titles and references, one jats:p per paragraph (issue 27 item 1)", async () => {
    const { j, token } = await faceMarkupIssue();
    const res = await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(token) });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);

    expect(text).toContain("<title>Removal of Cr<sup>6+</sup> by <i>Zingiber <b>officinale</b></i> &amp; CuO-H<sub>2</sub>O</title>");
    expect(text).toContain(
      "<jats:abstract><jats:p>First <jats:italic>paragraph with italics</jats:italic> and 5 &lt; 7.</jats:p><jats:p><jats:bold>Second <jats:italic>one</jats:italic></jats:bold></jats:p><jats:p>Third &amp; last.</jats:p></jats:abstract>",
    );
    const citations = [...text.matchAll(/<unstructured_citation>(.*?)<\/unstructured_citation>/g)].map((m) => m[1]);
    expect(citations).toEqual([
      "Rao A. (2020). Studies on soil. <i>Sci. Rep.</i> 10(2): 1-9.",
      "Khan B. Smith &amp; Sons <b>2</b>. <i>J. Chem.</i> 4: 20-29.",
      "Lee C. Plain &amp; typed, with a &lt; sign. Soil Biol. 2019;12:1-9.",
    ]);
    expect(text).not.toContain("&lt;i&gt;");
    expect(text).not.toContain("&amp;amp;");
    expect(text).toContain(
      '<fr:program name="fundref"><fr:assertion name="fundgroup"><fr:assertion name="funder_name">National Science Foundation</fr:assertion><fr:assertion name="award_number">CHE-2101234</fr:assertion></fr:assertion>',
    );
    // xmllint loads Crossref's schema with JATS and MathML: tens of seconds on a busy machine.
  }, 120_000);

  it("needs an admin token, and says why nothing can be deposited", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const token = await adminToken(j);
    expect((await request(j.host, "/api/admin/crossref/2024/3/2")).status).toBe(401);
    const none = await request(j.host, "/api/admin/crossref/2024/3/2", { headers: bearer(token) });
    expect([none.status, await none.json()]).toEqual([409, { error: "no_dois" }]);
    await fullArticle(j);
    await db.update(journals).set({ issn: "", issn_print: "", issn_online: "" }).where(eq(journals.id, j.id));
    const noIssn = await request(j.host, "/api/admin/crossref/2024/3/2", { headers: bearer(token) });
    expect([noIssn.status, await noIssn.json()]).toEqual([409, { error: "missing_issn" }]);
    const missing = await request(j.host, "/api/admin/crossref/2024/9/9", { headers: bearer(token) });
    expect([missing.status, await missing.json()]).toEqual([404, { error: "issue_not_found" }]);
  });
});
