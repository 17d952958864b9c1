/**
 * Account basics over HTTP (docs/product-rules.md, Sign-in, registration and tokens): the
 * forgotten-password link (e-mailed as .eml into the outbox, single-use, expiring, stored
 * hashed), Edit Profile and Change Password (which ends the customer's other sessions).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authMessages, PASSWORD_RESET_TTL_MINUTES } from '../../contract/auth.ts';
import { createApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

let dir: string;
let database: TestDatabase;
let db: Db;
let app: App;
let clock: Date;
const outbox = () => path.join(dir, 'outbox');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-account-'));
  database = await createTestDatabase(dir);
  db = await database.open();
  await migrateToLatest(db);
  clock = new Date();
  app = createApp({
    db,
    now: () => clock,
    mailer: createMailer({ outboxDir: outbox(), from: 'Shop <no-reply@shop.test>' }),
    publicUrl: 'https://shop.test',
    brand: 'Test Shop',
    limits: {
      passwordResetsPerEmail: { points: 3, windowSeconds: 3600 },
      passwordResetsPerAddress: { points: 1000, windowSeconds: 3600 },
    },
  });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  clock = new Date();
  fs.rmSync(outbox(), { recursive: true, force: true });
});

const mails = () =>
  fs.existsSync(outbox())
    ? fs
        .readdirSync(outbox())
        .sort()
        .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
    : [];

/** The outbox once it holds `count` e-mails: the mail goes out after the answer (in the background). */
const mailsOnceSent = (count: number) =>
  vi.waitFor(
    () => {
      const all = mails();
      expect(all).toHaveLength(count);
      for (const mail of all) expect(mail.replace(/=\r?\n/g, '')).toMatch(/your password stays as it is/); // written whole
      return all;
    },
    { timeout: 5000, interval: 20 },
  );

/** The reset link's token in one e-mail (quoted-printable soft breaks undone). */
function tokenOf(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/shop\.test\/#\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** The reset link's token from the one e-mail in the outbox. */
async function tokenFromOutbox(): Promise<string> {
  const [mail] = await mailsOnceSent(1);
  return tokenOf(mail!);
}

async function forgot(email: string, from?: string) {
  return call(app, 'POST', '/api/auth/forgot-password', { json: { email }, from });
}
const reset = (token: string, password: string) =>
  call(app, 'POST', '/api/auth/reset-password', { json: { token, password } });
const login = (email: string, password: string) =>
  call(app, 'POST', '/api/auth/login', { json: { email, password } });

describe('POST /api/auth/forgot-password', () => {
  it('e-mails a link to the account as an .eml file, storing only the token hash', async () => {
    const me = await registerAndLogin(app, { name: 'Lakshmi Iyer' });
    const res = await forgot(me.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: authMessages.resetRequested });
    const [mail] = await mailsOnceSent(1);
    expect(mail).toMatch(new RegExp(`^To: ${me.email.replace('.', '\\.')}$`, 'm'));
    expect(mail).toMatch(/^Subject: Reset your Test Shop password$/m);
    expect(mail).toMatch(/^From: Shop <no-reply@shop\.test>$/m);
    const token = tokenOf(mail!);
    const rows = await db.selectFrom('passwordResets').selectAll().execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === crypto.createHash('sha256').update(token).digest('hex'))).toBe(
      true,
    );
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const res = await forgot('nobody-here@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: authMessages.resetRequested });
    // A real account's request after it: once its mail is out, the unknown one has long been settled.
    const me = await registerAndLogin(app);
    await forgot(me.email);
    const [only] = await mailsOnceSent(1);
    expect(only).toMatch(new RegExp(`^To: ${me.email.replace('.', '\\.')}$`, 'm'));
  });

  it('answers without waiting for the e-mail, so a real account takes no longer than none (a mailer that never answers)', async () => {
    const sent: string[] = [];
    const stuck = createApp({
      db,
      now: () => clock,
      mailer: {
        send: (mail) => {
          sent.push(mail.to);
          return new Promise<void>(() => undefined);
        },
      },
    });
    const failing = createApp({
      db,
      now: () => clock,
      mailer: { send: () => Promise.reject(new Error('SMTP down')) },
    });
    const me = await registerAndLogin(stuck);
    const promptly = async (target: App, email: string) => {
      const answer = call(target, 'POST', '/api/auth/forgot-password', { json: { email } });
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3000));
      return Promise.race([answer, late]);
    };
    for (const target of [stuck, failing]) {
      expect(await promptly(target, me.email)).toMatchObject({
        status: 200,
        body: { message: authMessages.resetRequested },
      });
      expect(await promptly(target, 'nobody-at-all@example.com')).toMatchObject({
        status: 200,
        body: { message: authMessages.resetRequested },
      });
    }
    // The mail was still handed to the mailer, for the real account only.
    await vi.waitFor(() => expect(sent).toEqual([me.email]), { timeout: 5000, interval: 20 });
  });

  it('refuses bad input with 400 {message} and sends nothing', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }]) {
      const res = await call(app, 'POST', '/api/auth/forgot-password', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(mails()).toEqual([]);
  });

  it('is limited per e-mail address: 429 with Retry-After past the limit, and no more mail', async () => {
    const me = await registerAndLogin(app);
    for (let i = 0; i < 3; i += 1) expect((await forgot(me.email, '203.0.113.9')).status).toBe(200);
    const refused = await forgot(me.email, '198.51.100.4');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await mailsOnceSent(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails()).toHaveLength(3);
  });
});

describe('POST /api/auth/reset-password', () => {
  async function linkFor(): Promise<{ me: Customer; token: string }> {
    const me = await registerAndLogin(app);
    fs.rmSync(outbox(), { recursive: true, force: true });
    await forgot(me.email);
    return { me, token: await tokenFromOutbox() };
  }

  it('ends every other link of the account when one is used', async () => {
    const me = await registerAndLogin(app);
    fs.rmSync(outbox(), { recursive: true, force: true });
    await forgot(me.email);
    const first = tokenOf((await mailsOnceSent(1))[0]!);
    clock = new Date(clock.getTime() + 60_000);
    await forgot(me.email);
    const second = (await mailsOnceSent(2)).map(tokenOf).find((t) => t !== first)!;
    expect((await reset(second, 'the-newest-pass')).status).toBe(200);
    // The older link, still within its time, was ended with the reset.
    expect(await reset(first, 'an-older-link-pass')).toMatchObject({
      status: 400,
      body: { code: 'reset_link_used', message: authMessages.resetLinkUsed },
    });
    expect((await login(me.email, 'an-older-link-pass')).status).toBe(401);
    expect((await login(me.email, 'the-newest-pass')).status).toBe(200);
  });

  it('sets the new password once, and ends every session of the account', async () => {
    const { me, token } = await linkFor();
    const res = await reset(token, 'brand-new-pass');
    expect(res).toMatchObject({ status: 200, body: { message: authMessages.passwordReset } });
    expect((await call(app, 'GET', '/api/auth/me', { token: me.token })).status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(401);
    expect((await login(me.email, 'brand-new-pass')).status).toBe(200);
  });

  it('refuses a used link', async () => {
    const { me, token } = await linkFor();
    expect((await reset(token, 'first-new-pass')).status).toBe(200);
    const again = await reset(token, 'second-new-pass');
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'reset_link_used', message: authMessages.resetLinkUsed },
    });
    expect((await login(me.email, 'first-new-pass')).status).toBe(200);
  });

  it(`refuses an expired link (after ${PASSWORD_RESET_TTL_MINUTES} minutes) and keeps the old password`, async () => {
    const { me, token } = await linkFor();
    clock = new Date(clock.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    const res = await reset(token, 'too-late-pass');
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'reset_link_expired', message: authMessages.resetLinkExpired },
    });
    expect((await login(me.email, me.password)).status).toBe(200);
  });

  it('refuses an unknown link and bad input with 400 {message}', async () => {
    const unknown = await reset(crypto.randomBytes(32).toString('base64url'), 'whatever-pass');
    expect(unknown).toMatchObject({ status: 400, body: { code: 'reset_link_invalid' } });
    const { me, token } = await linkFor();
    for (const body of [
      { token, password: '123' },
      { token, password: '' },
      { token: 'short', password: 'long-enough' },
      { password: 'long-enough' },
      { token, password: 12345678 },
    ]) {
      const res = await call(app, 'POST', '/api/auth/reset-password', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // The link is still good after the refusals.
    expect((await login(me.email, me.password)).status).toBe(200);
    expect((await reset(token, 'finally-new')).status).toBe(200);
  });
});

describe('PUT /api/auth/me (Edit Profile)', () => {
  it('changes name and phone of the signed-in customer only', async () => {
    const me = await registerAndLogin(app, { name: 'Old Name', phone: '080 1111 2222' });
    const other = await registerAndLogin(app, { name: 'Other One' });
    const res = await call(app, 'PUT', '/api/auth/me', {
      json: { name: '  Lakshmi Narayanan ', phone: '+91 98450 12345' },
      token: me.token,
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        user: { id: me.user.id, name: 'Lakshmi Narayanan', phone: '+91 98450 12345', email: me.email },
      },
    });
    const cleared = await call(app, 'PUT', '/api/auth/me', {
      json: { name: 'Lakshmi', phone: '' },
      token: me.token,
    });
    expect(cleared.body).toMatchObject({ user: { phone: null } });
    const them = await call(app, 'GET', '/api/auth/me', { token: other.token });
    expect(them.body).toMatchObject({ user: { name: 'Other One' } });
  });

  it('refuses bad input with 400 {message} and changes nothing; no token is 401', async () => {
    const me = await registerAndLogin(app, { name: 'Keep Me' });
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'Ok', phone: 'call me' },
      { name: 7 },
    ]) {
      const res = await call(app, 'PUT', '/api/auth/me', { json: body, token: me.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect((await call(app, 'PUT', '/api/auth/me', { json: { name: 'Nope' } })).status).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: me.token })).body).toMatchObject({
      user: { name: 'Keep Me' },
    });
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const me = await registerAndLogin(app);
    const phone = (await login(me.email, me.password)).body as { token: string };
    const res = await call(app, 'POST', '/api/auth/change-password', {
      json: { currentPassword: me.password, newPassword: 'changed-pass' },
      token: me.token,
    });
    expect(res).toMatchObject({ status: 200, body: { message: authMessages.passwordChanged } });
    expect((await call(app, 'GET', '/api/auth/me', { token: me.token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: phone.token })).status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(401);
    expect((await login(me.email, 'changed-pass')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 (not 401) and changes nothing', async () => {
    const me = await registerAndLogin(app);
    const other = (await login(me.email, me.password)).body as { token: string };
    const res = await call(app, 'POST', '/api/auth/change-password', {
      json: { currentPassword: 'not-my-password', newPassword: 'changed-pass' },
      token: me.token,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'wrong_password', message: authMessages.currentPasswordWrong },
    });
    expect((await call(app, 'GET', '/api/auth/me', { token: other.token })).status).toBe(200);
    expect((await login(me.email, me.password)).status).toBe(200);
  });

  it('refuses bad input with 400 {message}, and no token with 401', async () => {
    const me = await registerAndLogin(app);
    for (const body of [
      { newPassword: 'changed-pass' },
      { currentPassword: '', newPassword: 'changed-pass' },
      { currentPassword: me.password, newPassword: '123' },
      { currentPassword: me.password },
    ]) {
      const res = await call(app, 'POST', '/api/auth/change-password', { json: body, token: me.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await call(app, 'POST', '/api/auth/change-password', {
      json: { currentPassword: me.password, newPassword: 'changed-pass' },
    });
    expect(anonymous.status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(200);
  });
});
