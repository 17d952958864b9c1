/** What the bench measures with: the floor's build and servers, the shop's server, Lighthouse, autocannon and Chromium's main thread (scripts/bench.ts). */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import lighthouse from 'lighthouse';
import type { Browser, Page } from 'playwright-core';
import { build, mergeConfig } from 'vite';
import shopViteConfig from '../../vite.config.ts';
import { freePort, startApiServer, type ApiServer } from '../../tests/support/api-server.ts';
import { RUNS, SECONDS, CONNECTIONS, root, work, median } from './bench-settings.ts';

export async function buildFloor(): Promise<string> {
  const outDir = path.join(work, 'floor');
  const config = mergeConfig(shopViteConfig, {
    root: path.join(root, 'bench', 'floor'),
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  await build({ ...config, configFile: false });
  fs.writeFileSync(path.join(outDir, 'greeting.json'), JSON.stringify({ text: 'Namaste' }));
  return outDir;
}

/* ------------------------------------------------------------------------------------ servers */

export async function serveFloor(dir: string) {
  const app = new Hono();
  app.get('*', serveStatic({ root: dir, precompressed: true }));
  const port = await freePort();
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * Node's own http module answering every request with `body`, from memory: the throughput floor.
 * It runs in a process of its own (scripts/bench-bare-server.ts), as the shop does, and the load generator
 * (autocannon, in this process) is a third: a floor served from the bench's own event loop would
 * share it with the load and flatter the ratio.
 */
export async function serveBytes(body: Buffer) {
  const file = path.join(work, `bare-${Date.now()}.json`);
  fs.writeFileSync(file, body);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'bench-bare-server.ts'), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare server did not start in 10 s')), 10_000);
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(Number(chunk.toString().trim()));
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url: `http://127.0.0.1:${port}`, close };
}

export async function startShop(dataDir: string, env: Record<string, string> = {}): Promise<ApiServer> {
  // The production build, as `npm start` runs it (not the source through tsx).
  return startApiServer({
    dataDir,
    serveSpa: true,
    built: true,
    env: { PAYMENT_DELAY_MS: '0', ...env },
    timeoutMs: 60_000,
  });
}

/* --------------------------------------------------------------------------------- lighthouse */

export interface PageScore {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
}

export async function lighthouseMedian(port: number, url: string): Promise<PageScore> {
  const runs: PageScore[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    runs.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      seo: Math.round((categories.seo?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    });
  }
  const pick = (key: keyof PageScore) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
  };
}

/* --------------------------------------------------------------------------------- throughput */

export async function throughput(
  url: string,
  requests?: autocannon.Request[],
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(requests ? { requests } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * The server's memory after a full garbage collection, through the inspector it was started with
 * (`--inspect` on a loopback port): what it keeps, not what the collector has yet to reclaim.
 */
export async function serverMemory(inspectPort: number): Promise<{ rss: number; heapUsed: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve, reject) => {
      const mine = ++id;
      const timeout = setTimeout(() => reject(new Error(`${method} timed out`)), 30_000);
      socket.addEventListener('message', function answer(event: MessageEvent<string>) {
        const message = JSON.parse(event.data) as { id?: number };
        if (message.id !== mine) return;
        clearTimeout(timeout);
        socket.removeEventListener('message', answer);
        resolve(message as never);
      });
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(result?.result?.value ?? '{}') as { rss: number; heapUsed: number };
  } finally {
    socket.close();
  }
}

/* --------------------------------------------------------------------------- main-thread work */

/** Main-thread task time (ms) the page spends while `during` runs, from the DevTools protocol. */
export async function mainThreadMs(page: Page, during: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
  };
  const before = await task();
  await during();
  const after = await task();
  await cdp.detach();
  return after - before;
}

/**
 * The longest task on the page's main thread while `during` runs, in ms, from a Chromium trace
 * (devtools.timeline RunTask events of the renderer's main thread): whether the work fits in one
 * frame (16 ms), which a sum of task time cannot tell.
 */
export async function longestTaskMs(
  browser: Browser,
  page: Page,
  during: () => Promise<void>,
): Promise<number> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await during();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: {
      name: string;
      ph: string;
      dur?: number;
      pid: number;
      tid: number;
      args?: { name?: string };
    }[];
  };
  const events = trace.traceEvents;
  // The renderer's main thread: the thread named CrRendererMain.
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && (!main || (e.pid === main.pid && e.tid === main.tid)),
  );
  return Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000));
}
