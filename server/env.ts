import type { User } from '../contract/auth.ts';
import type { DeviceCookies } from './auth/device-cookies.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Db } from './db/client.ts';
import type { AbuseLimits } from './limits/limits.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { CatalogueCache } from './services/catalogue-cache.ts';

/**
 * What every request carries (set once in server/app.ts): the routes, the middleware and the ops
 * endpoints type their Hono apps with it. Apart from app.ts, which mounts them, so that no route
 * imports the module that imports it.
 */

export interface AuthServices {
  tokens: TokenService;
  /** The device cookies a sign-in gives and reads (server/auth/device-cookies.ts). */
  devices: DeviceCookies;
  /** Sends the password-reset e-mails (server/mail/mailer.ts). */
  mailer: Mailer;
  /** Where e-mailed links point (PUBLIC_URL) and the shop's name in them. */
  publicUrl: string;
  brand: string;
  /**
   * Runs work the answer must not wait for (the password-reset mail: waiting would tell by
   * timing who has an account). Its failure is logged, never answered.
   */
  background: (what: string, work: () => Promise<void>) => void;
  /**
   * The signed link to a customer's message preferences (server/messages/preferences-token.ts),
   * signed with the auth secret: `sign` makes one, `read` gives its customer or null.
   */
  preferenceLinks: { sign: (userId: number) => string; read: (token: string) => number | null };
}

export interface AppEnv {
  Variables: {
    db: Db;
    auth: AuthServices;
    /** The abuse limits (server/limits/limits.ts); counters in the database. */
    limits: AbuseLimits;
    /** The client's key for the limits: its address (IPv6 per /64), see server/limits/client-address.ts. */
    client: string;
    /** Set by requireAuth: the signed-in customer and the id (jti) of their session. */
    user: User;
    sessionId: string;
    /** The server's clock (injectable for tests): decides e.g. whether a booking window is open. */
    now: () => Date;
    /** The payment provider (docs/decisions/0012-payments-through-a-server-gateway.md). */
    payments: PaymentGateway;
    /** The catalogue's answers kept in memory (server/services/catalogue-cache.ts). */
    catalogue: CatalogueCache;
    /** Where uploaded photos and videos are kept (DATA_DIR/uploads). */
    uploadsDir: string;
    /** SHOP_NOTIFY_EMAIL: where staff hear of each new order and booking; unset, nobody. */
    shopNotifyEmail: string | undefined;
  };
}
