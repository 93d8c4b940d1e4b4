// Which reader a file needs: OJS Native XML, CSV or XLSX (by the format asked for, else by its name and first bytes).
import { ImportSourceError, type ImportArticle } from "./import-model";
import { readOjsArticles } from "./ojs-reader";
import { csvRecords, pdfZip, sheetArticles, xlsxRecords } from "./spreadsheet-reader";
import { textChunks } from "./text-chunks";
import type { RangeSource } from "./zip-ranges";

export type SourceFormat = "ojs" | "csv" | "xlsx";

export interface OpenedSource {
  format: SourceFormat;
  label: string;
  articles: AsyncIterable<ImportArticle>;
}

async function firstBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const { value } = await reader.read();
  await reader.cancel().catch(() => {});
  return value ?? new Uint8Array();
}

/**
 * `source.ranges` gives random access to the file (an XLSX is a zip, read by ranges); `pdfs` is the zip of PDFs of a
 * spreadsheet, read the same way (docs/decisions/0272).
 */
export async function openImportSource(
  source: { stream: () => ReadableStream<Uint8Array>; name: string; ranges: () => Promise<RangeSource> },
  pdfs: RangeSource | null,
  asked: SourceFormat | "auto",
): Promise<OpenedSource> {
  let format = asked === "auto" ? null : asked;
  if (!format) {
    const name = source.name.toLowerCase();
    if (name.endsWith(".xlsx")) format = "xlsx";
    else if (name.endsWith(".csv")) format = "csv";
    else if (name.endsWith(".xml")) format = "ojs";
    else {
      const head = await firstBytes(source.stream());
      const text = new TextDecoder()
        .decode(head.slice(0, 200))
        .replace(/^\uFEFF/, "")
        .trimStart();
      format = head[0] === 0x50 && head[1] === 0x4b ? "xlsx" : text.startsWith("<") ? "ojs" : "csv";
    }
  }
  if (format === "ojs") {
    if (pdfs) throw new ImportSourceError("pdfs_not_used", "An OJS export carries its own PDFs: leave the zip of PDFs out.");
    return { format, label: "OJS Native XML", articles: readOjsArticles(textChunks(source.stream())) };
  }
  const zip = pdfs ? await pdfZip(pdfs) : null;
  if (format === "csv") return { format, label: "CSV spreadsheet", articles: sheetArticles(csvRecords(textChunks(source.stream())), zip) };
  return { format, label: "XLSX spreadsheet", articles: sheetArticles(xlsxRecords(await source.ranges()), zip) };
}
