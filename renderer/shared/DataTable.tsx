/**
 * A table of rows under column headings, each heading a `<th scope="col">` so that a screen reader names every cell
 * by its column. A column says its heading (or one for screen readers only, over a column of buttons), its class and
 * what each of its cells shows; a column left out for this screen is `false` in the list (an amount with money hidden).
 */
import type { Key, ReactNode } from 'react';

/** A cell's own attributes beside its content: its class, a tooltip, a test id. */
export interface CellAttributes {
  readonly className?: string | undefined;
  readonly title?: string | undefined;
  readonly 'data-testid'?: string | undefined;
}

export interface Column<Row> {
  /** The heading, and the accessible name of every cell under it. */
  readonly header: string;
  /** The heading is read by screen readers only (a column of buttons shows none). */
  readonly hiddenHeader?: boolean;
  /** The heading's class (`num` aligns it with its figures). */
  readonly headerClassName?: string;
  /** Each cell's attributes, the same for every row or read from the row. */
  readonly cellAttributes?: CellAttributes | ((row: Row) => CellAttributes);
  readonly cell: (row: Row, index: number) => ReactNode;
}

/** A figures column: heading and cells aligned right (class `num`). */
export function numeric<Row>(column: Column<Row>): Column<Row> {
  return { ...column, headerClassName: 'num', cellAttributes: { className: 'num' } };
}

/** The row's buttons (class `row-actions`), under a heading for screen readers only. */
export function actionsColumn<Row>(cell: Column<Row>['cell']): Column<Row> {
  return { header: 'Actions', hiddenHeader: true, cellAttributes: { className: 'row-actions' }, cell };
}

interface DataTableProps<Row> {
  readonly rows: readonly Row[];
  readonly columns: readonly (Column<Row> | false)[];
  readonly rowKey: (row: Row, index: number) => Key;
  /** A row's own attributes (a class that marks it, a test id). */
  readonly rowAttributes?: (row: Row) => CellAttributes;
  readonly className?: string;
  /** The table's accessible name. */
  readonly label?: string | undefined;
  /** A caption for screen readers only. */
  readonly hiddenCaption?: string;
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  className,
  label,
  hiddenCaption,
}: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <table className={className} aria-label={label}>
      {hiddenCaption !== undefined && <caption className="visually-hidden">{hiddenCaption}</caption>}
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.header} scope="col" className={column.headerClassName}>
              {column.hiddenHeader === true ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} {...rowAttributes?.(row)}>
            {shown.map((column) => (
              <td
                key={column.header}
                {...(typeof column.cellAttributes === 'function' ? column.cellAttributes(row) : column.cellAttributes)}
              >
                {column.cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
