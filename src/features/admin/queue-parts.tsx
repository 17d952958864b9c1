import { useState, type FormEvent, type ReactNode } from 'react';
import type { ListQuery } from '../../../machines/admin-list/admin-list.machine.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';

/** The status tabs of a queue: All, then each state with its count; the current one pressed. */
export function StatusTabs<S extends string>({
  states,
  labels,
  counts,
  current,
  onChoose,
}: {
  states: readonly S[];
  labels: Record<S, string>;
  counts: Partial<Record<S, number>> | undefined;
  current: string;
  onChoose: (status: string) => void;
}) {
  const total = states.reduce((sum, s) => sum + (counts?.[s] ?? 0), 0);
  return (
    <ul className="bo-tabs" aria-label="Filter by status">
      {(['', ...states] as string[]).map((state) => (
        <li key={state || 'all'}>
          <button type="button" aria-pressed={current === state} onClick={() => onChoose(state)}>
            {state ? labels[state as S] : 'All'}
            <span className="bo-count">{state ? (counts?.[state as S] ?? 0) : total}</span>
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
      <div className="field field--grow">
        <label htmlFor="bo-q">{searchLabel}</label>
        <input id="bo-q" className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="bo-from">From</label>
        <input
          id="bo-from"
          className="input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="bo-to">To</label>
        <input id="bo-to" className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
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
