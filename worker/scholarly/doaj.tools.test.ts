// Issue 40 item 3: DOAJ's article XML for an issue, checked by xmllint against DOAJ's own doajArticles.xsd, and the
// journal-level facts DOAJ asks for, saved in Settings and shown on /instructions.
import { describe, expect, it, vi } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { validateDoaj } from "./outside-readers.testing";

vi.setConfig({ testTimeout: 60_000 });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (n) => ["record", "author", "affiliationName", "keyword"].includes(n),
});

describe("DOAJ (issue 40 item 3)", () => {
  it("downloads an issue's articles as DOAJ XML that DOAJ's schema accepts", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    await fullArticle(j, { pagenumber: "81-90", authorDetails: "[]", keywords: "", file: "" });
    const token = await adminToken(j);
    const res = await request(j.host, "/api/admin/doaj/2024/vol3/issue2", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="doaj-2024-vol3-issue2.xml"');
    const xml = await res.text();
    const verdict = await validateDoaj(xml);
    expect(verdict.ok, verdict.output).toBe(true);
    const records = parser.parse(xml).records.record;
    expect(records).toHaveLength(2);
    const first = records.find((r: { doi: string }) => r.doi === a.doi);
    expect(first).toMatchObject({
      language: "eng",
      publisher: "Soil <Society> Press",
      journalTitle: "International Journal of Soil & Crop Science",
      issn: "2049-3630",
      eissn: "2434-561X",
      publicationDate: "2024-03-15",
      startPage: "73",
      endPage: "80",
      publisherRecordId: a.refnumber,
    });
    expect(first.authors.author[0]).toEqual({ name: "Asha Verma", affiliationId: "1", orcid_id: "https://orcid.org/0000-0002-1825-0097" });
    expect(first.affiliationsList.affiliationName.map((x: { "#text": string }) => x["#text"])).toEqual([
      "University of Pune",
      "Baku State University",
    ]);
    expect(first.fullTextUrl).toMatchObject({ "@format": "pdf" });

    expect((await request(j.host, "/api/admin/doaj/2024/vol3/issue2")).status).toBe(401);
    expect((await request(j.host, "/api/admin/doaj/2024/vol9/issue9", { headers: bearer(token) })).status).toBe(404);
  });

  it("keeps the APC, waiver, review and plagiarism policies in Settings and shows them on /instructions", async () => {
    const j = await scholarlyJournal();
    const token = await adminToken(j);
    const policies = {
      apc_policy: "No article processing charges.\nNo submission fees.",
      waiver_policy: "Not needed: there are no charges.",
      review_process: "Double anonymous peer review by two referees.",
      plagiarism_policy: "Every submission is screened with Crossref Similarity Check.",
    };
    const saved = await getJson(j.host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify(policies),
    });
    expect(saved.status).toBe(200);
    const settings = await getJson(j.host, "/api/settings/");
    expect(settings.body).toMatchObject(policies);
    const page = await (await request(j.host, "/instructions")).text();
    expect(page).toContain("No article processing charges.\nNo submission fees.");
    expect(page).toContain("Double anonymous peer review by two referees.");
    expect(page).toContain("Every submission is screened with Crossref Similarity Check.");
    expect(page).toMatch(/<dt>Waivers<\/dt>/);
  });
});
