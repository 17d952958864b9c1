import type { Product } from '../../../contract/catalogue.ts';
import { PRODUCT_PRICE_MIN } from '../../../contract/catalogue-display.ts';
import { parseNumericId } from '../../../contract/ids.ts';

export type ProductSort = 'newest' | 'price-asc' | 'price-desc';

export interface ProductFilter {
  search: string;
  categoryId: number | null;
  minPrice: number;
  maxPrice: number;
  sort: ProductSort;
}

/**
 * The highest selling price in the catalogue (0 when it is empty): the price filter starts at the
 * whole range, 0 to this, so no product is hidden before the customer narrows the list
 * (docs/product-rules.md, Catalogue display).
 */
export function priceCeiling(products: readonly Pick<Product, 'offerPrice'>[]): number {
  return products.reduce((max, p) => Math.max(max, p.offerPrice), 0);
}

/** The product list's starting point (docs/product-rules.md, Catalogue display): all categories, the whole price range, newest first. */
export function defaultProductFilter(products: readonly Pick<Product, 'offerPrice'>[]): ProductFilter {
  return {
    search: '',
    categoryId: null,
    minPrice: PRODUCT_PRICE_MIN,
    maxPrice: priceCeiling(products),
    sort: 'newest',
  };
}

export const PRODUCT_SORTS: ReadonlyArray<{ value: ProductSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
];

export function isProductSort(value: string): value is ProductSort {
  return PRODUCT_SORTS.some((sort) => sort.value === value);
}

/** A price box's text as a number; empty or non-numeric text means the default bound. */
export function parsePriceInput(raw: string, fallback: number): number {
  if (raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/** A category id from a route segment; anything but a positive whole number means "all". */
export function parseCategoryId(raw: string | undefined): number | null {
  return parseNumericId(raw) ?? null;
}

// Descriptions are catalogue HTML; the search matches what the customer reads, not the markup.
// Worked out once per product (the list is searched again on every keystroke).
const searchable = new WeakMap<Product, string>();
function searchableText(product: Product): string {
  let text = searchable.get(product);
  if (text === undefined) {
    text = `${product.name.toLowerCase()}\n${product.description
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/gi, ' ')
      .replace(/\s+/g, ' ')
      .toLowerCase()}`;
    searchable.set(product, text);
  }
  return text;
}

function compare(sort: ProductSort): (a: Product, b: Product) => number {
  const newest = (a: Product, b: Product) => b.id - a.id;
  switch (sort) {
    case 'price-asc':
      return (a, b) => a.offerPrice - b.offerPrice || newest(a, b);
    case 'price-desc':
      return (a, b) => b.offerPrice - a.offerPrice || newest(a, b);
    case 'newest':
      return newest;
  }
}

/**
 * The product list's filters (docs/product-rules.md, Catalogue display): search on name or description, any case;
 * selling price (offerPrice) within min..max inclusive; category by id. Returns a new, sorted array.
 */
export function filterProducts(products: readonly Product[], filter: ProductFilter): Product[] {
  const needle = filter.search.trim().toLowerCase();
  return products
    .filter(
      (product) =>
        (filter.categoryId === null || product.categoryId === filter.categoryId) &&
        product.offerPrice >= filter.minPrice &&
        product.offerPrice <= filter.maxPrice &&
        (needle === '' || searchableText(product).includes(needle)),
    )
    .sort(compare(filter.sort));
}
