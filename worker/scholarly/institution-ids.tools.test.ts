// Funder IDs and affiliations' ROR ids (issue 51 item 5) in the two outputs that carry them, each validated by xmllint
// against its official schema: the article's JATS 1.3 (institution-wrap with the Open Funder Registry's DOI in
// funding-source, with the ROR id in aff, as JATS4R recommends) and the issue's Crossref 5.3.1 deposit
// (funder_identifier inside funder_name, institution_id type="ror" beside institution_name, as Crossref shows).
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it, vi } from "vitest";
import { request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { validateCrossref, validateJats } from "./outside-readers.testing";

// xmllint compiles each schema set for every check: seconds on a quiet machine, more on a loaded one.
vi.setConfig({ testTimeout: 180_000 });

const FUNDING = "National Science Foundation | CHE-2101234 | https://doi.org/10.13039/100000001\nA local society | S-7";
const AUTHOR_DETAILS = JSON.stringify([
  { affiliation: "University of California, Berkeley, United States", orcid: "", ror: "https://ror.org/01an7q238" },
  { affiliation: "", orcid: "" },
  { affiliation: "Baku State University", orcid: "" },
]);

describe("Funder IDs and ROR ids in JATS and the Crossref deposit", () => {
  it("JATS and Crossref carry each funder's ID and each affiliation's ROR id, and both validate", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { funding: FUNDING, authorDetails: AUTHOR_DETAILS });

    const jats = await (await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.xml`)).text();
    const jatsVerdict = await validateJats(jats);
    expect(jatsVerdict.ok, jatsVerdict.output).toBe(true);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => n === "award-group" || n === "aff" });
    const meta = parser.parse(jats).article.front["article-meta"];
    expect(meta.aff[0]["institution-wrap"]).toEqual({
      "institution-id": { "#text": "https://ror.org/01an7q238", "@institution-id-type": "ror" },
      institution: "University of California",
    });
    expect(meta.aff[0].city).toBe("Berkeley");
    expect(meta.aff[0].country["@country"]).toBe("US");
    expect(meta.aff[1].institution).toBe("Baku State University");
    const groups = meta["funding-group"]["award-group"];
    expect(groups[0]["funding-source"]["institution-wrap"]).toEqual({
      institution: "National Science Foundation",
      "institution-id": {
        "#text": "10.13039/100000001",
        "@institution-id-type": "doi",
        "@vocab": "open-funder-registry",
        "@vocab-identifier": "10.13039/open_funder_registry",
      },
    });
    expect(groups[0]["award-id"]).toBe("CHE-2101234");
    expect(groups[1]).toEqual({ "funding-source": "A local society", "award-id": "S-7" });

    const res = await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(await adminToken(j)) });
    expect(res.status).toBe(200);
    const deposit = await res.text();
    const verdict = await validateCrossref(deposit);
    expect(verdict.ok, verdict.output).toBe(true);
    expect(deposit).toContain(
      '<fr:assertion name="funder_name">National Science Foundation<fr:assertion name="funder_identifier">https://doi.org/10.13039/100000001</fr:assertion></fr:assertion><fr:assertion name="award_number">CHE-2101234</fr:assertion>',
    );
    expect(deposit).toContain(
      '<fr:assertion name="funder_name">A local society</fr:assertion><fr:assertion name="award_number">S-7</fr:assertion>',
    );
  });
});
