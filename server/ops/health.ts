import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import proxyAddr from 'proxy-addr';
import type { AppEnv } from '../env.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { incomingOf } from '../limits/client-address.ts';
import type { Metrics } from './metrics.ts';

/** What the process is doing with its life: set to draining when it has been told to stop. */
export interface Lifecycle {
  draining: boolean;
}

/** The longest /readyz waits for the database before it says the database does not answer. */
export const READY_CHECK_TIMEOUT_MS = 2000;

const isLoopback = proxyAddr.compile('loopback');
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN set, a request bearing it (compared in constant
 * time); without one, only this machine: a loopback peer that came through no proxy (a
 * proxy on this machine, such as nginx, adds X-Forwarded-For). `app.request` in tests has no
 * socket and is never "this machine".
 */
function metricsRefusal(c: Context, token: string | undefined): Response | undefined {
  if (token) {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (timingSafeEqual(sha256(given), sha256(token))) return undefined;
    return c.json({ message: 'The metrics need their token (METRICS_TOKEN)' }, 401, {
      'WWW-Authenticate': 'Bearer',
    });
  }
  const peer = incomingOf(c)?.socket?.remoteAddress;
  const proxied = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  if (peer && isLoopback(peer, 0) && !proxied) return undefined;
  return c.json({ message: 'The metrics are served only to this machine, or with METRICS_TOKEN' }, 403);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The operational routes (docs/decisions/0028-health-readiness-and-graceful-shutdown.md):
 * GET /healthz, the process is alive (it answers; nothing else is checked, so a database
 * outage never gets every process restarted); GET /readyz, it can take traffic: the database
 * answers within READY_CHECK_TIMEOUT_MS and has run every migration this code knows, and the
 * process is not shutting down (503 {message} otherwise); GET /metrics, Prometheus's text
 * format, to the token or to this machine only.
 */
export function opsRoutes({
  lifecycle,
  metrics,
  metricsToken,
}: {
  lifecycle: Lifecycle;
  metrics: Metrics;
  metricsToken?: string;
}) {
  const noStore = { 'Cache-Control': 'no-store' };
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'alive' }, 200, noStore))

    .get('/readyz', async (c) => {
      if (lifecycle.draining) return c.json({ message: 'Shutting down', status: 'draining' }, 503, noStore);
      let pending: string[];
      try {
        pending = await withTimeout(pendingMigrations(c.var.db), READY_CHECK_TIMEOUT_MS);
      } catch {
        return c.json(
          { message: 'The database does not answer', status: 'database_unavailable' },
          503,
          noStore,
        );
      }
      if (pending.length > 0)
        return c.json(
          { message: 'The database is not migrated to this version', status: 'migrations_pending', pending },
          503,
          noStore,
        );
      return c.json({ status: 'ready' }, 200, noStore);
    })

    .get('/metrics', async (c) => {
      const refused = metricsRefusal(c, metricsToken);
      if (refused) return refused;
      return c.body(await metrics.registry.metrics(), 200, {
        ...noStore,
        'Content-Type': metrics.registry.contentType,
      });
    });
}
