import { useId, useMemo, useState } from 'react';
import type { Puja } from '../../../contract/catalogue.ts';
import { filterPujas, PUJA_FILTERS, type PujaFilter } from './puja-filter.ts';
import { fetchPujas } from '../../lib/catalogue.ts';
import { useResource } from '../../lib/use-resource.ts';
import { PujaCard } from '../../ui/puja-card.tsx';
import { ShowMore, usePage } from '../../ui/show-more.tsx';
import { ResourceView } from '../../ui/status.tsx';
import './pujas.css';

const filterLabels: Record<PujaFilter, string> = {
  all: 'All Pujas',
  upcoming: 'Upcoming',
  'ending-soon': 'Starting Soon',
};

/** /pujas: every puja, searchable by name and filterable by start date. */
export function PujaListPage() {
  const pujas = useResource(fetchPujas);
  // Search text and the chosen filter are view state; the pujas themselves live in the resource machine.
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PujaFilter>('all');
  // "Now" for the date filters is read when the visitor changes the search or filter, not on every tick.
  const [now, setNow] = useState(() => Date.now());
  const searchId = useId();

  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Pujas</h1>
          <p>Book Your Puja</p>
        </div>
      </section>
      <div className="page container">
        <div className="puja-toolbar">
          <div className="puja-toolbar__search" role="search">
            <label htmlFor={searchId} className="visually-hidden">
              Search pujas
            </label>
            <input
              id={searchId}
              className="input"
              type="search"
              placeholder="Search pujas..."
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setNow(Date.now());
              }}
              autoComplete="off"
            />
          </div>
          <div className="puja-toolbar__filters" role="group" aria-label="Filter pujas">
            {PUJA_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                className={`button button--small${filter === value ? ' button--primary' : ''}`}
                aria-pressed={filter === value}
                onClick={() => {
                  setFilter(value);
                  setNow(Date.now());
                }}
              >
                {filterLabels[value]}
              </button>
            ))}
          </div>
        </div>
        <ResourceView resource={pujas} loadingLabel="Loading pujas...">
          {(list) => <PujaGrid pujas={list} search={search} filter={filter} now={now} />}
        </ResourceView>
      </div>
    </>
  );
}

function PujaGrid({
  pujas,
  search,
  filter,
  now,
}: {
  pujas: Puja[];
  search: string;
  filter: PujaFilter;
  now: number;
}) {
  const visible = useMemo(() => filterPujas(pujas, { search, filter }, now), [pujas, search, filter, now]);
  const page = usePage(visible, `${filter} ${search}`);
  if (visible.length === 0) {
    return (
      <p className="empty-state" role="status">
        No pujas found matching your criteria.
      </p>
    );
  }
  return (
    <>
      <ul className="grid grid--3 puja-grid" aria-label="Pujas">
        {page.shown.map((puja, index) => (
          <li key={puja.id}>
            <PujaCard puja={puja} headingLevel={2} eager={index === 0} />
          </li>
        ))}
      </ul>
      <ShowMore remaining={page.remaining} noun="pujas" onMore={page.more} />
    </>
  );
}
