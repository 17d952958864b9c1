import { STARTING_SOON_DAYS } from '../../../contract/catalogue-display.ts';
import type { Puja } from '../../../contract/catalogue.ts';

/** The puja list's filter buttons: All Pujas, Upcoming, Starting Soon (docs/product-rules.md, Catalogue display). */
export type PujaFilter = 'all' | 'upcoming' | 'ending-soon';

export const PUJA_FILTERS: readonly PujaFilter[] = ['all', 'upcoming', 'ending-soon'];

export interface PujaQuery {
  search: string;
  filter: PujaFilter;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Case-insensitive substring match on the puja's name; an empty search matches every puja. */
export function matchesSearch(puja: Pick<Puja, 'pujaName'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || puja.pujaName.toLowerCase().includes(needle);
}

/**
 * Whether a puja passes the date filter at `now` (epoch ms). Upcoming: starts after now.
 * Starting soon: starts after now and at most STARTING_SOON_DAYS ahead (the boundary counts).
 * A missing or invalid start date passes only "all"; the API client normalises missing ones.
 */
export function matchesFilter(puja: Pick<Puja, 'startDate'>, filter: PujaFilter, now: number): boolean {
  if (filter === 'all') return true;
  const start = puja.startDate ? Date.parse(puja.startDate) : NaN;
  if (Number.isNaN(start) || start <= now) return false;
  return filter === 'upcoming' || start <= now + STARTING_SOON_DAYS * DAY_MS;
}

/** The pujas to show for a search text and filter, in their original order. */
export function filterPujas<P extends Pick<Puja, 'pujaName' | 'startDate'>>(
  pujas: readonly P[],
  { search, filter }: PujaQuery,
  now: number = Date.now(),
): P[] {
  return pujas.filter((puja) => matchesSearch(puja, search) && matchesFilter(puja, filter, now));
}
