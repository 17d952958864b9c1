import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { site } from '../../src/lib/config.ts';
import { registerAndLogin } from '../support/accounts.ts';
import { renderAppAt } from '../support/render-app.tsx';
import { createTestShop } from '../support/test-db.ts';
import { TOKEN_KEY } from '../support/session.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

/**
 * The header's user menu comes in its own chunk, fetched once a customer is signed in. Its
 * download failing (here its lazy import rejects, as a browser's does when a chunk request fails)
 * leaves a plain link to the account page, never a broken page. In a file of its own: the header
 * keeps the outcome of that download for the life of the module.
 */
vi.mock('../../src/app/shell/user-menu.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://shop.test/assets/user-menu.js');
});

const shop = shopPerFile(createTestShop);
fetchRoutedTo(shop);

it('shows a link to the account page when the user menu could not be downloaded', async () => {
  const { token } = await registerAndLogin(shop.app, { name: 'Meena Iyer' });
  localStorage.setItem(TOKEN_KEY, token);
  renderAppAt('/about');
  const banner = screen.getByRole('banner');
  const account = await within(banner).findByRole('link', { name: 'My Account' }, { timeout: 5000 });
  expect(account).toHaveAttribute('href', '#/account');
  expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  expect(within(banner).queryByRole('button', { name: 'Meena Iyer' })).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: `About ${site.brand}` })).toBeInTheDocument();
});
