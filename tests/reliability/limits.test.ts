/**
 * The abuse limits across processes (docs/decisions/0013-abuse-limits.md): two API processes
 * over one database (a SQLite file, or PostgreSQL in the PostgreSQL run) count one set of
 * sign-in and coupon counters, and a restarted process still knows them.
 */
import { http, newCustomer, startApiServer, type ApiServer } from '../support/api-server.ts';
import { countStatuses, stopBoth, twoProcesses } from './helpers.ts';

let first: ApiServer | undefined;
let second: ApiServer | undefined;

afterAll(() => stopBoth(first, second));

it('counts guesses sent to two processes over one database once, and a restart keeps the count', async () => {
  [first, second] = await twoProcesses();
  const target = await newCustomer(first.url);
  const servers = () => [first!, second!];

  // 20 parallel wrong passwords for one account from one address, half to each process.
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      http(servers()[i % 2]!.url, 'POST', '/api/auth/login', {
        json: { email: target.email, password: 'a-guess' },
      }),
    ),
  );
  expect(countStatuses(guesses.map((r) => r.status))).toEqual({ 401: 5, 429: 15 });

  // 30 parallel unknown coupon codes from one address, half to each process.
  const codes = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      http(servers()[i % 2]!.url, 'POST', '/api/coupons/validate', {
        json: { code: `NOPE${i}`, subtotal: 1000 },
      }),
    ),
  );
  expect(countStatuses(codes.map((r) => r.status))).toEqual({ 400: 10, 429: 20 });

  // A crash and a restart forget nothing.
  await first.crash();
  first = await startApiServer({ dataDir: second.dataDir });
  const signIn = await http(first.url, 'POST', '/api/auth/login', {
    json: { email: target.email, password: 'secret123' },
  });
  expect(signIn.status).toBe(429);
  expect(Number(signIn.headers.get('retry-after'))).toBeGreaterThan(0);
  const coupon = await http(first.url, 'POST', '/api/coupons/validate', {
    json: { code: 'WELCOME10', subtotal: 1000 },
  });
  expect(coupon.status).toBe(429);
}, 60000);
