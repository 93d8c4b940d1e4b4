// Per-article scholarly metadata through the admin API: DOI defaulted from the journal's prefix and reference
// number, editable, unique per journal; language; references one per line; per-author affiliation and ORCID iD
// (checksum validated) in authorname order; all of it shown by the public article API.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createIssue, createJournal, db, getJson, pdfBytes, unique } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { journals } from "../core/data/schema";

async function setup(doiPrefix = "10.55501") {
  const j = await createJournal();
  await db.update(journals).set({ doi_prefix: doiPrefix }).where(eq(journals.id, j.id));
  await createIssue(j.id, 2024, 3, 2);
  return { j, token: await adminToken(j, { username: "editor1" }) };
}

function form(over: Record<string, string> = {}): FormData {
  const n = unique("s").replace(/[^A-Za-z0-9]/g, "");
  const fields: Record<string, string> = {
    title: `Paper ${n}`,
    abstract: "Abstract.",
    authorname: "Asha Verma, Rahul Singh, Li Wei",
    refnumber: `REF-${n}`,
    txnid: `TXN-${n}`,
    ptype: "paid",
    pagenumber: "73-80",
    publishdate: "2024-05-06",
    year: "2024",
    volume: "3",
    issue: "2",
    email: "a@example.org",
    ...over,
  };
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes("x")], "p.pdf", { type: "application/pdf" }));
  return f;
}

const add = (c: Awaited<ReturnType<typeof setup>>, f: FormData) =>
  getJson(c.j.host, "/api/admin/archives/", { method: "POST", headers: bearer(c.token), body: f });
const edit = (c: Awaited<ReturnType<typeof setup>>, id: number, f: FormData) =>
  getJson(c.j.host, `/api/archives/${id}`, { method: "POST", headers: bearer(c.token), body: f });

describe("article scholarly metadata", () => {
  it("defaults the DOI to prefix/refnumber and stores language, references and per-author details in order", async () => {
    const c = await setup();
    const f = form({
      language: "en",
      references: "  First reference.  \n\nSecond reference, 2020.\r\n",
      // ORCID typed as a URL and without dashes; one author has no details; an extra entry is dropped.
      author_details: JSON.stringify([
        { affiliation: "University of Pune", orcid: "https://orcid.org/0000-0002-1825-0097" },
        { affiliation: "", orcid: "" },
        { affiliation: "Peking University", orcid: "000000021694233X" },
        { affiliation: "Nobody", orcid: "" },
      ]),
    });
    const ref = String(f.get("refnumber"));
    const r = await add(c, f);
    expect(r.status).toBe(201);
    expect(r.body.article.doi).toBe(`10.55501/${ref}`);
    const pub = (await getJson(c.j.host, `/api/archives/ref/${ref}`)).body;
    expect(pub.doi).toBe(`10.55501/${ref}`);
    expect(pub.language).toBe("en");
    expect(pub.references).toEqual(["First reference.", "Second reference, 2020."]);
    expect(pub.authors).toEqual([
      { name: "Asha Verma", affiliation: "University of Pune", orcid: "0000-0002-1825-0097" },
      { name: "Rahul Singh", affiliation: "", orcid: "" },
      { name: "Li Wei", affiliation: "Peking University", orcid: "0000-0002-1694-233X" },
    ]);
    expect(pub.ris_url).toBe(`/archives/2024/vol3/issue2/${ref}.ris`);
    expect(pub.bib_url).toBe(`/archives/2024/vol3/issue2/${ref}.bib`);
  });

  it("keeps an edited DOI, refuses a DOI another article holds (any case), a malformed DOI and a bad ORCID checksum", async () => {
    const c = await setup();
    const first = await add(c, form({ doi: "https://doi.org/10.55501/Custom.1" }));
    expect(first.body.article.doi).toBe("10.55501/Custom.1");
    const second = await add(c, form());
    expect(second.status).toBe(201);
    const dup = await edit(
      c,
      second.body.article.id,
      form({ doi: "10.55501/custom.1", refnumber: second.body.article.refnumber, title: "Other title" }),
    );
    expect([dup.status, dup.body]).toEqual([409, { error: "duplicate_doi" }]);
    expect((await add(c, form({ doi: "not a doi" }))).body).toEqual({ error: "invalid_doi" });
    const badOrcid = await add(c, form({ author_details: JSON.stringify([{ affiliation: "", orcid: "0000-0002-1825-0098" }]) }));
    expect([badOrcid.status, badOrcid.body]).toEqual([400, { error: "invalid_orcid" }]);
    expect((await add(c, form({ author_details: "{not json" }))).body).toEqual({ error: "invalid_input" });
    expect((await add(c, form({ language: "English" }))).body).toEqual({ error: "invalid_input" });
    // An edit that leaves the DOI out keeps it, even when the reference number changes (DOIs are persistent).
    const fEdit = form({ title: "Renamed" });
    fEdit.delete("doi");
    const kept = await edit(c, first.body.article.id, fEdit);
    expect(kept.status).toBe(200);
    expect(kept.body.article.doi).toBe("10.55501/Custom.1");
  });

  it("leaves the DOI empty when the journal has no prefix", async () => {
    const c = await setup("");
    const r = await add(c, form());
    expect(r.body.article.doi).toBe("");
  });
});
