/**
 * The abuse limits over HTTP (docs/decisions/0013-abuse-limits.md): sign-in failures per
 * account, per account and address, and per address (credential stuffing); unknown coupon codes
 * per customer or address; registrations per address. Requests come from chosen socket
 * addresses (`call(..., { from })`), as Hono's Node adapter reports them; TRUST_PROXY is proven
 * over real sockets. The counters live in the database, so two apps over one file share them
 * and they survive a restart.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type App } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { parseTrustedProxies } from '../../server/limits/client-address.ts';
import {
  COUPON_GUESSES,
  COUPON_GUESSES_PER_ADDRESS,
  REGISTRATIONS_PER_ADDRESS,
  REGISTRATIONS_PER_ADDRESS_PER_DAY,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_DEVICE,
} from '../../server/limits/limits.ts';
import { call, registerAndLogin, type Customer, type JsonCall } from '../support/accounts.ts';
import { postOverSocket } from '../support/socket.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createTestShop);
let clock: number;
/** The shop's API with a clock the tests move. */
let app: App;

beforeEach(() => {
  clock = Date.now();
  app = createApp({ db: shop.db, now: () => new Date(clock) });
});

let seq = 0;
/** A fresh address in the shared carrier-NAT range, so tests never share a counter by accident. */
const freshAddress = () => {
  seq += 1;
  return `100.64.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
};
const uniqueEmail = (tag: string) => `${tag}-${++seq}-${Math.random().toString(36).slice(2)}@example.com`;

const login = (email: string, password: string, from: string, target = app) =>
  call(target, 'POST', '/api/auth/login', { json: { email, password }, from });
const validateCoupon = (code: string, from: string, token?: string, subtotal = 1000) =>
  call(app, 'POST', '/api/coupons/validate', { json: { code, subtotal }, from, token });
const register = (email: string, from: string, target = app) =>
  call(target, 'POST', '/api/auth/register', {
    json: { name: 'Limit Tester', email, password: 'secret123' },
    from,
  });

/** A 429 with {message} only, and a Retry-After in whole seconds within `maxSeconds`. */
function expectLimited(res: JsonCall, message: RegExp, maxSeconds: number): number {
  expect(res.status).toBe(429);
  expect(Object.keys(res.body as object)).toEqual(['message']);
  expect((res.body as { message: string }).message).toMatch(message);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}
const SIGN_IN_LIMITED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;
const COUPONS_LIMITED = /^Too many coupon codes tried\. Please try again in \d+ minutes?\.$/;
const REGISTRATIONS_LIMITED =
  /^Too many accounts registered from this network\. Please try again in \d+ minutes?\.$/;

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => registerAndLogin(shop.app)));

describe('sign-in', () => {
  it('never refuses a customer because neighbours on the same address mistyped their own passwords', async () => {
    const nat = freshAddress();
    const [a, b, c, d, e, sixth] = (await customers(6)) as [
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
    ];
    for (const neighbour of [a, b, c, d, e])
      expect((await login(neighbour.email, 'a-typo', nat)).status).toBe(401);
    expect((await login(sixth.email, sixth.password, nat)).status).toBe(200);
    // and each of the five, typing it right now, is let in too
    for (const neighbour of [a, b, c, d, e])
      expect((await login(neighbour.email, neighbour.password, nat)).status).toBe(200);
  });

  it(`refuses one account from one address after ${SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.points} failures, unknown e-mails alike`, async () => {
    const from = freshAddress();
    const [known] = (await customers(1)) as [Customer];
    for (const email of [known.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.points; i++)
        expect((await login(email, 'wrong', from)).status).toBe(401);
      expectLimited(await login(email, 'wrong', from), SIGN_IN_LIMITED, 15 * 60);
    }
    expectLimited(await login(known.email, known.password, from), SIGN_IN_LIMITED, 15 * 60);
    // Another account from that address, and that account from another address, are fine.
    const [other] = (await customers(1)) as [Customer];
    expect((await login(other.email, other.password, from)).status).toBe(200);
    expect((await login(known.email, known.password, freshAddress())).status).toBe(200);
  });

  it(`locks an account after ${SIGN_IN_FAILURES_PER_ACCOUNT.points} failures from anywhere, then from every address, until the lock ends`, async () => {
    const [target] = (await customers(1)) as [Customer];
    const perAddress = SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.points;
    for (let n = 0; n < SIGN_IN_FAILURES_PER_ACCOUNT.points / perAddress; n++) {
      const from = freshAddress();
      for (let i = 0; i < perAddress; i++)
        expect((await login(target.email, 'a-guess', from)).status).toBe(401);
    }
    const refused = await login(target.email, 'a-guess', freshAddress());
    expect(expectLimited(refused, SIGN_IN_LIMITED, 15 * 60)).toBe(15 * 60);
    // Also from a fresh address with the right password: the account is locked for a while.
    expectLimited(await login(target.email, target.password, freshAddress()), SIGN_IN_LIMITED, 15 * 60);
    // Other accounts are not.
    const [other] = (await customers(1)) as [Customer];
    expect((await login(other.email, other.password, freshAddress())).status).toBe(200);

    clock += 10 * 60_000;
    expect(
      expectLimited(await login(target.email, target.password, freshAddress()), SIGN_IN_LIMITED, 300),
    ).toBe(300);
    clock += 5 * 60_000 + 1000;
    expect((await login(target.email, target.password, freshAddress())).status).toBe(200);
  });

  it('lets only as many of a parallel burst from many addresses through as the account allows', async () => {
    const [target] = (await customers(1)) as [Customer];
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => login(target.email, 'a-guess', freshAddress())),
    );
    expect(burst.filter((r) => r.status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_ACCOUNT.points);
    for (const res of burst.filter((r) => r.status !== 401)) expectLimited(res, SIGN_IN_LIMITED, 15 * 60);
  });

  it('forgives, on a sign-in, only the failures of that account from that address', async () => {
    const [target] = (await customers(1)) as [Customer];
    const home = freshAddress();
    for (let i = 0; i < 4; i++) expect((await login(target.email, 'typo', home)).status).toBe(401);
    expect((await login(target.email, target.password, home)).status).toBe(200);
    // 4 failures from each of three other addresses, then 4 more typos at home: 4 + 12 + 4 = 20.
    for (let n = 0; n < 3; n++) {
      const from = freshAddress();
      for (let i = 0; i < 4; i++) expect((await login(target.email, 'a-guess', from)).status).toBe(401);
    }
    for (let i = 0; i < 4; i++) expect((await login(target.email, 'typo', home)).status).toBe(401);
    expectLimited(await login(target.email, target.password, home), SIGN_IN_LIMITED, 15 * 60);
  });

  it(`refuses credential stuffing from one address only past ${SIGN_IN_FAILURES_PER_ADDRESS.points} failures`, async () => {
    const stuffer = freshAddress();
    const [real] = (await customers(1)) as [Customer];
    for (let batch = 0; batch < SIGN_IN_FAILURES_PER_ADDRESS.points / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => login(uniqueEmail('stuffed'), 'password1', stuffer)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const refused = await login(uniqueEmail('stuffed'), 'password1', stuffer);
    expect(expectLimited(refused, SIGN_IN_LIMITED, 60 * 60)).toBe(60 * 60);
    // Past that threshold the address itself is refused, for any account...
    expectLimited(await login(real.email, real.password, stuffer), SIGN_IN_LIMITED, 60 * 60);
    // ...but not the accounts it tried, from anywhere else.
    expect((await login(real.email, real.password, freshAddress())).status).toBe(200);
  });
});

describe('device cookies (OWASP, Blocking Brute Force Attacks)', () => {
  /** Each test checks some thirty passwords (slow hashes on purpose): room for a busy machine. */
  const SLOW = 60_000;
  const signIn = (email: string, password: string, from: string, cookie?: string, target = app) =>
    call(target, 'POST', '/api/auth/login', { json: { email, password }, from, cookie });
  /** The device cookie a successful sign-in set, as `name=value` for a Cookie header. */
  function deviceCookieOf(res: JsonCall): { pair: string; attributes: string } {
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie') ?? '';
    const match = /^(device_[A-Za-z0-9_-]+=[A-Za-z0-9_.-]+);(.*)$/.exec(header);
    expect(match, header).not.toBeNull();
    return { pair: match![1]!, attributes: match![2]! };
  }
  /** Failures from many addresses: enough to lock the account for unknown devices. */
  async function lockAccount(email: string) {
    const perAddress = SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.points;
    for (let n = 0; n < SIGN_IN_FAILURES_PER_ACCOUNT.points / perAddress; n++) {
      const from = freshAddress();
      for (let i = 0; i < perAddress; i++) expect((await signIn(email, 'a-guess', from)).status).toBe(401);
    }
    expectLimited(await signIn(email, 'a-guess', freshAddress()), SIGN_IN_LIMITED, 15 * 60);
  }

  it(
    'gives a signed, HttpOnly, SameSite=Strict cookie on sign-in, Secure over https',
    async () => {
      const [me] = (await customers(1)) as [Customer];
      const { pair, attributes } = deviceCookieOf(await signIn(me.email, me.password, freshAddress()));
      expect(pair).toMatch(/^device_[A-Za-z0-9_-]+=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(attributes).toMatch(/HttpOnly/);
      expect(attributes).toMatch(/SameSite=Strict/);
      expect(attributes).toMatch(/Path=\/api\/auth/);
      expect(attributes).toMatch(/Max-Age=\d+/);
      expect(attributes).not.toMatch(/Secure/);
      // A wrong password gives none.
      expect((await signIn(me.email, 'wrong', freshAddress())).headers.get('set-cookie')).toBeNull();
      const https = createApp({ db: shop.db, publicUrl: 'https://shop.test' });
      expect(
        deviceCookieOf(await signIn(me.email, me.password, freshAddress(), undefined, https)).attributes,
      ).toMatch(/Secure/);
    },
    SLOW,
  );

  it(
    'lets the customer in from a device they signed in from before while the account is locked to everyone else',
    async () => {
      const [me, other] = (await customers(2)) as [Customer, Customer];
      const home = deviceCookieOf(await signIn(me.email, me.password, freshAddress())).pair;
      const otherDevice = deviceCookieOf(await signIn(other.email, other.password, freshAddress())).pair;
      await lockAccount(me.email);
      // Without a cookie, with another account's cookie, or with a forged one: locked.
      expectLimited(await signIn(me.email, me.password, freshAddress()), SIGN_IN_LIMITED, 15 * 60);
      expectLimited(
        await signIn(me.email, me.password, freshAddress(), otherDevice),
        SIGN_IN_LIMITED,
        15 * 60,
      );
      const forged = home.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`);
      expectLimited(await signIn(me.email, me.password, freshAddress(), forged), SIGN_IN_LIMITED, 15 * 60);
      // With the cookie of this account, from anywhere: let in, and given a fresh one.
      const back = await signIn(me.email, me.password, freshAddress(), home);
      expect(back.status).toBe(200);
      deviceCookieOf(back);
    },
    SLOW,
  );

  it(
    'lets a signed-in customer change their password from their device while the account is locked',
    async () => {
      const [me] = (await customers(1)) as [Customer];
      const signedIn = await signIn(me.email, me.password, freshAddress());
      const home = deviceCookieOf(signedIn).pair;
      const { token } = signedIn.body as { token: string };
      await lockAccount(me.email);
      const change = (cookie?: string) =>
        call(app, 'POST', '/api/auth/change-password', {
          json: { currentPassword: me.password, newPassword: 'a-fresh-secret-9' },
          token,
          from: freshAddress(),
          cookie,
        });
      expectLimited(await change(), SIGN_IN_LIMITED, 15 * 60);
      expect((await change(home)).status).toBe(200);
    },
    SLOW,
  );

  it(
    `locks only the cookie after ${SIGN_IN_FAILURES_PER_DEVICE.points} failures with it, not the account nor its other devices`,
    async () => {
      const [me] = (await customers(1)) as [Customer];
      const stolen = deviceCookieOf(await signIn(me.email, me.password, freshAddress())).pair;
      const phone = deviceCookieOf(await signIn(me.email, me.password, freshAddress())).pair;
      // Failures with a cookie count on that cookie only: more than the account allows elsewhere.
      for (let i = 0; i < SIGN_IN_FAILURES_PER_DEVICE.points; i++)
        expect((await signIn(me.email, 'a-guess', freshAddress(), stolen)).status).toBe(401);
      expect(SIGN_IN_FAILURES_PER_DEVICE.points).toBeGreaterThan(
        SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.points,
      );
      // The account is not locked for unknown devices...
      expect((await signIn(me.email, me.password, freshAddress())).status).toBe(200);
      // ...and once it is locked by others, the locked cookie is refused while the phone's is not.
      await lockAccount(me.email);
      expectLimited(await signIn(me.email, me.password, freshAddress(), stolen), SIGN_IN_LIMITED, 15 * 60);
      expect((await signIn(me.email, me.password, freshAddress(), phone)).status).toBe(200);
    },
    SLOW,
  );
});

describe('coupon validation', () => {
  const randomCode = () => `GUESS${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

  it(`answers 429 with Retry-After after ${COUPON_GUESSES.points} unknown codes, to every code, until the window ends`, async () => {
    const from = freshAddress();
    const answers: JsonCall[] = [];
    for (let i = 0; i < 60; i++) answers.push(await validateCoupon(randomCode(), from));
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, COUPON_GUESSES.points)).toEqual(Array(COUPON_GUESSES.points).fill(400));
    for (const res of answers.slice(COUPON_GUESSES.points)) expectLimited(res, COUPONS_LIMITED, 10 * 60);
    // A valid code gets the same 429 from that key: the refusal says nothing about the code.
    expectLimited(await validateCoupon('WELCOME10', from), COUPONS_LIMITED, 10 * 60);
    // A fresh address validates it.
    expect((await validateCoupon('WELCOME10', freshAddress())).status).toBe(200);

    clock += 10 * 60_000 + 1000;
    expect((await validateCoupon('WELCOME10', from)).status).toBe(200);
  });

  it('does not let a parallel burst of codes past the limit, on either path', async () => {
    const from = freshAddress();
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(app, 'POST', i % 2 ? '/api/coupons/validate' : '//api/coupons/validate', {
          json: { code: randomCode(), subtotal: 1000 },
          from,
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 400)).toHaveLength(COUPON_GUESSES.points);
    for (const res of burst.filter((r) => r.status !== 400)) expectLimited(res, COUPONS_LIMITED, 10 * 60);
  });

  it('never limits a cart re-validating a real coupon, applicable or not', async () => {
    const from = freshAddress();
    for (let i = 0; i < 60; i++) expect((await validateCoupon('WELCOME10', from)).status).toBe(200);
    // below its minimum order: a known code, refused for the subtotal, not a guess
    for (let i = 0; i < 30; i++) {
      const res = await validateCoupon('FLAT150', from, undefined, 100);
      expect(res.status).toBe(400);
      expect((res.body as { code: string }).code).toBe('coupon_below_minimum');
    }
  });

  it(`refuses guesses rotated over several accounts from one address after ${COUPON_GUESSES_PER_ADDRESS.points}`, async () => {
    const office = freshAddress();
    const perAccount = COUPON_GUESSES_PER_ADDRESS.points / 6;
    expect(perAccount).toBeLessThan(COUPON_GUESSES.points);
    const rotated = await customers(7);
    for (const guesser of rotated.slice(0, 6))
      for (let i = 0; i < perAccount; i++)
        expect((await validateCoupon(randomCode(), office, guesser.token)).status).toBe(400);
    // Each account is under its own limit, but the address has had its share: fresh accounts,
    // and visitors, are refused there, valid codes included.
    const seventh = rotated[6]!;
    expectLimited(await validateCoupon(randomCode(), office, seventh.token), COUPONS_LIMITED, 10 * 60);
    expectLimited(await validateCoupon('WELCOME10', office, seventh.token), COUPONS_LIMITED, 10 * 60);
    expectLimited(await validateCoupon('WELCOME10', office), COUPONS_LIMITED, 10 * 60);
    // The same accounts from another address are fine.
    expect((await validateCoupon('WELCOME10', freshAddress(), seventh.token)).status).toBe(200);
    clock += 10 * 60_000 + 1000;
    expect((await validateCoupon('WELCOME10', office, seventh.token)).status).toBe(200);
  });

  it('counts a signed-in customer’s guesses per customer, and the address only past its higher figure', async () => {
    const office = freshAddress();
    const [guesser, colleague] = (await customers(2)) as [Customer, Customer];
    for (let i = 0; i < COUPON_GUESSES.points; i++)
      expect((await validateCoupon(randomCode(), office, guesser.token)).status).toBe(400);
    expectLimited(await validateCoupon('WELCOME10', office, guesser.token), COUPONS_LIMITED, 10 * 60);
    // The same customer from another address is still limited...
    expectLimited(await validateCoupon('WELCOME10', freshAddress(), guesser.token), COUPONS_LIMITED, 10 * 60);
    // ...while a colleague and an anonymous visitor on that address are not.
    expect((await validateCoupon('WELCOME10', office, colleague.token)).status).toBe(200);
    expect((await validateCoupon('WELCOME10', office)).status).toBe(200);
  });

  it('counts a request with an invalid token per address', async () => {
    const from = freshAddress();
    for (let i = 0; i < COUPON_GUESSES.points; i++)
      expect((await validateCoupon(randomCode(), from, 'not.a.token')).status).toBe(400);
    expectLimited(await validateCoupon('WELCOME10', from), COUPONS_LIMITED, 10 * 60);
  });
});

describe('registration', () => {
  it('refuses registrations from one address past a configured limit, counting taken e-mails too', async () => {
    const small = createApp({ db: shop.db, limits: { registrations: { points: 3, windowSeconds: 3600 } } });
    const from = freshAddress();
    const first = uniqueEmail('family');
    expect((await register(first, from, small)).status).toBe(201);
    expect((await register(first, from, small)).status).toBe(409);
    expect((await register(uniqueEmail('family'), from, small)).status).toBe(201);
    const refused = await register(uniqueEmail('family'), from, small);
    expectLimited(refused, REGISTRATIONS_LIMITED, 3600);
    expect((await register(uniqueEmail('family'), freshAddress(), small)).status).toBe(201);
  });

  it(`refuses a shared address past ${REGISTRATIONS_PER_ADDRESS.points} an hour and ${REGISTRATIONS_PER_ADDRESS_PER_DAY.points} a day`, async () => {
    const carrier = freshAddress();
    const registerMany = async (n: number) => {
      const answers = await Promise.all(
        Array.from({ length: n }, () => register(uniqueEmail('cgnat'), carrier)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(n).fill(201));
    };
    const hourly = REGISTRATIONS_PER_ADDRESS.points;
    const daily = REGISTRATIONS_PER_ADDRESS_PER_DAY.points;
    await registerMany(hourly);
    expectLimited(await register(uniqueEmail('cgnat'), carrier), REGISTRATIONS_LIMITED, 60 * 60);
    // Another address is not affected.
    expect((await register(uniqueEmail('cgnat'), freshAddress())).status).toBe(201);
    // Hour by hour, until the day's figure is reached: then refused for the rest of the day.
    let registered = hourly;
    while (registered < daily) {
      clock += 60 * 60_000 + 1000;
      const n = Math.min(hourly, daily - registered);
      await registerMany(n);
      registered += n;
    }
    clock += 60 * 60_000 + 1000;
    const refused = await register(uniqueEmail('cgnat'), carrier);
    expect(expectLimited(refused, REGISTRATIONS_LIMITED, 24 * 60 * 60)).toBeGreaterThan(60 * 60);
  });

  it('does not count registrations from the shop’s own machine (its tests and scripts)', async () => {
    const past = REGISTRATIONS_PER_ADDRESS.points + 1;
    for (const from of ['127.0.0.1', '::1']) {
      const answers = await Promise.all(
        Array.from({ length: past }, () => register(uniqueEmail('suite'), from)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(past).fill(201));
    }
  });
});

describe('TRUST_PROXY', () => {
  async function withServer(trustProxy: string, run: (port: number) => Promise<void>) {
    const server = serve({
      fetch: createApp({ db: shop.db, trustProxy: parseTrustedProxies(trustProxy) }).fetch,
      hostname: '127.0.0.1',
      port: 0,
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      await run((server.address() as AddressInfo).port);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('believes X-Forwarded-For only when the socket peer is a trusted proxy, walking through trusted hops only', async () => {
    const [target] = (await customers(1)) as [Customer];
    await withServer('127.0.0.1, 10.0.0.0/8', async (port) => {
      const signIn = (password: string, forwardedFor: string | undefined, peer: string) =>
        postOverSocket(
          port,
          '/api/auth/login',
          { email: target.email, password },
          forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
          peer,
        );
      // Through the trusted proxy at 127.0.0.1 and a trusted inner hop, the client is 203.0.113.50.
      for (let i = 0; i < 5; i++)
        expect((await signIn('wrong', '203.0.113.50, 10.1.2.3', '127.0.0.1')).status).toBe(401);
      expectLimited(await signIn(target.password, '203.0.113.50', '127.0.0.1'), SIGN_IN_LIMITED, 900);
      // A spoofed entry left of the real client changes nothing: the walk stops at 203.0.113.50.
      expectLimited(
        await signIn(target.password, '198.51.100.1, 203.0.113.50', '127.0.0.1'),
        SIGN_IN_LIMITED,
        900,
      );
      // Another forwarded client through the proxy is another client.
      expect((await signIn(target.password, '203.0.113.51', '127.0.0.1')).status).toBe(200);
      // An untrusted peer's X-Forwarded-For is not believed: 127.0.0.2 is the client, not 203.0.113.50.
      expect((await signIn(target.password, '203.0.113.50', '127.0.0.2')).status).toBe(200);
      for (let i = 1; i <= 5; i++)
        expect((await signIn('wrong', `198.51.100.${i}`, '127.0.0.3')).status).toBe(401);
      expectLimited(await signIn(target.password, '198.51.100.99', '127.0.0.3'), SIGN_IN_LIMITED, 900);
    });
  });

  it('reads TRUST_PROXY from the environment, names included, and refuses a malformed one', () => {
    expect(readServerConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,,192.0.2.7' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.7',
    ]);
    expect(readServerConfig({}).trustProxy).toEqual([]);
    expect(() => readServerConfig({ TRUST_PROXY: 'my-proxy.example' })).toThrow();
    expect(() => readServerConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow();
  });
});

describe('counters in the database', () => {
  it('are shared by two app instances over one database and survive a restart', async () => {
    const [target] = (await customers(1)) as [Customer];
    const first = await shop.database.open();
    const second = await shop.database.open();
    const one = createApp({ db: first });
    const two = createApp({ db: second });
    const from = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(target.email, 'wrong', from, i % 2 ? one : two)).status).toBe(401);
    expectLimited(await login(target.email, target.password, from, one), SIGN_IN_LIMITED, 900);
    expectLimited(await login(target.email, target.password, from, two), SIGN_IN_LIMITED, 900);
    await first.destroy();
    await second.destroy();

    const restarted = await shop.database.open();
    try {
      expectLimited(
        await login(target.email, target.password, from, createApp({ db: restarted })),
        SIGN_IN_LIMITED,
        900,
      );
    } finally {
      await restarted.destroy();
    }
  });
});
