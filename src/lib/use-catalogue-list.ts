import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { catalogueQueryString } from '../../contract/catalogue-query.ts';
import { LIST_PAGE_SIZE } from '../../contract/catalogue-display.ts';
import {
  catalogueListMachine,
  type ListPage,
  type ListQuery,
  type LoadPageInput,
} from '../../machines/catalogue-list/catalogue-list.machine.ts';
import { inspectOptions } from './inspector.ts';

export interface CatalogueListOptions {
  /** The list's route without a query (`/products`): applied filters are written to its query. */
  path: string;
  /** The filters the route holds now, and where its Reset leads. */
  route: { query: ListQuery; base: ListQuery };
  /** Asks the server for one page; `signal` cancels a request whose answer is no longer wanted. */
  load: (signal: AbortSignal, page: LoadPageInput) => Promise<ListPage>;
}

/**
 * Runs a catalogue list machine for a page: its pages come from `load`, each applied query is
 * written to the hash route's query (replacing the entry, so Back leaves the list rather than
 * undoing each keystroke), and a route changed from outside (a link, Back, an edited URL) is
 * handed to the machine, which ignores the route it wrote itself. `load` and `path` are captured
 * when the component mounts.
 */
export function useCatalogueList({ path, route, load }: CatalogueListOptions) {
  const [, navigate] = useLocation();
  // Provided once: `.provide()` builds a new machine, and a render is no reason to.
  const [logic] = useState(() =>
    catalogueListMachine.provide({
      actors: {
        loadPage: fromPromise<ListPage, LoadPageInput>(({ input, signal }) =>
          // A cancelled request must never settle: its abort error is no failure of the list.
          load(signal, input).catch((error: unknown) => {
            if (signal.aborted) return new Promise<never>(() => {});
            throw error;
          }),
        ),
      },
      actions: {
        writeQuery: (_, query) => navigate(`${path}${catalogueQueryString(query)}`, { replace: true }),
      },
    }),
  );
  const ref = useActorRef(logic, {
    ...inspectOptions(),
    input: { query: route.query, base: route.base, pageSize: LIST_PAGE_SIZE },
  });
  const routeKey = JSON.stringify(route);
  useEffect(() => {
    const { query, base } = JSON.parse(routeKey) as CatalogueListOptions['route'];
    ref.send({ type: 'list.routed', query, base });
  }, [ref, routeKey]);
  return ref;
}
