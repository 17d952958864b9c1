import path from 'node:path';
import { DEFAULT_LOCK_WAIT_MS } from './db/client.ts';
import { parseTrustedProxies } from './limits/client-address.ts';

/** How often each process looks for due scheduled work, by default (server/jobs/scheduler.ts). */
export const SCHEDULER_TICK_MS = 15_000;

/** A whole number of milliseconds from the environment, or the default when unset or empty. */
function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`${name} must be a whole number of milliseconds`);
  return ms;
}

/** Server settings from the environment, with the defaults a newcomer gets. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    sqliteFile: path.join(dataDir, 'shop.sqlite'),
    databaseUrl: env.DATABASE_URL || undefined,
    /**
     * How long a request waits for a database lock held by someone else before it is answered
     * 503 "busy" with Retry-After (SQLite busy_timeout, PostgreSQL lock_timeout). DB_LOCK_WAIT_MS.
     */
    lockWaitMs: milliseconds('DB_LOCK_WAIT_MS', env.DB_LOCK_WAIT_MS, DEFAULT_LOCK_WAIT_MS),
    /** SERVE_SPA=0 serves the API alone (no dist/ needed): for tests and the load check. */
    serveSpa: env.SERVE_SPA !== '0' && env.SERVE_SPA !== 'false',
    /**
     * TRUST_PROXY: the proxies (addresses, CIDR ranges, `loopback`; comma-separated) whose
     * X-Forwarded-For names the client for the abuse limits. Unset: nobody's is believed.
     */
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    /** How long the simulated payment provider takes to capture (the provider's 2 s). PAYMENT_DELAY_MS. */
    paymentDelayMs: milliseconds('PAYMENT_DELAY_MS', env.PAYMENT_DELAY_MS, 2000),
    /** SMTP_URL (smtp:// or smtps://): e-mail goes out through it; unset, into DATA_DIR/outbox as .eml files. */
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    /**
     * WhatsApp's Cloud API (server/messages/whatsapp.ts): WHATSAPP_API_URL (default Meta's Graph API),
     * WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN; without the last two, WhatsApp messages are
     * written to DATA_DIR/outbox/ as the JSON the API would receive.
     */
    whatsapp:
      env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_TOKEN
        ? {
            apiUrl: env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0',
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            token: env.WHATSAPP_TOKEN,
          }
        : undefined,
    /** SHOP_NOTIFY_EMAIL: where staff hear of each new order and booking; unset, nobody is told. */
    shopNotifyEmail: env.SHOP_NOTIFY_EMAIL || undefined,
    /** MAIL_FROM: the sender of the shop's e-mail. */
    mailFrom: env.MAIL_FROM || 'Divya Puja Seva <no-reply@divyapujaseva.in>',
    /** PUBLIC_URL: where customers reach the shop; e-mailed links point there. */
    publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`,
    /**
     * UPLOADS_DIR: where uploaded photos and videos are kept (damage claims, proof of a puja).
     * Default DATA_DIR/uploads; several processes must share one folder (a shared volume).
     */
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    /**
     * How often each process looks for due scheduled work (the payment sweep, the sankalp lock,
     * pending refunds; server/jobs/scheduler.ts). SCHEDULER_TICK_MS.
     */
    schedulerTickMs: milliseconds('SCHEDULER_TICK_MS', env.SCHEDULER_TICK_MS, SCHEDULER_TICK_MS),
    /** SHOP_NAME: the shop's name in e-mails (the SPA's is VITE_SITE_BRAND). */
    brand: env.SHOP_NAME || 'Divya Puja Seva',
    /** METRICS_TOKEN: the bearer token GET /metrics needs; unset, /metrics answers this machine only. */
    metricsToken: env.METRICS_TOKEN || undefined,
    /**
     * SHUTDOWN_DRAIN_MS: after SIGTERM, how long the process keeps serving (with /readyz at 503)
     * before it stops accepting, for a load balancer that polls /readyz. Default 0 (nginx needs
     * none: a refused connection sends it to the next process).
     */
    shutdownDrainMs: milliseconds('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0),
    /** SHUTDOWN_TIMEOUT_MS: how long requests still running may take to finish before they are cut. */
    shutdownTimeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
  };
}

export type ServerConfig = ReturnType<typeof readServerConfig>;

/**
 * On PostgreSQL the shop runs as several processes, each with a DATA_DIR of its own, so the
 * secrets they must agree on cannot be files generated per process: a token signed by one
 * would be refused by the next. They must come from the environment; the message says which.
 */
export function missingSharedSecrets(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.databaseUrl) return [];
  return ['AUTH_SECRET', 'PAYMENT_SECRET'].filter((name) => !env[name]);
}
