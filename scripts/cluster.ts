/**
 * `npm run cluster`: the shop as it scales out, on this machine. Builds the server, starts N
 * identical API processes (default 2) on one PostgreSQL behind Debian's nginx, all on loopback,
 * and prints the URL; Ctrl-C stops everything. Installs nginx and PostgreSQL from Debian when
 * they are missing (as root). The SPA is served too when `npm run build` has made dist/.
 *
 *   npm run cluster                            2 processes, a throwaway PostgreSQL, nginx on a free port
 *   npm run cluster -- --processes 4 --port 8080
 *   DATABASE_URL=postgres://… npm run cluster  an existing database instead of a throwaway one
 *
 * Then e.g. `npm run load -- --url <the printed URL>`.
 */
import { parseArgs } from 'node:util';
import { buildServer } from './build-server.ts';
import { startCluster } from './ops/cluster.ts';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', short: 'n', default: '2' },
    port: { type: 'string' },
  },
});
const processes = Number(args.processes);
if (!Number.isSafeInteger(processes) || processes < 1 || processes > 32) {
  console.error('--processes must be a whole number from 1 to 32');
  process.exit(2);
}
const port = args.port === undefined ? undefined : Number(args.port);
if (port !== undefined && !(Number.isSafeInteger(port) && port > 0 && port < 65536)) {
  console.error('--port must be a TCP port');
  process.exit(2);
}

const entry = await buildServer();
const cluster = await startCluster({
  processes,
  entry,
  port,
  databaseUrl: process.env.DATABASE_URL || undefined,
  env: process.env.PAYMENT_DELAY_MS ? { PAYMENT_DELAY_MS: process.env.PAYMENT_DELAY_MS } : {},
});
console.log(`\n${processes} API process${processes > 1 ? 'es' : ''} behind nginx on one PostgreSQL:`);
for (const proc of cluster.processes)
  console.log(`  process ${proc.index + 1}: ${proc.url} (pid ${proc.child.pid})`);
console.log(`  nginx config: ${cluster.nginx.config}`);
console.log(`\nThe shop: ${cluster.url}\n(Ctrl-C stops it)`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster ...');
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
