// A journal (or one issue) as the spreadsheet the import reads (CSV, RFC 4180, UTF-8 with a BOM so spreadsheet
// programs pick the encoding) and its PDFs as a zip of {refnumber}.pdf (the project's zip writer, which every reader
// opens: docs/decisions/0054). Every article with a reference number, any status (the status column says which are
// public), in issue and page order; streamed a page of rows at a time.
import { and, asc, desc, eq, gt, isNotNull, ne, or, sql } from "drizzle-orm";
import { articles, issues, sections, type ArticleRow } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { zipStream } from "../documents/bundles";
import { SHEET_COLUMNS } from "./spreadsheet-reader";
import { csvField, plainCell, richCell } from "./sheet-cells";
import type { TransferDb, TransferFiles } from "./import-model";
import type { IssueSelector } from "./ojs-writer";

const PAGE = 200;

const exportedArticles = (journalId: number, selector: IssueSelector | null) =>
  and(
    eq(articles.journalId, journalId),
    isNotNull(articles.refnumber),
    ne(articles.refnumber, ""),
    selector ? and(eq(articles.year, selector.year), eq(articles.volume, selector.volume), eq(articles.issue, selector.issue)) : undefined,
  );

/** The journal's articles in export order, a page at a time (keyset: year, volume, issue desc; first page, id asc). */
async function* articlePages(db: TransferDb, journalId: number, selector: IssueSelector | null): AsyncGenerator<ArticleRow[]> {
  let after: ArticleRow | null = null;
  const firstPage = sql<number>`CAST(${articles.pagenumber} AS INTEGER)`;
  for (;;) {
    const rows: ArticleRow[] = await db
      .select()
      .from(articles)
      .where(
        and(
          exportedArticles(journalId, selector),
          after
            ? sql`(${articles.year}, ${articles.volume}, ${articles.issue}, -${firstPage}, -${articles.id}) < (${after.year}, ${after.volume}, ${after.issue}, -CAST(${after.pagenumber} AS INTEGER), -${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(articles.year), desc(articles.volume), desc(articles.issue), asc(firstPage), asc(articles.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!;
  }
}

export function exportSheetCsv(db: TransferDb, journal: { id: number }, selector: IssueSelector | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pages: AsyncGenerator<ArticleRow[]> | null = null;
  let sectionTitles: Map<number, string> | null = null;
  let issueTitles: Map<string, string> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!pages) {
        pages = articlePages(db, journal.id, selector);
        const s = await db.select({ id: sections.id, title: sections.title }).from(sections).where(eq(sections.journalId, journal.id));
        sectionTitles = new Map(s.map((x) => [x.id, x.title]));
        const i = await db
          .select({ year: issues.year, volume: issues.volume, issue: issues.issue, title: issues.title })
          .from(issues)
          .where(and(eq(issues.journalId, journal.id), gt(sql`length(${issues.title})`, 0)));
        issueTitles = new Map(i.map((x) => [`${x.year}/${x.volume}/${x.issue}`, x.title]));
        controller.enqueue(encoder.encode(`\uFEFF${SHEET_COLUMNS.join(",")}\r\n`));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      const lines = next.value.map((a) => {
        const values: Record<(typeof SHEET_COLUMNS)[number], string | number> = {
          refnumber: plainCell(a.refnumber ?? ""),
          title: richCell(a.title),
          authorname: plainCell(a.authorname),
          abstract: richCell(a.abstract),
          year: a.year,
          volume: a.volume,
          issue: a.issue,
          pagenumber: plainCell(a.pagenumber),
          country: plainCell(a.country),
          email: plainCell(a.email),
          txnid: plainCell(a.txnid ?? ""),
          ptype: plainCell(a.ptype),
          keywords: plainCell(a.keywords),
          doi: plainCell(a.doi),
          publishdate: plainCell(a.publishdate),
          subject: plainCell(a.subject),
          mobile: plainCell(a.mobile),
          description: plainCell(a.description),
          status: plainCell(a.status),
          language: plainCell(a.language),
          references: plainCell(a.referenceList),
          // JSON, read back as JSON: never decoded (a &quot; would end its string).
          author_details: a.authorDetails === "[]" ? "" : a.authorDetails,
          section: a.sectionId !== null ? plainCell(sectionTitles!.get(a.sectionId) ?? "") : "",
          issue_title: plainCell(issueTitles!.get(`${a.year}/${a.volume}/${a.issue}`) ?? ""),
        };
        // Text cells are formula-safe and free of character references (sheet-cells.ts, docs/decisions/0302).
        return SHEET_COLUMNS.map((c) => csvField(values[c])).join(",");
      });
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
    },
  });
}

/** The PDFs of the exported articles as a zip of {refnumber}.pdf, each read from R2 when the zip reaches it. */
export async function exportSheetPdfs(
  db: TransferDb,
  bucket: TransferFiles,
  journal: { id: number },
  selector: IssueSelector | null,
): Promise<ReadableStream<Uint8Array>> {
  const rows = await db
    .select({ refnumber: articles.refnumber, file: articles.file, year: articles.year, volume: articles.volume, issue: articles.issue })
    .from(articles)
    .where(and(exportedArticles(journal.id, selector), or(ne(articles.file, ""))));
  return zipStream(
    rows.map((r) => ({
      name: `${r.refnumber}.pdf`,
      build: async () => {
        const object = await bucket.get(fileKeys.article(journal.id, r.year, r.volume, r.issue, r.file));
        return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
      },
    })),
  );
}
