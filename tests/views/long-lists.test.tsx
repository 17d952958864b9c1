import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_PAGE_SIZE } from '../../contract/catalogue-display.ts';
import { seedScale } from '../../server/db/seed/scale.ts';
import { routeFetchToApp, type ApiFetchControl } from '../support/api-fetch.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop, type TestShop } from '../support/test-db.ts';

/**
 * A large catalogue: the product and puja lists render one page of cards and add a page at a
 * time with "Show more", so thousands of products never render (or tick) at once (docs/perf.md).
 */

const PRODUCTS = 130;
const PUJAS = 60;
let shop: TestShop;
let net: ApiFetchControl;

beforeAll(async () => {
  shop = await createTestShop();
  await seedScale(shop.db, { products: PRODUCTS, pujas: PUJAS });
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  net = routeFetchToApp(shop);
});
afterEach(() => {
  net.restore();
});

const cards = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('long lists', () => {
  it(`the product list asks the server for ${LIST_PAGE_SIZE} products at a time: "Show more" asks for the next page, a search starts again at one page`, async () => {
    const user = userEvent.setup();
    renderAppAt('/products');
    expect(await screen.findByText(`Showing ${PRODUCTS} products`)).toBeInTheDocument();
    const list = () => within(screen.getByRole('region', { name: 'Products' })).getAllByRole('article');
    expect(list()).toHaveLength(LIST_PAGE_SIZE);
    // Never the whole catalogue: one page, with the total.
    const listRequests = () =>
      net.urls.filter((url) => /^\/products(\?|$)/.test(url) && !url.includes('price-desc'));
    expect(listRequests()).toEqual([`/products?limit=${LIST_PAGE_SIZE}&offset=0`]);

    // Each "Show more" asks for the next page from where the list ends, until none is left.
    for (let shown = LIST_PAGE_SIZE; shown < PRODUCTS; shown += LIST_PAGE_SIZE) {
      await user.click(screen.getByRole('button', { name: `Show more products (${PRODUCTS - shown} more)` }));
      await waitFor(() => expect(list()).toHaveLength(Math.min(PRODUCTS, shown + LIST_PAGE_SIZE)));
      expect(listRequests().at(-1)).toBe(`/products?limit=${LIST_PAGE_SIZE}&offset=${shown}`);
    }
    expect(screen.queryByRole('button', { name: /^Show more products/ })).not.toBeInTheDocument();

    const before = listRequests().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'No.');
    await waitFor(() => expect(list()).toHaveLength(LIST_PAGE_SIZE));
    const matching = Number(
      /Showing (\d+) products/.exec(screen.getByText(/^Showing \d+ products$/).textContent)![1],
    );
    expect(matching).toBeGreaterThan(LIST_PAGE_SIZE);
    expect(matching).toBeLessThan(PRODUCTS);
    // Three letters typed at once: one question, once typing paused.
    expect(listRequests().slice(before)).toEqual([`/products?limit=${LIST_PAGE_SIZE}&offset=0&q=No.`]);
  });

  it(`the puja list shows ${LIST_PAGE_SIZE} pujas, each with its countdown, and "Show more pujas" adds the rest`, async () => {
    const user = userEvent.setup();
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    expect(cards('Pujas')).toHaveLength(LIST_PAGE_SIZE);
    // Only the cards shown tick (closed pujas show "Booking Closed" instead of a timer).
    expect(screen.getAllByRole('timer').length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    expect(net.urls.filter((url) => url.startsWith('/pujas'))).toEqual([
      `/pujas?limit=${LIST_PAGE_SIZE}&offset=0`,
    ]);
    for (let shown = LIST_PAGE_SIZE; shown < PUJAS; shown += LIST_PAGE_SIZE) {
      await user.click(screen.getByRole('button', { name: `Show more pujas (${PUJAS - shown} more)` }));
      await waitFor(() => expect(cards('Pujas')).toHaveLength(Math.min(PUJAS, shown + LIST_PAGE_SIZE)));
    }
    expect(screen.queryByRole('button', { name: /^Show more pujas/ })).not.toBeInTheDocument();
  });
});
