/**
 * With SMTP_URL set, the shop's mail leaves through that SMTP server (server/mail/mailer.ts;
 * docs/product-rules.md, Sign-in, registration and tokens). A real SMTP server listens on
 * loopback (smtp-server, nodemailer's own), and the forgotten-password mail is read as it
 * arrives there: envelope, headers and the single-use link, which then sets a new password.
 * Nothing is written to the outbox.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}

let dir: string;
let database: TestDatabase;
let db: Db;
let app: App;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;

  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-smtp-'));
  database = await createTestDatabase(dir);
  db = await database.open();
  await migrateToLatest(db);
  app = createApp({
    db,
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: path.join(dir, 'outbox'),
      from: 'Shop <no-reply@shop.test>',
    }),
    publicUrl: 'https://shop.test',
    brand: 'Test Shop',
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await db.destroy();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('sends the reset link through the SMTP server; the link sets a new password once', async () => {
  const me = await registerAndLogin(app, { name: 'Meenakshi Sundaram' });
  const res = await call(app, 'POST', '/api/auth/forgot-password', { json: { email: me.email } });
  expect(res.status).toBe(200);

  // The mail goes out after the answer, so that its time says nothing about the account.
  await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 20 });
  const [mail] = received;
  expect(mail!.from).toBe('no-reply@shop.test');
  expect(mail!.to).toEqual([me.email]);
  expect(mail!.raw).toMatch(/^Subject: Reset your Test Shop password$/m);
  const text = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
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
