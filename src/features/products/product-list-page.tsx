import { useSelector } from '@xstate/react';
import { useDeferredValue, useId, useMemo } from 'react';
import { useParams, useSearch } from 'wouter';
import type { Category, Product } from '../../../contract/catalogue.ts';
import { CATALOGUE_SEARCH_MAX } from '../../../contract/catalogue-query.ts';
import { PRODUCT_PRICE_MIN } from '../../../contract/catalogue-display.ts';
import type { ListPage, LoadPageInput } from '../../../machines/catalogue-list/catalogue-list.machine.ts';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectIsFirstLoad,
  selectItems,
  selectMoreFailure,
  selectRemaining,
  selectTotal,
} from '../../../machines/catalogue-list/catalogue-list.selectors.ts';
import {
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORTS,
  isProductSort,
  parseCategoryId,
  productListRoute,
  toProductQuery,
} from './product-filter.ts';
import { CartContext } from '../../live/cart.tsx';
import { fetchCategories, fetchPriceCeiling, fetchProductPage } from '../../lib/catalogue.ts';
import { useCatalogueList } from '../../lib/use-catalogue-list.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ProductCard } from '../../ui/product-card.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import './products.css';

/** Categories only feed the filter: a failure is logged and the select offers All Categories alone (docs/product-rules.md, Messages and errors). */
async function loadCategoriesQuietly(signal: AbortSignal): Promise<Category[]> {
  try {
    return await fetchCategories(signal);
  } catch (error) {
    // An aborted read (the page left, or React's dev double mount) has no result at all.
    if (signal.aborted) return new Promise<never>(() => {});
    console.error('Failed to fetch categories', error);
    return [];
  }
}

/** The ceiling only fills the Max price box: without it the box starts empty, which also means the whole range. */
async function loadCeilingQuietly(signal: AbortSignal): Promise<number | null> {
  try {
    return await fetchPriceCeiling(signal);
  } catch (error) {
    if (signal.aborted) return new Promise<never>(() => {});
    console.error('Failed to fetch the highest price', error);
    return null;
  }
}

/** One page of the filtered list from the server; filters that can match nothing ask nothing. */
function loadProducts(signal: AbortSignal, { query, offset, limit }: LoadPageInput): Promise<ListPage> {
  const asked = toProductQuery(query);
  if (asked === null) return Promise.resolve({ items: [], total: 0 });
  return fetchProductPage(signal, { ...asked, offset, limit });
}

/**
 * /products and /products/{id}: the catalogue with search, category, price and sort filters, kept
 * in the route's query (`/products?q=rudra&category=2&sort=price-asc`) so a filtered list can be
 * shared and survives a reload. The server filters and pages; the list shows a page at a time.
 */
export function ProductListPage() {
  const { id } = useParams<{ id?: string }>();
  const search = useSearch();
  const categories = useResource(loadCategoriesQuietly);
  const ceiling = useResource(loadCeilingQuietly);
  const list = useCatalogueList({
    path: '/products',
    route: productListRoute(id, search),
    load: loadProducts,
  });

  return (
    <>
      <section className="hero products-hero">
        <div className="container">
          <h1>Our Products</h1>
          <p>Rudraksha, yantras and sacred gemstones, energised at the temple and delivered to your door.</p>
        </div>
      </section>
      <div className="container page">
        <ProductBrowser list={list} categories={categories.data ?? []} ceiling={ceiling.data ?? null} />
      </div>
    </>
  );
}

interface BrowserProps {
  list: ReturnType<typeof useCatalogueList>;
  categories: Category[];
  /** The highest selling price, where the Max price box starts; null until known. */
  ceiling: number | null;
}

function ProductBrowser({ list, categories, ceiling }: BrowserProps) {
  const ids = useId();
  const cart = CartContext.useActorRef();
  const draft = useSelector(list, selectDraft);
  // The cards follow the answer in a background render, in slices, so drawing a page of them never
  // holds up a keystroke or a tap (docs/perf.md).
  const products = useDeferredValue(useSelector(list, selectItems<Product>));
  const total = useSelector(list, selectTotal);
  const remaining = useSelector(list, selectRemaining);
  const firstLoad = useSelector(list, selectIsFirstLoad);
  const failure = useSelector(list, selectFailure);
  const moreFailure = useSelector(list, selectMoreFailure);
  const busy = useSelector(list, selectIsBusy);

  const categoryId = parseCategoryId(draft.category);
  const sort = draft.sort !== undefined && isProductSort(draft.sort) ? draft.sort : DEFAULT_PRODUCT_SORT;
  const minInput = draft.minPrice ?? String(PRODUCT_PRICE_MIN);
  // Until the customer types, the box shows the catalogue's highest price: the whole range.
  const maxInput = draft.maxPrice ?? (ceiling === null ? '' : String(ceiling));

  // The chosen category stays visible in the select even before (or without) the category list.
  const categoryOptions = useMemo(() => {
    const options = categories.map((c) => ({ id: c.id, label: c.category }));
    if (categoryId !== null && !options.some((o) => o.id === categoryId)) {
      const name = products?.find((p) => p.categoryId === categoryId)?.category;
      options.push({ id: categoryId, label: name ?? `Category ${categoryId}` });
    }
    return options;
  }, [categories, categoryId, products]);

  const edit = (changes: Record<string, string>) => list.send({ type: 'list.edit', changes });
  const filter = (changes: Record<string, string>) => list.send({ type: 'list.filter', changes });

  return (
    <div className="products-layout">
      <aside className="filter-panel" aria-labelledby={`${ids}-filters`}>
        <h2 id={`${ids}-filters`} className="filter-panel__title">
          Filter products
        </h2>
        <form role="search" className="filter-panel__form" onSubmit={(e) => e.preventDefault()}>
          <div className="field filter-panel__search">
            <label htmlFor={`${ids}-search`}>Search products</label>
            <input
              id={`${ids}-search`}
              className="input"
              type="search"
              placeholder="Search products..."
              autoComplete="off"
              value={draft.q ?? ''}
              maxLength={CATALOGUE_SEARCH_MAX}
              onChange={(e) => edit({ q: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-category`}>Category</label>
            <select
              id={`${ids}-category`}
              className="select"
              value={categoryId ?? ''}
              onChange={(e) => filter({ category: e.target.value })}
            >
              <option value="">All Categories</option>
              {categoryOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-sort`}>Sort by</label>
            <select
              id={`${ids}-sort`}
              className="select"
              value={sort}
              onChange={(e) =>
                filter({ sort: e.target.value === DEFAULT_PRODUCT_SORT ? '' : e.target.value })
              }
            >
              {PRODUCT_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="filter-panel__price">
            <legend>Price (₹)</legend>
            <div className="field">
              <label htmlFor={`${ids}-min`}>Min price</label>
              <input
                id={`${ids}-min`}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={minInput}
                onChange={(e) => edit({ minPrice: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-max`}>Max price</label>
              <input
                id={`${ids}-max`}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={maxInput}
                onChange={(e) => edit({ maxPrice: e.target.value })}
              />
            </div>
          </fieldset>
          <button
            type="button"
            className="button button--small filter-panel__reset"
            onClick={() => list.send({ type: 'list.reset' })}
          >
            Reset filters
          </button>
        </form>
      </aside>

      <section className="products-results" aria-labelledby={`${ids}-results`}>
        <h2 id={`${ids}-results`} className="visually-hidden">
          Products
        </h2>
        {failure ? (
          <ErrorBanner message={failure.message} onRetry={() => list.send({ type: 'list.retry' })} />
        ) : firstLoad || !products ? (
          <Spinner label="Loading products..." reserve="100vh" />
        ) : (
          <div aria-busy={busy}>
            <p className="products-results__count" aria-live="polite">
              {total === 1 ? 'Showing 1 product' : `Showing ${total.toLocaleString('en-IN')} products`}
            </p>
            {products.length === 0 ? (
              <p className="empty-state">No products found matching your criteria.</p>
            ) : (
              <ul className="grid grid--3 products-grid" role="list">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} cart={cart} />
                  </li>
                ))}
              </ul>
            )}
            {moreFailure && (
              <ErrorBanner message={moreFailure.message} onRetry={() => list.send({ type: 'list.retry' })} />
            )}
            <ShowMore remaining={remaining} noun="products" onMore={() => list.send({ type: 'list.more' })} />
          </div>
        )}
      </section>
    </div>
  );
}
