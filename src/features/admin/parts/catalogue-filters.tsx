import { useState, type FormEvent } from 'react';
import type { ListQuery } from '../../../../machines/admin-list/admin-list.machine.ts';
import { SearchField } from './list-parts.tsx';

/** A search box and the list's own selects, applied together (Enter or Apply). */
export function CatalogueFilters({
  query,
  searchLabel,
  selects,
  onApply,
}: {
  query: ListQuery;
  searchLabel: string;
  selects: readonly {
    name: string;
    label: string;
    options: readonly (readonly [string, string])[];
  }[];
  onApply: (changes: ListQuery) => void;
}) {
  const [q, setQ] = useState(query.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim() });
  };
  return (
    <form className="bo-filters" role="search" aria-label="Filter the list" onSubmit={submit}>
      <SearchField label={searchLabel} value={q} onChange={setQ} />
      {selects.map((select) => (
        <div className="field" key={select.name}>
          <label htmlFor={`bo-${select.name}`}>{select.label}</label>
          <select
            id={`bo-${select.name}`}
            className="select"
            value={query[select.name] ?? ''}
            onChange={(e) => onApply({ q: q.trim(), [select.name]: e.target.value })}
          >
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}

export const stateOptions = [
  ['', 'In the shop'],
  ['retired', 'Retired'],
  ['all', 'All'],
] as const;
