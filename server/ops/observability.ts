import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env.ts';
import { Refusal } from '../services/refusal.ts';
import type { Lifecycle } from './health.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** Requests a load balancer or Prometheus makes all the time: logged at debug level only. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The pattern of the route that answered (`/api/orders/:id`), or `unmatched` when only the
 * app-wide middleware ran (a 404). A bounded label for metrics, and no ids or tokens in logs.
 */
export function routeOf(c: Context): string {
  const last = matchedRoutes(c).at(-1);
  if (!last || (last.method === 'ALL' && last.path === '/*')) return 'unmatched';
  return last.path;
}

/** How a POST that writes an order or booking ended. */
function writeOutcome(c: Context): string {
  const { status } = c.res;
  if (status === 201) return c.res.headers.get('Idempotent-Replayed') ? 'replayed' : 'created';
  if (status === 503) return 'busy';
  if (status >= 500) return 'failed';
  return 'refused';
}

/**
 * The first middleware of the app: when the answer is ready, one JSON log line per request
 * (request id, method, route pattern, status, duration in ms; never headers, bodies, query
 * strings or raw paths, so no token, password, card or UPI detail can reach it) and the
 * request's metrics. While the process shuts down, answers carry `Connection: close` so
 * clients and proxies take their next request elsewhere.
 */
export function observe({
  logger,
  metrics,
  lifecycle,
}: {
  logger: Logger;
  metrics: Metrics;
  lifecycle: Lifecycle;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (lifecycle.draining) c.header('Connection', 'close');
    const ms = performance.now() - started;
    const method = c.req.method;
    const route = routeOf(c);
    const status = c.res.status;
    const labels = { method, route, status: String(status) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, ms / 1000);

    const refusal = c.error instanceof Refusal ? c.error : undefined;
    const endpoint = `${method} ${route}`;
    if (endpoint === 'POST /api/orders') metrics.orders.inc({ outcome: writeOutcome(c) });
    if (endpoint === 'POST /api/bookings') metrics.bookings.inc({ outcome: writeOutcome(c) });
    if (endpoint === 'POST /api/payments' && status === 201)
      metrics.payments.inc({ outcome: 'intent_created' });
    if (endpoint === 'POST /api/payments/:id/capture') {
      const outcome =
        status === 200 ? 'captured' : status === 402 ? 'declined' : status < 500 ? 'refused' : '';
      if (outcome) metrics.payments.inc({ outcome });
    }
    if (refusal?.refunded) metrics.payments.inc({ outcome: 'refunded' });
    if (status === 429) metrics.rateLimited.inc({ route });

    const line = {
      reqId: c.get('requestId'),
      method,
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      ...(refusal ? { code: refusal.code } : {}),
    };
    if (QUIET_ROUTES.has(route)) logger.debug(line, 'request');
    else logger.info(line, 'request');
  };
}
