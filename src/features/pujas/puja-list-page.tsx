import { useSelector } from '@xstate/react';
import { useDeferredValue, useId } from 'react';
import { useSearch } from 'wouter';
import type { Puja } from '../../../contract/catalogue.ts';
import { CATALOGUE_SEARCH_MAX } from '../../../contract/catalogue-query.ts';
import type { ListPage, LoadPageInput } from '../../../machines/catalogue-list/catalogue-list.machine.ts';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectIsFirstLoad,
  selectItems,
  selectMoreFailure,
  selectRemaining,
} from '../../../machines/catalogue-list/catalogue-list.selectors.ts';
import { PUJA_FILTERS, pujaListRoute, pujaWhen, toPujaQuery } from './puja-filter.ts';
import { fetchPujaPage } from '../../lib/catalogue.ts';
import { useCatalogueList } from '../../lib/use-catalogue-list.ts';
import { PujaCard } from '../../ui/puja-card.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import './pujas.css';

/** One page of the filtered list from the server. */
function loadPujas(signal: AbortSignal, { query, offset, limit }: LoadPageInput): Promise<ListPage> {
  return fetchPujaPage(signal, { ...toPujaQuery(query), offset, limit });
}

/**
 * /pujas: every puja, searchable by name and filterable by date, the search and filter kept in
 * the route's query (`/pujas?q=homam&when=upcoming`). The server filters and pages.
 */
export function PujaListPage() {
  const search = useSearch();
  const list = useCatalogueList({ path: '/pujas', route: pujaListRoute(search), load: loadPujas });
  const draft = useSelector(list, selectDraft);
  const when = pujaWhen(draft);
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
              maxLength={CATALOGUE_SEARCH_MAX}
              value={draft.q ?? ''}
              onChange={(event) => list.send({ type: 'list.edit', changes: { q: event.target.value } })}
              autoComplete="off"
            />
          </div>
          <div className="puja-toolbar__filters" role="group" aria-label="Filter pujas">
            {PUJA_FILTERS.map((filter) => (
              <button
                key={filter.label}
                type="button"
                className={`button button--small${when === filter.when ? ' button--primary' : ''}`}
                aria-pressed={when === filter.when}
                onClick={() => list.send({ type: 'list.filter', changes: { when: filter.when } })}
              >
                {filter.label}
              </button>
            ))}
          </div>
        </div>
        <PujaResults list={list} />
      </div>
    </>
  );
}

function PujaResults({ list }: { list: ReturnType<typeof useCatalogueList> }) {
  // The cards follow the answer in a background render, in slices (docs/perf.md).
  const pujas = useDeferredValue(useSelector(list, selectItems<Puja>));
  const remaining = useSelector(list, selectRemaining);
  const firstLoad = useSelector(list, selectIsFirstLoad);
  const failure = useSelector(list, selectFailure);
  const moreFailure = useSelector(list, selectMoreFailure);
  const busy = useSelector(list, selectIsBusy);
  const retry = () => list.send({ type: 'list.retry' });

  if (failure) return <ErrorBanner message={failure.message} onRetry={retry} />;
  if (firstLoad || !pujas) return <Spinner label="Loading pujas..." reserve="100vh" />;
  if (pujas.length === 0) {
    return (
      <p className="empty-state" role="status">
        No pujas found matching your criteria.
      </p>
    );
  }
  return (
    <div aria-busy={busy}>
      <ul className="grid grid--3 puja-grid" aria-label="Pujas">
        {pujas.map((puja, index) => (
          <li key={puja.id}>
            <PujaCard puja={puja} headingLevel={2} eager={index === 0} />
          </li>
        ))}
      </ul>
      {moreFailure && <ErrorBanner message={moreFailure.message} onRetry={retry} />}
      <ShowMore remaining={remaining} noun="pujas" onMore={() => list.send({ type: 'list.more' })} />
    </div>
  );
}
