// Test data for the transfer tests: a journal with two issues, sections, rich articles and their PDFs, written into
// the real local D1 and R2; and the calls the admin makes.
import { env } from "cloudflare:test";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import {
  createArticle,
  createIssue,
  createJournal,
  db,
  getJson,
  pdfBytes,
  putArticleFile,
  unique,
  type TestJournal,
} from "#tests/api/fixtures";
import * as schema from "../core/data/schema";
import { eq } from "drizzle-orm";
import type { ImportReport } from "./import-run";

export async function importFile(
  host: string,
  token: string,
  file: { text?: string; bytes?: Uint8Array; name: string },
  fields: Record<string, string> = {},
  pdfs?: Uint8Array,
) {
  const form = new FormData();
  form.set("file", new File([file.bytes ?? file.text ?? ""], file.name));
  if (pdfs) form.set("pdfs", new File([pdfs], "pdfs.zip", { type: "application/zip" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return getJson<ImportReport & { error?: string; message?: string; line?: number }>(host, "/api/admin/transfer/imports", {
    method: "POST",
    headers: bearer(token),
    body: form,
  });
}

/** A journal as an archive migrates: same name and settings for both ends of a round trip. */
export async function sameJournal(name: string): Promise<TestJournal & { token: string }> {
  const j = await createJournal({ websitename: name, issn: "1234-5678", doi_prefix: "10.5555", language: "en", publisher: "Test Press" });
  return { ...j, token: await adminToken(j) };
}

/** Two issues, two sections, four public articles (rich titles, ORCID, references, PDFs) and one disabled. */
export async function richJournal(name = unique("Rich Journal")) {
  const j = await sameJournal(name);
  const issueA = await createIssue(j.id, 2024, 3, 2);
  await db
    .update(schema.issues)
    .set({ title: "Special issue: Soils & Water", description: "<p>Papers from the <b>2024</b> meeting.</p>", publishedAt: "2024-06-30" })
    .where(eq(schema.issues.id, issueA.id));
  await createIssue(j.id, 2023, 2, 1);
  const [research] = await db
    .insert(schema.sections)
    .values({ journalId: j.id, title: "Research Articles", abbrev: "RA", seq: 1 })
    .returning();
  const [review] = await db.insert(schema.sections).values({ journalId: j.id, title: "Reviews", abbrev: "REV", seq: 2 }).returning();
  const made = [];
  const specs = [
    {
      refnumber: unique("IJ-24-1"),
      title: "Nitrogen in <i>Oryza sativa</i> &amp; soil",
      abstract: "<p>We measured <b>nitrogen</b> uptake.</p><p>Second paragraph &lt;5%.</p>",
      authorname: "Ayşe Yılmaz, Jean-Luc Dupont",
      authorDetails: JSON.stringify([
        { affiliation: "Ankara University, Turkey", orcid: "0000-0002-1825-0097" },
        { affiliation: "Université de Lyon", orcid: "" },
      ]),
      keywords: "nitrogen, rice, soil",
      subject: "Agronomy",
      referenceList: "Smith J. Soils. 2020.\nDoe A. Water & rice. 2021;3(1):1-9.",
      pagenumber: "1-12",
      publishdate: "2024-06-30",
      email: "ayse@example.org",
      // The country as the runtime names it (CLDR: "Türkiye"): OJS carries the code (TR), and the import names it so.
      country: "Türkiye",
      sectionId: research.id,
      year: 2024,
      volume: 3,
      issue: 2,
    },
    {
      refnumber: unique("IJ-24-2"),
      title: "Water use in arid farms",
      abstract: "<p>Arid farming.</p>",
      authorname: "Wei Zhang",
      keywords: "water",
      pagenumber: "13-20",
      publishdate: "2024-06-30",
      email: "wei@example.org",
      country: "China",
      sectionId: review.id,
      year: 2024,
      volume: 3,
      issue: 2,
    },
    {
      refnumber: unique("IJ-23-1"),
      title: "A note without a section",
      abstract: "<p>Short.</p>",
      authorname: "Mohammed Al-Sayed, Priya Sharma",
      pagenumber: "5-9",
      publishdate: "2023-03-01",
      email: "m@example.org",
      country: "Egypt",
      year: 2023,
      volume: 2,
      issue: 1,
    },
  ];
  for (const s of specs) {
    const file = `${s.refnumber}-v1.pdf`;
    const row = await createArticle(j.id, { ...s, file, doi: `10.5555/${s.refnumber}`, txnid: null, language: "en" });
    await putArticleFile(j.id, row, pdfBytes(`pdf of ${s.refnumber}`));
    made.push(row);
  }
  const hidden = await createArticle(j.id, {
    title: "Withdrawn paper",
    status: "disabled",
    year: 2024,
    volume: 3,
    issue: 2,
    pagenumber: "21-22",
  });
  return { ...j, articles: made, hidden };
}

export async function exportXml(host: string, token: string, issue?: string): Promise<{ status: number; text: string; type: string }> {
  const res = await (await import("#tests/api/fixtures")).request(host, `/api/admin/transfer/export${issue ? `?issue=${issue}` : ""}`, {
    headers: bearer(token),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") ?? "" };
}

export async function xmllintOjs(xml: string): Promise<{ ok: boolean; output: string }> {
  const res = await env.FILE_CHECK.fetch("http://checker/xmllint-ojs", { method: "POST", body: new TextEncoder().encode(xml) });
  return res.json();
}
