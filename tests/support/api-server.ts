import { addressInput } from './addresses.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Address } from '../../contract/address.ts';
import type { LoginResponse } from '../../contract/auth.ts';
import { freePort } from '../../scripts/ops/ports.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export { freePort };

/**
 * The real API server as a child process (`server/main.ts` with SERVE_SPA=0, so no dist/ is
 * needed) on a free loopback port over a DATA_DIR and a fresh database of the kind under test
 * (tests/support/test-db.ts), and a small JSON client for it. Used by the reliability tests
 * (kill it, restart it on the same DATA_DIR and database) and by `npm run load`.
 */
export interface ApiServer {
  url: string;
  dataDir: string;
  /** Its database: SQLite in DATA_DIR, or a PostgreSQL database of its own. */
  database: TestDatabase;
  child: ChildProcess;
  /** What the server printed so far (stdout and stderr). */
  output: () => string;
  /** SIGKILL: no shutdown code runs, as in a crash. Resolves once the process is gone. */
  crash: () => Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop: () => Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * The database of each DATA_DIR a server was started on, so a server started again on the same
 * DATA_DIR (a restart, a second process) shares the first one's database, as on SQLite.
 */
const databases = new Map<string, TestDatabase>();

/**
 * Starts the API over `dataDir` (a fresh temp folder by default) and `database` (by default the
 * one of an earlier server on the same `dataDir`, else a fresh one); resolves once it is ready.
 */
export async function startApiServer({
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-')),
  database,
  env = {},
  timeoutMs = 30000,
  serveSpa = false,
  built = false,
}: {
  dataDir?: string;
  database?: TestDatabase;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Serve the built SPA from dist/ too (the benchmark); needs `npm run build` first. */
  serveSpa?: boolean;
  /** Run the production build (build/server/main.js, as `npm start` does) instead of the source through tsx. */
  built?: boolean;
} = {}): Promise<ApiServer> {
  database ??= databases.get(dataDir) ?? (await createTestDatabase(dataDir));
  databases.set(dataDir, database);
  const port = await freePort();
  const entry = built ? ['build/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      // The simulated provider answers at once unless a test asks for its production delay.
      PAYMENT_DELAY_MS: '0',
      ...database.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_SPA: serveSpa ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: ApiServer = {
    url,
    dataDir,
    database,
    child,
    output: () => output,
    crash: () => {
      child.kill('SIGKILL');
      return exited(child);
    },
    stop: () => {
      child.kill('SIGTERM');
      return exited(child);
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.crash();
      throw new Error(`The API server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  ms: number;
}

/** One JSON request to a running server (bounded by `timeoutMs`). */
export async function http(
  base: string,
  method: string,
  pathname: string,
  {
    json,
    token,
    headers = {},
    timeoutMs = 15000,
  }: { json?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const all: Record<string, string> = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  if (json !== undefined) all['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(base + pathname, {
    method,
    headers: all,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: res.headers,
    ms: performance.now() - started,
  };
}

export interface HttpCustomer {
  token: string;
  userId: number;
  email: string;
  addressId: number;
}

let counter = 0;

/** Registers a customer with a unique e-mail, signs them in and saves one address. */
export async function newCustomer(base: string, name = 'Asha Rao'): Promise<HttpCustomer> {
  const email = `customer${++counter}-${process.pid}-${Date.now()}@example.com`;
  const password = 'secret123';
  const registered = await http(base, 'POST', '/api/auth/register', { json: { name, email, password } });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  let login = await http(base, 'POST', '/api/auth/login', { json: { email, password } });
  // A 429 (an abuse limit reached, e.g. a flood of sign-ins in flight from one address): retry.
  for (let attempt = 0; login.status === 429 && attempt < 5; attempt++) {
    await new Promise((r) => setTimeout(r, 1000));
    login = await http(base, 'POST', '/api/auth/login', { json: { email, password } });
  }
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const { token, user } = login.body as LoginResponse;
  const saved = await http(base, 'POST', '/api/addresses', {
    token,
    json: addressInput({ street: 'MG Road 100', area: 'Gandhi Nagar', postalCode: '560001' }),
  });
  if (saved.status !== 201) throw new Error(`address: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { token, userId: user.id, email, addressId: (saved.body as { address: Address }).address.id };
}
