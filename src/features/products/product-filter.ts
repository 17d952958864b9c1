import {
  CATALOGUE_SEARCH_MAX,
  PRODUCT_SORT_VALUES,
  type ProductQuery,
  type ProductSort,
} from '../../../contract/catalogue-query.ts';
import { parseNumericId } from '../../../contract/ids.ts';
import type { ListQuery } from '../../../machines/catalogue-list/catalogue-list.machine.ts';

/**
 * The product list's filters as they stand in its route (`/products?q=rudra&category=2&minPrice=500
 * &maxPrice=5000&sort=price-asc`, or `/products/{id}` for one category) and as the server is asked
 * for them. The filtering itself happens on the server (docs/product-rules.md, Catalogue queries).
 */

export type { ProductSort };

export const PRODUCT_SORTS: ReadonlyArray<{ value: ProductSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
];

/** The list's default order, left out of the route. */
export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest';

const ROUTE_FILTERS = ['q', 'category', 'minPrice', 'maxPrice', 'sort'] as const;

export function isProductSort(value: string): value is ProductSort {
  return (PRODUCT_SORT_VALUES as readonly string[]).includes(value);
}

/** A category id from a route segment or query; anything but a positive whole number means "all". */
export function parseCategoryId(raw: string | undefined): number | null {
  return parseNumericId(raw) ?? null;
}

/**
 * The filters of the route `/products/{id}?{search}`: the query's own filters (others ignored),
 * the path's category unless the query names one. Reset leads back to the path's category.
 */
export function productListRoute(
  pathId: string | undefined,
  search: string,
): { query: ListQuery; base: ListQuery } {
  const params = new URLSearchParams(search);
  const category = parseCategoryId(pathId);
  const base: ListQuery = category === null ? {} : { category: String(category) };
  const query: Record<string, string> = { ...base };
  for (const name of ROUTE_FILTERS) {
    const value = params.get(name);
    if (value !== null) query[name] = value;
  }
  return { query, base };
}

/** A price box's text as a whole-rupee bound, or undefined for empty or unusable text (no bound). */
function priceBound(raw: string | undefined, round: (n: number) => number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? round(value) : undefined;
}

/**
 * What to ask the server for the list's filters, or null when nothing can match (a minimum above
 * the maximum). Text that is not a filter (a letter in a price box, an unknown sort in a shared
 * link) is left out rather than refused: the list then shows the whole range for it.
 */
export function toProductQuery(query: ListQuery): ProductQuery | null {
  const minPrice = priceBound(query.minPrice, Math.ceil);
  const maxPrice = priceBound(query.maxPrice, Math.floor);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) return null;
  const q = query.q?.trim().slice(0, CATALOGUE_SEARCH_MAX);
  const category = parseCategoryId(query.category);
  const sort = query.sort !== undefined && isProductSort(query.sort) ? query.sort : undefined;
  return {
    ...(q ? { q } : {}),
    ...(category !== null ? { category } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(sort && sort !== DEFAULT_PRODUCT_SORT ? { sort } : {}),
  };
}
