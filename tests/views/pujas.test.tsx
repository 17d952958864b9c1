import { isBookingOpen } from '../../contract/policy.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PUJA_DELIVERABLES, STARTING_SOON_DAYS } from '../../contract/catalogue-display.ts';
import type { Puja, PujaPackage } from '../../contract/catalogue.ts';
import type { NewPuja } from '../../server/db/catalogue-types.ts';
import { formatRupees } from '../../contract/money.ts';
import { catalogueBlocks, formatDateTime, stripHtml } from '../../src/lib/format.ts';
import { PujaCard } from '../../src/ui/puja-card.tsx';
import { site } from '../../src/lib/config.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { alertWhileOffline } from '../support/screens.ts';
import { createTestShop } from '../support/test-db.ts';
import { getJson } from '../support/test-db.ts';
import { testAuthorisation } from '../support/authorisation.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const DAY = 86_400_000;
const watched = (n: number) => `${new Intl.NumberFormat('en-IN').format(n)} Watched`;

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop, { per: 'file' });
let pujas: Puja[];

const api = <T,>(path: string) => getJson<T>(shop, path);

const fetchAllPujas = async () => (await api<{ pujas: Puja[] }>('/pujas')).pujas;
const packagesOf = async (id: number) => (await api<{ packages: PujaPackage[] }>(`/packages/${id}`)).packages;

/**
 * The states these tests need (a closed puja, a long description, a puja without packages)
 * come from the seeded catalogue when it has them; otherwise one such puja is added to the
 * test database, so the tests hold however the demo catalogue grows.
 */
async function ensurePuja(has: (p: Puja, packages: PujaPackage[]) => boolean, extra: Partial<NewPuja>) {
  for (const p of await fetchAllPujas()) if (has(p, await packagesOf(p.id))) return;
  await shop.db
    .insertInto('puja')
    .values({
      pujaName: `Test Puja ${Math.random().toString(36).slice(2, 8)}`,
      place: 'Sri Meenakshi Amman Temple, Madurai',
      noDevotes: 12_345,
      pujaDate: new Date(Date.now() + 30 * DAY).toISOString(),
      startDate: new Date(Date.now() + 30 * DAY).toISOString(),
      image: '/images/pujas/test.svg',
      description: '<p>A puja for the family.</p>',
      inDemand: 0,
      benefitTitle1: 'Harmony',
      benefitDesc1: 'Harmony at home.',
      benefitTitle2: 'Courage',
      benefitDesc2: 'Strength in hard times.',
      benefitTitle3: 'Wisdom',
      benefitDesc3: 'Clarity in decisions.',
      benefitTitle4: 'Protection',
      benefitDesc4: 'Protection from negativity.',
      ...testAuthorisation,
      ...extra,
    })
    .execute();
}

// Booking closes at the sankalp lock (docs/product-rules.md, Booking window and countdowns).
const isClosed = (p: Puja) => !isBookingOpen(p.pujaDate, new Date());
const isOpen = (p: Puja) => !isClosed(p);
const hasLongDescription = (p: Puja) => stripHtml(p.description).length > 100;

/** The puja's own date, which the filters read (not its listing's startDate). */
function startOf(p: Puja): number {
  return p.pujaDate ? Date.parse(p.pujaDate) : NaN;
}

function cardHeadings() {
  return within(screen.getByRole('list', { name: 'Pujas' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);
}

beforeAll(async () => {
  await ensurePuja((p) => isClosed(p), {
    pujaName: 'Closed Test Puja',
    pujaDate: new Date(Date.now() - 2 * DAY).toISOString(),
    startDate: new Date(Date.now() - 2 * DAY).toISOString(),
  });
  await ensurePuja(hasLongDescription, {
    pujaName: 'Long Description Test Puja',
    description:
      '<p>This sacred&nbsp;puja is performed by experienced priests at the temple, with Vedic chanting, abhishekam, archana and homam for the wellbeing of the whole family.</p>',
  });
  await ensurePuja((_, packages) => packages.length === 0, { pujaName: 'No Packages Test Puja' });
  // Listing and puja dates that disagree, the way the catalogue has them: the filter must read pujaDate.
  await ensurePuja(() => false, {
    pujaName: 'Thirteen Days Out Test Puja',
    startDate: new Date(Date.now() + 2 * DAY).toISOString(),
    pujaDate: new Date(Date.now() + 13 * DAY).toISOString(),
  });
  await ensurePuja(() => false, {
    pujaName: 'Five Days Out Test Puja',
    startDate: new Date(Date.now() + 9 * DAY).toISOString(),
    pujaDate: new Date(Date.now() + 5 * DAY).toISOString(),
  });
  await ensurePuja((p, packages) => isOpen(p) && packages.length > 0, {});
  // Places at the temple (docs/product-rules.md): few left, and plenty.
  await ensurePuja(() => false, { pujaName: 'Twelve Places Test Puja', capacity: 12 });
  await ensurePuja(() => false, { pujaName: 'Plenty of Places Test Puja', capacity: 500 });
  await ensurePuja(() => false, {
    pujaName: 'Closed Five Places Test Puja',
    capacity: 5,
    pujaDate: new Date(Date.now() - DAY).toISOString(),
    startDate: new Date(Date.now() - 2 * DAY).toISOString(),
  });
  pujas = await fetchAllPujas();
});

afterEach(() => {
  net.failNetwork(null);
});

describe('Puja list (/pujas)', () => {
  it('a card shows the true places left when 20 or fewer remain and it is open, else no count', async () => {
    renderAppAt('/pujas');
    const list = await screen.findByRole('list', { name: 'Pujas' });
    const cardOf = (name: string) =>
      within(within(list).getByRole('heading', { name }).closest('article') as HTMLElement);
    expect(cardOf('Twelve Places Test Puja').getByText('12 places left')).toBeInTheDocument();
    expect(
      cardOf('Plenty of Places Test Puja').queryByText(/places? left|Fully booked/),
    ).not.toBeInTheDocument();
    // A closed date says "Booking Closed" alone.
    expect(cardOf('Closed Five Places Test Puja').queryByText('5 places left')).not.toBeInTheDocument();
    // The count is the server's: a badge for each open puja with 20 places or fewer left, no other.
    expect(within(list).getAllByText(/places? left$|^Fully booked$/)).toHaveLength(
      pujas.filter((p) => isOpen(p) && p.placesLeft !== null && p.placesLeft <= 20).length,
    );
  });

  it("the puja's page shows its places left too", async () => {
    const twelve = pujas.find((p) => p.pujaName === 'Twelve Places Test Puja')!;
    renderAppAt(`/pujas/${twelve.id}`);
    await screen.findByRole('heading', { level: 1, name: twelve.pujaName });
    expect(screen.getByText('12 places left')).toBeInTheDocument();
  });

  it('each card shows the puja date with its time, and "from" the cheapest package offer price', async () => {
    renderAppAt('/pujas');
    const list = await screen.findByRole('list', { name: 'Pujas' });
    const cards = within(list).getAllByRole('article');
    let priced = 0;
    // The list is in date order (docs/product-rules.md, Catalogue queries): each puja's card by its name.
    expect(cards).toHaveLength(pujas.length);
    // A puja repeated on later dates has a card per date, under the same name: each by its link.
    for (const p of pujas) {
      const article = cards.find((c) => c.querySelector(`a[href="#/pujas/${p.id}"]`) !== null);
      expect(article, p.pujaName).toBeDefined();
      const card = within(article!);
      const packages = await packagesOf(p.id);
      if (p.pujaDate)
        expect(card.getByText(formatDateTime(p.pujaDate), { selector: 'time' })).toBeInTheDocument();
      if (packages.length > 0) {
        const cheapest = Math.min(...packages.map((pkg) => pkg.offerPrice));
        expect(card.getByText(/^from/)).toHaveTextContent(`from ${formatRupees(cheapest)}`);
        priced += 1;
      } else {
        expect(card.queryByText(/^from/)).not.toBeInTheDocument();
      }
    }
    expect(priced).toBeGreaterThan(0);
  });

  it('shows a spinner first, then a card for every puja from the API', async () => {
    renderAppAt('/pujas');
    expect(screen.getByRole('status')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Pujas' })).toBeInTheDocument();
    expect(screen.getByText('Book Your Puja')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Pujas' });

    expect(cardHeadings()).toEqual(pujas.map((p) => p.pujaName));
    for (const [index, p] of pujas.entries()) {
      expect(screen.getAllByText(watched(p.noDevotes)).length).toBeGreaterThan(0);
      const date = formatDateTime(p.pujaDate);
      if (date) expect(screen.getAllByText(date, { selector: 'time' }).length).toBeGreaterThan(0);
      // The first card is the page's largest paint: its image loads at once; the rest when near.
      // The same name again is the same puja on a later date (docs/product-rules.md, Rescheduling).
      const sameNameBefore = pujas.slice(0, index).filter((q) => q.pujaName === p.pujaName).length;
      expect(screen.getAllByRole('img', { name: p.pujaName })[sameNameBefore]).toHaveAttribute(
        'loading',
        index === 0 ? 'eager' : 'lazy',
      );
    }
    // A closed puja is not "In Demand".
    expect(screen.queryAllByText('In Demand')).toHaveLength(
      pujas.filter((p) => p.inDemand && isOpen(p)).length,
    );

    const links = screen.getAllByRole('link', { name: /^View Details/ });
    expect(links).toHaveLength(pujas.length);
    pujas.forEach((p, index) => {
      expect(links[index]).toHaveAccessibleName(`View Details of ${p.pujaName}`);
      expect(links[index]).toHaveAttribute('href', `#/pujas/${p.id}`);
    });
  });

  it('cuts long descriptions to 100 characters plus "..." with the HTML stripped', async () => {
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    const long = pujas.find(hasLongDescription);
    if (!long) throw new Error('no puja with a long description');
    const text = stripHtml(long.description);
    expect(screen.getByText(`${text.slice(0, 100)}...`)).toBeInTheDocument();
    for (const p of pujas.filter((q) => !hasLongDescription(q))) {
      expect(screen.getAllByText(stripHtml(p.description)).length).toBeGreaterThan(0);
    }
  });

  it('shows countdown boxes for open pujas and Booking Closed for closed ones', async () => {
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    expect(screen.queryAllByText('Booking Closed')).toHaveLength(pujas.filter(isClosed).length);
    expect(screen.getAllByLabelText(/^Booking closes in \d+ days \d+ hours$/)).toHaveLength(
      pujas.filter(isOpen).length,
    );
  });

  it('filters by a case-insensitive search and shows the empty message', async () => {
    const user = userEvent.setup();
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    const search = screen.getByRole('searchbox', { name: 'Search pujas' });
    expect(search).toHaveAttribute('placeholder', 'Search pujas...');

    const target = pujas[0]!;
    await user.type(search, target.pujaName.toUpperCase());
    await waitFor(() =>
      expect(cardHeadings()).toEqual(
        pujas
          .filter((p) => p.pujaName.toLowerCase().includes(target.pujaName.toLowerCase()))
          .map((p) => p.pujaName),
      ),
    );

    await user.clear(search);
    await user.type(search, 'no such puja zzz');
    expect(await screen.findByText('No pujas found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pujas' })).not.toBeInTheDocument();
    expect(window.location.hash).toBe(
      `#/pujas?q=${encodeURIComponent('no such puja zzz').replace(/%20/g, '+')}`,
    );

    await user.clear(search);
    await waitFor(() => expect(cardHeadings()).toHaveLength(pujas.length));
    expect(window.location.hash).toBe('#/pujas');
  });

  it('keeps the search and date filter in the route, so a shared link opens the same list', async () => {
    const user = userEvent.setup();
    renderAppAt('/pujas?when=starting-soon&q=test');
    await screen.findByRole('list', { name: 'Pujas' });
    const now = Date.now();
    expect(cardHeadings()).toEqual(
      pujas
        .filter((p) => p.pujaName.toLowerCase().includes('test'))
        .filter((p) => startOf(p) > now && startOf(p) <= now + STARTING_SOON_DAYS * DAY)
        .map((p) => p.pujaName),
    );
    expect(cardHeadings()).toContain('Five Days Out Test Puja');
    expect(screen.getByRole('searchbox', { name: 'Search pujas' })).toHaveValue('test');
    expect(screen.getByRole('button', { name: 'Starting Soon' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All Pujas' }));
    await waitFor(() => expect(window.location.hash).toBe('#/pujas?q=test'));
    await waitFor(() => expect(cardHeadings()).toContain('Thirteen Days Out Test Puja'));
  });

  it('filters with All Pujas, Upcoming and Starting Soon', async () => {
    const user = userEvent.setup();
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    const button = (name: string) => screen.getByRole('button', { name });
    const names = (keep: (start: number, now: number) => boolean) => {
      const now = Date.now();
      return pujas.filter((p) => keep(startOf(p), now)).map((p) => p.pujaName);
    };
    const show = () => (screen.queryByRole('list', { name: 'Pujas' }) ? cardHeadings() : []);

    expect(button('All Pujas')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Upcoming')).toHaveAttribute('aria-pressed', 'false');

    await user.click(button('Starting Soon'));
    expect(button('Starting Soon')).toHaveAttribute('aria-pressed', 'true');
    expect(button('All Pujas')).toHaveAttribute('aria-pressed', 'false');
    const soon = names((start, now) => start > now && start <= now + STARTING_SOON_DAYS * DAY);
    await waitFor(() => expect(show()).toEqual(soon));
    expect(show()).toContain('Five Days Out Test Puja');
    expect(show()).not.toContain('Thirteen Days Out Test Puja');
    expect(window.location.hash).toBe('#/pujas?when=starting-soon');

    await user.click(button('Upcoming'));
    expect(button('Upcoming')).toHaveAttribute('aria-pressed', 'true');
    const upcoming = names((start, now) => start > now);
    await waitFor(() => expect(show()).toEqual(upcoming));
    // The closed puja in the catalogue started in the past, so Upcoming leaves it out.
    expect(upcoming.length).toBeLessThan(pujas.length);

    await user.click(button('All Pujas'));
    await waitFor(() => expect(show()).toEqual(pujas.map((p) => p.pujaName)));
    expect(window.location.hash).toBe('#/pujas');
  });

  it('shows "Failed to fetch pujas" with Retry when the network fails, and loads on Retry', async () => {
    const user = userEvent.setup();
    net.failNetwork(/\/pujas/);
    renderAppAt('/pujas');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch pujas');
    expect(screen.queryByRole('list', { name: 'Pujas' })).not.toBeInTheDocument();

    net.failNetwork(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('list', { name: 'Pujas' });
    expect(cardHeadings()).toEqual(pujas.map((p) => p.pujaName));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the detail page from View Details', async () => {
    const user = userEvent.setup();
    renderAppAt('/pujas');
    await screen.findByRole('list', { name: 'Pujas' });
    const target = pujas[0]!;
    await user.click(screen.getByRole('link', { name: `View Details of ${target.pujaName}` }));
    expect(await screen.findByRole('heading', { level: 1, name: target.pujaName })).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/pujas/${target.id}`);
  });
});

describe('PujaCard', () => {
  it('ticks its own countdown without re-rendering the list or the cards around it', async () => {
    let listRenders = 0;
    let commits = 0;
    function CountingList({ items }: { items: Puja[] }) {
      listRenders += 1;
      return (
        <ul>
          {items.map((p) => (
            <li key={p.id}>
              <PujaCard puja={p} />
            </li>
          ))}
        </ul>
      );
    }
    const open = pujas.filter(isOpen);
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <Profiler id="list" onRender={() => (commits += 1)}>
          <CountingList items={open} />
        </Profiler>
      </Router>,
    );
    const countdown = screen.getAllByRole('timer')[0]!;
    const before = countdown.textContent;
    const committedAtMount = commits;
    await waitFor(() => expect(countdown.textContent).not.toBe(before), { timeout: 2500 });
    expect(countdown.textContent).toMatch(/^\d{2}Days\d{2}Hours\d{2}Mins\d{2}Secs$/);
    expect(listRenders).toBe(1);
    // The digits change on the shared clock's tick; React renders nothing for it.
    expect(commits).toBe(committedAtMount);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(open.length);
  });
});

describe('Puja detail (/pujas/{id})', () => {
  const openWithPackages = async () => {
    for (const p of pujas.filter(isOpen)) {
      const packages = await packagesOf(p.id);
      if (packages.length > 0) return { puja: p, packages };
    }
    throw new Error('no open puja with packages');
  };

  it('shows the breadcrumb, image, name, place, countdown and Book Now', async () => {
    const { puja } = await openWithPackages();
    renderAppAt(`/pujas/${puja.id}`);
    expect(screen.getByRole('status')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: puja.pujaName })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#/');
    expect(crumbs.getByRole('link', { name: 'Pujas' })).toHaveAttribute('href', '#/pujas');
    expect(crumbs.getByText(puja.pujaName)).toHaveAttribute('aria-current', 'page');

    expect(document.title).toBe(`${puja.pujaName} | ${site.brand}`);
    expect(screen.getByRole('img', { name: puja.pujaName })).toBeInTheDocument();
    expect(screen.getByText(puja.place)).toBeInTheDocument();
    expect(screen.getByText(/Booking closes in:/)).toHaveTextContent(
      /Booking closes in: \d+d \d+h \d+m \d+s/,
    );
    expect(screen.queryByText('Booking Closed')).not.toBeInTheDocument();

    // Book Now stays on the page (it brings the packages into view).
    expect(screen.queryByRole('link', { name: /^Book Now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('shows the puja date with its time beside the countdown, and what the devotee receives', async () => {
    const { puja } = await openWithPackages();
    renderAppAt(`/pujas/${puja.id}`);
    await screen.findByRole('heading', { level: 1, name: puja.pujaName });
    const date = formatDateTime(puja.pujaDate);
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/);
    expect(screen.getByText(date, { selector: 'time' })).toHaveAttribute('dateTime', puja.pujaDate);
    expect(screen.getByText(/Puja date:/)).toBeInTheDocument();

    const receive = within(screen.getByRole('region', { name: 'What you receive' }));
    for (const { item, minDays, maxDays } of PUJA_DELIVERABLES) {
      expect(receive.getByText(item).closest('li')).toHaveTextContent(
        `Within ${minDays}–${maxDays} days of the puja`,
      );
    }
    expect(receive.getByText('Proof of the puja')).toBeInTheDocument();
    expect(receive.getByText('Prasad')).toBeInTheDocument();
  });

  it("keeps the description's paragraphs and bullet lists as structure, never as markup", async () => {
    const { id } = await shop.db
      .insertInto('puja')
      .values({
        ...(await shop.db.selectFrom('puja').selectAll().executeTakeFirstOrThrow()),
        id: undefined,
        pujaName: 'Structured Description Test Puja',
        description:
          '<p>Performed at dawn.</p><p>It is said to bring:</p><ul><li>peace &amp; health</li><li>prosperity</li></ul><p>Om <script>alert(1)</script></p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    renderAppAt(`/pujas/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Structured Description Test Puja' });
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Performed at dawn.').tagName).toBe('P');
    expect(within(panel).getByText('It is said to bring:').tagName).toBe('P');
    const bullets = within(panel).getAllByRole('list')[0]!;
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['peace & health', 'prosperity']);
    expect(panel.querySelector('script')).toBeNull();
    await shop.db.deleteFrom('puja').where('id', '=', id).execute();
  });

  it('switches between the Description, Benefits and Procedure tabs', async () => {
    const user = userEvent.setup();
    const { puja } = await openWithPackages();
    renderAppAt(`/pujas/${puja.id}`);
    await screen.findByRole('heading', { level: 1, name: puja.pujaName });

    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Description')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'About this Puja' })).toBeInTheDocument();
    for (const block of catalogueBlocks(puja.description)) {
      if (block.kind === 'paragraph') expect(screen.getByText(block.text)).toBeInTheDocument();
    }
    expect(document.querySelector('.puja-tabs')?.innerHTML).not.toContain('&amp;nbsp;');

    await user.click(tab('Benefits'));
    expect(tab('Benefits')).toHaveAttribute('aria-selected', 'true');
    const benefits = within(screen.getByRole('tabpanel'));
    for (const [title, description] of [
      [puja.benefitTitle1, puja.benefitDesc1],
      [puja.benefitTitle2, puja.benefitDesc2],
      [puja.benefitTitle3, puja.benefitDesc3],
      [puja.benefitTitle4, puja.benefitDesc4],
    ] as const) {
      expect(benefits.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(benefits.getByText(stripHtml(description))).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'About this Puja' })).not.toBeInTheDocument();

    await user.click(tab('Procedure'));
    const procedure = within(screen.getByRole('tabpanel'));
    const steps = within(procedure.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(6);
    expect(steps[0]).toHaveTextContent(/Sankalpam/);
    expect(steps[5]).toHaveTextContent(/Aarti/);
    expect(procedure.getByText(/priests guide the whole process/)).toBeInTheDocument();
  });

  it('lists the packages with persons and ₹ prices with thousands separators', async () => {
    const { puja, packages } = await openWithPackages();
    renderAppAt(`/pujas/${puja.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Puja Packages' });
    const list = within(await screen.findByRole('list', { name: 'Packages' }));
    const cards = list.getAllByRole('listitem');
    expect(cards).toHaveLength(packages.length);
    packages.forEach((pkg, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { name: pkg.title })).toBeInTheDocument();
      expect(card.getByText(stripHtml(pkg.description))).toBeInTheDocument();
      // The card and the wizard say it the same way: a package of N takes 1 to N names.
      expect(
        card.getByText(pkg.noPersons === 1 ? 'For 1 person' : `For up to ${pkg.noPersons} persons`),
      ).toBeInTheDocument();
      expect(card.getByText(formatRupees(pkg.offerPrice))).toBeInTheDocument();
      if (pkg.offerPrice < pkg.price) {
        const listPrice = card.getByText(formatRupees(pkg.price));
        expect(listPrice.tagName).toBe('S');
      }
    });
    expect(formatRupees(1551)).toBe('₹1,551');
  });

  it('shows "Booking Closed" for a puja whose date has passed', async () => {
    const closed = pujas.find(isClosed);
    if (!closed) throw new Error('no closed puja');
    renderAppAt(`/pujas/${closed.id}`);
    await screen.findByRole('heading', { level: 1, name: closed.pujaName });
    // Said once above the packages, by the disabled Book Now (each package's button says it for its package).
    const summary = screen.getByRole('heading', { level: 1, name: closed.pujaName }).parentElement!;
    expect(within(summary).getAllByText('Booking Closed')).toHaveLength(1);
    expect(within(summary).getByRole('button', { name: 'Booking Closed' })).toBeDisabled();
    expect(screen.queryByText(/Booking closes in:/)).not.toBeInTheDocument();
  });

  it('says when a puja has no packages yet', async () => {
    let empty: Puja | undefined;
    for (const p of pujas) if ((await packagesOf(p.id)).length === 0) empty = p;
    if (!empty) throw new Error('no puja without packages');
    renderAppAt(`/pujas/${empty.id}`);
    expect(await screen.findByText('No packages available for this puja yet.')).toBeInTheDocument();
  });

  it('shows a not-found page with links to the lists for an unknown puja, without Retry', async () => {
    for (const id of ['999', 'abc']) {
      const view = renderAppAt(`/pujas/${id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Puja not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See all pujas' })).toHaveAttribute('href', '#/pujas');
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '#/');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Puja Packages' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('offers Retry for a server failure (5xx), which a retry can fix', async () => {
    const user = userEvent.setup();
    const { puja } = await openWithPackages();
    net.failWith(/^\/pujas\//, 503);
    renderAppAt(`/pujas/${puja.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service temporarily unavailable');
    net.failWith(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: puja.pujaName })).toBeInTheDocument();
  });

  it('shows "Failed to fetch puja details" when the network fails, then loads on Retry', async () => {
    const user = userEvent.setup();
    const { puja } = await openWithPackages();
    const alert = await alertWhileOffline(net, /^\/pujas\//, `/pujas/${puja.id}`);
    expect(alert).toHaveTextContent('Failed to fetch puja details');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: puja.pujaName })).toBeInTheDocument();
  });

  it('shows "Failed to fetch package details" in the packages section only, and retries it', async () => {
    const user = userEvent.setup();
    const { puja, packages } = await openWithPackages();
    net.failNetwork(/\/packages\//);
    renderAppAt(`/pujas/${puja.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: puja.pujaName })).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Puja Packages' }));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch package details');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Description' })).toBeInTheDocument();

    net.failNetwork(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(packages.length));
  });

  it('loads the new puja when the route id changes', async () => {
    const [first, second] = pujas;
    if (!first || !second) throw new Error('need two pujas');
    renderAppAt(`/pujas/${first.id}`);
    await screen.findByRole('heading', { level: 1, name: first.pujaName });
    act(() => {
      window.location.hash = `#/pujas/${second.id}`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: second.pujaName })).toBeInTheDocument();
  });
});
