// /api/pdf: status codes, file names, the words a reader checks, zip entries, admin guard, limits and tenancy.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { createArticle, createEditor, createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { pdfText } from "./pdf-text.testing";

const AUTHORS = "Aynur Məmmədova, Şükrü Işık, Nguyễn Thị Minh, محمد عبد الله, রবীন্দ্রনাথ ঠাকুর, አበበ ቢቂላ";

async function setup() {
  const journal = await createJournal({ websitename: "Journal of Tested Documents", impactfactor: "7.1", issn: "1111-2222, 3333-4444" });
  const article = await createArticle(journal.id, {
    title: "Growth of <i>E. coli</i> in H<sub>2</sub>O",
    authorname: AUTHORS,
    volume: 12,
    issue: 4,
    year: 2025,
    pagenumber: "73-80",
    publishdate: "2025-05-02",
  });
  await createEditor(journal.id, { name: "Prof. Chief Person", category: "chief editor" });
  return { journal, article, ref: article.refnumber! };
}

const post = (host: string, path: string, body: unknown, token?: string) =>
  request(host, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });

describe("GET /api/pdf/certificate/{ref}/{authorName}", () => {
  it("answers a PDF named certificate-{ref}.pdf with the author, title, volume, issue and reference", async () => {
    const { journal, ref } = await setup();
    const res = await request(journal.host, `/api/pdf/certificate/${ref}/${encodeURIComponent("Şükrü Işık")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`filename="certificate-${ref}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(60 * 1024);
    const { text } = await pdfText(bytes);
    for (const word of [
      "Şükrü Işık",
      "Growth of E. coli in H 2 O",
      "Volume 12",
      "Issue 4",
      "May 2025",
      ref,
      "Journal of Tested Documents",
      "Impact Factor: 7.1",
      "Prof. Chief Person",
    ]) {
      expect(text).toContain(word);
    }
  });

  it.each(AUTHORS.split(", "))("issues one for %s, whatever the case and spacing of the name asked for", async (author) => {
    const { journal, ref } = await setup();
    const asked = `  ${author.toUpperCase().replace(" ", "   ")} `;
    const res = await request(journal.host, `/api/pdf/certificate/${ref}/${encodeURIComponent(asked)}`);
    expect(res.status).toBe(200);
    expect((await pdfText(await res.arrayBuffer())).text).toContain(author);
  });

  it("is 404 for a name that is not an author, an unknown ref, a disabled article and another journal's article", async () => {
    const { journal, ref } = await setup();
    const other = await createJournal();
    const disabled = await createArticle(journal.id, { authorname: "Ann Author", status: "disabled" });
    const cases: Array<[string, string, string]> = [
      [journal.host, `/api/pdf/certificate/${ref}/Someone%20Else`, "author_not_found"],
      [journal.host, `/api/pdf/certificate/${ref}/Aynur`, "author_not_found"],
      [journal.host, `/api/pdf/certificate/NO-SUCH-REF/Ann%20Author`, "article_not_found"],
      [journal.host, `/api/pdf/certificate/${disabled.refnumber}/Ann%20Author`, "article_not_found"],
      [other.host, `/api/pdf/certificate/${ref}/${encodeURIComponent("Şükrü Işık")}`, "article_not_found"],
    ];
    for (const [host, path, error] of cases) {
      const res = await request(host, path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error });
    }
  });
});

describe("GET /api/pdf/coverpage/{ref} and /api/pdf/editorialboard", () => {
  it("answers the cover page as coverpage-{ref}.pdf", async () => {
    const { journal, ref } = await setup();
    const res = await request(journal.host, `/api/pdf/coverpage/${ref}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename="coverpage-${ref}.pdf"`);
    const { text } = await pdfText(await res.arrayBuffer());
    for (const word of ["Volume 12", "Issue 4", "73–80", ref, "Aynur Məmmədova", "محمد عبد الله", "አበበ ቢቂላ"]) expect(text).toContain(word);
    expect((await request(journal.host, "/api/pdf/coverpage/NOPE")).status).toBe(404);
  });

  it("answers the enabled editors, grouped, as Editorial-Board.pdf", async () => {
    const { journal } = await setup();
    await createEditor(journal.id, {
      name: "Dr. Associate One",
      category: "associate editor",
      degree: "Ph.D.",
      content: "University of Lagos",
    });
    await createEditor(journal.id, { name: "Dr. Assistant Two", category: "assistant editor" });
    await createEditor(journal.id, { name: "Dr. Hidden Three", category: "assistant editor", status: "disabled" });
    const res = await request(journal.host, "/api/pdf/editorialboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="Editorial-Board.pdf"');
    const { text } = await pdfText(await res.arrayBuffer());
    expect(text).toContain("Prof. Chief Person");
    expect(text).toContain("Dr. Associate One (Ph.D.)");
    expect(text).toContain("University of Lagos");
    expect(text).toContain("Dr. Assistant Two");
    expect(text).not.toContain("Hidden");
  });
});

describe("POST /api/pdf/indexpage, bulkcertificates, editorscertificate (admin)", () => {
  it("requires an admin token of this journal", async () => {
    const { journal, ref } = await setup();
    const other = await createJournal();
    const foreignToken = await adminToken(other);
    for (const path of ["/api/pdf/indexpage", "/api/pdf/bulkcertificates", "/api/pdf/editorscertificate"]) {
      expect((await post(journal.host, path, [ref])).status).toBe(401);
      expect((await post(journal.host, path, [ref], foreignToken)).status).toBe(401);
    }
  });

  it("rejects empty, oversized and malformed lists with 400", async () => {
    const { journal } = await setup();
    const token = await adminToken(journal);
    const tooMany = Array.from({ length: 201 }, (_, i) => `REF-${i}`);
    const cases: Array<[string, unknown, string]> = [
      ["/api/pdf/indexpage", [], "empty_list"],
      ["/api/pdf/indexpage", { refnumbers: [] }, "empty_list"],
      ["/api/pdf/bulkcertificates", tooMany, "too_many_items"],
      ["/api/pdf/editorscertificate", { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, "too_many_items"],
      ["/api/pdf/editorscertificate", ["abc"], "invalid_input"],
      ["/api/pdf/indexpage", { something: "else" }, "invalid_input"],
    ];
    for (const [path, body, error] of cases) {
      const res = await post(journal.host, path, body, token);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
  });

  it("builds Index-Page.pdf ordered by first page from a bare list or {refnumbers}", async () => {
    const { journal, ref } = await setup();
    const early = await createArticle(journal.id, {
      title: "Early paper",
      authorname: "A. Early",
      pagenumber: "9-12",
      volume: 12,
      issue: 4,
      year: 2025,
    });
    const token = await adminToken(journal);
    for (const body of [[ref, early.refnumber], { refnumbers: [ref, early.refnumber] }]) {
      const res = await post(journal.host, "/api/pdf/indexpage", body, token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain('filename="Index-Page.pdf"');
      const { text } = await pdfText(await res.arrayBuffer());
      expect(text.indexOf("1 Early paper")).toBeGreaterThan(-1);
      expect(text.indexOf("2 Growth of E. coli")).toBeGreaterThan(text.indexOf("1 Early paper"));
      expect(text).toContain("9–12");
    }
  });

  it("names unknown reference numbers, including another journal's, and builds nothing", async () => {
    const { journal, ref } = await setup();
    const other = await createJournal();
    const foreign = await createArticle(other.id, { authorname: "X" });
    const token = await adminToken(journal);
    for (const path of ["/api/pdf/indexpage", "/api/pdf/bulkcertificates"]) {
      const res = await post(journal.host, path, [ref, "NOPE-1", foreign.refnumber], token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "unknown_refnumbers", missing: ["NOPE-1", foreign.refnumber] });
    }
  });

  it("zips one certificate per author per article as Certificates.zip", async () => {
    const { journal, ref } = await setup();
    const second = await createArticle(journal.id, { authorname: "Ann Author, Bob Writer", pagenumber: "1-5" });
    const token = await adminToken(journal);
    const res = await post(journal.host, "/api/pdf/bulkcertificates", { refnumbers: [ref, second.refnumber] }, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain('filename="Certificates.zip"');
    const zip = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(zip);
    const names = Object.keys(files);
    // Independent readers (Info-ZIP, Python's zipfile, Java's ZipInputStream): pdf.tools.test.ts.
    expect(names).toEqual([
      `certificate-${second.refnumber}-1-ann-author.pdf`,
      `certificate-${second.refnumber}-2-bob-writer.pdf`,
      `certificate-${ref}-1-aynur-memmedova.pdf`,
      `certificate-${ref}-2-sukru-isik.pdf`,
      `certificate-${ref}-3-nguyen-thi-minh.pdf`,
      `certificate-${ref}-4-محمد-عبد-الله.pdf`,
      `certificate-${ref}-5-রবীন্দ্রনাথ-ঠাকুর.pdf`,
      `certificate-${ref}-6-አበበ-ቢቂላ.pdf`,
    ]);
    expect((await pdfText(files[`certificate-${ref}-6-አበበ-ቢቂላ.pdf`])).text).toContain("አበበ ቢቂላ");
    expect((await pdfText(files[`certificate-${second.refnumber}-2-bob-writer.pdf`])).text).toContain("Bob Writer");
  });

  it("zips a certificate of appointment per editor as Editors-Certificate.zip, naming unknown ids", async () => {
    const { journal } = await setup();
    const a = await createEditor(journal.id, { name: "Dr. Leyla Əliyeva", category: "associate editor" });
    const b = await createEditor(journal.id, { name: "Dr. Tesfaye Bekele", category: "assistant editor", status: "disabled" });
    const foreign = await createEditor((await createJournal()).id, { name: "Elsewhere" });
    const token = await adminToken(journal);
    const res = await post(journal.host, "/api/pdf/editorscertificate", [a.id, String(b.id)], token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="Editors-Certificate.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      `appointment-certificate-${a.id}-dr-leyla-eliyeva.pdf`,
      `appointment-certificate-${b.id}-dr-tesfaye-bekele.pdf`,
    ]);
    const { text } = await pdfText(files[`appointment-certificate-${a.id}-dr-leyla-eliyeva.pdf`]);
    expect(text).toContain("Dr. Leyla Əliyeva");
    expect(text).toContain("Associate Editor");
    const missing = await post(journal.host, "/api/pdf/editorscertificate", { ids: [a.id, 99999999, foreign.id] }, token);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "unknown_editor_ids", missing: [99999999, foreign.id] });
  });
});
