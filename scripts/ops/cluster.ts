import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx, type Nginx } from './nginx.ts';
import { freePort } from './ports.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.ts';

/**
 * The shop scaled out on one machine (docs/decisions/0029-production-build-and-a-cluster-behind-nginx.md):
 * N identical API processes of the built server, all on one PostgreSQL, behind Debian's nginx,
 * everything on loopback. The processes start at the same moment, so they also prove the
 * migration lock on every start. Used by `npm run cluster`, the cluster tests and the load
 * comparison.
 */
export interface ClusterProcess {
  index: number;
  url: string;
  /** host:port, as nginx's upstream names it. */
  address: string;
  child: ChildProcess;
  dataDir: string;
  /** What the process printed so far (JSON log lines). */
  output: () => string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
}

export interface Cluster {
  /** nginx: where customers go. */
  url: string;
  databaseUrl: string;
  processes: ClusterProcess[];
  nginx: Nginx;
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  /** How many API processes (default 2). */
  processes?: number;
  /** The built server to run (see scripts/build-server.ts). */
  entry: string;
  /** The PostgreSQL database to share; default a throwaway cluster started for it. */
  databaseUrl?: string;
  /** More environment for every process (e.g. PAYMENT_DELAY_MS). */
  env?: Record<string, string>;
  /** nginx's port (default a free one). */
  port?: number;
  /** Serve the built SPA (dist/) from each process too. Default: when dist/ has a build. */
  serveSpa?: boolean;
  timeoutMs?: number;
}

function startProcess(
  index: number,
  entry: string,
  port: number,
  env: Record<string, string>,
): Omit<ClusterProcess, 'url' | 'address'> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-cluster-${index}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: path.resolve(path.dirname(entry), '..', '..'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { index, child, dataDir, output: () => output, exited };
}

async function waitReady(proc: ClusterProcess, deadline: number) {
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`API process ${proc.index} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    try {
      const res = await fetch(`${proc.url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`API process ${proc.index} was not ready in time:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startCluster({
  processes: count = 2,
  entry,
  databaseUrl,
  env = {},
  port,
  serveSpa = fs.existsSync(path.resolve(path.dirname(entry), '..', '..', 'dist', 'index.html')),
  timeoutMs = 60_000,
}: ClusterOptions): Promise<Cluster> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('The cluster needs at least one process');
  let postgres: ThrowawayPostgres | undefined;
  const processes: ClusterProcess[] = [];
  let nginx: Nginx | undefined;
  // One uploads folder for all: a photo uploaded through one process is served by any.
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-uploads-'));

  const stop = async () => {
    await nginx?.stop();
    for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
    await Promise.all(processes.map((proc) => proc.exited));
    for (const proc of processes) fs.rmSync(proc.dataDir, { recursive: true, force: true });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    await postgres?.stop();
  };

  try {
    if (!databaseUrl) {
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.url;
    }
    // Every process signs and verifies with the same secrets (docs/decisions/0005-sessions-and-tokens.md).
    const shared = {
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_SECRET: randomBytes(48).toString('base64url'),
      ...env,
      DATABASE_URL: databaseUrl,
      SERVE_SPA: serveSpa ? '1' : '0',
      // nginx on loopback forwards the client's address in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      UPLOADS_DIR: uploadsDir,
    };
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const address = `127.0.0.1:${port}`;
      processes.push({ ...startProcess(i, entry, port, shared), url: `http://${address}`, address });
    }
    const deadline = Date.now() + timeoutMs;
    await Promise.all(processes.map((proc) => waitReady(proc, deadline)));
    nginx = await startNginx({ upstreams: processes.map((p) => p.address), port });
    return { url: nginx.url, databaseUrl, processes, nginx, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
