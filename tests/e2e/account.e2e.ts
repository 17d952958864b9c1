import { inject } from 'vitest';
import { fillAddressForm, browserForFile, watchConsole } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('a customer account in Chromium', () => {
  it('registers, signs in with remember me, survives a reload, manages addresses and logs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `asha.${Date.now()}@example.in`;

    await page.goto(`${baseUrl}/#/register`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Full name').fill('Asha Raghavan');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Phone (optional)').fill('+91 98450 12345');
    await page.getByLabel('Password', { exact: true }).fill('tulsi-mala-108');
    await page.getByLabel('Confirm password').fill('tulsi-mala-108');
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Registering signs the new customer in (docs/decisions/0061-registering-signs-in.md).
    await page.getByRole('button', { name: /Asha Raghavan/ }).waitFor();

    await page.goto(`${baseUrl}/#/account/addresses`);
    await page.reload();
    await page.getByText(/Welcome.*Asha Raghavan/).waitFor();
    await page.getByText('No addresses').waitFor();

    const addAddress = async (street: string, area: string, postalCode: string, expected: string) => {
      await page
        .getByRole('button', { name: /Add new address/i })
        .first()
        .click();
      const filled = await fillAddressForm(page, { street, area, postalCode });
      expect(`${filled.city}, ${filled.state}`).toBe(expected);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Address saved' }).waitFor();
      await page.getByText(`${street}, ${area}`).waitFor();
    };
    // The PIN code fills in the city and state from the shop's PIN directory.
    await addAddress('12, 4th Cross', 'Malleshwaram', '560003', 'Bangalore, Karnataka');
    await addAddress('7, North Mada Street', 'Mylapore', '600004', 'Chennai, Tamil Nadu');
    await page.getByText('Asha Rao, +91 98450 12345').first().waitFor();

    const second = page.getByRole('group', { name: /North Mada Street/ });
    await second.getByRole('button', { name: 'Set as default' }).click();
    await expect.poll(() => second.getByText('Default', { exact: true }).count()).toBe(1);
    const first = page.getByRole('group', { name: /Malleshwaram/ });
    expect(await first.getByText('Default', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: /Asha Raghavan/ }).click();
    await page
      .getByRole('menuitem', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout' }))
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(page.url()).toMatch(/#\/login$/);

    await page.goto(`${baseUrl}/#/account`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(decodeURIComponent(page.url())).toMatch(/#\/login\?redirect=\/account$/);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    await context.close();
  });
});
