import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS } from '../../scripts/ops/chromium.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandbox needs (no background network). */
export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} not found: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
}

/** Chromium as a test file uses it: opens pages and contexts. */
export type FileBrowser = Pick<Browser, 'newPage' | 'newContext'>;

/** Chromium for one test file: launched before its tests and closed after them. */
export function browserForFile(): FileBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const running = () => {
    if (!browser) throw new Error('Chromium is not running: use it inside a test or a hook');
    return browser;
  };
  return {
    newPage: (options) => running().newPage(options),
    newContext: (options) => running().newContext(options),
  };
}

/** Where the SPA keeps a remembered sign-in token (local storage). */
export const TOKEN_KEY = 'shop.session.token';

/**
 * A new context at `viewport` whose pages open signed in with `token`, as after "Remember me"
 * (the token is in local storage before the SPA starts); without a token, a visitor's.
 */
export async function contextAs(
  browser: FileBrowser,
  token: string | undefined,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  if (token)
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_KEY,
      token,
    ] as const);
  return context;
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What a person types into the address form; the city and state come from the PIN code. */
export interface TypedAddress {
  recipientName?: string;
  mobile?: string;
  street: string;
  area: string;
  landmark?: string;
  postalCode: string;
}

/**
 * Fills the open address form in the browser as a person would, and waits for the PIN code to
 * fill in the city and state (docs/product-rules.md, Addresses). Answers what it filled in.
 */
export async function fillAddressForm(
  page: Page,
  address: TypedAddress,
): Promise<{ city: string; state: string }> {
  const form = page.getByRole('form', { name: /^(Add new|Edit) address$/ });
  await form.getByLabel('Recipient name').fill(address.recipientName ?? 'Asha Rao');
  await form.getByLabel('Mobile number').fill(address.mobile ?? '98450 12345');
  await form.getByLabel('House no. and street').fill(address.street);
  await form.getByLabel('Area / locality').fill(address.area);
  if (address.landmark) await form.getByLabel('Landmark (optional)').fill(address.landmark);
  await form.getByLabel('PIN code').fill(address.postalCode);
  const city = form.getByLabel('City', { exact: true });
  const state = form.getByLabel('State', { exact: true });
  for (let tries = 0; ; tries += 1) {
    const filled = { city: await city.inputValue(), state: await state.inputValue() };
    if (filled.city !== '' && filled.state !== '') return filled;
    if (tries === 50) throw new Error('The PIN code did not fill in the city and state');
    await page.waitForTimeout(100);
  }
}

/** Fills the booking wizard's gift form: Kamala Narayanan's address in Madurai, and the card's message. */
export async function fillGiftForm(page: Page, message: string) {
  const fields = {
    'Recipient name': 'Kamala Narayanan',
    'Mobile number': '94430 12345',
    'House no. and street': '12 Sannidhi Street',
    'Area / locality': 'Simmakkal',
    City: 'Madurai',
    'PIN code': '625001',
    'Message on the prasad card (optional)': message,
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('State', { exact: true }).selectOption('Tamil Nadu');
}
