// The Crossref 5.3.1 deposit of an issue against Crossref's own schema (vendored in tests/schemas/crossref-5.3.1,
// read by libxml2's xmllint): face markup in titles and references, JATS abstracts, an article with no
// contributors, references or abstract. What the deposit says: crossref.admin.test.ts.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { bearer } from "#tests/api/auth-fixtures";
import { faceMarkupIssue } from "#tests/api/scholarly-fixtures";
import { validateCrossref } from "./outside-readers.testing";

describe("GET /api/admin/crossref/{year}/{vol}/{issue} in xmllint", () => {
  // xmllint compiles Crossref's whole schema set (JATS, MathML, ...) for every check: seconds on a quiet machine,
  // over 30 on a loaded one.
  it("validates against Crossref's schema 5.3.1 with face markup in titles and references, one jats:p per paragraph (issue 27 item 1)", {
    timeout: 120_000,
  }, async () => {
    const { j, token } = await faceMarkupIssue();
    const res = await request(j.host, "/api/admin/crossref/2024/vol3/issue2", { headers: bearer(token) });
    expect(res.status).toBe(200);

    const verdict = await validateCrossref(await res.text());
    expect(verdict.output).toContain("validates");
    expect(verdict.ok).toBe(true);
  });
});
