// The Crossref 5.3.1 deposit of an issue against Crossref's own schema (vendored in tests/schemas/crossref-5.3.1,
// read by libxml2's xmllint): face markup in titles and references, JATS abstracts, an article with no
// contributors, references or abstract. What the deposit says: crossref.admin.test.ts.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { validateCrossref } from "./outside-readers.testing";

describe("GET /api/admin/crossref/{year}/{vol}/{issue} in xmllint", () => {
  // xmllint compiles Crossref's whole schema set (JATS, MathML, ...) for every check: seconds on a quiet machine,
  // over 30 on a loaded one.
  it("validates against Crossref's schema 5.3.1 with face markup in titles and references, one jats:p per paragraph (issue 27 item 1)", {
    timeout: 120_000,
  }, async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const token = await adminToken(j);
    await fullArticle(j, {
      pagenumber: "1-9",
      title: "Removal of Cr<sup>6+</sup> by <i>Zingiber <b>officinale</b></i> &amp; CuO-H<sub>2</sub>O",
      abstract: "<p>First <i>paragraph with italics</i> and 5 &lt; 7.</p><p><b>Second <i>one</i></b></p><p>Third &amp; last.</p>",
      referenceList: [
        "Rao A. (2020). Studies on soil. <i>Sci. Rep.</i> 10(2): 1-9.",
        "Khan B. Smith &amp; Sons <b>2</b>. <i>J. Chem.</i> 4: 20-29.",
        "Lee C. Plain & typed, with a < sign. Soil Biol. 2019;12:1-9.",
      ].join("\n"),
    });
    await fullArticle(j, { pagenumber: "10-20", authorDetails: "[]", referenceList: "", abstract: "" });
    const res = await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(token) });
    expect(res.status).toBe(200);

    const verdict = await validateCrossref(await res.text());
    expect(verdict.output).toContain("validates");
    expect(verdict.ok).toBe(true);
  });
});
