/**
 * The back office words the shop's policy figures from contract/policy.ts, as the customer's
 * pages do, never a copy of them: here the policy's wording is changed for this file, and the
 * booking page's "Could not perform" dialog follows it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { book, createLifecycleShop, DAY, HOUR, pujaOn } from '../support/lifecycle.ts';
import { renderAppAs } from '../support/render-app.tsx';
import type * as Policy from '../../contract/policy.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

vi.mock('../../contract/policy.ts', async (importOriginal) => {
  const policy = await importOriginal<typeof Policy>();
  return { ...policy, policyText: { ...policy.policyText, sankalpLock: 'twelve hours (policy)' } };
});

const PAGE = { timeout: 8000 };
const shop = shopPerFile(createLifecycleShop);
fetchRoutedTo(shop, { per: 'file' });

it('"Could not perform" asks for new dates beyond the sankalp lock as the policy words it', async () => {
  const user = userEvent.setup();
  const puja = await pujaOn(shop, 3 * DAY);
  const booking = await book(shop, shop.me, shop.myAddressId, { puja });
  shop.clock.advance(3 * DAY - 11 * HOUR);
  renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
  await user.click(await screen.findByRole('button', { name: 'Could not perform' }, PAGE));
  const dialog = await screen.findByRole('dialog', { name: 'Could not perform' });
  expect(dialog).toHaveTextContent('offer up to 3 new dates (each more than twelve hours (policy) away)');
});
