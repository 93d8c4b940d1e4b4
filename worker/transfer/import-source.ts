// Which reader a file needs: OJS Native XML, CSV or XLSX (by the format asked for, else by its name and first bytes).
import { ImportSourceError, type ImportArticle } from "./import-model";
import { readOjsArticles } from "./ojs-reader";
import { csvRecords, pdfZip, sheetArticles, xlsxRecords } from "./spreadsheet-reader";
import { textChunks } from "./text-chunks";

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

export async function openImportSource(
  source: { stream: () => ReadableStream<Uint8Array>; name: string },
  pdfs: { bytes: () => Promise<Uint8Array> } | null,
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
  const zip = pdfs ? pdfZip(await pdfs.bytes()) : null;
  if (format === "csv") return { format, label: "CSV spreadsheet", articles: sheetArticles(csvRecords(textChunks(source.stream())), zip) };
  const bytes = new Uint8Array(await new Response(source.stream()).arrayBuffer());
  return { format, label: "XLSX spreadsheet", articles: sheetArticles(xlsxRecords(bytes), zip) };
}
