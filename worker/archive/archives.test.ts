import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, getJson } from "#tests/api/fixtures";

describe("GET /api/archives/", () => {
  it("answers year, volume and total issues per year, newest first", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2023, 5, 1);
    await createIssue(j.id, 2023, 5, 2);
    await createIssue(j.id, 2024, 6, 1);
    await createIssue(j.id, 2024, 6, 2);
    await createIssue(j.id, 2024, 6, 3);
    const { status, body } = await getJson(j.host, "/api/archives/");
    expect(status).toBe(200);
    expect(body).toEqual([
      { year: 2024, volume: 6, total_issues: 3 },
      { year: 2023, volume: 5, total_issues: 2 },
    ]);
  });

  it("is an empty list for a journal without issues", async () => {
    const j = await createJournal();
    expect((await getJson(j.host, "/api/archives")).body).toEqual([]);
  });
});

describe("GET /api/archives/{year}/{vol}/{issue}", () => {
  it("lists enabled articles with a refnumber, sorted by numeric first page", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 6, 2);
    const at = { year: 2024, volume: 6, issue: 2 };
    await createArticle(j.id, { ...at, title: "Late pages", pagenumber: "73-80" });
    await createArticle(j.id, { ...at, title: "Early pages", pagenumber: "9-12" });
    await createArticle(j.id, { ...at, title: "First pages", pagenumber: "1-8" });
    await createArticle(j.id, { ...at, title: "Disabled", pagenumber: "13-20", status: "disabled" });
    await createArticle(j.id, { ...at, title: "No reference", pagenumber: "21-30", refnumber: null });
    await createArticle(j.id, { ...at, title: "Empty reference", pagenumber: "31-40", refnumber: "" });
    await createArticle(j.id, { year: 2024, volume: 6, issue: 1, title: "Other issue" });
    const { status, body } = await getJson(j.host, "/api/archives/2024/6/2");
    expect(status).toBe(200);
    expect(body).toMatchObject({ year: 2024, volume: 6, issue: 2 });
    expect(body.articles.map((a: { title: string }) => a.title)).toEqual(["First pages", "Early pages", "Late pages"]);
  });

  it("uses only the digits of each route parameter", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 12, 3);
    await createArticle(j.id, { year: 2024, volume: 12, issue: 3, title: "Digits" });
    for (const path of ["/api/archives/2024/vol12/issue3", "/api/archives/2024/vol12/issue3/", "/api/archives/y2024/12/3"]) {
      const { status, body } = await getJson(j.host, path);
      expect(status, path).toBe(200);
      expect(body).toMatchObject({ year: 2024, volume: 12, issue: 3 });
      expect(body.articles).toHaveLength(1);
    }
  });

  it("is a 404 for an issue that does not exist and a 400 for parameters without digits", async () => {
    const j = await createJournal();
    expect(await getJson(j.host, "/api/archives/2024/vol1/issue9").then((r) => [r.status, r.body])).toEqual([404, { error: "not_found" }]);
    expect((await getJson(j.host, "/api/archives/2024/vol/issue1")).status).toBe(400);
  });

  it("keeps payment and contact fields out of public answers", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 1, 1);
    const a = await createArticle(j.id, { txnid: "TXN-SECRET", email: "author@example.org", mobile: "+91 99999", file: "x.pdf" });
    const { body } = await getJson(j.host, "/api/archives/2024/1/1");
    const json = JSON.stringify(body);
    expect(json).not.toContain("TXN-SECRET");
    expect(json).not.toContain("author@example.org");
    expect(json).not.toContain("+91 99999");
    // The PDF's public name is the reference number plus .pdf (SPEC §5), whatever the stored object is called.
    expect(body.articles[0].file_url).toBe(`/assets/archives/2024/vol1issue1/${a.refnumber}.pdf`);
  });
});

describe("GET /api/archives/ref/{refnumber} and /api/archives/{id}", () => {
  it("answers an enabled article by reference number or id", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { refnumber: "IJ-2024-0042", title: "Growth of <i>E. coli</i> in CO<sub>2</sub>" });
    const byRef = await getJson(j.host, "/api/archives/ref/IJ-2024-0042");
    expect(byRef.status).toBe(200);
    expect(byRef.body).toMatchObject({ id: a.id, refnumber: "IJ-2024-0042", title: "Growth of <i>E. coli</i> in CO<sub>2</sub>" });
    const byId = await getJson(j.host, `/api/archives/${a.id}`);
    expect(byId.body).toEqual(byRef.body);
    expect(byId.body.file_url).toBeNull();
  });

  it("hides disabled articles and answers 404 / 400 as appropriate", async () => {
    const j = await createJournal();
    const hidden = await createArticle(j.id, { refnumber: "HIDDEN-1", status: "disabled" });
    expect((await getJson(j.host, "/api/archives/ref/HIDDEN-1")).status).toBe(404);
    expect((await getJson(j.host, `/api/archives/${hidden.id}`)).status).toBe(404);
    expect((await getJson(j.host, "/api/archives/ref/NOPE")).body).toEqual({ error: "not_found" });
    expect((await getJson(j.host, "/api/archives/12abc")).status).toBe(400);
  });
});
