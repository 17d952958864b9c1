import type { ReactNode } from 'react';
import { ADMIN_PAGE_DEFAULT } from '../../../../contract/admin/queues.ts';
import { PagedTable, type Column, type PagedList } from '../parts/list-parts.tsx';

/** A column of a list page: its heading, what each row shows in it, and a class a row may add (`bo-low`). */
export interface Cell<T> {
  column: Column;
  show: (row: T) => ReactNode;
  mark?: (row: T) => string | undefined;
}

const classOf = <T,>(cell: Cell<T>, row: T) =>
  [typeof cell.column === 'object' && cell.column.num ? 'num' : '', cell.mark?.(row) ?? '']
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * One page of a back-office list as a table, read from its cells: a row per record, a cell per
 * column. The noun names the table for screen readers and says when the filter matches nothing.
 */
export function StaffTable<T extends { id: number }>({
  list,
  noun,
  rows,
  cells,
  caption = noun.charAt(0).toUpperCase() + noun.slice(1),
  empty = `No ${noun} match this filter.`,
}: {
  list: PagedList & { data: { total: number } | null };
  noun: string;
  /** The page's rows; none until the first page comes. */
  rows: readonly T[] | undefined;
  cells: readonly Cell<T>[];
  caption?: string;
  empty?: string;
}) {
  return (
    <PagedTable
      list={list}
      rows={rows}
      total={list.data?.total ?? 0}
      limit={ADMIN_PAGE_DEFAULT}
      caption={caption}
      empty={empty}
      columns={cells.map((cell) => cell.column)}
      row={(row) => <CellRow key={row.id} row={row} cells={cells} />}
    />
  );
}

/** A record's row of a table read from its cells (StaffTable's, and a record page's own tables). */
export function CellRow<T>({ row, cells }: { row: T; cells: readonly Cell<T>[] }) {
  return (
    <tr>
      {cells.map((cell, i) => (
        <td key={i} className={classOf(cell, row)}>
          {cell.show(row)}
        </td>
      ))}
    </tr>
  );
}

/** Who ordered or booked, in a queue's row: the name, the e-mail under it. */
export function Customer({ of }: { of: { name: string; email: string } }) {
  return (
    <>
      {of.name}
      <div className="bo-muted">{of.email}</div>
    </>
  );
}
