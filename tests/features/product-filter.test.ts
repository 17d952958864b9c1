import { describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalogue.ts';
import {
  defaultProductFilter,
  priceCeiling,
  filterProducts,
  parseCategoryId,
  parsePriceInput,
  type ProductFilter,
} from '../../src/features/products/product-filter.ts';

function product(overrides: Partial<Product> & Pick<Product, 'id'>): Product {
  return {
    name: `Product ${overrides.id}`,
    description: '<p>Plain</p>',
    price: 1000,
    offerPrice: 800,
    image: '/images/p.svg',
    stockQuantity: 10,
    categoryId: 1,
    category: 'Rudraksha',
    averageRating: 4,
    totalReviews: 3,
    ...overrides,
  };
}

const catalogue: Product[] = [
  product({ id: 1, name: '5 Mukhi Rudraksha', offerPrice: 899, categoryId: 1 }),
  product({
    id: 2,
    name: 'Sri Yantra',
    description: '<p>Copper&nbsp;<b>Meru</b> yantra</p>',
    offerPrice: 0,
    categoryId: 2,
  }),
  product({ id: 3, name: 'Navaratna Ring', offerPrice: 10000, categoryId: 3 }),
  product({ id: 4, name: 'Emerald', offerPrice: 10001, categoryId: 3 }),
  product({ id: 5, name: 'Camphor', offerPrice: 899, categoryId: 2 }),
];

const run = (filter: Partial<ProductFilter>) =>
  filterProducts(catalogue, { ...defaultProductFilter(catalogue), ...filter }).map((p) => p.id);

describe('filterProducts', () => {
  it('defaults to the whole range, 0 to the highest selling price, newest (highest id) first', () => {
    expect(priceCeiling(catalogue)).toBe(10001);
    expect(priceCeiling([])).toBe(0);
    expect(defaultProductFilter(catalogue)).toMatchObject({ minPrice: 0, maxPrice: 10001 });
    expect(run({})).toEqual([5, 4, 3, 2, 1]);
  });

  it('keeps both price bounds inclusive', () => {
    expect(run({ minPrice: 899, maxPrice: 899 })).toEqual([5, 1]);
    expect(run({ minPrice: 10000, maxPrice: 10001 })).toEqual([4, 3]);
    expect(run({ minPrice: 900, maxPrice: 899 })).toEqual([]);
  });

  it('filters on the selling price, not the list price', () => {
    const list = [product({ id: 9, price: 20000, offerPrice: 9000 })];
    expect(filterProducts(list, defaultProductFilter(list)).map((p) => p.id)).toEqual([9]);
  });

  it('searches the name, any case', () => {
    expect(run({ search: 'RUDRA' })).toEqual([1]);
    expect(run({ search: '  yantra ' })).toEqual([2]);
  });

  it('searches the description as text, without markup or &nbsp;', () => {
    expect(run({ search: 'copper meru' })).toEqual([2]);
    expect(run({ search: 'nbsp' })).toEqual([]);
    expect(run({ search: '<b>' })).toEqual([]);
  });

  it('matches the category by id', () => {
    expect(run({ categoryId: 2 })).toEqual([5, 2]);
    expect(run({ categoryId: 3, maxPrice: 20000 })).toEqual([4, 3]);
    expect(run({ categoryId: 99 })).toEqual([]);
  });

  it('sorts by selling price both ways, ties newest first', () => {
    expect(run({ sort: 'price-asc' })).toEqual([2, 5, 1, 3, 4]);
    expect(run({ sort: 'price-desc' })).toEqual([4, 3, 5, 1, 2]);
  });

  it('combines filters and leaves the input untouched', () => {
    const before = catalogue.map((p) => p.id);
    expect(run({ search: 'a', categoryId: 2, sort: 'price-asc' })).toEqual([2, 5]);
    expect(catalogue.map((p) => p.id)).toEqual(before);
  });
});

describe('input parsing', () => {
  it('treats empty or non-numeric price text as the default bound', () => {
    expect(parsePriceInput('', 10000)).toBe(10000);
    expect(parsePriceInput('  ', 0)).toBe(0);
    expect(parsePriceInput('abc', 0)).toBe(0);
    expect(parsePriceInput('2500', 0)).toBe(2500);
  });

  it('reads a category id from the route, anything else meaning all categories', () => {
    expect(parseCategoryId('3')).toBe(3);
    expect(parseCategoryId(undefined)).toBeNull();
    expect(parseCategoryId('abc')).toBeNull();
    expect(parseCategoryId('0')).toBeNull();
  });
});
