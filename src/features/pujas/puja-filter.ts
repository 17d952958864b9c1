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
 * Whether a puja passes the date filter at `now` (epoch ms), read from the puja's own date
 * (`pujaDate`, the day it is performed), never `startDate`, which is when its listing opened:
 * reading that one let in a puja 13 days out and left out ones 8-9 days out. Upcoming: the puja
 * date is after now. Starting soon: after now and at most STARTING_SOON_DAYS ahead (the boundary
 * counts). A missing or invalid date passes only "all" (docs/product-rules.md, Catalogue display).
 */
export function matchesFilter(puja: Pick<Puja, 'pujaDate'>, filter: PujaFilter, now: number): boolean {
  if (filter === 'all') return true;
  const start = puja.pujaDate ? Date.parse(puja.pujaDate) : NaN;
  if (Number.isNaN(start) || start <= now) return false;
  return filter === 'upcoming' || start <= now + STARTING_SOON_DAYS * DAY_MS;
}

/** The pujas to show for a search text and filter, in their original order. */
export function filterPujas<P extends Pick<Puja, 'pujaName' | 'pujaDate'>>(
  pujas: readonly P[],
  { search, filter }: PujaQuery,
  now: number = Date.now(),
): P[] {
  return pujas.filter((puja) => matchesSearch(puja, search) && matchesFilter(puja, filter, now));
}
