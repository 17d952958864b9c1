import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { ListQuery } from '../../../../machines/admin-list/admin-list.machine.ts';
import { ErrorBanner, Spinner } from '../../../ui/status.tsx';

/** The URL's query as the list's starting filter. */
export function useUrlQuery(): ListQuery {
  return Object.fromEntries(new URLSearchParams(useSearch()));
}

/**
 * The status tabs of a queue: All (unless `withAll` is false), then each state with the count in
 * the list's data; the one its query filters on pressed, and a tab chosen filters the list.
 */
export function StatusTabs<S extends string>({
  states,
  labels,
  list: { data, query, filter },
  withAll = true,
}: {
  states: readonly S[];
  labels: Record<S, string>;
  list: {
    data: { counts?: Partial<Record<S, number>> } | null | undefined;
    query: ListQuery;
    filter: (changes: ListQuery) => void;
  };
  withAll?: boolean;
}) {
  const counts = data?.counts;
  const current = query.status ?? '';
  const onChoose = (status: string) => filter({ status });
  const total = states.reduce((sum, s) => sum + (counts?.[s] ?? 0), 0);
  const tabs: [string, string, number][] = [
    ...(withAll ? [['', 'All', total] as [string, string, number]] : []),
    ...states.map((state): [string, string, number] => [state, labels[state], counts?.[state] ?? 0]),
  ];
  return (
    <ul className="bo-tabs" aria-label="Filter by status">
      {tabs.map(([state, label, count]) => (
        <li key={state || 'all'}>
          <button type="button" aria-pressed={current === state} onClick={() => onChoose(state)}>
            {label}
            <span className="bo-count">{count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Dates and a search; applied together when the form is sent (Enter or Apply). */
export function QueueFilters({
  query,
  searchLabel,
  onApply,
  children,
}: {
  query: ListQuery;
  searchLabel: string;
  onApply: (changes: ListQuery) => void;
  children?: ReactNode;
}) {
  const [q, setQ] = useState(query.q ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim(), from, to });
  };
  return (
    <form className="bo-filters" role="search" aria-label="Filter the list" onSubmit={submit}>
      <SearchField label={searchLabel} value={q} onChange={setQ} />
      <FilterField name="from" label="From" type="date" value={from} onChange={setFrom} />
      <FilterField name="to" label="To" type="date" value={to} onChange={setTo} />
      {children}
      <button type="submit" className="button button--primary">
        Apply
      </button>
      {(query.q || query.from || query.to) && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setQ('');
            setFrom('');
            setTo('');
            onApply({ q: '', from: '', to: '' });
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}

/** Loading, failed with Retry, or the list. */
export function ListState({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error) return <ErrorBanner message={error} onRetry={onRetry} />;
  return (
    <div aria-busy={loading}>
      {loading && <Spinner label="Loading..." />}
      {children}
    </div>
  );
}

/** "Showing 51–100 of 230", Previous and Next. */
export function Pager({
  offset,
  shown,
  total,
  limit,
  onPage,
}: {
  offset: number;
  shown: number;
  total: number;
  limit: number;
  onPage: (offset: number) => void;
}) {
  if (total === 0) return null;
  return (
    <nav className="bo-pager" aria-label="Pages">
      <span className="bo-muted">
        Showing {offset + 1}–{offset + shown} of {total}
      </span>
      <span className="bo-actions">
        <button
          type="button"
          className="button button--small"
          disabled={offset === 0}
          onClick={() => onPage(Math.max(0, offset - limit))}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={offset + shown >= total}
          onClick={() => onPage(offset + limit)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}

/** A list page's head: its title, what it is for, and its own buttons or links. */
export function ListHead({ title, sub, children }: { title: string; sub: string; children?: ReactNode }) {
  return (
    <div className="bo-head">
      <div>
        <h1>{title}</h1>
        <p className="bo-head__sub">{sub}</p>
      </div>
      {children && <div className="bo-head__actions">{children}</div>}
    </div>
  );
}

/** The link to a catalogue list's new record ("New puja"). */
export function NewLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="button button--primary">
      {label}
    </Link>
  );
}

export function ExportButton({
  exporting,
  error,
  onExport,
}: {
  exporting: boolean;
  error: string | null;
  onExport: () => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onExport} disabled={exporting}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </button>
      {error && (
        <p role="alert" className="bo-muted">
          {error}
        </p>
      )}
    </>
  );
}

/** A column of a table: its heading, right-aligned for numbers, or read by screen readers only. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

/** A table's head row, from its columns. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const {
            label,
            num = false,
            hidden = false,
          } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={num ? 'num' : undefined}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A table of records: its caption for screen readers, its head, its rows, and what says there are none. */
export function RecordTable({
  caption,
  columns,
  children,
  empty,
}: {
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
  /** Said under the table when it has no rows. */
  empty: string | null;
}) {
  return (
    // A table wider than a phone scrolls in its frame: the frame is named and takes focus, so the
    // keyboard can scroll it too, rows or none.
    <div className="bo-table__wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bo-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
      {empty !== null && <p className="bo-empty">{empty}</p>}
    </div>
  );
}

/** What a paged list's page machine gives its table (useStaffList). */
export interface PagedList {
  query: ListQuery;
  loading: boolean;
  error: string | undefined;
  retry: () => void;
  page: (offset: number) => void;
}

/** One page of a list: loading, failed with Retry, or its table and the pager under it. */
export function PagedTable<T>({
  list,
  rows,
  total,
  limit,
  caption,
  columns,
  empty,
  row,
}: {
  list: PagedList;
  /** The page's rows; null until the first page comes. */
  rows: readonly T[] | undefined;
  total: number;
  limit: number;
  caption: string;
  columns: readonly Column[];
  empty: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <ListState loading={list.loading} error={list.error} onRetry={list.retry}>
      {rows && (
        <>
          <RecordTable caption={caption} columns={columns} empty={rows.length === 0 ? empty : null}>
            {rows.map(row)}
          </RecordTable>
          <Pager
            offset={Number(list.query.offset ?? 0)}
            shown={rows.length}
            total={total}
            limit={limit}
            onPage={list.page}
          />
        </>
      )}
    </ListState>
  );
}

/** A catalogue record's list rows say when it is retired. */
export function Retired({ at }: { at: string | null }) {
  return at ? <span className="bo-tag">Retired</span> : null;
}

/** A catalogue record's name in its list (`/admin/{of}`): the link to its page, and whether it is retired. */
export function RecordName({
  of,
  record,
}: {
  of: string;
  record: { id: number; name: string; retiredAt: string | null };
}) {
  return (
    <>
      <Link href={`/admin/${of}/${record.id}`}>{record.name}</Link> <Retired at={record.retiredAt} />
    </>
  );
}

type FilterFieldProps = { label: string; value: string; onChange: (value: string) => void };

/** One of a back-office list's filters: a labelled input named `bo-{name}`. */
function FilterField({
  name,
  type,
  label,
  value,
  onChange,
}: FilterFieldProps & { name: string; type: string }) {
  return (
    <div className={name === 'q' ? 'field field--grow' : 'field'}>
      <label htmlFor={`bo-${name}`}>{label}</label>
      <input
        id={`bo-${name}`}
        className="input"
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A back-office list's search box: the first of its filters. */
export const SearchField = (props: FilterFieldProps) => <FilterField name="q" type="search" {...props} />;
