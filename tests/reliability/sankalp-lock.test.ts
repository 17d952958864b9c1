/**
 * The sankalp lock happens on time without a person, once (docs/decisions/0022-one-scheduler-with-leases-in-the-database.md):
 * two processes running the lock at the same moment over one database lock each due booking
 * exactly once (one state change, one event row), and two processes ticking at once run the job
 * in only one of them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BookingResponse } from '../../contract/booking.ts';
import { http, newCustomer, startApiServer, type ApiServer } from '../support/api-server.ts';
import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { numberOf, openShopDb } from './helpers.ts';
import { isBookingOpen } from '../../contract/policy.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';
import { person } from '../support/bookings.ts';
import { payOverHttp } from './helpers.ts';
import { SANKALP_LOCK_HOURS, HOUR_MS } from '../../contract/policy.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Runs the worker in two processes that start the same moment; their printed results. */
function twoAtOnce(server: ApiServer, mode: 'lock' | 'tick'): Promise<Record<string, unknown>[]> {
  const startAt = String(Date.now() + 2500);
  return Promise.all(
    [0, 1].map(
      () =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'tests/reliability/lock-tick-worker.ts'],
            {
              cwd: repoRoot,
              env: {
                ...process.env,
                ...server.database.env,
                DATA_DIR: server.dataDir,
                START_AT: startAt,
                MODE: mode,
              },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('exit', (code) => {
            const line = out.trim().split('\n').at(-1) ?? '';
            if (code !== 0) return reject(new Error(`worker exited ${code}:\n${out}`));
            resolve(JSON.parse(line) as Record<string, unknown>);
          });
        }),
    ),
  );
}

describe('the scheduled sankalp lock across two processes', () => {
  let server: ApiServer;
  const due: number[] = [];
  const notDue: number[] = [];

  beforeAll(async () => {
    // The server's own ticks stay out of the way: one at start (nothing due), none after.
    server = await startApiServer({ env: { SCHEDULER_TICK_MS: String(3_600_000) } });
    const customer = await newCustomer(server.url);
    const { body } = await http(server.url, 'GET', '/pujas');
    const lockHorizon = Date.now() + SANKALP_LOCK_HOURS * HOUR_MS;
    const pujas = (body as PujaListResponse).pujas;
    // Bookings close at the lock (docs/product-rules.md, Booking window and countdowns): both are
    // booked while open, and the first's bookings are then brought inside the cutoff, as time would.
    const soon = pujas.find((p) => isBookingOpen(p.pujaDate, new Date(Date.now() + HOUR_MS)));
    const later = pujas.find(
      (p) => p.id !== soon?.id && p.pujaDate && Date.parse(p.pujaDate) > lockHorizon + 24 * HOUR_MS,
    );
    if (!soon || !later) throw new Error('The demo catalogue has not two pujas open for booking');
    const bookPuja = async (pujaId: number) => {
      const { body: packages } = await http(server.url, 'GET', `/packages/${pujaId}`);
      const pkg = (packages as PackageListResponse).packages.find((p) => p.noPersons === 1)!;
      const draft = { pujaId, packageId: pkg.id, persons: [person()], addressId: customer.addressId };
      const paymentId = await payOverHttp(server.url, customer, 'booking', draft);
      const res = await http(server.url, 'POST', '/api/bookings', {
        token: customer.token,
        json: { ...draft, paymentMethod: 'online', paymentId },
      });
      expect(res.status).toBe(201);
      return (res.body as BookingResponse).booking.id;
    };
    for (let i = 0; i < 12; i++) due.push(await bookPuja(soon.id));
    for (let i = 0; i < 2; i++) notDue.push(await bookPuja(later.id));
    await server.stop();
    const db = await openShopDb(server);
    try {
      await db
        .updateTable('bookings')
        .set({ pujaDate: new Date(Date.now() + HOUR_MS).toISOString() })
        .where('id', 'in', due)
        .execute();
    } finally {
      await db.destroy();
    }
  }, 60_000);
  afterAll(async () => {
    if (server) {
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await server.database.drop();
    }
  });

  const statusOf = async (db: Db, id: number) =>
    (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lockRows = (db: Db, id: number) =>
    numberOf(
      db,
      sql<{
        n: number;
      }>`select count(*) as n from booking_events where booking_id = ${id} and event = 'booking.lock'`,
    );

  it('locks each due booking once when two processes run the lock at the same moment', async () => {
    const results = await twoAtOnce(server, 'lock');
    const locked = results.map((r) => r.locked as number);
    console.log(`locked by each process: ${locked.join(' + ')}`);
    // Between them, each due booking was locked exactly once.
    expect(locked[0]! + locked[1]!).toBe(due.length);
    const db = await openShopDb(server);
    try {
      for (const id of due) {
        expect(await statusOf(db, id), `booking ${id}`).toBe('sankalpLocked');
        expect(await lockRows(db, id), `booking ${id}`).toBe(1);
      }
      for (const id of notDue) {
        expect(await statusOf(db, id)).toBe('confirmed');
        expect(await lockRows(db, id)).toBe(0);
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('runs the job in only one of two processes ticking at the same moment', async () => {
    const db = await openShopDb(server);
    try {
      // Due again now (the server's start-up tick set it a minute ahead).
      await db.updateTable('scheduledJobs').set({ nextRunAt: '2000-01-01T00:00:00.000Z' }).execute();
    } finally {
      await db.destroy();
    }
    const results = await twoAtOnce(server, 'tick');
    const ran = results.flatMap((r) => r.ran as string[]);
    expect(ran.filter((name) => name === 'bookings.lockSankalp')).toHaveLength(1);
    expect(ran.filter((name) => name === 'payments.expire')).toHaveLength(1);
  }, 60_000);
});
