// Addresses people and other sites get slightly wrong (issue #27 item 11): an article under another issue's URL,
// or its reference number typed in other letter case, leads to the article, not to 'Article not found!'.
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, getJson, request, unique } from "#tests/api/fixtures";

async function journalWithArticle() {
  const j = await createJournal();
  await createIssue(j.id, 2026, 11, 1);
  await createIssue(j.id, 2026, 11, 2);
  const refnumber = unique("IJANS-2026").toUpperCase();
  const a = await createArticle(j.id, { refnumber, year: 2026, volume: 11, issue: 1, title: "Soil salinity in Mugan" });
  return { j, a, refnumber, home: `/archives/2026/vol11/issue1/${refnumber}` };
}

describe("an article asked for under the wrong address", () => {
  it("redirects (301) from another issue's URL to the article's own address, keeping the query", async () => {
    const { j, refnumber, home } = await journalWithArticle();
    const res = await request(j.host, `/archives/2026/vol11/issue2/${refnumber}?style=apa`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${home}?style=apa`);
    const there = await request(j.host, home);
    expect(there.status).toBe(200);
    expect(await there.text()).toContain("Soil salinity in Mugan");
  });

  it("redirects a reference number in other letter case to the stored spelling", async () => {
    const { j, refnumber, home } = await journalWithArticle();
    const res = await request(j.host, `/archives/2026/vol11/issue1/${refnumber.toLowerCase()}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(home);
  });

  it("still answers 404 'Article not found!' for a number no article has, and serves the right address as is", async () => {
    const { j, home } = await journalWithArticle();
    const none = await request(j.host, "/archives/2026/vol11/issue2/NO-SUCH-REF", { redirect: "manual" });
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("Article not found!");
    expect((await request(j.host, home, { redirect: "manual" })).status).toBe(200);
  });

  it("tells in-site navigation where the article moved (/_data answers 204 with the address)", async () => {
    const { j, refnumber, home } = await journalWithArticle();
    const path = `/archives/2026/vol11/issue2/${refnumber}`;
    const res = await request(j.host, `/_data?route=article&path=${encodeURIComponent(path)}`);
    expect(res.status).toBe(204);
    expect(res.headers.get("x-page-location")).toBe(home);
  });

  it("does not redirect to an article of another journal", async () => {
    const { refnumber } = await journalWithArticle();
    const other = await createJournal();
    await createIssue(other.id, 2026, 11, 2);
    const res = await request(other.host, `/archives/2026/vol11/issue2/${refnumber}`, { redirect: "manual" });
    expect(res.status).toBe(404);
  });
});

describe("reference numbers in any letter case", () => {
  it("/pdf?refno= finds the article whatever the case", async () => {
    const { j, refnumber } = await journalWithArticle();
    const res = await request(j.host, `/pdf?refno=${encodeURIComponent(refnumber.toLowerCase())}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`/api/pdf/coverpage/${refnumber}`);
    expect(html).toContain("Soil salinity in Mugan");
  });

  it("the API's article by reference number and the cover page PDF resolve a lower-case number", async () => {
    const { j, refnumber } = await journalWithArticle();
    const { status, body } = await getJson(j.host, `/api/archives/ref/${refnumber.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body.refnumber).toBe(refnumber);
    const pdf = await request(j.host, `/api/pdf/coverpage/${refnumber.toLowerCase()}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`coverpage-${refnumber}.pdf`);
  });

  it("prefers the exact spelling when two numbers differ only in case", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2026, 1, 1);
    await createArticle(j.id, { refnumber: "ab-1", year: 2026, volume: 1, issue: 1, title: "Lower case one" });
    await createArticle(j.id, { refnumber: "AB-1", year: 2026, volume: 1, issue: 1, title: "Upper case one" });
    expect((await getJson(j.host, "/api/archives/ref/AB-1")).body.refnumber).toBe("AB-1");
    expect((await getJson(j.host, "/api/archives/ref/ab-1")).body.refnumber).toBe("ab-1");
    expect((await request(j.host, "/archives/2026/vol1/issue1/ab-1", { redirect: "manual" })).status).toBe(200);
  });
});
