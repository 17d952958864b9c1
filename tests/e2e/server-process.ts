import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/ops/ports.ts';

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the production server as `npm start` runs it (build/server/main.js, serving dist/) on
 * a free port over a fresh DATA_DIR.
 */
export async function startServer({ dataDir }: { dataDir?: string } = {}): Promise<RunningServer> {
  if (!fs.existsSync('dist/index.html') || !fs.existsSync('build/server/main.js'))
    throw new Error('dist/ or build/server/ is missing: run `npm run build` before the browser tests');
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'build/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/pujas`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir: dir,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `npm run admin:create` over a server's DATA_DIR, the password piped in twice, as an operator types it. */
export function adminCreate(
  dataDir: string,
  account: { email: string; name: string; password: string; role: 'staff' | 'admin' },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/admin-create.ts',
        '--email',
        account.email,
        '--name',
        account.name,
        '--role',
        account.role,
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.stdin.end(`${account.password}\n${account.password}\n`);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin:create failed:\n${output}`)),
    );
  });
}
