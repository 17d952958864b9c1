/**
 * The demo shop out of the box (docs/product-rules.md, Waitlist; Places at the temple): every demo
 * puja has a plausible capacity, and one demo date is fully booked by demo customers' bookings with
 * a short waitlist, so a person trying the shop meets "This date is fully booked", the puja's other
 * dates and "Join the waitlist". Through the server's own start-up path, on a real database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { PujaDatesResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { AdminWaitlistResponse } from '../../contract/waitlist.ts';
import { createApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { pujas as seedPujas } from '../../server/db/seed/catalogue-data.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { DEMO_FULL_PUJA } from '../../server/services/demo-bookings.ts';
import { prepareDb } from '../../server/start.ts';
import { registerAndLogin } from '../support/accounts.ts';
import { send } from '../support/orders.ts';
import { createTestDatabase } from '../support/test-db.ts';

describe('the demo shop, as it starts', () => {
  it('has a capacity on every demo puja, and one date fully booked by demo customers with a short waitlist', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-'));
    const database = await createTestDatabase(dataDir);
    try {
      const config = readServerConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' });
      const db = await prepareDb(config);
      const app = createApp({
        db,
        mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'x@shop.test' }),
      });
      expect(seedPujas.every((p) => typeof p.capacity === 'number' && p.capacity > 0)).toBe(true);

      const { pujas } = v.parse(PujaListResponse, (await send(app, 'GET', '/pujas?limit=100')).body);
      const dates = pujas
        .filter((p) => p.pujaName === DEMO_FULL_PUJA)
        .sort((a, b) => Date.parse(a.pujaDate!) - Date.parse(b.pujaDate!));
      expect(dates.length).toBeGreaterThanOrEqual(2);
      const [full, later] = dates;
      expect(full).toMatchObject({ capacity: 16, placesLeft: 0 });
      // Every other demo date still has places.
      expect(pujas.filter((p) => p.id !== full!.id && p.placesLeft === 0)).toEqual([]);
      const other = v.parse(PujaDatesResponse, (await send(app, 'GET', `/pujas/${full!.id}/dates`)).body);
      expect(other.dates.map((d) => d.id)).toContain(later!.id);

      // The bookings and the line are demo customers', labelled so.
      const bookers = await db
        .selectFrom('bookings')
        .innerJoin('users', 'users.id', 'bookings.userId')
        .select(['users.name', 'bookings.status'])
        .where('bookings.pujaId', '=', full!.id)
        .execute();
      expect(bookers.length).toBeGreaterThan(0);
      expect(bookers.every((b) => b.name.endsWith('(demo)') && b.status === 'confirmed')).toBe(true);
      const admin = await registerAndLogin(app, { name: 'Staff' });
      await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
      const line = v.parse(
        AdminWaitlistResponse,
        (await send(app, 'GET', `/api/admin/pujas/${full!.id}/waitlist`, { token: admin.token })).body,
      );
      expect(line.entries.map((e) => [e.status, e.position, e.customerName.endsWith('(demo)')])).toEqual([
        ['waiting', 1, true],
        ['waiting', 2, true],
      ]);
      // A demo customer is written nothing.
      expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);

      // Staff cancel a demo booking: its places free and the first in line is offered them.
      const [smallest] = await db
        .selectFrom('bookings')
        .select(['id', 'packageNoPersons'])
        .where('pujaId', '=', full!.id)
        .orderBy('packageNoPersons')
        .execute();
      const cancelled = await send(app, 'POST', `/api/admin/bookings/${smallest!.id}/events`, {
        token: admin.token,
        json: { type: 'booking.cancel', reason: 'Trying the waitlist' },
      });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const moved = v.parse(
        AdminWaitlistResponse,
        (await send(app, 'GET', `/api/admin/pujas/${full!.id}/waitlist`, { token: admin.token })).body,
      );
      expect(moved.entries.map((e) => e.status)).toEqual(['offered', 'offered']);
      await db.destroy();

      // A later start adds nothing.
      const again = await prepareDb(config);
      expect(await again.selectFrom('waitlistEntries').select('id').execute()).toHaveLength(2);
      await again.destroy();
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
