import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { browserForFile, watchConsole } from './browser.ts';
import { api, type ApiProduct } from './shop-api.ts';
import { formatRupees as rupees } from '../../contract/money.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

interface ApiPuja {
  id: number;
  pujaName: string;
  pujaDate: string | null;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a visitor browses the shop', () => {
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchConsole(page);
  });
  afterEach(async () => {
    expect(errors).toEqual([]);
    await page.close();
  });

  it('walks home -> puja list -> puja detail -> product list -> product detail', async () => {
    const { pujas } = await api<{ pujas: ApiPuja[] }>('/pujas');
    const { products } = await api<{ products: ApiProduct[] }>('/products');

    await page.goto(`${baseUrl}/#/`);
    await page.getByRole('heading', { name: 'Popular Pujas' }).waitFor();
    for (const puja of pujas.slice(0, 6))
      await page.getByRole('heading', { name: puja.pujaName }).first().waitFor();
    await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
    await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
    await page.getByRole('heading', { name: 'Our Top Astrologers' }).waitFor();
    expect(await page.getByText('M.R.P').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'View All Pujas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pujas' }).waitFor();
    await page.getByText('Book Your Puja').waitFor();
    await page.getByPlaceholder('Search pujas...').waitFor();
    for (const label of ['All Pujas', 'Upcoming', 'Starting Soon'])
      await page.getByRole('button', { name: label }).waitFor();
    expect(await page.getByText(/\d[\d,]* Watched/).count()).toBe(pujas.length);

    await page.getByPlaceholder('Search pujas...').fill('zzzz-no-such-puja');
    await page.getByText('No pujas found matching your criteria.').waitFor();
    await page.getByPlaceholder('Search pujas...').fill('');

    const open = pujas.find((p) => p.pujaDate && Date.parse(p.pujaDate) > Date.now());
    if (!open) throw new Error('The demo catalogue has no open puja');
    await page
      .getByRole('link', { name: new RegExp(`View Details.*${escape(open.pujaName)}`) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: open.pujaName }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Pujas' }).waitFor();
    await page.getByText('Booking closes in:').waitFor();
    await page.getByRole('heading', { name: 'About this Puja' }).waitFor();
    await page.getByRole('tab', { name: 'Benefits' }).click();
    await page.getByRole('tab', { name: 'Benefits', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Procedure' }).click();
    await page.getByRole('heading', { name: 'Puja Packages' }).waitFor();
    const { packages } = await api<{ packages: Array<{ offerPrice: number }> }>(`/packages/${open.id}`);
    for (const pkg of packages) await page.getByText(rupees(pkg.offerPrice)).first().waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByLabel('Search products').waitFor();
    await page.getByRole('combobox', { name: /Category/ }).waitFor();
    for (const option of ['Newest', 'Price: Low to High', 'Price: High to Low']) {
      expect(await page.getByRole('option', { name: option }).count()).toBe(1);
    }
    const first = products[0]!;
    await page.getByRole('heading', { name: first.name }).first().waitFor();
    await page
      .getByRole('link', { name: new RegExp(`View Details.*${escape(first.name)}`) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    await page.getByText(rupees(first.offerPrice)).first().waitFor();
    await page.getByRole('heading', { name: 'Product Description' }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('&nbsp;');
  });

  it('shows Booking Closed for a puja whose date has passed', async () => {
    const { pujas } = await api<{ pujas: ApiPuja[] }>('/pujas');
    const closed = pujas.find((p) => !p.pujaDate || Date.parse(p.pujaDate) <= Date.now());
    if (!closed) throw new Error('The demo catalogue has no closed puja');
    await page.goto(`${baseUrl}/#/pujas/${closed.id}`);
    await page.getByRole('heading', { level: 1, name: closed.pujaName }).waitFor();
    await page.getByText('Booking Closed').first().waitFor();
  });

  it('counts down every second on the puja detail page', async () => {
    const { pujas } = await api<{ pujas: ApiPuja[] }>('/pujas');
    const open = pujas.find((p) => p.pujaDate && Date.parse(p.pujaDate) > Date.now())!;
    await page.clock.install();
    await page.goto(`${baseUrl}/#/pujas/${open.id}`);
    const value = page.locator('.countdown__value');
    await value.waitFor();
    const before = await value.textContent();
    await page.clock.runFor(3000);
    await expect.poll(() => value.textContent()).not.toBe(before);
  });

  it('opens and closes an astrologer profile with the keyboard', async () => {
    await page.goto(`${baseUrl}/#/`);
    const button = page.getByRole('button', { name: 'View Profile' }).first();
    await button.waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Start Chat' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
