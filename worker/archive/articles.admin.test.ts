// Staff issue and article calls: creating issues, adding and editing articles with their PDFs in R2, every
// validation code, duplicates under simultaneous requests, D1/R2 consistency, stored XSS, and tenancy.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  createArticle,
  createIssue,
  createJournal,
  db,
  getJson,
  pdfBytes,
  putArticleFile,
  request,
  unique,
  type TestJournal,
  testFileD1,
} from "#tests/api/fixtures";
import { expectConsoleError } from "#tests/api/console-guard";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { articles } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { PDF_MAX_BYTES } from "#contract/constants";
import { ARTICLE_FORM_FIELDS, articleFieldSpec } from "#contract/article-form";
import { bodyText } from "#tests/api/body-text";

const YEAR = 2024;

interface Ctx {
  j: TestJournal;
  token: string;
}

async function setup(issues: [number, number, number][] = [[YEAR, 3, 2]]): Promise<Ctx> {
  const j = await createJournal();
  for (const [y, v, i] of issues) await createIssue(j.id, y, v, i);
  return { j, token: await adminToken(j, { username: "editor1" }) };
}

function validFields(over: Record<string, string> = {}): Record<string, string> {
  const n = unique("x");
  return {
    title: `Growth of <i>E. coli</i> ${n}`,
    abstract: "We measured <b>growth</b>.<br>Second line.",
    authorname: "A. One, B. Two",
    refnumber: `REF-${n}`.replace(/[^A-Za-z0-9-]/g, ""),
    txnid: `TXN-${n}`.replace(/[^A-Za-z0-9-]/g, ""),
    ptype: "paid",
    pagenumber: "73-80",
    publishdate: "2024-05-06",
    year: String(YEAR),
    volume: "3",
    issue: "2",
    email: "author@example.org",
    country: "India",
    keywords: "bacteria, growth",
    subject: "Microbiology",
    mobile: "+91 99999 00000",
    description: "",
    ...over,
  };
}

function form(
  fields: Record<string, string | undefined>,
  file: Uint8Array | null = pdfBytes("upload"),
  fileName = "paper.pdf",
  type = "application/pdf",
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.set(k, v);
  if (file) f.set("pdfFile", new File([file], fileName, { type }));
  return f;
}

const addArticle = (c: Ctx, body: FormData | BodyInit, headers: Record<string, string> = {}) =>
  getJson(c.j.host, "/api/admin/archives/", { method: "POST", headers: { ...bearer(c.token), ...headers }, body });
const editArticle = (c: Ctx, id: number, body: FormData) =>
  getJson(c.j.host, `/api/archives/${id}`, { method: "POST", headers: bearer(c.token), body });

async function objectText(key: string): Promise<string | null> {
  const o = await env.FILES.get(key);
  return o ? new TextDecoder().decode(await o.arrayBuffer()) : null;
}

/** The consistency invariant: the R2 objects under the journal's archives are exactly the files the rows name. */
async function expectConsistent(j: TestJournal) {
  const listed = await env.FILES.list({ prefix: `journals/${j.id}/archives/` });
  const rows = await db.select().from(articles).where(eq(articles.journalId, j.id));
  const named = rows.filter((r) => r.file).map((r) => fileKeys.article(j.id, r.year, r.volume, r.issue, r.file));
  expect(listed.objects.map((o) => o.key).sort()).toEqual(named.sort());
}

/** A stored name `{refnumber}-{version}.pdf` (docs/decisions/0091). */
const versionOf = (ref: string) => new RegExp(`^${ref.replace(/[.]/g, "\\.")}-[0-9a-z]{10}\\.pdf$`);
const fileOf = async (id: number) => (await db.select().from(articles).where(eq(articles.id, id)))[0].file;

const rowsOf = (j: TestJournal) => db.select().from(articles).where(eq(articles.journalId, j.id));

describe("issues", () => {
  it("creates an issue, lists issues newest first with article counts, and refuses duplicates", async () => {
    const c = await setup([]);
    const created = await getJson(c.j.host, "/api/admin/create-issue", {
      method: "POST",
      headers: { ...bearer(c.token), "content-type": "application/json" },
      body: JSON.stringify({ volume: 4, issue: 1, year: YEAR }),
    });
    expect(created.status).toBe(201);
    expect(created.body.issue).toMatchObject({ year: YEAR, volume: 4, issue: 1, articles: 0 });
    expect(created.body.issue.creation).toMatch(/^\d{4}-\d\d-\d\dT/);

    const dup = await getJson(c.j.host, "/api/admin/create-issue", {
      method: "POST",
      headers: { ...bearer(c.token), "content-type": "application/json" },
      body: JSON.stringify({ volume: "4", issue: "1", year: String(YEAR) }),
    });
    expect(dup).toMatchObject({ status: 409, body: { error: "duplicate_issue" } });

    await createIssue(c.j.id, YEAR - 1, 3, 2);
    await createIssue(c.j.id, YEAR, 4, 0);
    await createArticle(c.j.id, { year: YEAR, volume: 4, issue: 1 });
    await createArticle(c.j.id, { year: YEAR, volume: 4, issue: 1, status: "disabled" });
    const list = await getJson(c.j.host, "/api/admin/archives/", { headers: bearer(c.token) });
    expect(list.status).toBe(200);
    expect(
      list.body.map((i: { year: number; volume: number; issue: number; articles: number }) => [i.year, i.volume, i.issue, i.articles]),
    ).toEqual([
      [YEAR, 4, 1, 2],
      [YEAR, 4, 0, 0],
      [YEAR - 1, 3, 2, 0],
    ]);
  });

  it("never creates the same issue twice, even for simultaneous requests", async () => {
    const c = await setup([]);
    const send = () =>
      request(c.j.host, "/api/admin/create-issue", {
        method: "POST",
        headers: { ...bearer(c.token), "content-type": "application/json" },
        body: JSON.stringify({ volume: 7, issue: 7, year: YEAR }),
      });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });

  it("refuses invalid issue input", async () => {
    const c = await setup([]);
    const bad = [
      {},
      { volume: 1, issue: 1 },
      { volume: -1, issue: 1, year: YEAR },
      { volume: 1, issue: -2, year: YEAR },
      { volume: 1.5, issue: 1, year: YEAR },
      { volume: "one", issue: 1, year: YEAR },
      { volume: 1, issue: 1, year: 1800 },
      { volume: 1, issue: 1, year: new Date().getUTCFullYear() + 5 },
      { volume: 100000, issue: 1, year: YEAR },
    ];
    for (const body of bad) {
      const r = await getJson(c.j.host, "/api/admin/create-issue", {
        method: "POST",
        headers: { ...bearer(c.token), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect([body, r.status, r.body]).toEqual([body, 400, { error: "invalid_input" }]);
    }
    const notJson = await getJson(c.j.host, "/api/admin/create-issue", {
      method: "POST",
      headers: { ...bearer(c.token), "content-type": "application/json" },
      body: "{",
    });
    expect(notJson).toMatchObject({ status: 400, body: { error: "invalid_input" } });
  });

  it("lists an issue's articles of every status by numeric first page", async () => {
    const c = await setup();
    const at = { year: YEAR, volume: 3, issue: 2 };
    await createArticle(c.j.id, { ...at, title: "Late", pagenumber: "73-80" });
    await createArticle(c.j.id, { ...at, title: "Hidden", pagenumber: "21-30", status: "disabled" });
    await createArticle(c.j.id, { ...at, title: "Early", pagenumber: "9-12" });
    const r = await getJson(c.j.host, `/api/admin/archives/${YEAR}/vol3/issue2`, { headers: bearer(c.token) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ year: YEAR, volume: 3, issue: 2 });
    expect(r.body.articles.map((a: { title: string; status: string }) => [a.title, a.status])).toEqual([
      ["Early", "enabled"],
      ["Hidden", "disabled"],
      ["Late", "enabled"],
    ]);
    expect(r.body.articles[0]).toHaveProperty("txnid");
    expect(await getJson(c.j.host, `/api/admin/archives/${YEAR}/9/9`, { headers: bearer(c.token) })).toMatchObject({
      status: 404,
      body: { error: "issue_not_found" },
    });
  });
});

describe("POST /api/admin/archives/ (add article)", () => {
  it("warns when the title or the authors will be shortened on a certificate or the cover page, and not otherwise", async () => {
    const c = await setup();
    const short = await addArticle(c, form(validFields(), pdfBytes("p")));
    expect(short.status).toBe(201);
    expect(short.body.warnings).toEqual([]);
    const words = "antimicrobial resistance in irrigation canals and community health outcomes ";
    const longTitle = words.repeat(40).slice(0, 1990).trim();
    const manyAuthors = Array.from({ length: 30 }, (_, i) => `Bartholomew Fitzgerald-Worthington ${i + 1}`)
      .join(", ")
      .slice(0, 1000);
    const long = await addArticle(c, form(validFields({ title: longTitle, authorname: manyAuthors }), pdfBytes("p")));
    expect(long.status).toBe(201);
    expect(long.body.warnings).toEqual([
      "title_shortened_on_certificate",
      "title_shortened_on_cover_page",
      "authors_shortened_on_cover_page",
    ]);
    const edited = await editArticle(c, long.body.article.id, form({ title: "A short title" }, null));
    expect(edited.status).toBe(200);
    expect(edited.body.warnings).toEqual([]); // a short title leaves the authors the room they need
  });

  it("stores the article and its PDF under a new {refnumber}-{version}.pdf name, served at the SPEC path", async () => {
    const c = await setup();
    const fields = validFields({ ptype: "Free", pagenumber: "73 – 80" });
    const r = await addArticle(c, form(fields, pdfBytes("the paper")));
    expect(r.status).toBe(201);
    const a = r.body.article;
    expect(a).toMatchObject({
      refnumber: fields.refnumber,
      title: fields.title,
      abstract: fields.abstract,
      authorname: "A. One, B. Two",
      txnid: fields.txnid,
      ptype: "free",
      pagenumber: "73-80",
      publishdate: "2024-05-06",
      year: YEAR,
      volume: 3,
      issue: 2,
      email: "author@example.org",
      status: "enabled",
      createdby: "editor1",
      modifiedby: "editor1",
    });
    // Staff and visitors see {refnumber}.pdf at the SPEC path (§5); the stored object's name is versioned, internal.
    expect(a.file).toBe(`${fields.refnumber}.pdf`);
    expect(a.file_url).toBe(`/assets/archives/${YEAR}/vol3issue2/${fields.refnumber}.pdf`);
    expect(await fileOf(a.id)).toMatch(versionOf(fields.refnumber));
    const [row] = await db.select().from(articles).where(eq(articles.id, a.id));
    expect(row.titleText).toBe(`Growth of E. coli ${fields.title.split("</i> ")[1]}`);
    expect(row.abstractText).toBe("We measured growth. Second line.");
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, await fileOf(a.id)))).toContain("the paper");
    const served = await request(c.j.host, a.file_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe(`inline; filename="${fields.refnumber}.pdf"`);
    expect(await bodyText(served)).toContain("the paper");
    // Public and admin reads agree.
    expect((await getJson(c.j.host, `/api/archives/ref/${fields.refnumber}`)).body.id).toBe(a.id);
    expect((await getJson(c.j.host, `/api/admin/articles/${a.id}`, { headers: bearer(c.token) })).body).toEqual(a);
    await expectConsistent(c.j);
  });

  it("answers each validation code and stores nothing", async () => {
    const c = await setup();
    const cases: [string, FormData, number, string][] = [];
    const missing = (field: string, code = "invalid_input") =>
      cases.push([`missing ${field}`, form({ ...validFields(), [field]: undefined }), 400, code]);
    for (const f of ["title", "abstract", "authorname", "refnumber", "ptype", "publishdate", "email", "year", "volume", "issue"])
      missing(f);
    missing("txnid", "invalid_txnid");
    missing("pagenumber", "invalid_pagenumber");
    const bad = (label: string, over: Record<string, string>, code: string, status = 400) =>
      cases.push([label, form(validFields(over)), status, code]);
    for (const t of ["abc", "ab cd", "TXN#1", "-TX1", "TX1-", "x".repeat(65), "<script>"]) bad(`txnid ${t}`, { txnid: t }, "invalid_txnid");
    for (const p of ["80-73", "73", "73-", "a-b", "73-80-90", "1.5-2", "-5-7"])
      bad(`pagenumber ${p}`, { pagenumber: p }, "invalid_pagenumber");
    for (const r of ["../etc", "a/b", "a..b", "-lead", "with space", "x".repeat(101), "ref<1>"])
      bad(`refnumber ${r}`, { refnumber: r }, "invalid_input");
    bad("ptype other", { ptype: "donation" }, "invalid_input");
    bad("date", { publishdate: "2024-02-30" }, "invalid_input");
    bad("date text", { publishdate: "yesterday" }, "invalid_input");
    bad("title markup only", { title: "<script>alert(1)</script><b></b>" }, "invalid_input");
    bad("blank abstract", { abstract: "   " }, "invalid_input");
    bad("volume text", { volume: "three" }, "invalid_input");
    bad("unknown issue", { issue: "9" }, "issue_not_found", 404);
    cases.push(["no file", form(validFields(), null), 400, "missing_file"]);
    cases.push([
      "empty file part",
      (() => {
        const f = form(validFields(), null);
        f.set("pdfFile", new File([], ""));
        return f;
      })(),
      400,
      "missing_file",
    ]);
    cases.push(["not a PDF", form(validFields(), new TextEncoder().encode("<html>%PDF-</html>"), "x.pdf"), 400, "invalid_file_type"]);
    cases.push([
      "PNG named .pdf",
      form(validFields(), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "x.pdf"),
      400,
      "invalid_file_type",
    ]);
    const big = new Uint8Array(PDF_MAX_BYTES + 1);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    cases.push(["one byte over 5 MB", form(validFields(), big), 413, "file_too_large"]);

    for (const [label, body, status, code] of cases) {
      const r = await addArticle(c, body);
      expect([label, r.status, r.body]).toEqual([label, status, { error: code }]);
    }
    // A PDF of exactly the limit is fine.
    const exact = new Uint8Array(PDF_MAX_BYTES);
    exact.set(new TextEncoder().encode("%PDF-1.4\n"));
    expect((await addArticle(c, form(validFields(), exact))).status).toBe(201);
    expect(await rowsOf(c.j)).toHaveLength(1);
    await expectConsistent(c.j);
  });

  it("refuses a body over 6 MB from its Content-Length, before reading it", async () => {
    const c = await setup();
    const huge = new Uint8Array(7 * 1024 * 1024);
    const r = await addArticle(c, huge, { "content-type": "multipart/form-data; boundary=x", "content-length": String(huge.byteLength) });
    expect(r).toMatchObject({ status: 413, body: { error: "file_too_large" } });
    const notForm = await addArticle(c, JSON.stringify(validFields()), { "content-type": "application/json" });
    expect(notForm).toMatchObject({ status: 400 });
  });

  it("refuses duplicate reference numbers, titles (whatever the markup or case) and transaction ids", async () => {
    const c = await setup();
    const first = validFields();
    expect((await addArticle(c, form(first))).status).toBe(201);
    const dupRef = await addArticle(c, form(validFields({ refnumber: first.refnumber })));
    expect(dupRef).toMatchObject({ status: 409, body: { error: "duplicate_reference_number" } });
    const dupTitle = await addArticle(c, form(validFields({ title: first.title })));
    expect(dupTitle).toMatchObject({ status: 409, body: { error: "duplicate_title" } });
    const sameWords = await addArticle(
      c,
      form(validFields({ title: first.title.replace("<i>", "<b>").replace("</i>", "</b>").toUpperCase() })),
    );
    expect(sameWords).toMatchObject({ status: 409, body: { error: "duplicate_title" } });
    const dupTxn = await addArticle(c, form(validFields({ txnid: first.txnid })));
    expect(dupTxn).toMatchObject({ status: 409, body: { error: "duplicate_txnid" } });
    // All three at once: the reference number is reported first.
    expect((await addArticle(c, form(first))).body).toEqual({ error: "duplicate_reference_number" });
    expect(await rowsOf(c.j)).toHaveLength(1);
    await expectConsistent(c.j);
  });

  it("stores one article when two identical requests arrive together", async () => {
    const c = await setup();
    const fields = validFields();
    const [a, b] = await Promise.all([addArticle(c, form(fields, pdfBytes("first"))), addArticle(c, form(fields, pdfBytes("second")))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a.body.error, b.body.error].filter(Boolean)).toEqual(["duplicate_reference_number"]);
    const rows = await rowsOf(c.j);
    expect(rows).toHaveLength(1);
    await expectConsistent(c.j);
    // The stored file is the winner's upload.
    const winner = a.status === 201 ? "first" : "second";
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, rows[0].file))).toContain(winner);
  });

  it("keeps the winner's file when two different articles race for one reference number", async () => {
    const c = await setup();
    const ref = `RACE-${Date.now()}`;
    const results = await Promise.all(
      ["one", "two", "three"].map((n) => addArticle(c, form(validFields({ refnumber: ref }), pdfBytes(`upload ${n}`)))),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual([
      "duplicate_reference_number",
      "duplicate_reference_number",
    ]);
    const winnerIndex = results.indexOf(won[0]);
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, await fileOf(won[0].body.article.id)))).toContain(
      `upload ${["one", "two", "three"][winnerIndex]}`,
    );
    await expectConsistent(c.j);
  });

  it("stores rich text sanitized: XSS attempts in title and abstract come back inert", async () => {
    const c = await setup();
    const title = `<img src=x onerror=alert(1)>Dose of <i onclick="alert(2)">Na</i><sub>2</sub><script>alert(3)</script> ${Date.now()}`;
    const abstract = `<p style="x" onmouseover=alert(4)>Result</p><a href="javascript:alert(5)">link</a><svg><script>alert(6)</script></svg><iframe src=//evil></iframe>&lt;script&gt;alert(7)&lt;/script&gt;`;
    const r = await addArticle(c, form(validFields({ title, abstract })));
    expect(r.status).toBe(201);
    for (const read of [r.body.article, (await getJson(c.j.host, `/api/archives/${r.body.article.id}`)).body]) {
      for (const html of [read.title, read.abstract]) {
        expect(html).not.toMatch(/<(script|img|svg|iframe|a)\b/i);
        expect(html).not.toMatch(/on\w+=|javascript:|style=/i);
      }
      expect(read.title).toMatch(/^Dose of <i>Na<\/i><sub>2<\/sub>/);
      expect(read.abstract).toContain("<p>Result</p>link");
    }
  });
});

describe("POST /api/archives/{id} (edit article)", () => {
  async function withArticle(c: Ctx, over: Record<string, string> = {}) {
    const fields = validFields(over);
    const r = await addArticle(c, form(fields, pdfBytes("original")));
    expect(r.status).toBe(201);
    return { fields, article: { ...r.body.article, stored: await fileOf(r.body.article.id) } };
  }

  it("updates fields, keeps the file when none is sent, and records who modified it", async () => {
    const c = await setup();
    const { fields, article } = await withArticle(c);
    const other = await adminToken(c.j, { username: "editor2" });
    const r = await getJson(c.j.host, `/api/archives/${article.id}`, {
      method: "POST",
      headers: bearer(other),
      body: form({ ...fields, title: "A <sup>new</sup> title", pagenumber: "81-90", email: "" }, null),
    });
    expect(r.status).toBe(200);
    expect(r.body.article).toMatchObject({
      id: article.id,
      title: "A <sup>new</sup> title",
      pagenumber: "81-90",
      email: "",
      file: article.file,
      createdby: "editor1",
      modifiedby: "editor2",
    });
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, article.stored))).toContain("original");
    // A partial edit: fields left out keep their values.
    const partial = await editArticle(c, article.id, form({ keywords: "only this" }, null));
    expect(partial.body.article).toMatchObject({ title: "A <sup>new</sup> title", keywords: "only this", refnumber: fields.refnumber });
    await expectConsistent(c.j);
  });

  it("answers staff every field its form saved, each under the field's name (contract/article-form.ts)", async () => {
    const c = await setup();
    const given = validFields({
      doi: "10.1234/abc.1",
      language: "pt-BR",
      references: "First cited work.\nSecond cited work.",
      author_details: JSON.stringify([
        { affiliation: "University of Pune", orcid: "0000-0002-1825-0097" },
        { affiliation: "", orcid: "" },
      ]),
      mobile: "+44 20 7946 0000",
      description: "Invoice sent",
      funding: "Wellcome Trust | 208123/Z/17/Z\nNational Science Foundation",
      license: "CC-BY-SA-4.0",
      date_submitted: "2024-01-15",
      date_accepted: "2024-03-01",
      copyright_year: "2024",
    });
    // A plain-text field added to the form later is sent too, with a value of its own.
    const sent = Object.fromEntries(ARTICLE_FORM_FIELDS.map((name) => [name, given[name] ?? `Some ${name}`]));
    const added = await addArticle(c, form(sent));
    expect(added.status).toBe(201);
    const stored = await getJson(c.j.host, `/api/admin/articles/${added.body.article.id}`, { headers: bearer(c.token) });
    for (const name of ARTICLE_FORM_FIELDS) {
      const control = articleFieldSpec(name).control;
      const answered =
        control === "authorDetails"
          ? JSON.stringify(stored.body.authors.map(({ affiliation, orcid }: Record<string, string>) => ({ affiliation, orcid })))
          : stored.body[name];
      const expected = control === "number" ? Number(sent[name]) : control === "list" ? sent[name].split("\n") : sent[name];
      expect(answered, name).toEqual(expected);
    }
  });

  it("replaces the PDF under a new name and deletes the old object after the row switched", async () => {
    const c = await setup();
    const { fields, article } = await withArticle(c);
    const r = await editArticle(c, article.id, form({}, pdfBytes("replacement")));
    expect(r.status).toBe(200);
    const stored = await fileOf(article.id);
    expect(stored).toMatch(versionOf(fields.refnumber));
    expect(stored).not.toBe(article.stored);
    expect(r.body.article.file).toBe(`${fields.refnumber}.pdf`);
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, stored))).toContain("replacement");
    expect(await env.FILES.head(fileKeys.article(c.j.id, YEAR, 3, 2, article.stored))).toBeNull();
    await expectConsistent(c.j);
  });

  it("moves the file when the reference number changes", async () => {
    const c = await setup();
    const { fields, article } = await withArticle(c);
    const newRef = `${fields.refnumber}-B`;
    const r = await editArticle(c, article.id, form({ refnumber: newRef }, null));
    expect(r.status).toBe(200);
    expect(r.body.article).toMatchObject({
      refnumber: newRef,
      file: `${newRef}.pdf`,
      file_url: `/assets/archives/${YEAR}/vol3issue2/${newRef}.pdf`,
    });
    expect(await fileOf(article.id)).toMatch(versionOf(newRef));
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, await fileOf(article.id)))).toContain("original");
    expect(await env.FILES.head(fileKeys.article(c.j.id, YEAR, 3, 2, article.stored))).toBeNull();
    expect((await request(c.j.host, r.body.article.file_url)).status).toBe(200);
    await expectConsistent(c.j);
  });

  it("moves the file when the issue changes, with a new upload too; the target issue must exist", async () => {
    const c = await setup([
      [YEAR, 3, 2],
      [YEAR, 3, 3],
    ]);
    const { article } = await withArticle(c);
    const missing = await editArticle(c, article.id, form({ issue: "4" }, null));
    expect(missing).toMatchObject({ status: 404, body: { error: "issue_not_found" } });
    const r = await editArticle(c, article.id, form({ issue: "3" }, pdfBytes("moved and new")));
    expect(r.status).toBe(200);
    expect(r.body.article).toMatchObject({ issue: 3 });
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 3, await fileOf(article.id)))).toContain("moved and new");
    expect(await env.FILES.head(fileKeys.article(c.j.id, YEAR, 3, 2, article.stored))).toBeNull();
    await expectConsistent(c.j);
  });

  it("leaves the row and its file untouched when the edit fails, and no new object behind", async () => {
    const c = await setup();
    const taken = await withArticle(c);
    const { fields, article } = await withArticle(c);
    const before = (await db.select().from(articles).where(eq(articles.id, article.id)))[0];
    for (const [over, code] of [
      [{ refnumber: taken.fields.refnumber }, "duplicate_reference_number"],
      [{ title: taken.fields.title }, "duplicate_title"],
      [{ refnumber: `${fields.refnumber}-C`, pagenumber: "9-1" }, "invalid_pagenumber"],
      [{ refnumber: `${fields.refnumber}-C`, txnid: "no" }, "invalid_txnid"],
    ] as const) {
      const r = await editArticle(c, article.id, form(over, pdfBytes("should not be stored")));
      expect([over, r.status, r.body]).toEqual([over, code.startsWith("duplicate") ? 409 : 400, { error: code }]);
    }
    const notPdf = await editArticle(c, article.id, form({ refnumber: `${fields.refnumber}-D` }, new TextEncoder().encode("GIF89a")));
    expect(notPdf).toMatchObject({ status: 400, body: { error: "invalid_file_type" } });
    expect((await db.select().from(articles).where(eq(articles.id, article.id)))[0]).toEqual(before);
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, article.stored))).toContain("original");
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, taken.article.stored))).toContain("original");
    await expectConsistent(c.j);
  });

  it("stays consistent when two articles are renamed to the same reference number at once", async () => {
    const c = await setup();
    const a = await withArticle(c);
    const b = await withArticle(c);
    const ref = `SAME-${Date.now()}`;
    const [ra, rb] = await Promise.all([
      editArticle(c, a.article.id, form({ refnumber: ref }, pdfBytes("from a"))),
      editArticle(c, b.article.id, form({ refnumber: ref }, pdfBytes("from b"))),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const [winner, loser] = ra.status === 200 ? [a, b] : [b, a];
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, await fileOf(winner.article.id)))).toContain(
      winner === a ? "from a" : "from b",
    );
    // The loser keeps its old number and its old file.
    const [loserRow] = await db.select().from(articles).where(eq(articles.id, loser.article.id));
    expect(loserRow.refnumber).toBe(loser.fields.refnumber);
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, loserRow.file))).toContain("original");
    await expectConsistent(c.j);
  });

  it("clears the file name of a moved article whose PDF was already missing", async () => {
    const c = await setup([
      [YEAR, 3, 2],
      [YEAR, 3, 3],
    ]);
    const legacy = await createArticle(c.j.id, {
      year: YEAR,
      volume: 3,
      issue: 2,
      file: "legacy-name.pdf",
      txnid: "LEGACY1",
      pagenumber: "5-9",
      publishdate: "2020-01-01",
      email: "x@y.z",
    });
    const r = await editArticle(c, legacy.id, form({ issue: "3" }, null));
    expect(r.status).toBe(200);
    expect(r.body.article).toMatchObject({ issue: 3, file: "", file_url: null });
    // With a file present under a legacy name, a move copies it to a new {refnumber}-{version}.pdf.
    const named = await createArticle(c.j.id, {
      year: YEAR,
      volume: 3,
      issue: 2,
      file: "old-name.pdf",
      txnid: "LEGACY2",
      pagenumber: "1-4",
      publishdate: "2020-01-01",
    });
    await putArticleFile(c.j.id, { year: YEAR, volume: 3, issue: 2, file: "old-name.pdf" });
    const moved = await editArticle(c, named.id, form({ issue: "3" }, null));
    expect(await fileOf(moved.body.article.id)).toMatch(versionOf(named.refnumber!));
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 3, await fileOf(moved.body.article.id)))).toContain("old-name.pdf");
    await expectConsistent(c.j);
  });

  it("sanitizes edited rich text", async () => {
    const c = await setup();
    const { article } = await withArticle(c);
    const r = await editArticle(
      c,
      article.id,
      form(
        { title: `<b onmouseover=x>Bold</b><script>alert(1)</script> ${Date.now()}`, abstract: "<img src=x onerror=alert(1)>text" },
        null,
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.article.title).toMatch(/^<b>Bold<\/b> \d+$/);
    expect(r.body.article.abstract).toBe("text");
  });
});

describe("a D1 failure after the PDF is stored", () => {
  // Triggers make D1 itself fail the row write that names the new file: no mock, the real code path.
  // (worker/core/fault-injection.test.ts fails every other D1 and R2 call in turn.)
  async function failWhenFileBecomes(ref: string) {
    for (const op of ["INSERT", "UPDATE"]) {
      await testFileD1().exec(
        `CREATE TRIGGER IF NOT EXISTS "fail_${op}_${ref}" BEFORE ${op} ON articles WHEN NEW.file LIKE '${ref}-%' BEGIN SELECT RAISE(ABORT, 'simulated D1 failure'); END;`,
      );
    }
    return async () => {
      for (const op of ["INSERT", "UPDATE"]) await testFileD1().exec(`DROP TRIGGER IF EXISTS "fail_${op}_${ref}";`);
    };
  }

  it("undoes an add: no row, no object", async () => {
    expectConsoleError(/^unhandled error POST .*simulated D1 failure/);
    const c = await setup();
    const ref = `BOOM-${Date.now()}`;
    const drop = await failWhenFileBecomes(ref);
    try {
      const r = await addArticle(c, form(validFields({ refnumber: ref })));
      expect(r).toMatchObject({ status: 500, body: { error: "internal_error" } });
    } finally {
      await drop();
    }
    expect(await rowsOf(c.j)).toEqual([]);
    await expectConsistent(c.j);
    // The same article can then be added for real.
    expect((await addArticle(c, form(validFields({ refnumber: ref })))).status).toBe(201);
  });

  it("undoes a move: the row is as it was, the old file stays, the new object is gone", async () => {
    expectConsoleError(/^unhandled error POST .*simulated D1 failure/);
    const c = await setup([
      [YEAR, 3, 2],
      [YEAR, 3, 3],
    ]);
    const added = await addArticle(c, form(validFields(), pdfBytes("original")));
    const before = (await db.select().from(articles).where(eq(articles.id, added.body.article.id)))[0];
    const newRef = `MOVE-${Date.now()}`;
    const drop = await failWhenFileBecomes(newRef);
    try {
      const r = await editArticle(
        c,
        before.id,
        form({ refnumber: newRef, issue: "3", title: "Changed <i>title</i>" }, pdfBytes("new upload")),
      );
      expect(r).toMatchObject({ status: 500, body: { error: "internal_error" } });
    } finally {
      await drop();
    }
    expect((await db.select().from(articles).where(eq(articles.id, before.id)))[0]).toEqual(before);
    expect(await objectText(fileKeys.article(c.j.id, YEAR, 3, 2, before.file))).toContain("original");
    expect((await env.FILES.list({ prefix: `journals/${c.j.id}/archives/${YEAR}/vol3issue3/` })).objects).toEqual([]);
    await expectConsistent(c.j);
  });
});

describe("tenancy and admin search", () => {
  it("treats another journal's articles as not found", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await createArticle(b.j.id, { year: YEAR, volume: 3, issue: 2, title: "Their article" });
    expect(await getJson(a.j.host, `/api/admin/articles/${theirs.id}`, { headers: bearer(a.token) })).toMatchObject({ status: 404 });
    const edit = await editArticle(a, theirs.id, form({ title: "Taken over" }, pdfBytes("intruder")));
    expect(edit).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect((await db.select().from(articles).where(eq(articles.id, theirs.id)))[0].title).toBe("Their article");
    const issue = await getJson(a.j.host, `/api/admin/archives/${YEAR}/3/2`, { headers: bearer(a.token) });
    expect(issue.body.articles).toEqual([]);
    expect((await getJson(a.j.host, "/api/admin/search?q=their", { headers: bearer(a.token) })).body.count).toBe(0);
    // Journal B's token does not work on A's host.
    expect((await getJson(a.j.host, `/api/admin/articles/${theirs.id}`, { headers: bearer(b.token) })).status).toBe(401);
  });

  it("finds a transaction id, an e-mail or a reference number, exact identifiers first (issue 26 item 3)", async () => {
    const c = await setup();
    const target = await createArticle(c.j.id, { title: "Rice yields", txnid: "pay_Q7xK2mN9vB4tR1", email: "Asha.Rao@example.org" });
    const other = await createArticle(c.j.id, { title: "Wheat yields", txnid: "pay_Q7xK2mN9vB4tR1-2", email: "tomas@example.org" });
    await createArticle(c.j.id, { title: "Barley yields", status: "disabled", email: "asha.rao@example.org.in" });
    const search = async (q: string) =>
      (await getJson(c.j.host, `/api/admin/search?q=${encodeURIComponent(q)}`, { headers: bearer(c.token) })).body as {
        count: number;
        results: { id: number; txnid: string }[];
      };
    const byTxn = await search("pay_Q7xK2mN9vB4tR1");
    expect(byTxn.results.map((r) => r.id)).toEqual([target.id, other.id]);
    expect(byTxn.count).toBe(2);
    const byEmail = await search("asha.rao@example.org");
    expect(byEmail.results[0].id).toBe(target.id);
    expect(byEmail.results).toHaveLength(2);
    const byRef = await search(other.refnumber!.toLowerCase());
    expect(byRef.results[0].id).toBe(other.id);
    // Words still find titles.
    expect((await search("wheat")).results.map((r) => r.id)).toEqual([other.id]);
  });

  it("searches every status and answers staff fields", async () => {
    const c = await setup();
    await createArticle(c.j.id, { title: "Salinity of rice fields", txnid: "TX-SAL-1" });
    await createArticle(c.j.id, { title: "Salinity hidden draft", status: "disabled" });
    await createArticle(c.j.id, { title: "Unrelated" });
    const r = await getJson(c.j.host, "/api/admin/search?q=salinity", { headers: bearer(c.token) });
    expect(r.status).toBe(200);
    expect(r.body.q).toBe("salinity");
    expect(r.body.count).toBe(2);
    expect(r.body.results.map((a: { title: string }) => a.title).sort()).toEqual(["Salinity hidden draft", "Salinity of rice fields"]);
    expect(r.body.results.find((a: { txnid: string }) => a.txnid === "TX-SAL-1")).toBeTruthy();
    expect((await getJson(c.j.host, "/api/admin/search?q=", { headers: bearer(c.token) })).body).toMatchObject({
      q: "",
      count: 0,
      results: [],
    });
    expect((await getJson(c.j.host, "/api/admin/search", { headers: bearer(c.token) })).body.count).toBe(0);
  });
});

describe("deleting articles and editors removes their files", () => {
  it("DELETE /api/admin/articles/{id} removes the row and its PDF; unknown ids are 404", async () => {
    const c = await setup();
    const r = await addArticle(c, form(validFields(), pdfBytes("to delete")));
    const keep = await addArticle(c, form(validFields(), pdfBytes("to keep")));
    const del = await request(c.j.host, `/api/admin/articles/${r.body.article.id}`, { method: "DELETE", headers: bearer(c.token) });
    expect(del.status).toBe(204);
    expect(await rowsOf(c.j).then((rows) => rows.map((x) => x.id))).toEqual([keep.body.article.id]);
    await expectConsistent(c.j);
    expect(
      (await request(c.j.host, `/api/admin/articles/${r.body.article.id}`, { method: "DELETE", headers: bearer(c.token) })).status,
    ).toBe(404);
    expect((await request(c.j.host, `/api/admin/articles/${keep.body.article.id}`, { method: "DELETE" })).status).toBe(401);
  });

  it("DELETE /api/admin/editors/{id} removes the row and its picture", async () => {
    const c = await setup();
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: "Dr. Leaving", category: "chief editor", post: "Professor", content: "Uni" })) f.set(k, v);
    f.set("imgFile", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "p.png"));
    const created = await getJson(c.j.host, "/api/editors", { method: "POST", headers: bearer(c.token), body: f });
    expect(created.status).toBe(201);
    const key = fileKeys.editorPicture(c.j.id, created.body.editor.picture);
    expect(await env.FILES.head(key)).not.toBeNull();
    const del = await request(c.j.host, `/api/admin/editors/${created.body.editor.id}`, { method: "DELETE", headers: bearer(c.token) });
    expect(del.status).toBe(204);
    expect(await env.FILES.head(key)).toBeNull();
    expect((await getJson(c.j.host, `/api/admin/editors/${created.body.editor.id}`, { headers: bearer(c.token) })).status).toBe(404);
  });
});

describe("the admin as SPEC.md says (issue 26, item 6)", () => {
  it("refuses a used transaction id on add only: an edit may share one (§8)", async () => {
    const c = await setup();
    const first = validFields();
    expect((await addArticle(c, form(first))).status).toBe(201);
    const second = await addArticle(c, form(validFields()));
    const shared = await editArticle(c, second.body.article.id, form({ txnid: first.txnid }, null));
    expect([shared.status, shared.body.article?.txnid]).toEqual([200, first.txnid]);
    // A new article still cannot use it.
    expect((await addArticle(c, form(validFields({ txnid: first.txnid })))).body).toEqual({ error: "duplicate_txnid" });
    await expectConsistent(c.j);
  });

  it("serves the PDF as {refnumber}.pdf at /assets/archives/{year}/vol{v}issue{i}/ (§5), never a disabled article's", async () => {
    const c = await setup();
    const fields = validFields();
    const a = (await addArticle(c, form(fields, pdfBytes("spec path")))).body.article;
    const path = `/assets/archives/${YEAR}/vol3issue2/${fields.refnumber}.pdf`;
    const res = await request(c.j.host, path);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(await bodyText(res)).toContain("spec path");
    // The issue table and search link the same name.
    const table = await getJson(c.j.host, `/api/admin/archives/${YEAR}/3/2`, { headers: bearer(c.token) });
    expect(JSON.stringify(table.body)).toContain(path);
    expect(JSON.stringify(table.body)).not.toContain(await fileOf(a.id));
    // Another issue's path, or a disabled article, is 404.
    expect((await request(c.j.host, `/assets/archives/${YEAR}/vol3issue1/${fields.refnumber}.pdf`)).status).toBe(404);
    await db.update(articles).set({ status: "disabled" }).where(eq(articles.id, a.id));
    expect((await request(c.j.host, path)).status).toBe(404);
  });
});

describe("article status from the issue table (issue 26 item 4)", () => {
  it("enables and disables an article, shows it in the table, and keeps a disabled one out of the index page and certificates", async () => {
    const c = await setup();
    const on = (await addArticle(c, form(validFields()))).body.article;
    const off = (await addArticle(c, form(validFields()))).body.article;
    const setStatus = (id: number, status: string) =>
      getJson(c.j.host, `/api/admin/articles/${id}/status`, {
        method: "POST",
        headers: { ...bearer(c.token), "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
    const r = await setStatus(off.id, "disabled");
    expect([r.status, r.body.status]).toEqual([200, "disabled"]);
    expect((await setStatus(off.id, "hidden")).body).toEqual({ error: "invalid_input" });
    expect((await setStatus(999999, "enabled")).status).toBe(404);
    const table = await getJson(c.j.host, `/api/admin/archives/${YEAR}/3/2`, { headers: bearer(c.token) });
    expect(table.body.articles.map((a: { refnumber: string; status: string }) => [a.refnumber, a.status]).sort()).toEqual(
      [
        [on.refnumber, "enabled"],
        [off.refnumber, "disabled"],
      ].sort(),
    );
    // Gone from the public issue at once.
    const publicIssue = await getJson(c.j.host, `/api/archives/${YEAR}/3/2`);
    expect(JSON.stringify(publicIssue.body)).not.toContain(off.refnumber);
    for (const path of ["/api/pdf/indexpage", "/api/pdf/bulkcertificates"]) {
      const refused = await getJson(c.j.host, path, {
        method: "POST",
        headers: { ...bearer(c.token), "content-type": "application/json" },
        body: JSON.stringify({ refnumbers: [on.refnumber, off.refnumber] }),
      });
      expect([path, refused.status, refused.body.error, refused.body.refnumbers]).toEqual([
        path,
        422,
        "disabled_articles",
        [off.refnumber],
      ]);
    }
    const index = await request(c.j.host, "/api/pdf/indexpage", {
      method: "POST",
      headers: { ...bearer(c.token), "content-type": "application/json" },
      body: JSON.stringify({ refnumbers: [on.refnumber] }),
    });
    expect(index.status).toBe(200);
    // Enabled again, it is public again; the change is in the audit trail.
    expect((await setStatus(off.id, "enabled")).body.status).toBe("enabled");
    const events = await getJson(c.j.host, "/api/admin/events", { headers: bearer(c.token) });
    expect(events.body.filter((e: { action: string }) => e.action === "article.status").map((e: { summary: string }) => e.summary)).toEqual(
      [`${off.refnumber} → enabled`, `${off.refnumber} → disabled`],
    );
  });
});
