import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { RegisterRequest } from '../contract/auth.ts';
import type { UserRole } from '../contract/lifecycle.ts';
import { hashPassword } from './auth/passwords.ts';
import { readServerConfig } from './config.ts';
import type { Db } from './db/client.ts';
import {
  createUser,
  deleteSessionsOf,
  findUserByEmail,
  setPasswordHash,
  setRole,
} from './db/repositories/users.ts';
import { prepareDb } from './start.ts';

/**
 * `npm run admin:create -- --email asha@example.com --name "Asha Rao" [--role staff|admin]`
 *
 * The only way to make a staff member or an admin (docs/product-rules.md, Roles and the back
 * office): run on the server against its database (DATA_DIR or DATABASE_URL). It asks for the
 * password twice (not echoed on a terminal; read as two lines when piped). An account that
 * already exists is given the role and the new password, and its sessions end.
 */

export interface StaffAccount {
  email: string;
  name: string;
  role: Exclude<UserRole, 'customer'>;
  password: string;
}

/** Creates or promotes the account; says what it did. */
export async function createStaffAccount(db: Db, account: StaffAccount): Promise<string> {
  const checked = v.safeParse(RegisterRequest, {
    name: account.name,
    email: account.email,
    password: account.password,
  });
  if (!checked.success) throw new Error(checked.issues[0].message);
  const { name, email, password } = checked.output;
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await setRole(db, existing.id, account.role);
    await setPasswordHash(db, existing.id, passwordHash);
    await deleteSessionsOf(db, existing.id);
    return `${email} already had an account: it is now ${account.role}, with the new password.`;
  }
  const user = await createUser(db, { name, email, passwordHash });
  await setRole(db, user.id, account.role);
  return `Created ${account.role} ${email} (${name}).`;
}

/** Reads a line; on a terminal what is typed is not shown. */
async function askHidden(question: string, lines: AsyncIterator<string> | null): Promise<string> {
  if (lines) {
    const next: IteratorResult<string> = await lines.next();
    return next.done ? '' : next.value;
  }
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = rl.question(question);
  muted = true;
  const value = await answer;
  rl.close();
  process.stdout.write('\n');
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
    },
  });
  const role = values.role;
  if (!values.email || !values.name || (role !== 'admin' && role !== 'staff')) {
    console.error('Usage: npm run admin:create -- --email <email> --name <name> [--role admin|staff]');
    process.exit(2);
  }
  const lines = process.stdin.isTTY
    ? null
    : createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
  const password = await askHidden('Password: ', lines);
  const repeated = await askHidden('Repeat the password: ', lines);
  if (password !== repeated) {
    console.error('The passwords do not match.');
    process.exit(1);
  }
  const db = await prepareDb(readServerConfig());
  try {
    console.log(await createStaffAccount(db, { email: values.email, name: values.name, role, password }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
  process.exit(process.exitCode ?? 0);
}

if (import.meta.filename === process.argv[1]) await main();
