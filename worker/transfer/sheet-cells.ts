// The cells of the articles spreadsheet (issue 46, docs/decisions/0302). A spreadsheet program runs a cell that
// starts with = + - @ (or a tab or carriage return) as a formula: OWASP's CSV-injection advice is to put a single quote
// before it, which makes the program show the text as typed. The import takes that quote off again, so an export
// imports back as it was. Plain-text cells carry no HTML character references (a legacy "Jos&eacute;" goes out as
// "José"); the title and abstract keep their markup, with references decoded wherever the import reads the cell back
// to the same stored text.
import { decodeEntities, sanitizeRichText } from "#contract/rich-text";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A value a spreadsheet program would run as a formula, behind a single quote. */
export const formulaSafe = (s: string): string => (FORMULA_START.test(s) ? `'${s}` : s);

/** The import's reverse of formulaSafe: the quote before a formula character is dropped. */
export const withoutFormulaGuard = (s: string): string => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** A plain-text cell: character references decoded. */
export const plainCell = (s: string): string => formulaSafe(decodeEntities(s));

/**
 * A rich-text cell (title, abstract): the markup kept, the references in its text decoded, unless the import would
 * then store something else (a "&lt;b&gt;" typed as text would become bold): then as stored.
 */
export function richCell(html: string): string {
  const decoded = html
    .split(/(<[^>]*>)/)
    .map((part, i) => (i % 2 === 1 ? part : decodeEntities(part)))
    .join("");
  return formulaSafe(sanitizeRichText(decoded) === html ? decoded : html);
}

/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. */
export const csvField = (v: string | number): string => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
