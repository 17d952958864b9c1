import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDebianPackage } from './debian.ts';
import { freePort } from './ports.ts';

/**
 * A throwaway PostgreSQL cluster for tests and `npm run cluster`: Debian's PostgreSQL server
 * binaries, a fresh data folder under the system's temp folder, listening on 127.0.0.1 only
 * (a free port) and on a Unix socket in that folder, trusting local connections. As root it
 * runs as the `postgres` user (initdb and postgres refuse root). Durability settings are off
 * (fsync, full_page_writes, synchronous_commit): the cluster is thrown away, and the crash
 * tests kill the API process, never PostgreSQL. Stop it with `stop()`, which also deletes it.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (PG_BIN overrides), or undefined. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
}

/** Options that make a child run as the `postgres` user when we are root. */
function asPostgresUser(): Pick<SpawnOptions, 'uid' | 'gid'> {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(command: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

/** Resolves once `child` has exited. */
function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export async function startThrowawayPostgres({
  timeoutMs = 30_000,
}: { timeoutMs?: number } = {}): Promise<ThrowawayPostgres> {
  ensureDebianPackage('postgresql', () => postgresBinDir() !== undefined);
  const bin = postgresBinDir()!;
  const user = asPostgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  const data = path.join(dir, 'data');
  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    user,
  );
  const port = await freePort();
  const server = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'synchronous_commit=off',
    ],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const stop = async () => {
    // SIGINT is PostgreSQL's "fast" shutdown: it ends the sessions and stops at once.
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`PostgreSQL exited with ${server.exitCode}:\n${output}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return { url, dir, stop };
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PostgreSQL did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates an empty database `name` on the server at `serverUrl`; the URL to reach it. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
