// The console's tables: a labelled region that scrolls sideways by keyboard too, the column heads, and the rows the
// caller gives. At 375 px console.css turns each row into a card whose cells name their column (data-label).
import type { ReactNode } from "react";

export function ConsoleTable(props: {
  /** What the region is called for screen readers ("Staff accounts"). */
  label: string;
  /** The column heads; a null one is left out (a column this view does not show). */
  columns: (string | null)[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
    <div className="console-table-wrap" role="region" aria-label={props.label} tabIndex={0}>
      <table className={props.className ? `console-table ${props.className}` : "console-table"} data-testid={props.testId}>
        <thead>
          <tr>{props.columns.map((c) => (c === null ? null : <th key={c}>{c}</th>))}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
