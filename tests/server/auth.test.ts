import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode, sign } from 'hono/jwt';
import { authMessages, type LoginResponse, type RegisterResponse, type User } from '../../contract/auth.ts';
import { createApp, type App } from '../../server/app.ts';
import { loadAuthSecret } from '../../server/auth/secret.ts';
import { TOKEN_ISSUER } from '../../server/auth/tokens.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

const shop = shopPerFile(() => createTestShop({ seed: false }));
/** The same database behind an app whose secret the tests know, to craft tokens. */
let app: App;

beforeAll(() => {
  app = createApp({ db: shop.db, authSecret: SECRET });
});

const userCount = async () =>
  Number(
    (
      await shop.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@example.com`;
const register = (body: unknown, target: App = shop.app) =>
  call(target, 'POST', '/api/auth/register', { json: body });
const login = (body: unknown, target: App = shop.app) =>
  call(target, 'POST', '/api/auth/login', { json: body });
const me = (token: string | undefined, target: App = shop.app) =>
  call(target, 'GET', '/api/auth/me', { token });
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/auth/register', () => {
  it('creates the account and answers 201 {user} without any password material', async () => {
    const email = uniqueEmail('Asha');
    const res = await register({
      name: '  Asha Rao ',
      email: `  ${email.toUpperCase()} `,
      phone: ' +91 98450 12345 ',
      password: 'secret123',
    });
    expect(res.status).toBe(201);
    const { user } = res.body as RegisterResponse;
    expect(user).toEqual({
      id: expect.any(Number) as number,
      name: 'Asha Rao',
      email: email.toLowerCase(),
      phone: '+91 98450 12345',
      role: 'customer',
      whatsappUpdates: false,
    });
    const { token, ...rest } = res.body as RegisterResponse;
    expect(JSON.stringify(rest)).not.toMatch(/password|hash|scrypt|secret123/i);
    expect(token).toEqual(expect.any(String));
  });

  it('signs the new customer in: the token it answers opens /api/auth/me', async () => {
    const email = uniqueEmail('signedin');
    const res = await register({ name: 'New Devotee', email, password: 'secret123' });
    const { token, user } = res.body as RegisterResponse;
    const me = await call(shop.app, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user });
  });

  it('stores a salted scrypt hash, never the plain password', async () => {
    const email = uniqueEmail('hash');
    await register({ name: 'Hash Check', email, password: 'secret123' });
    await register({ name: 'Hash Check 2', email: `2${email}`, password: 'secret123' });
    const rows = await shop.db
      .selectFrom('users')
      .select(['email', 'passwordHash'])
      .where('email', 'in', [email, `2${email}`])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.passwordHash).not.toContain('secret123');
    }
    expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash);
  });

  it('stores no phone as null, and a blank phone as none', async () => {
    const a = await register({ name: 'No Phone', email: uniqueEmail('nophone'), password: 'secret123' });
    const b = await register({
      name: 'Blank Phone',
      email: uniqueEmail('blank'),
      phone: '   ',
      password: 'secret123',
    });
    expect((a.body as RegisterResponse).user.phone).toBeNull();
    expect((b.body as RegisterResponse).user.phone).toBeNull();
  });

  it('refuses an e-mail that is already registered, whatever its case and spaces (409)', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ name: 'First', email, password: 'secret123' })).status).toBe(201);
    const before = await userCount();
    const res = await register({
      name: 'Second',
      email: `  ${email.toUpperCase()}  `,
      password: 'other-pass',
    });
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists' },
    });
    expect(await userCount()).toBe(before);
  });

  it('answers two simultaneous registrations of one e-mail with one 201 and one 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      register({ name: 'One', email, password: 'secret123' }),
      register({ name: 'Two', email, password: 'secret123' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    [{}, 'Name is required'],
    [{ email: 'a@example.com', password: 'secret123' }, 'Name is required'],
    [{ name: '   ', email: 'a@example.com', password: 'secret123' }, 'Name is required'],
    [{ name: 'A', password: 'secret123' }, 'Email is required'],
    [{ name: 'A', email: '   ', password: 'secret123' }, 'Email is required'],
    [{ name: 'A', email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com' }, 'Password is required'],
    [{ name: 'A', email: 'a@example.com', password: '        ' }, 'Password is required'],
    [{ name: 'A', email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters long'],
    [
      { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
    [
      { name: 'x'.repeat(10_000), email: 'a@example.com', password: 'secret123' },
      'Name must be at most 100 characters',
    ],
    [{ name: 5, email: 'a@example.com', password: 'secret123' }, 'Name must be text'],
    [{ name: 'A', email: ['a@example.com'], password: 'secret123' }, 'Email must be text'],
    [{ name: 'A', email: 'a@example.com', password: 123456 }, 'Password must be text'],
    [
      { name: 'A\u0000B', email: 'a@example.com', password: 'secret123' },
      'Name contains characters that are not allowed',
    ],
    [
      { name: 'A\nB', email: 'a@example.com', password: 'secret123' },
      'Name contains characters that are not allowed',
    ],
    [
      { name: 'A\ud800B', email: 'a@example.com', password: 'secret123' },
      'Name contains characters that are not allowed',
    ],
    [
      { name: 'A', email: 'a@example.com', phone: 'call me', password: 'secret123' },
      authMessages.phoneInvalid,
    ],
    [{ name: 'A', email: 'a@example.com', phone: '123', password: 'secret123' }, authMessages.phoneInvalid],
    [
      { name: 'A', email: 'a@example.com', phone: 9845012345, password: 'secret123' },
      'Phone number must be text',
    ],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const before = await userCount();
    const res = await register(body);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await userCount()).toBe(before);
  });

  it('accepts emoji and non-Latin names and returns them intact', async () => {
    const name = 'ஆஷா 🙏🏽 Rao 👨‍👩‍👧';
    const res = await register({ name, email: uniqueEmail('emoji'), password: 'pässwörd🔑' });
    expect(res.status).toBe(201);
    expect((res.body as RegisterResponse).user.name).toBe(name);
    const { token } = (
      await login({ email: (res.body as RegisterResponse).user.email, password: 'pässwörd🔑' })
    ).body as LoginResponse;
    expect(((await me(token)).body as { user: User }).user.name).toBe(name);
  });

  it('ignores unknown fields such as isAdmin and id', async () => {
    const res = await register({
      name: 'Sneaky',
      email: uniqueEmail('sneaky'),
      password: 'secret123',
      isAdmin: true,
      id: 999999,
      role: 'admin',
    });
    expect(res.status).toBe(201);
    const { user } = res.body as RegisterResponse;
    expect(user.id).not.toBe(999999);
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'phone', 'role', 'whatsappUpdates']);
    // Nobody becomes staff over HTTP.
    expect(user.role).toBe('customer');
  });

  it('refuses a body that is not JSON, not sent as JSON or not an object', async () => {
    const before = await userCount();
    expect(await call(shop.app, 'POST', '/api/auth/register', { raw: '{"name": "A",' })).toMatchObject({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await call(shop.app, 'POST', '/api/auth/register', { raw: '' })).toMatchObject({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await call(shop.app, 'POST', '/api/auth/register', { raw: '[1,2]' })).toMatchObject({
      status: 400,
      body: { message: 'The request body must be a JSON object' },
    });
    const plain = await call(shop.app, 'POST', '/api/auth/register', {
      raw: JSON.stringify({ name: 'A', email: uniqueEmail('plain'), password: 'secret123' }),
      contentType: 'text/plain',
    });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ message: expect.stringContaining('JSON') as string });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers {token, user} for the right password, with the e-mail in any case and spacing', async () => {
    const email = uniqueEmail('login');
    await register({ name: 'Login Person', email, phone: '9845012345', password: 'secret123' });
    const res = await login({ email: `  ${email.toUpperCase()}`, password: 'secret123' });
    expect(res.status).toBe(200);
    const body = res.body as LoginResponse;
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toEqual({
      id: expect.any(Number) as number,
      name: 'Login Person',
      email,
      phone: '9845012345',
      role: 'customer',
      whatsappUpdates: false,
    });
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
  });

  it('gives a wrong password and an unknown e-mail the identical 401 answer', async () => {
    const email = uniqueEmail('enum');
    await register({ name: 'Enum', email, password: 'secret123' });
    const wrongPassword = await login({ email, password: 'secret124' });
    const unknownEmail = await login({ email: uniqueEmail('nobody'), password: 'secret123' });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    await login({ email, password: 'secret123' }); // clears the failures of the shared 'local' key
  });

  it.each([
    [{}],
    [{ email: 'a@example.com' }],
    [{ password: 'secret123' }],
    [{ email: '  ', password: 'secret123' }],
    [{ email: 'a@example.com', password: '   ' }],
    [{ email: null, password: null }],
  ])('refuses %j with "Please enter both email and password"', async (body) => {
    expect(await login(body)).toMatchObject({
      status: 400,
      body: { message: 'Please enter both email and password' },
    });
  });

  // The limits' other rules (per account from anywhere, credential stuffing, neighbours on one
  // address) are proven in tests/server/limits.test.ts.
  describe('repeated failures for one account from one client', () => {
    let clock: number;
    let limited: App;
    let email: string;

    beforeEach(async () => {
      clock = Date.parse('2026-11-22T10:00:00Z');
      limited = createApp({
        db: shop.db,
        authSecret: SECRET,
        now: () => new Date(clock),
      });
      email = uniqueEmail('limit');
      await register({ name: 'Limit', email, password: 'secret123' }, limited);
    });

    it('refuses the 6th attempt within 15 minutes with 429 and Retry-After, even with the right password', async () => {
      for (let i = 0; i < 5; i++) {
        if (i > 0) clock += 60_000;
        expect((await login({ email, password: `wrong-${i}` }, limited)).status).toBe(401);
      }
      const refused = await login({ email, password: 'wrong-again' }, limited);
      expect(refused).toMatchObject({
        status: 429,
        body: { message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' },
      });
      expect(refused.headers.get('retry-after')).toBe('900');
      expect((await login({ email, password: 'secret123' }, limited)).status).toBe(429);

      clock += 10 * 60_000;
      const later = await login({ email, password: 'secret123' }, limited);
      expect(later.status).toBe(429);
      expect(later.headers.get('retry-after')).toBe('300');
      expect((later.body as { message: string }).message).toContain('5 minutes');

      clock += 5 * 60_000;
      expect((await login({ email, password: 'secret123' }, limited)).status).toBe(200);
    });

    it('forgets the failures after a successful sign-in', async () => {
      for (let i = 0; i < 4; i++)
        expect((await login({ email, password: 'wrong' }, limited)).status).toBe(401);
      expect((await login({ email, password: 'secret123' }, limited)).status).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await login({ email, password: 'wrong' }, limited)).status).toBe(401);
      expect((await login({ email, password: 'wrong' }, limited)).status).toBe(429);
    });

    it('counts only failures within the last 15 minutes', async () => {
      for (let i = 0; i < 4; i++)
        expect((await login({ email, password: 'wrong' }, limited)).status).toBe(401);
      clock += 15 * 60_000 + 1;
      for (let i = 0; i < 4; i++)
        expect((await login({ email, password: 'wrong' }, limited)).status).toBe(401);
      expect((await login({ email, password: 'secret123' }, limited)).status).toBe(200);
    });

    it('does not count requests refused by validation', async () => {
      for (let i = 0; i < 10; i++) expect((await login({ email }, limited)).status).toBe(400);
      expect((await login({ email, password: 'secret123' }, limited)).status).toBe(200);
    });
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  const refused = { status: 401, body: { message: 'Please sign in to continue' } };

  it('answers {user} for a valid token', async () => {
    const customer = await registerAndLogin(app, { name: 'Me Person', phone: '080 2345 6789' });
    expect(await me(customer.token, app)).toMatchObject({
      status: 200,
      body: {
        user: { id: customer.user.id, name: 'Me Person', email: customer.email, phone: '080 2345 6789' },
      },
    });
  });

  it('refuses a request without a token or with a malformed Authorization header', async () => {
    const { token } = await registerAndLogin(app);
    expect(await me(undefined, app)).toMatchObject(refused);
    for (const header of [
      token,
      `Basic ${token}`,
      'Bearer',
      'Bearer ',
      'Bearer not-a-token',
      `Bearer ${token}x`,
      `Bearer ${token} extra`,
    ]) {
      const res = await app.request('/api/auth/me', { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(refused.body);
    }
  });

  it('refuses a token whose payload was changed', async () => {
    const mine = await registerAndLogin(app);
    const other = await registerAndLogin(app);
    const [header, payload, signature] = mine.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${b64url({ ...claims, sub: String(other.user.id) })}.${signature}`;
    expect(await me(forged, app)).toMatchObject(refused);
    const longer = `${header}.${b64url({ ...claims, exp: (claims.exp as number) + 86400 * 365 })}.${signature}`;
    expect(await me(longer, app)).toMatchObject(refused);
  });

  it('refuses a token signed with another secret, even with a live session id', async () => {
    const customer = await registerAndLogin(app);
    const { payload } = decode(customer.token);
    expect(await me(await sign(payload, 'another-secret-that-is-also-long-enough-xyz'), app)).toMatchObject(
      refused,
    );
    // and a token of the other app (its own random secret) is not valid here
    const elsewhere = await registerAndLogin(shop.app);
    expect(await me(elsewhere.token, app)).toMatchObject(refused);
  });

  it('refuses alg "none" and other algorithms, even with the right secret', async () => {
    const customer = await registerAndLogin(app);
    const { payload } = decode(customer.token);
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
    expect(await me(none, app)).toMatchObject(refused);
    expect(await me(await sign(payload, SECRET, 'HS512'), app)).toMatchObject(refused);
    // control: re-signing the same claims with HS256 and our secret is accepted
    expect((await me(await sign(payload, SECRET, 'HS256'), app)).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const customer = await registerAndLogin(app);
    const { payload } = decode(customer.token);
    const past = Math.floor(Date.now() / 1000) - 60;
    expect(await me(await sign({ ...payload, iat: past - 3600, exp: past }, SECRET), app)).toMatchObject(
      refused,
    );
    const { exp: _exp, ...withoutExp } = payload;
    expect(await me(await sign(withoutExp, SECRET), app)).toMatchObject(refused);
    const wrongIssuer = await sign({ ...payload, iss: 'someone-else' }, SECRET);
    expect(await me(wrongIssuer, app)).toMatchObject(refused);
  });

  it('lets a token lapse after tokenTtlSeconds', async () => {
    const shortLived = createApp({ db: shop.db, authSecret: SECRET, tokenTtlSeconds: 60 });
    const customer = await registerAndLogin(shortLived);
    expect(decode(customer.token).payload).toMatchObject({
      iss: TOKEN_ISSUER,
      sub: String(customer.user.id),
    });
    expect((await me(customer.token, shortLived)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect(await me(customer.token, shortLived)).toMatchObject(refused);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out: the token is refused afterwards, other sessions stay signed in', async () => {
    const customer = await registerAndLogin(app);
    const second = await login({ email: customer.email, password: customer.password }, app);
    const otherToken = (second.body as LoginResponse).token;
    expect(otherToken).not.toBe(customer.token);

    const out = await call(app, 'POST', '/api/auth/logout', { token: customer.token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out' } });
    expect(await me(customer.token, app)).toMatchObject(refused);
    expect(await call(app, 'POST', '/api/auth/logout', { token: customer.token })).toMatchObject(refused);
    expect((await me(otherToken, app)).status).toBe(200);

    const { jti } = decode(customer.token).payload;
    expect(
      await shop.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', jti as string)
        .execute(),
    ).toEqual([]);
  });

  it('refuses the token of a deleted account', async () => {
    const customer = await registerAndLogin(app);
    await shop.db.deleteFrom('users').where('id', '=', customer.user.id).execute();
    expect(await me(customer.token, app)).toMatchObject(refused);
  });

  it('refuses logout without a token', async () => {
    expect(await call(app, 'POST', '/api/auth/logout')).toMatchObject(refused);
  });
});

describe('loadAuthSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a secret once, keeps it in DATA_DIR/auth-secret (0600) and reads it on later starts', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadAuthSecret(dataDir, {});
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'auth-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadAuthSecret(dataDir, {})).toBe(first);
  });

  it('prefers AUTH_SECRET and refuses one shorter than 32 characters', () => {
    expect(loadAuthSecret(dir, { AUTH_SECRET: SECRET })).toBe(SECRET);
    expect(fs.existsSync(path.join(dir, 'auth-secret'))).toBe(false);
    expect(() => loadAuthSecret(dir, { AUTH_SECRET: 'too-short' })).toThrow(/at least 32/);
  });
});
