import * as v from 'valibot';
import {
  AstrologerListResponse,
  CategoryListResponse,
  PackageListResponse,
  ProductDetailResponse,
  ProductListResponse,
  OTHER_DATES_FAILED,
  PujaDatesResponse,
  PujaListResponse,
  type Astrologer,
  type Category,
  type Product,
  type Puja,
  type PujaDate,
  type PujaPackage,
} from '../../contract/catalogue.ts';
import { catalogueQueryString, type ProductQuery, type PujaQuery } from '../../contract/catalogue-query.ts';
import { DEFAULT_START_DAYS_AHEAD, HOME_ASTROLOGERS } from '../../contract/catalogue-display.ts';
import { ApiError, getJson } from './api.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each puja's startDate made usable: a missing or invalid one becomes 5 days from now (docs/product-rules.md, Catalogue display). */
export function normaliseStartDates(pujas: Puja[], now = Date.now()): Puja[] {
  return pujas.map((puja) => {
    const start = puja.startDate ? Date.parse(puja.startDate) : NaN;
    return Number.isNaN(start)
      ? { ...puja, startDate: new Date(now + DEFAULT_START_DAYS_AHEAD * DAY_MS).toISOString() }
      : puja;
  });
}

/** A page of a catalogue list as the server answers it: the items and how many the filtered list holds. */
export interface CataloguePage<T> {
  items: T[];
  total: number;
}

export async function fetchPujaPage(
  signal?: AbortSignal,
  query: PujaQuery = {},
): Promise<CataloguePage<Puja>> {
  // The list is checked loosely first so a body without a pujas array gets its own message.
  const body = await getJson(
    `/pujas${catalogueQueryString(query)}`,
    v.looseObject({ pujas: v.array(v.unknown()) }),
    {
      fallback: 'Failed to fetch pujas',
      signal,
    },
  );
  const parsed = v.safeParse(PujaListResponse, body);
  if (!parsed.success) throw new ApiError('Invalid data received from server');
  const { pujas, total = pujas.length } = parsed.output;
  return { items: normaliseStartDates(pujas), total };
}

export async function fetchPujas(signal?: AbortSignal, query: PujaQuery = {}): Promise<Puja[]> {
  return (await fetchPujaPage(signal, query)).items;
}

export async function fetchPuja(id: string, signal?: AbortSignal): Promise<Puja> {
  const { pujas } = await getJson(`/pujas/${encodeURIComponent(id)}`, PujaListResponse, {
    fallback: 'Failed to fetch puja details',
    invalid: 'Failed to load puja details',
    signal,
  });
  const [puja] = normaliseStartDates(pujas);
  if (!puja) throw new ApiError('Failed to load puja details');
  return puja;
}

/** GET /pujas/{id}/dates: the other dates of the puja still open for booking (docs/product-rules.md, Rescheduling; Waitlist). */
export async function fetchOtherDates(pujaId: number, signal?: AbortSignal): Promise<PujaDate[]> {
  const { dates } = await getJson(`/pujas/${pujaId}/dates`, PujaDatesResponse, {
    fallback: OTHER_DATES_FAILED,
    signal,
  });
  return dates;
}

export async function fetchPackages(pujaId: string, signal?: AbortSignal): Promise<PujaPackage[]> {
  const { packages } = await getJson(`/packages/${encodeURIComponent(pujaId)}`, PackageListResponse, {
    fallback: 'Failed to fetch package details',
    signal,
  });
  return packages;
}

export async function fetchProductPage(
  signal?: AbortSignal,
  query: ProductQuery = {},
): Promise<CataloguePage<Product>> {
  const { products, total = products.length } = await getJson(
    `/products${catalogueQueryString(query)}`,
    ProductListResponse,
    { fallback: 'Failed to fetch products', signal },
  );
  return { items: products, total };
}

export async function fetchProducts(signal?: AbortSignal, query: ProductQuery = {}): Promise<Product[]> {
  return (await fetchProductPage(signal, query)).items;
}

/**
 * The highest selling price in the catalogue (0 when it is empty): where the product list's price
 * filter starts, so nothing is hidden at first (docs/product-rules.md, Catalogue display). One
 * product, the dearest, is asked for.
 */
export async function fetchPriceCeiling(signal?: AbortSignal): Promise<number> {
  const [dearest] = await fetchProducts(signal, { sort: 'price-desc', limit: 1 });
  return dearest?.offerPrice ?? 0;
}

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const { product } = await getJson(`/products/${encodeURIComponent(id)}`, ProductDetailResponse, {
    fallback: 'Failed to fetch product details',
    invalid: 'Failed to load product details',
    signal,
  });
  const [first] = product;
  if (!first) throw new ApiError('Failed to load product details');
  return first;
}

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const { categories } = await getJson('/categories', CategoryListResponse, {
    fallback: 'Failed to fetch categories',
    signal,
  });
  return categories;
}

export async function fetchAstrologers(signal?: AbortSignal): Promise<Astrologer[]> {
  const astrologers = await getJson('/astrologers/getAllAstrologersWeb', AstrologerListResponse, {
    fallback: 'Failed to fetch astrologers',
    signal,
  });
  return astrologers.slice(0, HOME_ASTROLOGERS);
}
