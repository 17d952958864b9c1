import * as v from 'valibot';
import { searchParam, wholeNumberParam } from './query.ts';

/**
 * The optional query of GET /products and GET /pujas (docs/product-rules.md, Catalogue queries):
 * a search text, price bounds on the selling price, an order and a page. A request without any
 * of them gets the whole list, as before. Unknown parameters are ignored; a bad value is a 400
 * with one of the messages below and nothing else happens.
 */

/** The most items one page may ask for. */
export const CATALOGUE_PAGE_MAX = 100;
/** The longest search text. */
export const CATALOGUE_SEARCH_MAX = 100;
/** The highest price bound and offset accepted (far beyond any real catalogue). */
const BOUND_MAX = 100_000_000;

export const PRODUCT_SORT_VALUES = ['newest', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORT_VALUES)[number];

/** Pujas: by date, open before closed (default), soonest puja date first, or by the "from" price. */
export const PUJA_SORT_VALUES = ['default', 'date', 'price-asc', 'price-desc'] as const;
export type PujaSort = (typeof PUJA_SORT_VALUES)[number];

/** The puja list's date filters: puja date after now, or within the "Starting soon" window. */
export const PUJA_WHEN_VALUES = ['upcoming', 'starting-soon'] as const;
export type PujaWhen = (typeof PUJA_WHEN_VALUES)[number];

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  v.optional(v.picklist(values, `${name} must be one of ${values.join(', ')}`));

const common = {
  q: searchParam(CATALOGUE_SEARCH_MAX),
  minPrice: wholeNumberParam('minPrice', 0, BOUND_MAX),
  maxPrice: wholeNumberParam('maxPrice', 0, BOUND_MAX),
  limit: wholeNumberParam('limit', 1, CATALOGUE_PAGE_MAX),
  offset: wholeNumberParam('offset', 0, BOUND_MAX),
};

const boundsInOrder = <T extends { minPrice?: number; maxPrice?: number }>() =>
  v.check<T, string>(
    ({ minPrice, maxPrice }) => minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
    'minPrice must not be more than maxPrice',
  );

export const ProductQuery = v.pipe(
  v.object({
    ...common,
    category: wholeNumberParam('category', 1, BOUND_MAX),
    sort: oneOf('sort', PRODUCT_SORT_VALUES),
  }),
  boundsInOrder(),
);
export type ProductQuery = v.InferOutput<typeof ProductQuery>;

export const PujaQuery = v.pipe(
  v.object({
    ...common,
    when: oneOf('when', PUJA_WHEN_VALUES),
    sort: oneOf('sort', PUJA_SORT_VALUES),
  }),
  boundsInOrder(),
);
export type PujaQuery = v.InferOutput<typeof PujaQuery>;

/** The query string for `query`, parameters in a fixed order and empty ones left out. */
export function catalogueQueryString(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
