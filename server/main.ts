import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { missingSharedSecrets, readServerConfig } from './config.ts';
import type { Lifecycle } from './ops/health.ts';
import { createLogger } from './ops/logger.ts';
import { createMetrics } from './ops/metrics.ts';
import { startShop } from './start.ts';

/**
 * Production entry: the API and the built SPA on one origin (`npm start` builds it to
 * build/server/main.js and runs that). With SERVE_SPA=0 it serves the API alone and needs no
 * dist/ (the reliability tests and the load check run it that way). SIGTERM or SIGINT: a
 * graceful stop (docs/decisions/0028-health-readiness-and-graceful-shutdown.md).
 */
const logger = createLogger();
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  process.exit(1);
});

const config = readServerConfig();
let staticDir: string | undefined;
if (config.serveSpa) {
  staticDir = path.resolve('dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    logger.fatal('No built SPA in dist/. Run `npm run build` first (npm start does this for you).');
    process.exit(1);
  }
}
const missing = missingSharedSecrets(config);
if (missing.length > 0) {
  logger.fatal(
    `On PostgreSQL every API process must share its secrets: set ${missing.join(' and ')} ` +
      '(each at least 32 random characters, e.g. `openssl rand -base64 48`), the same on every process.',
  );
  process.exit(1);
}

const lifecycle: Lifecycle = { draining: false };
const { db, jobs, server } = await startShop({
  config,
  logger,
  port: config.port,
  host: config.host,
  metrics: (db) => createMetrics({ db, processMetrics: true }),
  app: { staticDir, lifecycle, metricsToken: config.metricsToken },
});
logger.info(
  { port: config.port, database: config.databaseUrl ? 'postgresql' : 'sqlite' },
  `${staticDir ? 'Shop' : 'API (no SPA)'} ready on http://localhost:${config.port}`,
);

/**
 * The graceful stop: /readyz answers 503 at once (answers carry Connection: close); after
 * SHUTDOWN_DRAIN_MS the listener closes (new connections are refused, so a load balancer
 * sends them to another process), and a second later the idle connections; requests still
 * running get SHUTDOWN_TIMEOUT_MS to finish, then their connections are cut; then the database
 * is closed and the process exits.
 */
let stopping = false;
/** How long a connection accepted just before the listener closed has to send its request. */
const IDLE_GRACE_MS = 1000;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  logger.info(
    { signal, drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs },
    'Shutting down',
  );
  if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
  // The scheduler finishes a tick in progress and starts no other.
  const jobsStopped = jobs.stop();
  // The listener closes (net's close: http's would also cut every idle connection at once, and a
  // connection accepted a moment ago is idle until its request is read). A request that arrived
  // on such a connection is answered, with Connection: close; then the idle ones are closed.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  const idleClosed = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  let cut = false;
  const deadline = setTimeout(() => {
    cut = true;
    logger.warn('Requests still running after SHUTDOWN_TIMEOUT_MS: closing their connections');
    server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  await closed;
  clearTimeout(deadline);
  clearTimeout(idleClosed);
  await jobsStopped;
  await db.destroy();
  logger.info(
    { cut },
    cut
      ? 'Stopped (some requests were cut), database closed'
      : 'Stopped: every request answered, database closed',
  );
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
