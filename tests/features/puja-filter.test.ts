import { describe, expect, it } from 'vitest';
import { STARTING_SOON_DAYS } from '../../contract/catalogue-display.ts';
import { filterPujas, matchesFilter, type PujaFilter } from '../../src/features/pujas/puja-filter.ts';

const NOW = new Date('2026-03-01T06:00:00.000Z').getTime();
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

const pujas = [
  { id: 1, pujaName: 'Rudrabhishekam', pujaDate: at(3 * DAY) },
  { id: 2, pujaName: 'Satyanarayana Vratham', pujaDate: at(20 * DAY) },
  { id: 3, pujaName: 'Navagraha Shanti Homam', pujaDate: at(-2 * DAY) },
  { id: 4, pujaName: 'Sudarshana Homam', pujaDate: at(STARTING_SOON_DAYS * DAY) },
  { id: 5, pujaName: 'Lakshmi Kubera Puja', pujaDate: at(STARTING_SOON_DAYS * DAY + 1) },
  { id: 6, pujaName: 'Ganapathi Homam', pujaDate: null },
  { id: 7, pujaName: 'Chandi Homam', pujaDate: 'soon' },
];

const ids = (filter: PujaFilter, search = '') => filterPujas(pujas, { search, filter }, NOW).map((p) => p.id);

describe('filterPujas', () => {
  it('shows every puja, in order, for "all" with no search', () => {
    expect(ids('all')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('matches the search case-insensitively anywhere in the name', () => {
    expect(ids('all', 'homam')).toEqual([3, 4, 6, 7]);
    expect(ids('all', 'HOMAM')).toEqual([3, 4, 6, 7]);
    expect(ids('all', 'rudra')).toEqual([1]);
    expect(ids('all', 'abhISHEK')).toEqual([1]);
  });

  it('ignores surrounding spaces and treats a blank search as no search', () => {
    expect(ids('all', '  kubera ')).toEqual([5]);
    expect(ids('all', '   ')).toHaveLength(pujas.length);
  });

  it('returns nothing when no name matches', () => {
    expect(ids('all', 'kalyanam')).toEqual([]);
  });

  it('"upcoming" keeps pujas starting after now', () => {
    expect(ids('upcoming')).toEqual([1, 2, 4, 5]);
  });

  it('"ending-soon" keeps pujas starting within the next 7 days, the 7-day boundary included', () => {
    expect(ids('ending-soon')).toEqual([1, 4]);
  });

  it('reads the puja date, not the date its listing started', () => {
    // Listed 2 days ago, performed 13 days out: not starting soon.
    const later = { pujaName: 'Later', startDate: at(-2 * DAY), pujaDate: at(13 * DAY) };
    // Listed 9 days out (a stale startDate), performed in 5 days: starting soon.
    const soon = { pujaName: 'Soon', startDate: at(9 * DAY), pujaDate: at(5 * DAY) };
    expect(
      filterPujas([later, soon], { search: '', filter: 'ending-soon' }, NOW).map((p) => p.pujaName),
    ).toEqual(['Soon']);
  });

  it('treats the boundaries exactly', () => {
    const soon = (ms: number) => matchesFilter({ pujaDate: at(ms) }, 'ending-soon', NOW);
    const upcoming = (ms: number) => matchesFilter({ pujaDate: at(ms) }, 'upcoming', NOW);
    expect(upcoming(0)).toBe(false);
    expect(upcoming(1)).toBe(true);
    expect(soon(0)).toBe(false);
    expect(soon(1)).toBe(true);
    expect(soon(STARTING_SOON_DAYS * DAY)).toBe(true);
    expect(soon(STARTING_SOON_DAYS * DAY + 1)).toBe(false);
  });

  it('leaves a missing or invalid start date out of the date filters', () => {
    expect(ids('upcoming')).not.toContain(6);
    expect(ids('upcoming')).not.toContain(7);
    expect(ids('ending-soon')).not.toContain(6);
  });

  it('combines search and filter', () => {
    expect(ids('upcoming', 'homam')).toEqual([4]);
    expect(ids('ending-soon', 'HOMAM')).toEqual([4]);
    expect(ids('ending-soon', 'vratham')).toEqual([]);
    expect(ids('upcoming', 'vratham')).toEqual([2]);
  });

  it('does not modify the list it is given', () => {
    const copy = structuredClone(pujas);
    filterPujas(pujas, { search: 'homam', filter: 'upcoming' }, NOW);
    expect(pujas).toEqual(copy);
  });
});
