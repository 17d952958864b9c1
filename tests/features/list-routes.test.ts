import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProductQuery, PujaQuery } from '../../contract/catalogue-query.ts';
import {
  parseCategoryId,
  productListRoute,
  toProductQuery,
} from '../../src/features/products/product-filter.ts';
import { pujaListRoute, pujaWhen, toPujaQuery } from '../../src/features/pujas/puja-filter.ts';

/**
 * The lists keep their filters in the route's query and ask the server for them: what a route
 * means, and that what is asked is always a query the server accepts (never a 400 for a letter
 * typed in a price box or an old shared link).
 */
const asServerReads = (schema: typeof ProductQuery | typeof PujaQuery, query: object) =>
  v.parse(schema, Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])));

describe('the product list route', () => {
  it('reads its filters from the query; the path names a category, which Reset returns to', () => {
    expect(productListRoute(undefined, '')).toEqual({ query: {}, base: {} });
    expect(productListRoute('3', 'q=rudra&sort=price-asc&utm=x')).toEqual({
      query: { category: '3', q: 'rudra', sort: 'price-asc' },
      base: { category: '3' },
    });
    // The query's own category wins over the path's.
    expect(productListRoute('3', 'category=5').query).toEqual({ category: '5' });
    expect(productListRoute('abc', '').base).toEqual({});
  });

  it('asks the server for valid filters only, whole rupees, the default order left out', () => {
    expect(toProductQuery({})).toEqual({});
    expect(
      toProductQuery({
        q: '  Rudra ',
        category: '2',
        minPrice: '99.5',
        maxPrice: '1200.9',
        sort: 'price-desc',
      }),
    ).toEqual({ q: 'Rudra', category: 2, minPrice: 100, maxPrice: 1200, sort: 'price-desc' });
    expect(toProductQuery({ sort: 'newest', category: 'all', minPrice: '', maxPrice: 'abc' })).toEqual({});
    expect(toProductQuery({ minPrice: '-5', sort: 'cheapest' })).toEqual({});
    expect(toProductQuery({ q: 'x'.repeat(300) })?.q).toHaveLength(100);
  });

  it('asks nothing when the minimum is above the maximum: nothing can match', () => {
    expect(toProductQuery({ minPrice: '900', maxPrice: '899' })).toBeNull();
    expect(toProductQuery({ minPrice: '899', maxPrice: '899' })).toEqual({ minPrice: 899, maxPrice: 899 });
  });

  it('every query it asks is one the server accepts', () => {
    const queries: Record<string, string>[] = [
      { q: ' % _ ', category: '7', minPrice: '0', maxPrice: '10', sort: 'price-asc' },
      { minPrice: '1e3', maxPrice: '99999999' },
      { category: '0', sort: '' },
    ];
    for (const query of queries) {
      const asked = toProductQuery(query);
      expect(asked).not.toBeNull();
      expect(() => asServerReads(ProductQuery, asked ?? {})).not.toThrow();
    }
  });

  it('reads a category id only when it is a positive whole number', () => {
    expect(parseCategoryId('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc']) expect(parseCategoryId(raw)).toBeNull();
  });
});

describe('the puja list route', () => {
  it('reads the search and the date filter from the query', () => {
    expect(pujaListRoute('q=homam&when=upcoming&x=1')).toEqual({
      query: { q: 'homam', when: 'upcoming' },
      base: {},
    });
    expect(pujaWhen({ when: 'starting-soon' })).toBe('starting-soon');
    expect(pujaWhen({ when: 'someday' })).toBe('');
  });

  it('asks the server for the search and a known date filter only', () => {
    expect(toPujaQuery({ q: ' Homam ', when: 'starting-soon' })).toEqual({
      q: 'Homam',
      when: 'starting-soon',
    });
    expect(toPujaQuery({ q: '   ', when: 'someday' })).toEqual({});
    expect(() => asServerReads(PujaQuery, toPujaQuery({ q: 'a'.repeat(500) }))).not.toThrow();
  });
});
