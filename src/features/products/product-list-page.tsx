import { useId, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import type { Category, Product } from '../../../contract/catalogue.ts';
import { PRODUCT_PRICE_MIN } from '../../../contract/catalogue-display.ts';
import {
  PRODUCT_SORTS,
  filterProducts,
  isProductSort,
  parseCategoryId,
  parsePriceInput,
  priceCeiling,
  type ProductSort,
} from './product-filter.ts';
import { CartContext } from '../../app/cart.tsx';
import { fetchCategories, fetchProducts } from '../../lib/catalogue.ts';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import { ProductCard } from '../../ui/product-card.tsx';
import { ShowMore, usePage } from '../../ui/show-more.tsx';
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

/** /products and /products/{id}: the catalogue with search, category, price and sort filters. */
export function ProductListPage() {
  const { id } = useParams<{ id?: string }>();
  const products = useResource(fetchProducts);
  const categories = useResource(loadCategoriesQuietly);

  return (
    <>
      <section className="hero products-hero">
        <div className="container">
          <h1>Our Products</h1>
          <p>Rudraksha, yantras and sacred gemstones, energised at the temple and delivered to your door.</p>
        </div>
      </section>
      <div className="container page">
        {/* Keyed by the route's category so a new /products/{id} starts from that category. */}
        <ProductBrowser
          key={id ?? 'all'}
          initialCategoryId={parseCategoryId(id)}
          products={products}
          categories={categories.data ?? []}
        />
      </div>
    </>
  );
}

interface BrowserProps {
  initialCategoryId: number | null;
  products: Resource<Product[]>;
  categories: Category[];
}

function ProductBrowser({ initialCategoryId, products, categories }: BrowserProps) {
  const ids = useId();
  const cart = CartContext.useActorRef();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(initialCategoryId);
  const [minInput, setMinInput] = useState(String(PRODUCT_PRICE_MIN));
  // null until the customer types: the box then shows the catalogue's highest price.
  const [maxTyped, setMaxInput] = useState<string | null>(null);
  const [sort, setSort] = useState<ProductSort>('newest');

  const all = products.data;
  const ceiling = useMemo(() => priceCeiling(all ?? []), [all]);
  const maxInput = maxTyped ?? String(ceiling);
  const visible = useMemo(
    () =>
      all
        ? filterProducts(all, {
            search,
            categoryId,
            minPrice: parsePriceInput(minInput, PRODUCT_PRICE_MIN),
            maxPrice: parsePriceInput(maxInput, ceiling),
            sort,
          })
        : [],
    [all, search, categoryId, minInput, maxInput, ceiling, sort],
  );
  const page = usePage(visible, JSON.stringify([search, categoryId, minInput, maxInput, sort]));

  // The chosen category stays visible in the select even before (or without) the category list.
  const categoryOptions = useMemo(() => {
    const options = categories.map((c) => ({ id: c.id, label: c.category }));
    if (categoryId !== null && !options.some((o) => o.id === categoryId)) {
      const name = all?.find((p) => p.categoryId === categoryId)?.category;
      options.push({ id: categoryId, label: name ?? `Category ${categoryId}` });
    }
    return options;
  }, [categories, categoryId, all]);

  const reset = () => {
    setSearch('');
    setCategoryId(initialCategoryId);
    setMinInput(String(PRODUCT_PRICE_MIN));
    setMaxInput(null);
    setSort('newest');
  };

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
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-category`}>Category</label>
            <select
              id={`${ids}-category`}
              className="select"
              value={categoryId ?? ''}
              onChange={(e) => setCategoryId(e.target.value === '' ? null : Number(e.target.value))}
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
              onChange={(e) => {
                if (isProductSort(e.target.value)) setSort(e.target.value);
              }}
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
                onChange={(e) => setMinInput(e.target.value)}
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
                onChange={(e) => setMaxInput(e.target.value)}
              />
            </div>
          </fieldset>
          <button type="button" className="button button--small filter-panel__reset" onClick={reset}>
            Reset filters
          </button>
        </form>
      </aside>

      <section className="products-results" aria-labelledby={`${ids}-results`}>
        <h2 id={`${ids}-results`} className="visually-hidden">
          Products
        </h2>
        {products.status === 'failed' ? (
          <ErrorBanner message={products.error ?? 'Failed to fetch products'} onRetry={products.retry} />
        ) : products.status === 'loading' || !all ? (
          <Spinner label="Loading products..." />
        ) : (
          <>
            <p className="products-results__count" aria-live="polite">
              {visible.length === 1 ? 'Showing 1 product' : `Showing ${visible.length} products`}
            </p>
            {visible.length === 0 ? (
              <p className="empty-state">No products found matching your criteria.</p>
            ) : (
              <ul className="grid grid--3 products-grid" role="list">
                {page.shown.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} cart={cart} />
                  </li>
                ))}
              </ul>
            )}
            <ShowMore remaining={page.remaining} noun="products" onMore={page.more} />
          </>
        )}
      </section>
    </div>
  );
}
