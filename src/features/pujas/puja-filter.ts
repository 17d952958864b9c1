import {
  CATALOGUE_SEARCH_MAX,
  PUJA_WHEN_VALUES,
  type PujaQuery,
  type PujaWhen,
} from '../../../contract/catalogue-query.ts';
import type { ListQuery } from '../../../machines/catalogue-list/catalogue-list.machine.ts';

/**
 * The puja list's search and date filter as they stand in its route (`/pujas?q=homam&when=upcoming`)
 * and as the server is asked for them. The filtering happens on the server: a case-insensitive
 * match on the name; Upcoming and Starting Soon read the puja's own date (docs/product-rules.md,
 * Catalogue display and Catalogue queries).
 */

/** The filter buttons: All Pujas (no `when`), Upcoming, Starting Soon. */
export const PUJA_FILTERS: ReadonlyArray<{ when: PujaWhen | ''; label: string }> = [
  { when: '', label: 'All Pujas' },
  { when: 'upcoming', label: 'Upcoming' },
  { when: 'starting-soon', label: 'Starting Soon' },
];

function isPujaWhen(value: string | undefined): value is PujaWhen {
  return (PUJA_WHEN_VALUES as readonly (string | undefined)[]).includes(value);
}

/** The filter button pressed for a route's `when` (All Pujas for none or an unknown one). */
export function pujaWhen(query: ListQuery): PujaWhen | '' {
  return isPujaWhen(query.when) ? query.when : '';
}

/** The filters of the route `/pujas?{search}` (other parameters ignored). */
export function pujaListRoute(search: string): { query: ListQuery; base: ListQuery } {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const name of ['q', 'when'] as const) {
    const value = params.get(name);
    if (value !== null) query[name] = value;
  }
  return { query, base: {} };
}

/** What to ask the server for the list's filters; an unknown `when` in a shared link means all pujas. */
export function toPujaQuery(query: ListQuery): PujaQuery {
  const q = query.q?.trim().slice(0, CATALOGUE_SEARCH_MAX);
  const when = pujaWhen(query);
  return { ...(q ? { q } : {}), ...(when ? { when } : {}) };
}
