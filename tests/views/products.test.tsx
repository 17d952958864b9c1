import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, Product } from '../../contract/catalogue.ts';
import {
  LIST_PAGE_SIZE,
  PRODUCT_PRICE_MIN,
  PRODUCT_SHORT_DESCRIPTION_CUT,
} from '../../contract/catalogue-display.ts';
import { formatRupees } from '../../contract/money.ts';
import { stripHtml, truncate } from '../../src/lib/format.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { alertWhileOffline } from '../support/screens.ts';
import { createTestShop, type TestShop } from '../support/test-db.ts';
import { getJson } from '../support/test-db.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const MERU = 'Test Meru Prastar Yantra';
const LOW_STOCK = 'Test Dhana Yantra';
const PRICEY = 'Test Emerald Panna';
const TEST_CATEGORY = 'Test Yantras';

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop);
let products: Product[];
let categories: Category[];

const LONG_DESCRIPTION =
  '<p>A Sri Chakra Meru yantra cast in pure copper&nbsp;and energised with Vedic mantras at the temple.</p>' +
  '<p>Place it in your puja room facing east; it is said to bring <strong>prosperity</strong>, peace and harmony to the home &amp; family.</p>';

/**
 * The seed may not cover every case the list must handle, so the test adds a second category, an
 * out-of-stock product with long HTML, a low-stock one and one above the default price ceiling.
 */
async function addFixtures(db: TestShop['db']) {
  const first = await db.selectFrom('category').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id: yantras } = await db
    .insertInto('category')
    .values({ category: TEST_CATEGORY, name: 'Copper yantras', imgUrl: '/images/categories/yantra.svg' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = { image: '/images/products/test.svg', averageRating: 4.25, totalReviews: 37 };
  await db
    .insertInto('product')
    .values([
      {
        ...base,
        name: MERU,
        description: LONG_DESCRIPTION,
        price: 4500,
        offerPrice: 3999,
        stockQuantity: 0,
        categoryId: yantras,
      },
      {
        ...base,
        name: LOW_STOCK,
        description: '<p>Wealth yantra</p>',
        price: 1500,
        offerPrice: 1199,
        stockQuantity: 3,
        categoryId: yantras,
      },
      {
        ...base,
        name: PRICEY,
        description: 'Certified emerald',
        price: 32000,
        offerPrice: 27500,
        stockQuantity: 8,
        categoryId: first.id,
      },
    ])
    .execute();
}

const api = <T,>(path: string) => getJson<T>(shop, path);

const byName = (name: string) => {
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`No product ${name}`);
  return product;
};
/** The price filter starts at the whole catalogue's range, so every product is in it. */
const inDefaultRange = (p: Product) => p.offerPrice >= PRODUCT_PRICE_MIN;
const highestPrice = () => Math.max(...products.map((p) => p.offerPrice));
/** The names of the list's first page (the server answers LIST_PAGE_SIZE at a time), newest first. */
const newestFirst = (list: Product[]) =>
  [...list]
    .sort((a, b) => b.id - a.id)
    .slice(0, LIST_PAGE_SIZE)
    .map((p) => p.name);

const results = () => screen.getByRole('region', { name: 'Products' });
const shownNames = () =>
  within(results())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const waitForList = () => screen.findByText(/^Showing \d+ products?$/);

beforeAll(async () => {
  await addFixtures(shop.db);
  products = (await api<{ products: Product[] }>('/products')).products;
  categories = (await api<{ categories: Category[] }>('/categories')).categories;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('product list', () => {
  it('shows a spinner, then the first page of products in the default price range, newest first', async () => {
    renderAppAt('/products');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Products' })).toBeInTheDocument();
    await waitForList();

    expect(shownNames()).toEqual(newestFirst(products.filter(inDefaultRange)));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const card = screen.getByRole('article', { name: LOW_STOCK });
    const kuber = byName(LOW_STOCK);
    expect(within(card).getByRole('img', { name: LOW_STOCK })).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByRole('link', { name: LOW_STOCK })).toHaveAttribute(
      'href',
      `#/productDetails/${kuber.id}`,
    );
    expect(within(card).getByRole('link', { name: `View Details of ${LOW_STOCK}` })).toHaveAttribute(
      'href',
      `#/productDetails/${kuber.id}`,
    );
    expect(within(card).getByText(TEST_CATEGORY)).toBeInTheDocument();
    expect(within(card).getByText(formatRupees(kuber.offerPrice))).toBeInTheDocument();
    expect(within(card).getByText(`M.R.P ${formatRupees(kuber.price)}`)).toBeInTheDocument();
    // The rating shows on the card, as on the product page.
    expect(
      within(card).getByRole('img', { name: `Rated ${kuber.averageRating.toFixed(1)} out of 5` }),
    ).toBeInTheDocument();
    expect(within(card).getByText(`(${kuber.totalReviews} reviews)`)).toBeInTheDocument();
  });

  it('starts the price filter at the whole catalogue range, so the dearest products show', async () => {
    const user = userEvent.setup();
    const pricey = byName(PRICEY);
    renderAppAt('/products');
    await waitForList();
    expect(screen.getByRole('article', { name: pricey.name })).toBeInTheDocument();
    expect(shownNames()).toEqual(newestFirst(products));

    const max = screen.getByLabelText('Max price');
    await waitFor(() => expect(max).toHaveValue(highestPrice()));
    expect(screen.getByLabelText('Min price')).toHaveValue(PRODUCT_PRICE_MIN);

    // Empty or lowered bounds never crash: empty means the whole range, and the bounds are inclusive.
    await user.clear(max);
    await waitFor(() => expect(window.location.hash).toBe('#/products'));
    expect(shownNames()).toEqual(newestFirst(products));
    await user.type(max, String(byName(LOW_STOCK).offerPrice));
    await waitFor(() =>
      expect(shownNames()).toEqual(
        newestFirst(products.filter((p) => p.offerPrice <= byName(LOW_STOCK).offerPrice)),
      ),
    );
    expect(screen.queryByRole('article', { name: pricey.name })).not.toBeInTheDocument();
    expect(window.location.hash).toBe(`#/products?maxPrice=${byName(LOW_STOCK).offerPrice}`);
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(max).toHaveValue(highestPrice());
    await waitFor(() => expect(shownNames()).toEqual(newestFirst(products)));
    expect(window.location.hash).toBe('#/products');
  });

  it('a minimum above the maximum shows the empty message without asking the server', async () => {
    const user = userEvent.setup();
    renderAppAt('/products?minPrice=900&maxPrice=899');
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 products')).toBeInTheDocument();
    expect(net.urls.filter((url) => url.startsWith('/products?') && url.includes('offset'))).toEqual([]);
    await user.clear(screen.getByLabelText('Min price'));
    await waitFor(() =>
      expect(shownNames()).toEqual(newestFirst(products.filter((p) => p.offerPrice <= 899))),
    );
  });

  it('narrows by search on name or description, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderAppAt('/products');
    await waitForList();
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    expect(search).toHaveAttribute('placeholder', 'Search products...');

    await user.type(search, 'DHANA YANTRA');
    await waitFor(() => expect(shownNames()).toEqual([LOW_STOCK]));

    await user.clear(search);
    await user.type(search, 'prosperity');
    const matching = products.filter(
      (p) => inDefaultRange(p) && stripHtml(p.description).toLowerCase().includes('prosperity'),
    );
    expect(matching.some((p) => !p.name.toLowerCase().includes('prosperity'))).toBe(true);
    await waitFor(() => expect(shownNames()).toEqual(newestFirst(matching)));

    await user.clear(search);
    await user.type(search, 'no such thing anywhere');
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    expect(shownNames()).toEqual([]);
  });

  it('keeps the filters in the route: a shared link opens the same list, the form filled in', async () => {
    const yantras = categories.find((c) => c.category === TEST_CATEGORY)!;
    renderAppAt(`/products?q=yantra&category=${yantras.id}&sort=price-asc&maxPrice=2000`);
    await waitFor(() => expect(shownNames()).toEqual([LOW_STOCK]));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('yantra');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(String(yantras.id));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    expect(screen.getByLabelText('Max price')).toHaveValue(2000);
    expect(screen.getByText('Showing 1 product')).toBeInTheDocument();
  });

  it('writes each filter to the route as it applies, replacing the entry, and follows Back to another route', async () => {
    const user = userEvent.setup();
    const yantras = categories.find((c) => c.category === TEST_CATEGORY)!;
    renderAppAt('/products');
    await waitForList();
    const entries = window.history.length;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low');
    await waitFor(() => expect(window.location.hash).toBe('#/products?sort=price-desc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), TEST_CATEGORY);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'Meru');
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/products?category=${yantras.id}&q=Meru&sort=price-desc`),
    );
    await waitFor(() => expect(shownNames()).toEqual([MERU]));
    // One entry for the list, whatever was typed: Back leaves the list rather than undoing letters.
    expect(window.history.length).toBe(entries);

    // Another route to the same page (the header's Products link): the list and the form follow it.
    act(() => {
      window.location.hash = '#/products';
    });
    await waitFor(() => expect(shownNames()).toEqual(newestFirst(products)));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('preselects the category from /products/{id}', async () => {
    const yantras = categories.find((c) => c.category === TEST_CATEGORY);
    if (!yantras) throw new Error('fixture category missing');
    renderAppAt(`/products/${yantras.id}`);
    await waitForList();

    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select).toHaveValue(String(yantras.id));
    await waitFor(() => expect(select).toHaveDisplayValue(TEST_CATEGORY));
    expect(shownNames()).toEqual(
      newestFirst(products.filter((p) => p.categoryId === yantras.id && inDefaultRange(p))),
    );

    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All Categories', ...categories.map((c) => c.category)]);

    // Reset leads back to the route's category, not to all products.
    const user = userEvent.setup();
    await user.selectOptions(select, 'All Categories');
    await waitFor(() => expect(shownNames()).toEqual(newestFirst(products)));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(select).toHaveValue(String(yantras.id));
    await waitFor(() =>
      expect(shownNames()).toEqual(newestFirst(products.filter((p) => p.categoryId === yantras.id))),
    );
  });

  it('sorts by selling price', async () => {
    const user = userEvent.setup();
    renderAppAt('/products');
    await waitForList();
    const visible = products.filter(inDefaultRange);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Price: Low to High', 'Price: High to Low']);

    await user.selectOptions(sort, 'Price: Low to High');
    const cheapest = Math.min(...visible.map((p) => p.offerPrice));
    await waitFor(() => expect(byName(shownNames()[0] ?? '').offerPrice).toBe(cheapest));

    await user.selectOptions(sort, 'Price: High to Low');
    const dearest = Math.max(...visible.map((p) => p.offerPrice));
    await waitFor(() => expect(byName(shownNames()[0] ?? '').offerPrice).toBe(dearest));
  });

  it('shows stock badges on the right cards', async () => {
    renderAppAt('/products');
    await waitForList();
    await waitFor(() => expect(shownNames()).toHaveLength(Math.min(LIST_PAGE_SIZE, products.length)));
    const visible = shownNames().map((name) => byName(name ?? ''));
    expect(visible.some((p) => p.stockQuantity <= 0)).toBe(true);
    expect(visible.some((p) => p.stockQuantity >= 1 && p.stockQuantity <= 5)).toBe(true);
    for (const p of visible) {
      const card = within(screen.getByRole('article', { name: p.name }));
      if (p.stockQuantity <= 0) expect(card.getByText('Out of Stock')).toBeInTheDocument();
      else expect(card.queryByText('Out of Stock')).not.toBeInTheDocument();
      if (p.stockQuantity >= 1 && p.stockQuantity <= 5)
        expect(card.getByText(`Only ${p.stockQuantity} left`)).toBeInTheDocument();
      else expect(card.queryByText(/^Only \d+ left$/)).not.toBeInTheDocument();
    }
  });

  it('shows "Failed to fetch products" when the network fails, and Retry recovers', async () => {
    const user = userEvent.setup();
    expect(await alertWhileOffline(net, /^\/products$/, '/products')).toHaveTextContent(
      'Failed to fetch products',
    );

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitForList();
    expect(shownNames()).toEqual(newestFirst(products.filter(inDefaultRange)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps working with All Categories only when categories fail (logged, no banner)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    net.failNetwork(/^\/categories$/);
    renderAppAt('/products');
    await waitForList();
    await waitFor(() => expect(logged).toHaveBeenCalled());

    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Categories']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shownNames()).toEqual(newestFirst(products.filter(inDefaultRange)));
  });
});

describe('product detail', () => {
  it('shows the product with prices, rating, short description, Buy Now and the plain description', async () => {
    const p = byName(MERU);
    renderAppAt(`/productDetails/${p.id}`);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: p.name })).toBeInTheDocument();

    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#/');
    expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '#/products');
    expect(breadcrumb.getByText(p.name)).toHaveAttribute('aria-current', 'page');

    expect(screen.getByRole('img', { name: p.name })).toBeInTheDocument();
    expect(screen.getByText(p.category)).toBeInTheDocument();
    const offer = screen.getByText(formatRupees(p.offerPrice));
    expect(offer.textContent).toMatch(/^₹/);
    expect(screen.getByText(`M.R.P ${formatRupees(p.price)}`).closest('s')).not.toBeNull();
    expect(
      screen.getByText(`${Math.round(((p.price - p.offerPrice) / p.price) * 100)}% off`),
    ).toBeInTheDocument();

    expect(screen.getByText(`(${p.totalReviews} reviews)`)).toBeInTheDocument();
    expect(screen.getByText(p.averageRating.toFixed(1))).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: `Rated ${p.averageRating.toFixed(1)} out of 5` }),
    ).toBeInTheDocument();
    // The stock badge, and the Add to Cart button in its disabled "Out of Stock" form.
    expect(screen.getByText('Out of Stock', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

    const short = truncate(stripHtml(p.description), PRODUCT_SHORT_DESCRIPTION_CUT);
    expect(short.endsWith('...')).toBe(true);
    expect(screen.getByText(short)).toBeInTheDocument();

    // Out of stock, Buy Now stays on the page, disabled.
    expect(screen.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Add to Cart/i })).not.toBeInTheDocument();

    const description = screen.getByRole('region', { name: 'Product Description' });
    expect(
      within(description).getByRole('heading', { level: 2, name: 'Product Description' }),
    ).toBeInTheDocument();
    const text = description.textContent ?? '';
    expect(text).not.toContain('<');
    expect(text).not.toContain('&nbsp;');
    expect(text).toContain('pure copper and energised');
    expect(text).toContain('home & family.');
  });

  it.each([
    ['3 in stock', () => byName(LOW_STOCK)],
    // More than the per-order limit of 10 in stock: still one goes in.
    ['plenty in stock', () => products.find((p) => p.stockQuantity > 10)!],
  ])(
    'Buy Now as a visitor (%s) puts one in the cart and opens checkout, which asks for sign-in first',
    async (_, pick) => {
      const user = userEvent.setup();
      const p = pick();
      expect(p).toBeDefined();
      renderAppAt(`/productDetails/${p.id}`);
      const buy = await screen.findByRole('button', { name: 'Buy Now' });
      expect(buy).toBeEnabled();
      await user.click(buy);
      await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Fcheckout'));
      const stored = JSON.parse(localStorage.getItem('shop.cart') ?? '{}') as {
        items?: { id: number; quantity: number }[];
      };
      expect(stored.items?.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
        { id: p.id, quantity: 1 },
      ]);
    },
  );

  it('shows a not-found page with links to the lists for an unknown product, without Retry', async () => {
    renderAppAt('/productDetails/9999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '#/products');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '#/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows "Failed to fetch product details" when the network fails, and Retry recovers', async () => {
    const user = userEvent.setup();
    const p = byName(LOW_STOCK);
    expect(await alertWhileOffline(net, /^\/products\/\d+$/, `/productDetails/${p.id}`)).toHaveTextContent(
      'Failed to fetch product details',
    );

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: p.name })).toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
  });
});

describe('category page', () => {
  it('links every category to its product list', async () => {
    renderAppAt('/productCategory');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop by Category' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: categories[0]?.category });

    for (const category of categories) {
      const link = screen.getByRole('heading', { level: 2, name: category.category }).closest('a');
      expect(link).toHaveAttribute('href', `#/products/${category.id}`);
      expect(within(link as HTMLElement).getByRole('img', { name: category.name })).toBeInTheDocument();
    }
  });

  it('shows an error banner when categories fail, and Retry recovers', async () => {
    const user = userEvent.setup();
    expect(await alertWhileOffline(net, /^\/categories$/, '/productCategory')).toHaveTextContent(
      'Failed to fetch categories',
    );

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    for (const category of categories) {
      expect(await screen.findByRole('heading', { level: 2, name: category.category })).toBeInTheDocument();
    }
  });
});
