import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { AddressInput } from '../../contract/address.ts';
import { BookingDraft } from '../../contract/booking.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { createAddress } from '../db/repositories/addresses.ts';
import { listPackages } from '../db/repositories/catalogue.ts';
import { findFirstDateByName } from '../db/repositories/puja-dates.ts';
import { recordConsent } from '../db/repositories/message-preferences.ts';
import { insertPayment, updatePaymentStatus } from '../db/repositories/payments.ts';
import { createUser } from '../db/repositories/users.ts';
import { inTransaction } from '../db/transaction.ts';
import { makeBooking } from './bookings.ts';
import { joinWaitlist } from './waitlist.ts';

/**
 * The demo shop's one full date (docs/product-rules.md, Waitlist): a new shop shows a person
 * trying it what a fully booked date looks like ("This date is fully booked", the puja's other
 * dates, "Join the waitlist"). Its places are taken by bookings of demo customers, labelled
 * "(demo)" and unable to sign in (a random password nobody knows) or to be written to (their
 * e-mail is off), and two more demo customers wait in its line. Made through the shop's own
 * booking and waitlist steps, so the places and the line are what any booking makes them.
 */

/** The demo puja whose first date is seeded full (server/db/seed/catalogue-data.ts). */
export const DEMO_FULL_PUJA = 'Lakshmi Narasimha Homam';

// At example.com, a domain reserved for examples: no e-mail to them reaches anyone.
const demoCustomer = (first: string, last: string) => ({
  name: `${first} ${last} (demo)`,
  email: `demo.${first}.${last}@example.com`.toLowerCase(),
});

/** Who holds the full date's places: each books one package, largest first, until it is full. */
const BOOKERS = [
  demoCustomer('Lakshmi', 'Iyer'),
  demoCustomer('Ravi', 'Kumar'),
  demoCustomer('Meena', 'Raman'),
  demoCustomer('Suresh', 'Bhat'),
  demoCustomer('Anjali', 'Nair'),
  demoCustomer('Gopal', 'Rao'),
];
/** Who waits in its line, in order. */
const WAITING = [demoCustomer('Kavya', 'Shetty'), demoCustomer('Arjun', 'Menon')];

const demoPerson = (name: string, i: number) => ({
  name: i === 0 ? name.replace(' (demo)', '') : `${name.replace(' (demo)', '')} family member ${i}`,
  dateOfBirth: '1985-06-21',
  birthTime: '06:30',
  birthPlace: 'Bengaluru',
  raashi: 'Simha (Leo)',
  nakshatra: 'Magha',
  gothra: 'Kashyapa',
  birthTimeNotKnown: false,
  birthPlaceNotKnown: false,
  nakshatraNotKnown: false,
});

async function newDemoCustomer(db: Db, who: { name: string; email: string }, at: Date) {
  const user = await createUser(db, {
    ...who,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
  });
  await recordConsent(db, {
    userId: user.id,
    channel: 'email',
    granted: false,
    words: 'A demo customer of the seeded shop: no messages.',
    source: 'account',
    at: at.toISOString(),
  });
  const address = await createAddress(
    db,
    user.id,
    v.parse(AddressInput, {
      recipientName: who.name.replace(' (demo)', ''),
      mobile: '9845012345',
      street: '12, 4th Cross',
      area: 'Malleshwaram',
      landmark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560003',
      country: 'India',
    }),
  );
  return { userId: user.id, addressId: address.id };
}

/**
 * Fills the first date of DEMO_FULL_PUJA with demo customers' paid bookings and puts two more in
 * its line. Run once, right after the demo catalogue is seeded into an empty shop (server/start.ts).
 * Answers how many bookings it made (0 when the puja or its capacity is not there).
 */
export async function seedDemoFullDate(db: Db, now: Date = new Date()): Promise<number> {
  const puja = await findFirstDateByName(db, DEMO_FULL_PUJA);
  if (!puja?.capacity) return 0;
  // Largest first, so the date fills with few bookings.
  const packages = (await listPackages(db, puja.id)).sort((a, b) => b.noPersons - a.noPersons);
  const draftFor = (pkg: { id: number; noPersons: number }, name: string, addressId: number) =>
    v.parse(BookingDraft, {
      pujaId: puja.id,
      packageId: pkg.id,
      persons: Array.from({ length: pkg.noPersons }, (_, i) => demoPerson(name, i)),
      addressId,
    });
  let left = puja.capacity;
  let booked = 0;
  for (const who of BOOKERS) {
    const pkg = packages.find((p) => p.noPersons <= left);
    if (!pkg) break;
    const { userId, addressId } = await newDemoCustomer(db, who, now);
    await inTransaction(db, async (trx) => {
      const paymentId = `pay_demo_${randomBytes(12).toString('base64url')}`;
      await insertPayment(trx, {
        id: paymentId,
        userId,
        purpose: 'booking',
        amount: pkg.offerPrice,
        currency: 'INR',
        status: 'captured',
        method: 'upi',
        providerPaymentId: `demo_${paymentId}`,
        signature: null,
        refundId: null,
        orderId: null,
        bookingId: null,
        expiresAt: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
        createdAt: now.toISOString(),
      });
      await makeBooking(trx, {
        userId,
        draft: draftFor(pkg, who.name, addressId),
        claim: {
          paymentId,
          use: async (amount, usedFor) => {
            if (!(await updatePaymentStatus(trx, paymentId, 'captured', 'used', usedFor, { amount })))
              throw new Error('The demo payment was not captured for this amount');
          },
        },
        idempotencyKey: null,
        requestHash: null,
        now,
      });
    });
    left -= pkg.noPersons;
    booked += 1;
    if (left === 0) break;
  }
  const single = packages.find((p) => p.noPersons === 1) ?? packages.at(-1);
  if (left === 0 && single)
    for (const who of WAITING) {
      const { userId, addressId } = await newDemoCustomer(db, who, now);
      await joinWaitlist({ db, now: () => now }, userId, draftFor(single, who.name, addressId));
    }
  return booked;
}
