// Spreadsheets with the spec's field names (CSV and XLSX) and a zip of PDFs named {refnumber}.pdf: the check per row
// with its line, the spec's messages, the import, and the spreadsheet export read back into an empty journal.
import { describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { getJson, pdfBytes, request } from "#tests/api/fixtures";
import { bearer } from "#tests/api/auth-fixtures";
import { importFile, richJournal, sameJournal } from "./transfer-fixtures.testing";

const HEADER = "refnumber,title,authorname,abstract,year,volume,issue,pagenumber,country,email,txnid,ptype,keywords,doi,section".split(",");
const ROWS = [
  [
    "SH-1",
    "Rice yields in Punjab",
    "Ravi Kumar, Anita Das",
    '<p>Yields rose, "sharply",</p>\n<p>over ten years.</p>',
    "2022",
    "4",
    "1",
    "10-18",
    "India",
    "ravi@example.org",
    "TXN-0001",
    "paid",
    "rice, yield",
    "10.5555/sh.1",
    "Research Articles",
  ],
  [
    "SH-2",
    "Soil salinity maps",
    "Omar Farouk",
    "Maps.",
    "2022",
    "4",
    "1",
    "abc",
    "Egypt",
    "omar@example.org",
    "TXN-0002",
    "free",
    "",
    "",
    "",
  ],
  [
    "SH-3",
    "Wheat rust survey",
    "Lena Berg",
    "Survey.",
    "2022",
    "4",
    "1",
    "19-25",
    "Sweden",
    "lena@example.org",
    "TXN-0003",
    "paid",
    "",
    "",
    "",
  ],
  [
    "SH-1",
    "Another with the same number",
    "Ana Silva",
    "Dup.",
    "2022",
    "4",
    "1",
    "26-30",
    "Brazil",
    "ana@example.org",
    "TXN-0004",
    "paid",
    "",
    "",
    "",
  ],
  [
    "SH-4",
    "Maize in Kenya",
    "Grace Wanjiru",
    "Maize.",
    "2022",
    "4",
    "2",
    "1-9",
    "Kenya",
    "grace@example.org",
    "TXN-0005",
    "free",
    "",
    "",
    "",
  ],
];
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const CSV = `${[HEADER, ...ROWS].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
const ZIP = zipSync({
  "SH-1.pdf": pdfBytes("sh-1"),
  "pdfs/SH-2.pdf": pdfBytes("sh-2"),
  "SH-4.PDF": pdfBytes("sh-4"),
  "notes.txt": strToU8("x"),
});

/** A workbook as spreadsheet programs write it: shared strings, numbers as numbers, one sheet. */
function xlsxOf(rows: string[][]): Uint8Array {
  const strings: string[] = [];
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((r, ri) => {
      const cells = r
        .map((v, ci) => {
          if (v === "") return "";
          const ref = `${col(ci)}${ri + 1}`;
          if (/^\d+$/.test(v)) return `<c r="${ref}"><v>${v}</v></c>`;
          strings.push(v);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("");
      return `<row r="${ri + 1}">${cells}</row>`;
    })
    .join("");
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    "xl/workbook.xml": strToU8(`<?xml version="1.0"?><workbook ${ns}><sheets><sheet name="Articles" sheetId="1"/></sheets></workbook>`),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0"?><sst ${ns} count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join("")}</sst>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`),
  });
}

describe("spreadsheet import", () => {
  it("checks each row with its line and the spec's messages, then imports with the PDFs from the zip", async () => {
    const j = await sameJournal("Sheet Journal");
    const dry = await importFile(j.host, j.token, { text: CSV, name: "articles.csv" }, { dryRun: "1" }, ZIP);
    expect(dry.status).toBe(200);
    expect(dry.body.source).toBe("CSV spreadsheet");
    const byRef = dry.body.items.map((i) => [i.line, i.refnumber, i.action, i.reasons.map((r) => r.message).join(" ")]);
    expect(byRef).toEqual([
      [2, "SH-1", "create", ""],
      [4, "SH-2", "skip", 'Invalid page number ("abc")'],
      [5, "SH-3", "skip", "The article has no PDF. No SH-3.pdf in the zip."],
      [6, "SH-1", "skip", "The same article appears earlier in this file."],
      [7, "SH-4", "create", ""],
    ]);
    expect(dry.body.issuesCreated).toEqual(["2022/4/1", "2022/4/2"]);
    expect(dry.body.sectionsCreated).toEqual(["Research Articles"]);

    const real = await importFile(j.host, j.token, { text: CSV, name: "articles.csv" }, { dryRun: "0" }, ZIP);
    expect(real.body.counts).toMatchObject({ create: 2, skip: 3, pdfs: 2 });
    const staff = await getJson(j.host, "/api/admin/search?q=SH-1", { headers: bearer(j.token) });
    expect(JSON.stringify(staff.body)).toContain("TXN-0001");
    const a = await getJson(j.host, "/api/archives/ref/SH-1");
    expect(a.body).toMatchObject({
      authorname: "Ravi Kumar, Anita Das",
      country: "India",
      pagenumber: "10-18",
      doi: "10.5555/sh.1",
      keywords: "rice, yield",
    });
    // Rich text as the article form stores it (sanitised, text escaped).
    expect(a.body.abstract).toBe("<p>Yields rose, &quot;sharply&quot;,</p>\n<p>over ten years.</p>");
    expect((await request(j.host, "/assets/archives/2022/vol4issue2/SH-4.pdf")).status).toBe(200);

    // Once more: nothing new.
    const again = await importFile(j.host, j.token, { text: CSV, name: "articles.csv" }, { dryRun: "0" }, ZIP);
    expect(again.body.counts).toMatchObject({ create: 0, update: 0 });
  });

  it("reads the same rows from an XLSX workbook", async () => {
    const j = await sameJournal("Workbook Journal");
    const book = xlsxOf([HEADER, ...ROWS]);
    const dry = await importFile(j.host, j.token, { bytes: book, name: "articles.xlsx" }, { dryRun: "1" }, ZIP);
    expect(dry.status).toBe(200);
    expect(dry.body.source).toBe("XLSX spreadsheet");
    expect(dry.body.items.map((i) => [i.line, i.refnumber, i.action])).toEqual([
      [2, "SH-1", "create"],
      [3, "SH-2", "skip"],
      [4, "SH-3", "skip"],
      [5, "SH-1", "skip"],
      [6, "SH-4", "create"],
    ]);
    const bad = await importFile(j.host, j.token, { bytes: new Uint8Array([1, 2, 3]), name: "broken.xlsx" }, { dryRun: "1" });
    expect(bad.body).toMatchObject({ error: "invalid_xlsx" });
    const noHeader = await importFile(j.host, j.token, { text: "a,b\n1,2\n", name: "x.csv" }, { dryRun: "1" });
    expect(noHeader.body).toMatchObject({ error: "invalid_header", line: 1 });
  });

  it("the spreadsheet export with its zip of PDFs, imported into an empty journal, gives the same public answers", async () => {
    const name = `Sheet Round Trip ${Date.now()}`;
    const from = await richJournal(name);
    const to = await sameJournal(name);
    const csv = await request(from.host, "/api/admin/transfer/export?format=csv", { headers: bearer(from.token) });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const zip = new Uint8Array(
      await (await request(from.host, "/api/admin/transfer/export?format=pdfs", { headers: bearer(from.token) })).arrayBuffer(),
    );
    const text = await csv.text();
    const { body } = await importFile(to.host, to.token, { text, name: "journal.csv" }, { dryRun: "0", requirePdf: "0" }, zip);
    // The disabled article (it has no PDF) comes along, disabled: a mirror keeps everything with a reference number.
    expect(body.counts).toMatchObject({ articles: 4, create: 4, skip: 0, pdfs: 3 });
    for (const path of [
      "/api/archives/",
      "/api/archives/2024/3/2",
      "/api/archives/2023/2/1",
      ...from.articles.map((a) => `/api/archives/ref/${a.refnumber}`),
    ]) {
      const strip = (v: unknown) =>
        JSON.parse(JSON.stringify(v).replaceAll(from.host, "H").replaceAll(to.host, "H"), (k, x) => (k === "id" ? undefined : x));
      expect(strip((await getJson(to.host, path)).body), path).toEqual(strip((await getJson(from.host, path)).body));
    }
    expect((await getJson(to.host, `/api/archives/ref/${from.hidden.refnumber}`)).status).toBe(404);
  });
});
