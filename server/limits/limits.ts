import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import type { LimitCode } from '../../contract/refusal.ts';
import { isOwnMachine } from './client-address.ts';
import { CounterStore } from './counter-store.ts';

/**
 * The shop's abuse limits: what is counted, per what, and how much is allowed. Anchored on
 * OWASP's Authentication and Credential Stuffing cheat sheets and ASVS 5.0 chapter 6; the
 * reasoning is in docs/decisions/0013-abuse-limits.md. Routes only call this module and turn
 * its refusals into 429 with Retry-After.
 */
export interface Limit {
  /** How many are allowed in one window. */
  points: number;
  /** The window, in seconds; it starts with the first counted request. */
  windowSeconds: number;
  /** Once over the limit, refuse for this long (seconds); without it, until the window ends. */
  blockSeconds?: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Wrong passwords (or unknown e-mails) for one account from one address: a customer's own
 * typos. Small, since this pair is what a single guesser controls.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: Limit = {
  points: 5,
  windowSeconds: 15 * MINUTE,
  blockSeconds: 15 * MINUTE,
};

/**
 * Failures for one account from anywhere: an account under a distributed attack is locked for
 * a while, whatever address the next guess comes from (the right password included).
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: Limit = {
  points: 20,
  windowSeconds: HOUR,
  blockSeconds: 15 * MINUTE,
};

/**
 * Failures across all accounts from one address (credential stuffing). High, because one
 * carrier-NAT or office address carries many customers whose typos must not add up to a
 * lock-out of everyone there.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS: Limit = {
  points: 100,
  windowSeconds: HOUR,
  blockSeconds: HOUR,
};

/**
 * Failures with one device cookie (server/auth/device-cookies.ts): a device the customer signed
 * in from before. Counted apart from the account's other failures; past it, that cookie alone
 * is locked, and its sign-ins are counted as from an unknown device.
 */
export const SIGN_IN_FAILURES_PER_DEVICE: Limit = {
  points: 10,
  windowSeconds: HOUR,
  blockSeconds: HOUR,
};

/** Unknown coupon codes per customer (or per address without a sign-in): guessing, not shopping. */
export const COUPON_GUESSES: Limit = { points: 10, windowSeconds: 10 * MINUTE };

/**
 * Unknown coupon codes from one address, signed in or not, across accounts: a guesser rotating
 * fresh accounts. Three times the per-customer figure, since one carrier (CGNAT) address carries
 * many customers, and a real customer mistypes a code once or twice, not ten times
 * (docs/product-rules.md, Limits on guessing).
 */
export const COUPON_GUESSES_PER_ADDRESS: Limit = { points: 30, windowSeconds: 10 * MINUTE };

/**
 * Registrations per address in an hour: a family or a festival crowd signing up on one carrier
 * (CGNAT) address together, not an account farm (docs/product-rules.md, Limits on guessing).
 */
export const REGISTRATIONS_PER_ADDRESS: Limit = { points: 20, windowSeconds: HOUR };

/** Registrations per address in a day: the hourly figure cannot be kept up all day long. */
export const REGISTRATIONS_PER_ADDRESS_PER_DAY: Limit = { points: 50, windowSeconds: 24 * HOUR };

/**
 * Password-reset e-mails asked for one e-mail address: enough for a customer who lost the first
 * mail, too few to flood someone's inbox (docs/product-rules.md, Limits on guessing).
 */
export const PASSWORD_RESETS_PER_EMAIL: Limit = { points: 5, windowSeconds: HOUR };

/** Password-reset requests from one network address, across e-mails: no bulk mailing through us. */
export const PASSWORD_RESETS_PER_ADDRESS: Limit = { points: 30, windowSeconds: HOUR };

/**
 * Uses of the signed preferences link (GET and PUT) from one network address: a customer opens
 * it a few times; a client trying made-up links is slowed (docs/product-rules.md, Messages to customers).
 */
export const PREFERENCES_LINK_USES_PER_ADDRESS: Limit = { points: 60, windowSeconds: 10 * MINUTE };

export interface LimitSettings {
  signInPerAccountAndAddress: Limit;
  signInPerAccount: Limit;
  signInPerAddress: Limit;
  signInPerDevice: Limit;
  couponGuesses: Limit;
  couponGuessesPerAddress: Limit;
  registrations: Limit;
  registrationsPerDay: Limit;
  passwordResetsPerEmail: Limit;
  passwordResetsPerAddress: Limit;
  preferencesLinkPerAddress: Limit;
}

export const defaultLimits: LimitSettings = {
  signInPerAccountAndAddress: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  signInPerAccount: SIGN_IN_FAILURES_PER_ACCOUNT,
  signInPerAddress: SIGN_IN_FAILURES_PER_ADDRESS,
  signInPerDevice: SIGN_IN_FAILURES_PER_DEVICE,
  couponGuesses: COUPON_GUESSES,
  couponGuessesPerAddress: COUPON_GUESSES_PER_ADDRESS,
  registrations: REGISTRATIONS_PER_ADDRESS,
  registrationsPerDay: REGISTRATIONS_PER_ADDRESS_PER_DAY,
  passwordResetsPerEmail: PASSWORD_RESETS_PER_EMAIL,
  passwordResetsPerAddress: PASSWORD_RESETS_PER_ADDRESS,
  preferencesLinkPerAddress: PREFERENCES_LINK_USES_PER_ADDRESS,
};

/** A request refused by a limit: it may be tried again after `retryAfterSeconds`. */
export interface LimitRefusal {
  refused: true;
  code: LimitCode;
  retryAfterSeconds: number;
}

/** A sign-in attempt that passed the limits; settle it exactly once (later calls are ignored). */
export interface SignInAttempt {
  refused: false;
  /** A wrong password or an unknown e-mail: the attempt stays counted. */
  failed(): Promise<void>;
  /**
   * The right password: forgives this account's failures from this address only (not the
   * account's failures elsewhere, nor this address's failures at other accounts), and the
   * attempt itself is not counted.
   */
  succeeded(): Promise<void>;
  /** Neither (the request failed for another reason): the attempt is not counted. */
  abandoned(): Promise<void>;
}

/** A coupon lookup that passed the limit; say whether the code existed. */
export interface CouponAttempt {
  refused: false;
  /** The code exists (applicable or not): it is not counted, so a cart re-validating it is never limited. */
  known(): Promise<void>;
  /** No such code: it stays counted as a guess. */
  unknown(): Promise<void>;
}

/**
 * Who a coupon lookup is counted for: always the client address (across accounts), and the
 * signed-in customer when there is one.
 */
export interface CouponSubject {
  client: string;
  customerId?: number | undefined;
}

export interface AbuseLimits {
  /**
   * Counts a sign-in attempt for `email` (normalised) from `client` (see clientKeyOf) before
   * the password is checked, in the database and atomically, so parallel guesses (also through
   * other processes) cannot all pass before the first is counted.
   */
  beginSignIn(email: string, client: string): Promise<SignInAttempt | LimitRefusal>;
  /**
   * Counts a sign-in attempt that presents a valid device cookie for its account (`device`, the
   * cookie's nonce) on that cookie's own counter only: the account's lock and the address's
   * counters do not apply to it. A refusal means that cookie is locked; the caller then counts
   * the attempt as from an unknown device (beginSignIn).
   */
  beginTrustedSignIn(device: string): Promise<SignInAttempt | LimitRefusal>;
  /** Counts a coupon lookup up front, for the same reason. */
  beginCouponLookup(subject: CouponSubject): Promise<CouponAttempt | LimitRefusal>;
  /**
   * Counts a registration from `client`; a refusal when over the hourly or the daily limit.
   * Registrations from this machine itself (loopback, or no socket) are not counted.
   */
  register(client: string): Promise<LimitRefusal | undefined>;
  /** Counts a password-reset request for `email` (normalised) from `client`; a refusal when over either limit. */
  passwordReset(email: string, client: string): Promise<LimitRefusal | undefined>;
  /** Counts a use of the signed preferences link from `client`; a refusal when over the limit. */
  preferencesLink(client: string): Promise<LimitRefusal | undefined>;
}

export interface AbuseLimitOptions {
  db: Db;
  /** Overrides of the defaults above (tests use small ones). */
  limits?: Partial<LimitSettings>;
  /** The clock, ms since the epoch. */
  now?: () => number;
}

type Counted = { store: CounterStore; key: string };

function isOverLimit(reason: unknown): reason is RateLimiterRes {
  return reason instanceof RateLimiterRes;
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Consumes one point on each counter. When any is over its limit, the others are given their
 * point back (a refused request counts nowhere else) and the refusal carries the longest wait.
 */
async function consumeAll(counted: Counted[]): Promise<{ refusedForMs: number } | undefined> {
  const results = await Promise.allSettled(counted.map(({ store, key }) => store.consume(key)));
  const errors = results.flatMap((r) => (r.status === 'rejected' && !isOverLimit(r.reason) ? [r] : []));
  // A refusal that raced the one which set the block sees the window's end, not the block's:
  // the block is what will hold, so never say more than it.
  const waits = results.flatMap((r, i) => {
    if (r.status !== 'rejected' || !isOverLimit(r.reason)) return [];
    const blockMs = (counted[i]?.store.blockDuration ?? 0) * 1000;
    return [blockMs > 0 ? Math.min(r.reason.msBeforeNext, blockMs) : r.reason.msBeforeNext];
  });
  if (errors.length === 0 && waits.length === 0) return undefined;
  await refund(counted.filter((_, i) => results[i]?.status === 'fulfilled'));
  if (errors[0]) throw errors[0].reason;
  return { refusedForMs: Math.max(...waits) };
}

async function refund(counted: Counted[]): Promise<void> {
  await Promise.all(counted.map(({ store, key }) => store.reward(key)));
}

/** Settles once; later calls do nothing. */
function once(settle: () => Promise<void>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await settle();
  };
}

export function createAbuseLimits({ db, limits, now = Date.now }: AbuseLimitOptions): AbuseLimits {
  const settings = { ...defaultLimits, ...limits };
  const store = (keyPrefix: string, { points, windowSeconds, blockSeconds = 0 }: Limit) =>
    new CounterStore({ db, keyPrefix, points, duration: windowSeconds, blockDuration: blockSeconds, now });

  const perAccountAndAddress = store('sign-in:account+address', settings.signInPerAccountAndAddress);
  const perAccount = store('sign-in:account', settings.signInPerAccount);
  const perAddress = store('sign-in:address', settings.signInPerAddress);
  const perDevice = store('sign-in:device', settings.signInPerDevice);
  const coupons = store('coupon-guesses', settings.couponGuesses);
  const couponsPerAddress = store('coupon-guesses:address', settings.couponGuessesPerAddress);
  const registrations = store('registrations', settings.registrations);
  const registrationsPerDay = store('registrations:day', settings.registrationsPerDay);
  const resetsPerEmail = store('password-resets:email', settings.passwordResetsPerEmail);
  const resetsPerAddress = store('password-resets:address', settings.passwordResetsPerAddress);
  const linkUses = store('preferences-link:address', settings.preferencesLinkPerAddress);

  const refusal = (code: LimitCode, ms: number): LimitRefusal => ({
    refused: true,
    code,
    retryAfterSeconds: retryAfter(ms),
  });

  return {
    async beginSignIn(email, client) {
      const pair: Counted = { store: perAccountAndAddress, key: `${email} ${client}` };
      const account: Counted = { store: perAccount, key: email };
      const address: Counted = { store: perAddress, key: client };
      const over = await consumeAll([pair, account, address]);
      if (over) return refusal('too_many_sign_in_attempts', over.refusedForMs);
      return {
        refused: false,
        failed: once(() => Promise.resolve()),
        succeeded: once(async () => {
          await Promise.all([perAccountAndAddress.delete(pair.key), refund([account, address])]);
        }),
        abandoned: once(() => refund([pair, account, address])),
      };
    },

    async beginTrustedSignIn(device) {
      const counted: Counted = { store: perDevice, key: device };
      const over = await consumeAll([counted]);
      if (over) return refusal('too_many_sign_in_attempts', over.refusedForMs);
      return {
        refused: false,
        failed: once(() => Promise.resolve()),
        succeeded: once(async () => {
          await perDevice.delete(device);
        }),
        abandoned: once(() => refund([counted])),
      };
    },

    async beginCouponLookup({ client, customerId }) {
      // The signed-in customer's own count, or a visitor's per address; and every guess from
      // the address across accounts, so rotating accounts gains nothing.
      const key = customerId === undefined ? `address ${client}` : `customer ${customerId}`;
      const counted: Counted[] = [
        { store: coupons, key },
        { store: couponsPerAddress, key: client },
      ];
      const over = await consumeAll(counted);
      if (over) return refusal('too_many_coupon_codes', over.refusedForMs);
      return {
        refused: false,
        known: once(() => refund(counted)),
        unknown: once(() => Promise.resolve()),
      };
    },

    async register(client) {
      // The shop's own machine (its tests, an operator's script) registers without limit.
      if (isOwnMachine(client)) return undefined;
      const over = await consumeAll([
        { store: registrations, key: client },
        { store: registrationsPerDay, key: client },
      ]);
      return over && refusal('too_many_registrations', over.refusedForMs);
    },

    async passwordReset(email, client) {
      const over = await consumeAll([
        { store: resetsPerEmail, key: email },
        { store: resetsPerAddress, key: client },
      ]);
      return over && refusal('too_many_reset_requests', over.refusedForMs);
    },

    async preferencesLink(client) {
      const over = await consumeAll([{ store: linkUses, key: client }]);
      return over && refusal('too_many_link_uses', over.refusedForMs);
    },
  };
}
