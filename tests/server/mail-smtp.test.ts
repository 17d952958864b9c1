/**
 * With SMTP_URL set, the shop's mail leaves through that SMTP server (server/mail/mailer.ts;
 * docs/product-rules.md, Sign-in, registration and tokens). A real SMTP server listens on
 * loopback (smtp-server, nodemailer's own), and the forgotten-password mail is read as it
 * arrives there: envelope, headers and the single-use link, which then sets a new password.
 * Nothing is written to the outbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

let dir: string;
let database: TestDatabase;
let db: Db;
let app: App;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-smtp-'));
  database = await createTestDatabase(dir);
  db = await database.open();
  await migrateToLatest(db);
  app = createApp({
    db,
    mailer: createMailer({
      smtpUrl: smtp.url,
      outboxDir: path.join(dir, 'outbox'),
      from: 'Shop <no-reply@shop.test>',
    }),
    publicUrl: 'https://shop.test',
    brand: 'Test Shop',
  });
});
afterAll(async () => {
  await smtp.close();
  await db.destroy();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('sends the reset link through the SMTP server; the link sets a new password once', async () => {
  const me = await registerAndLogin(app, { name: 'Meenakshi Sundaram' });
  const res = await call(app, 'POST', '/api/auth/forgot-password', { json: { email: me.email } });
  expect(res.status).toBe(200);

  // The mail goes out after the answer, so that its time says nothing about the account.
  await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 20 });
  const [{ to, mail }] = smtp.received as [(typeof smtp.received)[number]];
  expect(mail.from?.value[0]?.address).toBe('no-reply@shop.test');
  expect(to).toEqual([me.email]);
  expect(mail.subject).toBe('Reset your Test Shop password');
  const text = mail.text ?? '';
  const token = /https:\/\/shop\.test\/#\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  // Sent, not kept: the outbox is only for a shop without SMTP_URL.
  expect(fs.existsSync(path.join(dir, 'outbox'))).toBe(false);

  const reset = (password: string) =>
    call(app, 'POST', '/api/auth/reset-password', { json: { token, password } });
  expect((await reset('a-new-temple-bell-9')).status).toBe(200);
  expect((await reset('another-bell-10')).status).toBe(400);
  const login = await call(app, 'POST', '/api/auth/login', {
    json: { email: me.email, password: 'a-new-temple-bell-9' },
  });
  expect(login.status).toBe(200);
});
