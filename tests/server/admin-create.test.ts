/**
 * `npm run admin:create`: the only way to make staff or an admin (docs/product-rules.md, Roles
 * and the back office). Run as the real command over a DATA_DIR, the password piped in.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import * as v from 'valibot';
import { LoginResponse } from '../../contract/auth.ts';
import { createApp } from '../../server/app.ts';
import { call, registerAndLogin } from '../support/accounts.ts';
import { databasePerFile } from '../support/prelude.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
/** The database the command works on: SQLite in DATA_DIR (its `dir`), or a fresh PostgreSQL database. */
const database = databasePerFile('shop-admin-');

function adminCreate(args: string[], input: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin-create.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...database.env, DATA_DIR: database.dir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.stdin.end(input);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function shop() {
  const db = await database.open();
  return { db, app: createApp({ db }) };
}

it('creates an admin who signs in as one; refuses a mismatched or short password and missing arguments', async () => {
  const made = await adminCreate(
    ['--email', 'Gopal@DivyaPujaSeva.in', '--name', 'Gopal'],
    'temple-bell-108\ntemple-bell-108\n',
  );
  expect(made.output).toContain('Created admin gopal@divyapujaseva.in (Gopal).');
  expect(made.code).toBe(0);

  const { db, app } = await shop();
  try {
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'gopal@divyapujaseva.in', password: 'temple-bell-108' },
    });
    expect(v.parse(LoginResponse, login.body).user.role).toBe('admin');
    const token = v.parse(LoginResponse, login.body).token;
    expect((await call(app, 'GET', '/api/admin/orders', { token })).status).toBe(200);

    // A customer already registered is made staff, with the new password; their sessions end.
    const customer = await registerAndLogin(app, { email: 'meena@example.com' });
    const promoted = await adminCreate(
      ['--email', 'meena@example.com', '--name', 'Meena', '--role', 'staff'],
      'new-password-1\nnew-password-1\n',
    );
    expect(promoted.code).toBe(0);
    expect(promoted.output).toContain('it is now staff');
    expect((await call(app, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    const staff = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'meena@example.com', password: 'new-password-1' },
    });
    expect(v.parse(LoginResponse, staff.body).user.role).toBe('staff');

    const mismatch = await adminCreate(
      ['--email', 'x@example.com', '--name', 'X'],
      'secret-one\nsecret-two\n',
    );
    expect(mismatch).toMatchObject({ code: 1, output: expect.stringContaining('do not match') as string });
    const short = await adminCreate(['--email', 'y@example.com', '--name', 'Y'], 'abc\nabc\n');
    expect(short.code).toBe(1);
    expect(short.output).toContain('at least 6 characters');
    const usage = await adminCreate(['--email', 'z@example.com'], '');
    expect(usage.code).toBe(2);
    const customerRole = await adminCreate(
      ['--email', 'z@example.com', '--name', 'Z', '--role', 'customer'],
      '',
    );
    expect(customerRole.code).toBe(2);
    // The staff accounts (a new shop's demo customers apart).
    const users = await db
      .selectFrom('users')
      .select(['email', 'role'])
      .where('role', '!=', 'customer')
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { email: 'gopal@divyapujaseva.in', role: 'admin' },
      { email: 'meena@example.com', role: 'staff' },
    ]);
  } finally {
    await db.destroy();
  }
}, 60_000);
