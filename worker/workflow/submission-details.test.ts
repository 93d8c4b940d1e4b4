// Submit Online's optional fields (issue 48 item 2): abstract, keywords, co-authors, section, cover letter, consent
// and the Word file beside the PDF — refused with the fields to correct, stored as typed (quotes, <, &, Arabic, line
// breaks where text may have them), shown to staff, kept out of letters' headers, and carried into the article.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { zipSync, strToU8 } from "fflate";
import { eq } from "drizzle-orm";
import { createArticle, createJournal, dbOf, d1Of, pdfBytes, request, type TestJournal } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { articles, mailOutbox, manuscripts, sections, submissions } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { namedKeys } from "../platform/file-orphans";
import { writeDocx } from "../../scripts/demo/docx-writer";
import { detail, staffOf } from "./workflow.fixtures";
import { prefilledValues, type PublishSource } from "../../web/admin/workflow/publish-prefill";
import { emptyValues } from "../../web/admin/archive/article-form/values";

let ip = 0;
const AUTHOR = { name: "Dr. Noor Al-Hashimi", email: "noor@uni.example.org" };

/** A Submit Online post: SPEC's fields, the PDF, and the optional fields given (co-authors as the form's rows). */
function submission(over: Record<string, string> = {}, coAuthors: Record<string, string>[] = [], docx: Uint8Array | null = null): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    ...AUTHOR,
    title: "Salinity and wheat",
    address: "Dept. of Soil Science\nUniversity of Basra",
    ...over,
  }))
    f.set(k, v);
  for (const row of coAuthors)
    for (const key of ["Name", "Email", "Affiliation", "Orcid"]) f.append(`coAuthor${key}`, row[key.toLowerCase()] ?? "");
  f.set("pdfFile", new File([pdfBytes("manuscript")], "paper.pdf", { type: "application/pdf" }));
  if (docx) f.set("docxFile", new File([docx], "paper.docx"));
  return f;
}

const post = (j: TestJournal, body: FormData, path = "/api/submissions") =>
  request(j.host, path, { method: "POST", body, redirect: "manual", headers: { "cf-connecting-ip": `198.51.100.${(++ip % 250) + 1}` } });

async function storedFiles(j: TestJournal): Promise<string[]> {
  return (await env.FILES.list({ prefix: fileKeys.submission(j.id, "") })).objects.map((o) => o.key);
}

async function sectionOf(j: TestJournal, title: string): Promise<number> {
  const [row] = await dbOf(j).insert(sections).values({ journalId: j.id, title, seq: 1 }).returning();
  return row.id;
}

/** The manuscript the queue consumer makes of a stored submission (waited for). */
async function manuscriptOf(j: TestJournal, reference: string) {
  for (let i = 0; i < 100; i++) {
    const [m] = await dbOf(j).select().from(manuscripts).where(eq(manuscripts.reference, reference));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no manuscript for ${reference}`);
}

/** A zip with the given parts (stored as given). */
const zipOf = (parts: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)])));

const CO_AUTHORS = [
  {
    name: `Fatima "Fay" O'Neil <b>&</b>`,
    email: "fay@example.org",
    affiliation: "جامعة البصرة & <Lab>",
    orcid: "https://orcid.org/0000-0002-1825-0097",
  },
  { name: "علي حسن", email: "", affiliation: "", orcid: "" },
];

describe("Submit Online's optional fields", () => {
  it("stores them as typed, files the manuscript under the section and shows them to staff", async () => {
    const j = await createJournal();
    const section = await sectionOf(j, "Research Articles");
    const abstract = `Line one with "quotes", <script>alert(1)</script> & ampersands.\nسطر عربي ثانٍ.`;
    const docx = writeDocx([{ kind: "paragraph", runs: ["The manuscript, editable."] }]);
    const res = await post(
      j,
      submission(
        {
          abstract,
          keywords: " soil salinity; wheat,\nsoil salinity , ري ",
          section: String(section),
          coverLetter: "Dear editor,\n\nPlease consider <this> & that.",
          consentPolicies: "yes",
        },
        [...CO_AUTHORS, { name: "", email: "", affiliation: "", orcid: "" }],
        docx,
      ),
    );
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const [row] = await dbOf(j).select().from(submissions).where(eq(submissions.reference, reference));
    expect(row).toMatchObject({
      abstract,
      keywords: "soil salinity, wheat, ري",
      sectionId: section,
      coverLetter: "Dear editor,\n\nPlease consider <this> & that.",
      consentCopyrightAt: null,
      sourceFileSize: docx.byteLength,
    });
    expect(Date.parse(row.consentPoliciesAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    // The empty fourth row is dropped; the ORCID iD is stored in its plain form.
    expect(JSON.parse(row.coAuthors)).toEqual([{ ...CO_AUTHORS[0], orcid: "0000-0002-1825-0097" }, CO_AUTHORS[1]]);
    // Both files are stored, and the orphan-file audit (which deletes what no row names) knows the Word file.
    const stored = await storedFiles(j);
    expect(stored).toHaveLength(2);
    const named = await namedKeys({ platform: env.DB, journals: [d1Of(j)] }, j.id);
    for (const key of stored) expect(named.has(key)).toBe(true);

    const m = await manuscriptOf(j, reference);
    expect(m.sectionId).toBe(section);
    const staff = await staffOf(j);
    const d = await detail(staff, m.id);
    expect(d.sectionId).toBe(section);
    expect(d.submitted).toMatchObject({
      abstract,
      keywords: "soil salinity, wheat, ري",
      coverLetter: "Dear editor,\n\nPlease consider <this> & that.",
      coAuthors: [{ ...CO_AUTHORS[0], orcid: "0000-0002-1825-0097" }, CO_AUTHORS[1]],
      consents: { policies: row.consentPoliciesAt, copyright: null },
      sourceFile: { size: docx.byteLength },
    });
    // Staff download the Word file byte for byte, named by the reference.
    const file = await request(j.host, d.submitted!.sourceFile!.url, { headers: bearer(await adminToken(j)) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${reference}.docx"`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(docx);
    // Not without a session.
    expect((await request(j.host, d.submitted!.sourceFile!.url)).status).toBe(401);

    // Co-authors never reach a letter's headers: the acknowledgement goes to the author alone.
    let mail = await dbOf(j).select().from(mailOutbox).where(eq(mailOutbox.manuscriptId, m.id));
    for (let i = 0; i < 100 && mail.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mail = await dbOf(j).select().from(mailOutbox).where(eq(mailOutbox.manuscriptId, m.id));
    }
    expect(mail.find((x) => x.kind === "acknowledgement")).toMatchObject({ toAddress: AUTHOR.email, toName: AUTHOR.name });
    for (const x of mail) expect([x.toAddress, x.toName, x.subject, x.replyTo].join("\n")).not.toMatch(/Fatima|fay@|علي/);
  });

  it("refuses what is wrong with the fields to correct, and stores nothing", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const foreignSection = await sectionOf(other, "Not this journal's");
    const cases: { form: FormData; error: string; fields: string[] }[] = [
      // A line break in a co-author's name or affiliation would reach a letter's header.
      { form: submission({}, [{ name: "Eve\r\nBcc: victim@example.org" }]), error: "control_characters", fields: ["coAuthors"] },
      { form: submission({}, [{ name: "Eve", affiliation: "Lab\nX" }]), error: "control_characters", fields: ["coAuthors"] },
      // A comma would split one co-author into two in the article's author list.
      { form: submission({}, [{ name: "Smith, John" }]), error: "invalid_input", fields: ["coAuthors"] },
      { form: submission({}, [{ name: "", email: "only@example.org" }]), error: "invalid_input", fields: ["coAuthors"] },
      { form: submission({}, [{ name: "Eve", email: "not-an-address" }]), error: "invalid_input", fields: ["coAuthors"] },
      { form: submission({}, [{ name: "Eve", orcid: "0000-0002-1825-0098" }]), error: "invalid_input", fields: ["coAuthors"] },
      {
        form: submission(
          {},
          Array.from({ length: 5 }, (_, i) => ({ name: `Author ${i}` })),
        ),
        error: "invalid_input",
        fields: ["coAuthors"],
      },
      { form: submission({ section: String(foreignSection) }), error: "invalid_input", fields: ["section"] },
      { form: submission({ section: "research" }), error: "invalid_input", fields: ["section"] },
      {
        form: submission({ abstract: "x".repeat(10_001), coverLetter: "y".repeat(20_001) }),
        error: "invalid_input",
        fields: ["abstract", "coverLetter"],
      },
      // SPEC's fields and the optional ones are named together.
      { form: submission({ name: "", keywords: "k".repeat(1001) }), error: "invalid_input", fields: ["name", "keywords"] },
    ];
    for (const c of cases) {
      const res = await post(j, c.form);
      expect(res.status, c.error).toBe(400);
      const body = (await res.json()) as { error: string; fields: string[] };
      expect(body.error).toBe(c.error);
      expect([...body.fields].sort()).toEqual([...c.fields].sort());
    }
    expect(await dbOf(j).select().from(submissions).where(eq(submissions.journalId, j.id))).toEqual([]);
    expect(await storedFiles(j)).toEqual([]);
  });

  it("takes a Word file only when it is one, judged by its parts and never by its name", async () => {
    const j = await createJournal();
    const docm = zipOf({
      "[Content_Types].xml": `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>`,
      "word/document.xml": "<w:document/>",
      "word/vbaProject.bin": "macro",
    });
    const refused: { bytes: Uint8Array; status: number; error: string }[] = [
      { bytes: pdfBytes("a PDF named .docx"), status: 400, error: "invalid_docx" },
      { bytes: new TextEncoder().encode("PK\x03\x04 but no zip directory"), status: 400, error: "invalid_docx" },
      { bytes: zipOf({ "hello.txt": "a zip, not a Word document" }), status: 400, error: "invalid_docx" },
      { bytes: docm, status: 400, error: "invalid_docx" },
      // A "bomb": 40 MB of document that deflates to a few kilobytes.
      {
        bytes: zipSync({
          "[Content_Types].xml": strToU8(
            `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
          ),
          "word/document.xml": new Uint8Array(40 * 1024 * 1024),
        }),
        status: 413,
        error: "docx_too_large",
      },
      { bytes: new Uint8Array(5_242_881).fill(0x50), status: 413, error: "docx_too_large" },
    ];
    for (const r of refused) {
      const res = await post(j, submission({}, [], r.bytes));
      expect(res.status, r.error).toBe(r.status);
      expect(((await res.json()) as { error: string }).error).toBe(r.error);
    }
    expect(await dbOf(j).select().from(submissions).where(eq(submissions.journalId, j.id))).toEqual([]);
    expect(await storedFiles(j)).toEqual([]);
  });

  it("works without JavaScript: the form's own post stores them, a refusal names the fields on the page", async () => {
    const j = await createJournal();
    const section = await sectionOf(j, "Case Reports");
    const ok = await post(
      j,
      submission({ abstract: "An abstract.", section: String(section), consentCopyright: "yes" }, [
        { name: "Ana Lima", orcid: "0000-0002-1825-0097" },
      ]),
      "/article",
    );
    expect(ok.status).toBe(303);
    const reference = /received=(SUB-[\dA-Z-]+)/.exec(ok.headers.get("location") ?? "")?.[1];
    const [row] = await dbOf(j)
      .select()
      .from(submissions)
      .where(eq(submissions.reference, reference ?? ""));
    expect(row).toMatchObject({ abstract: "An abstract.", sectionId: section, consentPoliciesAt: null });
    expect(row.consentCopyrightAt).not.toBeNull();

    const bad = await post(j, submission({}, [{ name: "Smith, John" }], pdfBytes("not word")), "/article");
    expect(bad.status).toBe(303);
    // The first failure found is the one the page explains: the fields are checked before the files.
    expect(bad.headers.get("location")).toBe("/article?error=invalid_input&fields=coAuthors");
    const page = await (await request(j.host, bad.headers.get("location")!)).text();
    expect(page).toContain("Please check the co-authors");
    // The form offers the journal's sections.
    expect(page).toContain(`<option value="${section}">Case Reports</option>`);
  });

  it("is carried into the article: authors with affiliations, abstract and keywords prefilled; the section on publication", async () => {
    const j = await createJournal();
    const section = await sectionOf(j, "Review Articles");
    const res = await post(
      j,
      submission(
        { abstract: `Soil & "water" <1 %>\nSecond line.`, keywords: "soil; water", section: String(section) },
        CO_AUTHORS.slice(0, 1),
      ),
    );
    const { reference } = (await res.json()) as { reference: string };
    const m = await manuscriptOf(j, reference);
    const staff = await staffOf(j);
    const d = await detail(staff, m.id);

    // The Add Article form opened by "Publish as article".
    const values = prefilledValues(emptyValues({}), { ...d, invoice: null } satisfies PublishSource);
    expect(values.authorname).toBe(`${AUTHOR.name}, ${CO_AUTHORS[0].name}`);
    expect(JSON.parse(values.author_details)).toEqual([
      { affiliation: "Dept. of Soil Science, University of Basra", orcid: "" },
      { affiliation: CO_AUTHORS[0].affiliation, orcid: "0000-0002-1825-0097" },
    ]);
    expect(values.abstract).toBe("Soil &amp; &quot;water&quot; &lt;1 %&gt;<br>Second line.");
    expect(values.keywords).toBe("soil, water");

    // Accepted and published: the article is filed under the manuscript's section.
    for (const decision of ["accepted"]) {
      const letter = (await staff.get(`/manuscripts/${m.id}/letter?decision=${decision}`)).body;
      expect((await staff.post(`/manuscripts/${m.id}/decision`, { decision, ...letter })).status).toBe(200);
    }
    const article = await createArticle(j.id, { refnumber: "SAL-2026-001", year: 2026, volume: 1, issue: 1 });
    expect((await staff.post(`/manuscripts/${m.id}/published`, { refnumber: article.refnumber })).status).toBe(200);
    const [filed] = await dbOf(j).select().from(articles).where(eq(articles.id, article.id));
    expect(filed.sectionId).toBe(section);
  });

  it("leaves a section staff already gave the article", async () => {
    const j = await createJournal();
    const chosen = await sectionOf(j, "Research Articles");
    const byStaff = await sectionOf(j, "Editorial");
    const { reference } = (await (await post(j, submission({ section: String(chosen) }))).json()) as { reference: string };
    const m = await manuscriptOf(j, reference);
    const staff = await staffOf(j);
    const letter = (await staff.get(`/manuscripts/${m.id}/letter?decision=accepted`)).body;
    await staff.post(`/manuscripts/${m.id}/decision`, { decision: "accepted", ...letter });
    const article = await createArticle(j.id, { refnumber: "SAL-2026-002", year: 2026, volume: 1, issue: 1, sectionId: byStaff });
    expect((await staff.post(`/manuscripts/${m.id}/published`, { refnumber: article.refnumber })).status).toBe(200);
    const [filed] = await dbOf(j).select().from(articles).where(eq(articles.id, article.id));
    expect(filed.sectionId).toBe(byStaff);
  });
});
