import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOME_ASTROLOGERS, HOME_PRODUCTS, HOME_PUJAS } from '../../contract/catalogue-display.ts';
import type { Astrologer, Category, Product, Puja } from '../../contract/catalogue.ts';
import { App } from '../../src/app/app.tsx';
import { site } from '../../src/lib/config.ts';
import { formatRupees } from '../../contract/money.ts';
import { routeFetchToApp, type ApiFetchControl } from '../support/api-fetch.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop, type TestShop } from '../support/test-db.ts';
import { getJson } from '../support/test-db.ts';
import { testAuthorisation } from '../support/authorisation.ts';

const HOME_PATHS = ['/pujas', '/categories', '/products', '/astrologers/getAllAstrologersWeb'];

let shop: TestShop;
let net: ApiFetchControl;
let pujas: Puja[];
let categories: Category[];
let products: Product[];
let allAstrologers: Astrologer[];
let astrologers: Astrologer[];

const api = <T,>(path: string) => getJson<T>(shop, path);

/**
 * "Exactly 6 / 4 / 12" only means something when the catalogue has more than that: top the
 * test database up if the demo catalogue is ever smaller.
 */
async function ensureMoreThanHomeLimits() {
  const now = Date.now();
  for (let n = (await api<{ pujas: Puja[] }>('/pujas')).pujas.length; n <= HOME_PUJAS; n++) {
    await shop.db
      .insertInto('puja')
      .values({
        pujaName: `Extra Puja ${n}`,
        place: 'Sri Ranganathaswamy Temple, Srirangam',
        noDevotes: 100 + n,
        pujaDate: new Date(now + (10 + n) * 86_400_000).toISOString(),
        startDate: null,
        image: '/images/pujas/extra.svg',
        description: '<p>An extra puja.</p>',
        inDemand: 0,
        benefitTitle1: 'Peace',
        benefitDesc1: 'Peace.',
        benefitTitle2: 'Health',
        benefitDesc2: 'Health.',
        benefitTitle3: 'Wealth',
        benefitDesc3: 'Wealth.',
        benefitTitle4: 'Wisdom',
        benefitDesc4: 'Wisdom.',
        ...testAuthorisation,
      })
      .execute();
  }
  const someCategory = (await api<{ categories: Category[] }>('/categories')).categories[0];
  if (!someCategory) throw new Error('The seeded catalogue has no categories');
  for (let n = (await api<{ products: Product[] }>('/products')).products.length; n <= HOME_PRODUCTS; n++) {
    await shop.db
      .insertInto('product')
      .values({
        name: `Extra Product ${n}`,
        description: '<p>An extra product.</p>',
        price: 1000 + n,
        offerPrice: 800 + n,
        image: '/images/products/extra.svg',
        stockQuantity: 10,
        categoryId: someCategory.id,
        averageRating: 4,
        totalReviews: 3,
      })
      .execute();
  }
  for (
    let n = (await api<Astrologer[]>('/astrologers/getAllAstrologersWeb')).length;
    n <= HOME_ASTROLOGERS;
    n++
  ) {
    await shop.db
      .insertInto('astrologer')
      .values({
        name: `Extra Astrologer ${n}`,
        photo: '/images/astrologers/extra.svg',
        specializations: JSON.stringify(['Tarot']),
        experience: 5,
        ratePerMinute: 20,
        bio: `Extra astrologer ${n}.`,
      })
      .execute();
  }
}

/** Holds every API response until released, so the loading state can be observed. */
function holdResponses() {
  const routed = globalThis.fetch;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    await released;
    return routed(...args);
  };
  return () => {
    globalThis.fetch = routed;
    release();
  };
}

/** The <section> under an h2 of the home page. */
function sectionOf(title: string): HTMLElement {
  const section = screen.getByRole('heading', { level: 2, name: title }).closest('section');
  if (!section) throw new Error(`No section for ${title}`);
  return section;
}

async function openHome() {
  const view = renderAppAt('/');
  await screen.findByRole('heading', { level: 1, name: 'Book pujas and talk to astrologers on the go' });
  return view;
}

async function findCarousel() {
  return screen.findByRole('region', { name: 'Our Top Astrologers' });
}

const countOf = (path: string) => net.requests.filter((p) => p === path).length;

beforeAll(async () => {
  shop = await createTestShop();
  await ensureMoreThanHomeLimits();
  pujas = (await api<{ pujas: Puja[] }>('/pujas')).pujas;
  categories = (await api<{ categories: Category[] }>('/categories')).categories;
  products = (await api<{ products: Product[] }>('/products')).products;
  allAstrologers = await api<Astrologer[]>('/astrologers/getAllAstrologersWeb');
  astrologers = allAstrologers.slice(0, HOME_ASTROLOGERS);
});

afterAll(async () => {
  await shop.close();
});

beforeEach(() => {
  net = routeFetchToApp(shop);
});

afterEach(() => {
  net.failNetwork(null);
  net.restore();
});

describe('home page', () => {
  it('shows a spinner in each section while loading', async () => {
    const release = holdResponses();
    try {
      await openHome();
      for (const title of ['Popular Pujas', 'Shop by Category', 'Featured Products', 'Our Top Astrologers']) {
        expect(within(sectionOf(title)).getByRole('status')).toBeInTheDocument();
      }
    } finally {
      release();
    }
    await findCarousel();
    for (const title of ['Popular Pujas', 'Shop by Category', 'Featured Products', 'Our Top Astrologers']) {
      await waitFor(() => expect(within(sectionOf(title)).queryByRole('status')).not.toBeInTheDocument());
    }
  });

  it('promotes the app with a Google Play badge', async () => {
    await openHome();
    const badge = screen.getByRole('link', { name: 'Get it on Google Play' });
    expect(badge).toHaveAttribute('href', site.appStoreUrl);
    expect(badge).toHaveAttribute('target', '_blank');
    expect(badge).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('lists the first 6 pujas with a link to all pujas', async () => {
    expect(pujas.length).toBeGreaterThan(HOME_PUJAS);
    await openHome();
    const section = sectionOf('Popular Pujas');
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(HOME_PUJAS);
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(
      pujas.slice(0, HOME_PUJAS).map((p) => p.pujaName),
    );
    expect(within(section).getByRole('list')).toHaveClass('grid--3');
    expect(within(section).getByRole('link', { name: 'View All Pujas' })).toHaveAttribute('href', '#/pujas');
  });

  it('lists every category, each linking to its product list', async () => {
    await openHome();
    const section = sectionOf('Shop by Category');
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(categories.length);
    categories.forEach((category, i) => {
      const item = items[i]!;
      expect(within(item).getByRole('heading', { name: category.category })).toBeInTheDocument();
      expect(within(item).getByRole('link')).toHaveAttribute('href', `#/products/${category.id}`);
      expect(within(item).getByRole('img', { name: category.name })).toBeInTheDocument();
    });
    expect(within(section).getByRole('link', { name: 'View All Products' })).toHaveAttribute(
      'href',
      '#/products',
    );
  });

  it('features the first 4 products with M.R.P struck through and the offer price', async () => {
    expect(products.length).toBeGreaterThan(HOME_PRODUCTS);
    await openHome();
    const section = sectionOf('Featured Products');
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(HOME_PRODUCTS);
    products.slice(0, HOME_PRODUCTS).forEach((product, i) => {
      const item = items[i]!;
      expect(within(item).getByRole('heading', { level: 3, name: product.name })).toBeInTheDocument();
      expect(within(item).getByText(formatRupees(product.offerPrice))).toBeInTheDocument();
      if (product.offerPrice < product.price) {
        expect(item.querySelector('s')).toHaveTextContent(`M.R.P ${formatRupees(product.price)}`);
      }
      const hrefs = within(item)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(new Set(hrefs)).toEqual(new Set([`#/productDetails/${product.id}`]));
    });
    expect(products.slice(0, HOME_PRODUCTS).some((p) => p.offerPrice < p.price)).toBe(true);
  });

  it('shows up to 12 astrologers in a carousel with dots, previous and next buttons', async () => {
    expect(allAstrologers.length).toBeGreaterThan(HOME_ASTROLOGERS);
    await openHome();
    const carousel = await findCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(HOME_ASTROLOGERS);
    expect(slides.map((slide) => within(slide).getByRole('heading', { level: 3 }).textContent)).toEqual(
      astrologers.map((a) => a.name),
    );

    const first = astrologers[0]!;
    const firstSlide = slides[0]!;
    expect(within(firstSlide).getByRole('img', { name: first.name })).toHaveAttribute(
      'src',
      expect.stringContaining(first.photo.replace(/^\/+/, '')),
    );
    expect(firstSlide).toHaveTextContent(first.specializations.join(', '));
    expect(firstSlide).toHaveTextContent(`${first.experience} years experience`);
    expect(firstSlide).toHaveTextContent(`${formatRupees(first.ratePerMinute)}/min`);
    expect(within(firstSlide).getByRole('button', { name: /^View Profile/ })).toBeInTheDocument();

    const dots = within(carousel).getAllByRole('button', { name: /^Go to slide \d+$/ });
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(
      astrologers.map((_, i) => `Go to slide ${i + 1}`),
    );
    expect(dots.filter((d) => d.getAttribute('aria-current') === 'true')).toHaveLength(1);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(within(carousel).getByRole('button', { name: 'Previous astrologers' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Next astrologers' })).toBeInTheDocument();

    // The buttons work from the keyboard without throwing, and pausing is offered.
    const user = userEvent.setup();
    await user.click(within(carousel).getByRole('button', { name: 'Next astrologers' }));
    await user.click(dots[2]!);
    await user.click(within(carousel).getByRole('button', { name: 'Pause automatic sliding' }));
    expect(within(carousel).getByRole('button', { name: 'Start automatic sliding' })).toBeInTheDocument();

    const all = screen.getByRole('link', { name: /^View All Astrologers/ });
    expect(all).toHaveAttribute('href', site.appStoreUrl);
    expect(all).toHaveAttribute('target', '_blank');
  });

  it('opens an astrologer profile dialog and closes it with the Close button and with Escape', async () => {
    const user = userEvent.setup();
    await openHome();
    const carousel = await findCarousel();
    const [first, second] = astrologers as [Astrologer, Astrologer];
    const [firstButton, secondButton] = within(carousel).getAllByRole('button', {
      name: /^View Profile/,
    }) as [HTMLElement, HTMLElement];

    await user.click(firstButton);
    const dialog = await screen.findByRole('dialog', { name: first.name });
    expect(within(dialog).getByRole('heading', { name: first.name })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(first.bio);
    expect(within(dialog).getByRole('img', { name: first.name })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(first.specializations.join(', '));
    expect(dialog).toHaveTextContent(`${first.experience} years`);
    expect(dialog).toHaveTextContent(`${formatRupees(first.ratePerMinute)}/min`);
    const chat = within(dialog).getByRole('link', { name: /^Start Chat/ });
    expect(chat).toHaveAttribute('href', site.appStoreUrl);
    expect(chat).toHaveAttribute('target', '_blank');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(firstButton).toHaveFocus();

    await user.click(secondButton);
    expect(await screen.findByRole('dialog', { name: second.name })).toHaveTextContent(second.bio);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(secondButton).toHaveFocus();
  });

  it('requests each of its four API paths exactly once, also across re-renders', async () => {
    const user = userEvent.setup();
    const view = await openHome();
    const carousel = await findCarousel();
    await within(sectionOf('Featured Products')).findAllByRole('listitem');
    await within(sectionOf('Shop by Category')).findAllByRole('listitem');
    await within(sectionOf('Popular Pujas')).findAllByRole('listitem');

    await user.click(within(carousel).getAllByRole('button', { name: /^View Profile/ })[0]!);
    await user.keyboard('{Escape}');
    view.rerender(<App />);
    await findCarousel();

    for (const path of HOME_PATHS) expect(countOf(path), path).toBe(1);
  });

  it('asks the API for only the 6 pujas and 4 products it shows, however large the catalogue', async () => {
    await openHome();
    await within(sectionOf('Featured Products')).findAllByRole('listitem');
    await within(sectionOf('Popular Pujas')).findAllByRole('listitem');
    expect(net.urls).toContain('/pujas?limit=6');
    expect(net.urls).toContain('/products?limit=4');
    expect(net.urls.filter((url) => url === '/pujas' || url === '/products')).toEqual([]);
  });

  it('shows an error with Retry in the failed section only, and Retry reloads that section', async () => {
    const user = userEvent.setup();
    net.failNetwork(/\/categories/);
    await openHome();

    const section = sectionOf('Shop by Category');
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch categories');

    // The other sections load as usual.
    expect(await within(sectionOf('Popular Pujas')).findAllByRole('listitem')).toHaveLength(HOME_PUJAS);
    expect(await within(sectionOf('Featured Products')).findAllByRole('listitem')).toHaveLength(
      HOME_PRODUCTS,
    );
    expect(await findCarousel()).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    net.failNetwork(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(categories.length);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `#/products/${categories[0]!.id}`);

    expect(countOf('/categories')).toBe(2);
    for (const path of HOME_PATHS.filter((p) => p !== '/categories')) expect(countOf(path), path).toBe(1);
  });
});
