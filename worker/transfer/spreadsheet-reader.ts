// Spreadsheets of articles (CSV or XLSX) with the spec's field names as the header row (SPEC §3: refnumber, title,
// authorname, abstract, year, volume, issue, pagenumber, country, email, txnid, ptype, keywords, doi, ...) and a zip
// of PDFs named {refnumber}.pdf. CSV is read as it streams; an XLSX is a zip of XML (its first sheet is inflated and
// read with sax as it streams, text cells from the shared strings). Zips are read by ranges (zip-ranges.ts): PDFs are taken out of theirs one
// at a time, when their row comes.
import { openRangedZip, type RangedZip, type RangeSource, type ZipEntry } from "./zip-ranges";
import sax, { type SAXParser } from "sax";
import { sanitizeRichText } from "#contract/rich-text";
import { withoutFormulaGuard } from "./sheet-cells";
import { normalizeDoi, normalizeOrcid, normalizeRor, parseAuthorDetails } from "#contract/scholarly";
import { EntryTooLargeError } from "./bounded-inflate";
import { ImportSourceError, PDF_LIMIT, type ImportArticle, type ImportPdf } from "./import-model";

/** The header names a spreadsheet may use (SPEC §3 field names, plus the scholarly ones and the section). */
export const SHEET_COLUMNS = [
  "refnumber",
  "title",
  "authorname",
  "abstract",
  "year",
  "volume",
  "issue",
  "pagenumber",
  "country",
  "email",
  "txnid",
  "ptype",
  "keywords",
  "doi",
  "publishdate",
  "subject",
  "mobile",
  "description",
  "status",
  "language",
  "references",
  "author_details",
  "section",
  "issue_title",
] as const;

/** RFC 4180 CSV read as it streams: yields each record with the line it starts on. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let start = 1;
  let pendingCR = false;
  let first = true;
  for await (let chunk of chunks) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, "");
      first = false;
    }
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (pendingCR) {
        pendingCR = false;
        if (ch === "\n") continue;
      }
      if (quoted) {
        if (ch === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (ch === "\n") line++;
          cell += ch;
        }
        continue;
      }
      if (ch === '"') {
        if (afterQuote) cell += '"';
        quoted = true;
        afterQuote = false;
      } else if (ch === ",") {
        cells.push(cell);
        cell = "";
        afterQuote = false;
      } else if (ch === "\n" || ch === "\r") {
        cells.push(cell);
        if (cells.some((x) => x !== "")) yield { line: start, cells };
        cells = [];
        cell = "";
        afterQuote = false;
        line++;
        start = line;
        if (ch === "\r") pendingCR = true;
      } else {
        cell += ch;
        afterQuote = false;
      }
    }
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    if (cells.some((x) => x !== "")) yield { line: start, cells };
  }
}

const colIndex = (ref: string) => {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, "")) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

/**
 * Feeds a zip entry's bytes, as they are inflated, to a sax parser, handing back after each piece what the parser's
 * callbacks gathered (`take`), so the caller holds the XML of one piece and what it keeps, never the entry whole.
 */
async function* parseStreamed<T>(
  zip: RangedZip,
  entry: ZipEntry,
  limit: number,
  p: SAXParser,
  take: () => T[],
  chunkBytes?: number,
): AsyncGenerator<T> {
  const decoder = new TextDecoder("utf-8");
  let failure: Error | null = null;
  p.onerror = (err) => {
    failure ??= err;
    p.resume();
  };
  const fail = () => {
    throw new ImportSourceError("invalid_xlsx", `The workbook's ${entry.name} is not well-formed XML: ${failure!.message.split("\n")[0]}`);
  };
  for await (const bytes of zip.stream(entry, limit, chunkBytes)) {
    p.write(decoder.decode(bytes, { stream: true }));
    if (failure) fail();
    yield* take();
  }
  p.write(decoder.decode()).close();
  if (failure) fail();
  yield* take();
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The attributes of every element named `name` (any namespace prefix) in a small XML part. */
function elementsOf(xml: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const p = sax.parser(true);
  p.onopentag = (t) => {
    if (localName(t.name) !== name) return;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.attributes)) attrs[k.includes(":") && !k.startsWith("xmlns") ? `:${localName(k)}` : k] = v;
    found.push(attrs);
  };
  p.onerror = () => p.resume();
  p.write(xml).close();
  return found;
}

/**
 * What an XLSX's parts may unpack to (bounded-inflate.ts, docs/decisions/0305). The sheet streams (one row held),
 * the shared strings are held whole (cells name them by index), so theirs is the ceiling that matters to memory; a
 * cell's text is capped too, since a row is held until its </row>. A workbook of 20,000 articles with long
 * abstracts stays well inside these.
 */
export const XLSX_LIMITS = {
  workbook: 4 * 1024 * 1024,
  rels: 1024 * 1024,
  sharedStrings: 24 * 1024 * 1024,
  sheet: 256 * 1024 * 1024,
  cellChars: 1_000_000,
};

function cellTooLong(line: number): never {
  throw new ImportSourceError(
    "xlsx_cell_too_long",
    `A cell holds more than ${XLSX_LIMITS.cellChars.toLocaleString("en")} characters.`,
    line,
    413,
  );
}

/**
 * The workbook's first sheet, as spreadsheet programs find it: the first <sheet> of xl/workbook.xml, through its
 * relationship to a part (Apple Numbers names it xl/worksheets/sheet.xml); else the lowest-numbered worksheet part.
 */
async function firstSheet(zip: RangedZip): Promise<ZipEntry | undefined> {
  const part = (name: string) => zip.entries.find((e) => e.name === name);
  const workbook = part("xl/workbook.xml");
  const rels = part("xl/_rels/workbook.xml.rels");
  // Both are a few KB whatever the data: read whole.
  if (workbook && rels && workbook.size < XLSX_LIMITS.workbook && rels.size < XLSX_LIMITS.rels) {
    const decoder = new TextDecoder();
    const id = elementsOf(decoder.decode(await zip.read(workbook, XLSX_LIMITS.workbook)), "sheet")[0]?.[":id"];
    const target = elementsOf(decoder.decode(await zip.read(rels, XLSX_LIMITS.rels)), "Relationship").find((r) => r.Id === id)?.Target;
    if (target) {
      const found = part(target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\/|[^/]+\/\.\.\//g, "/"));
      if (found) return found;
    }
  }
  const number = (e: ZipEntry) => Number(/(\d*)\.xml$/.exec(e.name)?.[1] || 0);
  return zip.entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)).sort((a, b) => number(a) - number(b))[0];
}

/**
 * The rows of an XLSX's first worksheet (cells as text), each with its row number. The workbook is read by ranges
 * (zip-ranges.ts): its shared strings, then its first sheet, each inflated as it streams and parsed as the XML
 * arrives (docs/decisions/0290). What is held is the shared strings' text (a cell names one by its index, so the
 * table must be at hand) and one row — not the sheet, nor either file's XML.
 */
export async function* xlsxRecords(
  src: RangeSource,
  /** How much compressed XML is read at a time (zip-ranges.ts STREAM_CHUNK_BYTES unless a test says). */
  chunkBytes?: number,
): AsyncGenerator<{ line: number; cells: string[] }> {
  let zip: RangedZip;
  try {
    zip = await openRangedZip(src, "The workbook");
  } catch {
    throw new ImportSourceError("invalid_xlsx", "The file is not an XLSX workbook (it is not a readable zip).");
  }
  const sheet = await firstSheet(zip);
  if (!sheet) throw new ImportSourceError("invalid_xlsx", "The workbook has no worksheet.");
  const strings = zip.entries.find((e) => e.name === "xl/sharedStrings.xml");
  const shared: string[] = [];
  if (strings) {
    const p = sax.parser(true);
    let inSi = false;
    let inT = false;
    // A phonetic run (<rPh>) repeats a reading of the text in its own <t>: not part of the value.
    let inPhonetic = false;
    let text = "";
    p.onopentag = (t) => {
      if (t.name === "si") {
        inSi = true;
        text = "";
      } else if (t.name === "rPh") inPhonetic = true;
      else if (t.name === "t" && inSi && !inPhonetic) inT = true;
    };
    p.ontext = (t) => {
      if (!inT) return;
      text += t;
      if (text.length > XLSX_LIMITS.cellChars) cellTooLong(shared.length + 1);
    };
    p.oncdata = p.ontext;
    p.onclosetag = (name) => {
      if (name === "t") inT = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "si") {
        shared.push(text);
        text = "";
        inSi = false;
      }
    };
    for await (const _ of parseStreamed<never>(zip, strings, XLSX_LIMITS.sharedStrings, p, () => [], chunkBytes));
  }
  const p = sax.parser(true);
  const done: { line: number; cells: string[] }[] = [];
  let rowsSeen = 0;
  let row: { line: number; cells: string[] } | null = null;
  let cellRef = "";
  let cellType = "";
  let value = "";
  let inValue = false;
  let inPhonetic = false;
  p.onopentag = (t) => {
    if (t.name === "row") row = { line: Number(t.attributes.r) || rowsSeen + 1, cells: [] };
    else if (t.name === "c") {
      cellRef = t.attributes.r ?? "";
      cellType = t.attributes.t ?? "n";
      value = "";
    } else if (t.name === "rPh") inPhonetic = true;
    else if ((t.name === "v" || t.name === "t") && !inPhonetic) inValue = true;
  };
  p.ontext = (t) => {
    if (!inValue) return;
    value += t;
    if (value.length > XLSX_LIMITS.cellChars) cellTooLong(row?.line ?? rowsSeen + 1);
  };
  p.oncdata = p.ontext;
  p.onclosetag = (name) => {
    if (name === "v" || name === "t") inValue = false;
    else if (name === "rPh") inPhonetic = false;
    else if (name === "c" && row) {
      const text = cellType === "s" ? (shared[Number(value)] ?? "") : cellType === "b" ? (value === "1" ? "TRUE" : "FALSE") : value;
      const at = cellRef ? colIndex(cellRef) : row.cells.length;
      // Excel's last column is XFD (16,384): more is no spreadsheet's row.
      if (at >= 16_384) throw new ImportSourceError("invalid_xlsx", "A row has more than 16,384 cells.", row.line);
      while (row.cells.length < at) row.cells.push("");
      row.cells[at] = text;
    } else if (name === "row" && row) {
      rowsSeen = row.line;
      if (row.cells.some((x) => x !== "")) done.push(row);
      row = null;
    }
  };
  // Each row leaves as soon as its </row> has been read: the sheet is never gathered.
  yield* parseStreamed(zip, sheet, XLSX_LIMITS.sheet, p, () => done.splice(0), chunkBytes);
}

/** A zip of PDFs: names (case-insensitive, folders ignored) -> entry; each PDF read by ranges when its row comes. */
export interface PdfZip {
  names: Map<string, ZipEntry>;
  /** The PDF's bytes, or null when it is larger than an import takes (found without unpacking more than that). */
  take: (entry: ZipEntry) => Promise<Uint8Array | null>;
}

export async function pdfZip(src: RangeSource): Promise<PdfZip> {
  const zip = await openRangedZip(src, "The PDFs file");
  const names = new Map<string, ZipEntry>();
  for (const e of zip.entries) {
    const base = e.name.split("/").pop() ?? "";
    if (/\.pdf$/i.test(base) && !e.name.startsWith("__MACOSX/")) names.set(base.toLowerCase(), e);
  }
  return {
    names,
    take: async (entry) => {
      try {
        return await zip.read(entry, PDF_LIMIT);
      } catch (err) {
        if (err instanceof EntryTooLargeError) return null;
        throw err;
      }
    },
  };
}

// Stored rich text (what the export writes) and plain text alike: text is escaped, markup kept to the allowlist.
const toHtml = (s: string) => sanitizeRichText(s);

/** Spreadsheet records (header first) -> import articles, each with its PDF from the zip. */
export async function* sheetArticles(
  records: AsyncIterable<{ line: number; cells: string[] }> | Iterable<{ line: number; cells: string[] }>,
  pdfs: PdfZip | null,
): AsyncGenerator<ImportArticle> {
  let header: string[] | null = null;
  for await (const r of records as AsyncIterable<{ line: number; cells: string[] }>) {
    if (!header) {
      header = r.cells.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
      if (!header.includes("title") || !header.includes("authorname"))
        throw new ImportSourceError(
          "invalid_header",
          "The first row must name the columns (at least title and authorname; see the column list).",
          r.line,
        );
      continue;
    }
    const get = (name: string) => {
      const i = header!.indexOf(name);
      // A quote the export put before a formula character comes off (sheet-cells.ts).
      return i >= 0 ? withoutFormulaGuard((r.cells[i] ?? "").trim()).trim() : "";
    };
    const ref = get("refnumber");
    const names = get("authorname")
      .split(",")
      .map((n) => n.trim().replace(/\s+/g, " "))
      .filter(Boolean);
    const details = parseAuthorDetails(get("author_details") || "[]");
    const emails = get("email");
    let pdf: ImportPdf = { kind: "none", why: pdfs ? `No ${ref || "{refnumber}"}.pdf in the zip.` : "No zip of PDFs was given." };
    if (pdfs && ref) {
      const entry = pdfs.names.get(`${ref.toLowerCase()}.pdf`);
      const bytes = entry ? await pdfs.take(entry) : undefined;
      if (bytes) pdf = { kind: "bytes", bytes, name: `${ref}.pdf` };
      else if (bytes === null) pdf = { kind: "too_large", name: `${ref}.pdf` };
    }
    const num = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : /\d/.test(s) ? Number(s.replace(/\D+/g, "").slice(0, 9)) : Number.NaN);
    const section = get("section");
    yield {
      line: r.line,
      sourceId: String(r.line),
      refnumber: ref,
      title: toHtml(get("title")),
      abstract: toHtml(get("abstract")),
      authors: names.map((name, i) => ({
        name,
        affiliation: details[i]?.affiliation ?? "",
        email: i === 0 ? emails : "",
        orcid: normalizeOrcid(details[i]?.orcid ?? "") ?? "",
        // The platform's own spreadsheet carries author_details as stored, ROR ids included (docs/decisions/0387).
        ror: normalizeRor(details[i]?.ror ?? "") ?? "",
        country: "",
      })),
      keywords: get("keywords")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
      subject: get("subject"),
      pages: get("pagenumber"),
      doi: normalizeDoi(get("doi")) ?? "",
      publishdate: /^\d{4}-\d{2}-\d{2}$/.test(get("publishdate").slice(0, 10)) ? get("publishdate").slice(0, 10) : "",
      language: get("language"),
      references: get("references")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
      year: num(get("year")),
      volume: num(get("volume")),
      issue: num(get("issue")),
      issueInfo: get("issue_title")
        ? {
            year: num(get("year")),
            volume: num(get("volume")),
            issue: num(get("issue")),
            title: get("issue_title"),
            description: "",
            publishedAt: "",
          }
        : null,
      section: section ? { title: section, abbrev: "", seq: 0 } : null,
      pdf,
      extra: {
        txnid: get("txnid"),
        ptype: get("ptype").toLowerCase(),
        country: get("country"),
        email: emails,
        mobile: get("mobile"),
        status: get("status").toLowerCase() === "disabled" ? "disabled" : "enabled",
        description: get("description"),
      },
      notKept: header.filter((h) => h && !(SHEET_COLUMNS as readonly string[]).includes(h)).map((h) => `column "${h}"`),
    };
  }
  if (!header) throw new ImportSourceError("empty_sheet", "The spreadsheet is empty.");
}
