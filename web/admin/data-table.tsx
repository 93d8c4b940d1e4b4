// The admin list pages' table: a header row from the columns, one row per record, each cell captioned with its
// column's name (data-label) so the stacked phone layout can show it.
import type { Key, ReactNode } from "react";
import { Link } from "react-router";
import { sanitizeRichText } from "#contract/rich-text";
import { SelectAllCheckbox, type Selection } from "./selection";

export interface Column<R> {
  /** The header; when it is not text, `name` captions the cells. */
  label: ReactNode;
  name?: string;
  /** Classes of the header cell and of the body cells (the body's default to the header's). */
  headClass?: string;
  cellClass?: string;
  cell: (row: R, index: number) => ReactNode;
}

export function DataTable<R>(props: {
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => Key;
  className?: string;
  rowClass?: (row: R) => string | undefined;
  onRowClick?: (row: R) => void;
}) {
  const { columns } = props;
  return (
    <div className="table-wrap">
      <table className={props.className ?? "table table--stack"}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column.name ?? i} scope="col" className={column.headClass}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            <tr key={props.rowKey(row)} className={props.rowClass?.(row)} onClick={props.onRowClick && (() => props.onRowClick?.(row))}>
              {columns.map((column, i) => (
                <td
                  key={column.name ?? i}
                  data-label={column.name ?? (typeof column.label === "string" ? column.label : undefined)}
                  className={column.cellClass ?? column.headClass}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The first column of a table whose rows can be ticked (SPEC §4): "select all" in the header, a box per row. */
export function selectColumn<R, K>(
  selection: Selection<K>,
  opts: {
    allLabel: string;
    keyOf: (row: R) => K;
    rowLabel: (row: R, index: number) => string;
    disabled?: (row: R) => boolean;
    /** The id of a text that says why a row cannot be ticked (read with its checkbox). */
    disabledReason?: (row: R) => string | undefined;
    allDisabled?: boolean;
  },
): Column<R> {
  return {
    name: "Select",
    headClass: "col-check",
    label: (
      <SelectAllCheckbox
        checked={selection.allSelected}
        mixed={selection.someSelected}
        onChange={selection.toggleAll}
        label={opts.allLabel}
        disabled={opts.allDisabled}
      />
    ),
    cell: (row, index) => (
      <input
        type="checkbox"
        className="checkbox"
        checked={selection.selected.has(opts.keyOf(row))}
        onChange={() => selection.toggle(opts.keyOf(row))}
        disabled={opts.disabled?.(row)}
        aria-label={opts.rowLabel(row, index)}
        aria-describedby={opts.disabled?.(row) ? opts.disabledReason?.(row) : undefined}
      />
    ),
  };
}

/** The selection's row highlight. */
export function selectedRow<R, K>(selection: Selection<K>, keyOf: (row: R) => K) {
  return (row: R) => (selection.selected.has(keyOf(row)) ? "is-selected" : undefined);
}

/** Stored rich text (a title, an affiliation), sanitized to the allowlist before it is shown; `below` adds a line. */
export function richTextColumn<R>(label: string, html: (row: R) => string, below?: (row: R) => ReactNode): Column<R> {
  return {
    label,
    headClass: "col-wide",
    cell: (row) => (
      <>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText, the allowlist of schemas/rich-text */}
        <span className="rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(html(row)) }} />
        {below?.(row)}
      </>
    ),
  };
}

/** The link to an article's edit form. */
export function editArticleColumn<R extends { id: number }>(label: string, text: string): Column<R> {
  return {
    label,
    cell: (row) => (
      <Link to={`/admin/archives/${row.id}`} className="action-link">
        {text}
      </Link>
    ),
  };
}
