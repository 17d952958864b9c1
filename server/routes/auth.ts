import { Hono, type Context } from 'hono';
import {
  authMessages,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
  type AccountCode,
} from '../../contract/auth.ts';
import { limitMessages } from '../../contract/limits.ts';
import type { AppEnv } from '../env.ts';
import { requestPasswordReset, resetPassword } from '../auth/account.ts';
import { requireAuth } from '../auth/middleware.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import {
  createSession,
  createUser,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  DuplicateEmailError,
  emailExists,
  findPasswordHash,
  findUserForLogin,
  setPasswordHash,
  updateProfile,
} from '../db/repositories/users.ts';
import type { LimitRefusal, SignInAttempt } from '../limits/limits.ts';
import { inTransaction } from '../db/transaction.ts';
import { consentToWhatsapp, hasWhatsappConsent } from '../services/message-preferences.ts';
import { preferencesUrl } from '../messages/preferences-token.ts';
import { readBody } from '../validate.ts';

/**
 * Counts a password check for `email` before it is made. A device this account signed in from
 * before is counted on its own cookie, and is not refused by the lock that failures from
 * elsewhere put on the account; a locked or invalid cookie counts as an unknown device
 * (server/auth/device-cookies.ts, docs/decisions/0055-limits-across-accounts-and-device-cookies.md).
 */
async function beginPasswordCheck(c: Context<AppEnv>, email: string): Promise<SignInAttempt | LimitRefusal> {
  const device = c.var.auth.devices.read(c, email);
  const trusted = device === undefined ? undefined : await c.var.limits.beginTrustedSignIn(device);
  return trusted && !trusted.refused ? trusted : c.var.limits.beginSignIn(email, c.var.client);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/api/auth/register', async (c) => {
    const input = await readBody(c, RegisterRequest);
    // Every registration attempt counts (a taken e-mail too: 409 tells whether an account exists).
    const limited = await c.var.limits.register(c.var.client);
    if (limited) {
      return c.json({ message: limitMessages.tooManyRegistrations(limited.retryAfterSeconds) }, 429, {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    if (await emailExists(c.var.db, input.email)) return c.json({ message: authMessages.emailTaken }, 409);
    const passwordHash = await hashPassword(input.password);
    try {
      // The account and the consent its form gave are one write: neither stands without the other.
      const user = await inTransaction(c.var.db, async (trx) => {
        const created = await createUser(trx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
        });
        if (input.whatsappUpdates)
          await consentToWhatsapp(trx, created.id, input.phone, 'sign-up', c.var.now());
        return created;
      });
      // Registering signs the new customer in, so they continue where they were going
      // (docs/product-rules.md, Sign-in, registration and tokens).
      const { token, jti, expiresAt } = await c.var.auth.tokens.issue(user.id);
      await createSession(c.var.db, { id: jti, userId: user.id, expiresAt });
      return c.json({ token, user: { ...user, whatsappUpdates: input.whatsappUpdates } }, 201);
    } catch (err) {
      // Two registrations of one e-mail at once: the unique index decides.
      if (err instanceof DuplicateEmailError) return c.json({ message: authMessages.emailTaken }, 409);
      throw err;
    }
  })

  .post('/api/auth/login', async (c) => {
    const { tokens, devices } = c.var.auth;
    const { email, password } = await readBody(c, LoginRequest);
    // Counted before the password is checked, so parallel guesses cannot all pass (AbuseLimits).
    const attempt = await beginPasswordCheck(c, email);
    if (attempt.refused) {
      const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
      return c.json({ message: authMessages.tooManyAttempts(minutes) }, 429, {
        'Retry-After': String(attempt.retryAfterSeconds),
      });
    }

    let row: Awaited<ReturnType<typeof findUserForLogin>>;
    let ok: boolean;
    try {
      row = await findUserForLogin(c.var.db, email);
      // One answer for an unknown e-mail and a wrong password, in about the same time.
      ok = row ? await verifyPassword(password, row.passwordHash) : await verifyAgainstDummy(password);
    } catch (err) {
      // The original error is the one to report; a failed refund only leaves one attempt counted.
      await attempt.abandoned().catch(() => undefined);
      throw err;
    }
    if (!row || !ok) {
      await attempt.failed();
      return c.json({ message: authMessages.invalidCredentials }, 401);
    }

    await attempt.succeeded();
    devices.issue(c, email);
    const now = new Date();
    await deleteExpiredSessions(c.var.db, row.id, now);
    const { token, jti, expiresAt } = await tokens.issue(row.id);
    await createSession(c.var.db, { id: jti, userId: row.id, expiresAt });
    const user = {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      whatsappUpdates: await hasWhatsappConsent(c.var.db, row.id),
    };
    return c.json({ token, user }, 200);
  })

  .post('/api/auth/logout', requireAuth, async (c) => {
    await deleteSession(c.var.db, c.var.sessionId);
    return c.json({ message: authMessages.loggedOut }, 200);
  })

  .get('/api/auth/me', requireAuth, async (c) =>
    c.json({ user: { ...c.var.user, whatsappUpdates: await hasWhatsappConsent(c.var.db, c.var.user.id) } }, 200),
  )

  // Edit Profile: name and phone of the signed-in customer only.
  .put('/api/auth/me', requireAuth, async (c) => {
    const input = await readBody(c, UpdateProfileRequest);
    const user = await updateProfile(c.var.db, c.var.user.id, input);
    if (!user) return c.json({ message: authMessages.signInRequired }, 401);
    return c.json({ user }, 200);
  })

  /**
   * Change Password: the current password is required, and guessing it is limited like signing
   * in (a wrong one is a 400, not a 401, which would sign the customer out). The customer's
   * other sessions end; this one stays (docs/product-rules.md, Sign-in, registration and tokens).
   */
  .post('/api/auth/change-password', requireAuth, async (c) => {
    const { currentPassword, newPassword } = await readBody(c, ChangePasswordRequest);
    const { user } = c.var;
    const attempt = await beginPasswordCheck(c, user.email);
    if (attempt.refused) {
      const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
      return c.json({ message: authMessages.tooManyAttempts(minutes) }, 429, {
        'Retry-After': String(attempt.retryAfterSeconds),
      });
    }
    let ok: boolean;
    try {
      const hash = await findPasswordHash(c.var.db, user.id);
      ok = hash !== undefined && (await verifyPassword(currentPassword, hash));
    } catch (err) {
      await attempt.abandoned().catch(() => undefined);
      throw err;
    }
    if (!ok) {
      await attempt.failed();
      const code: AccountCode = 'wrong_password';
      return c.json({ message: authMessages.currentPasswordWrong, code }, 400);
    }
    await attempt.succeeded();
    await setPasswordHash(c.var.db, user.id, await hashPassword(newPassword));
    await deleteSessionsOf(c.var.db, user.id, c.var.sessionId);
    return c.json({ message: authMessages.passwordChanged }, 200);
  })

  /**
   * Forgot password: public. Always the same answer, whether or not the e-mail has an account;
   * limited per e-mail and per network address (docs/product-rules.md, Limits on guessing).
   */
  .post('/api/auth/forgot-password', async (c) => {
    const { email } = await readBody(c, ForgotPasswordRequest);
    const limited = await c.var.limits.passwordReset(email, c.var.client);
    if (limited) {
      const minutes = Math.ceil(limited.retryAfterSeconds / 60);
      return c.json({ message: authMessages.tooManyResetRequests(minutes), code: limited.code }, 429, {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    const { mailer, publicUrl, brand, background, preferenceLinks } = c.var.auth;
    const preferencesLink = (userId: number) => preferencesUrl(publicUrl, preferenceLinks.sign(userId));
    const { db } = c.var;
    const now = c.var.now();
    // Not awaited: the answer takes the same time whether or not the e-mail has an account.
    background('password-reset e-mail', () =>
      requestPasswordReset(db, mailer, email, { publicUrl, brand, now, preferencesLink }),
    );
    return c.json({ message: authMessages.resetRequested }, 200);
  })

  /** Reset password with an e-mailed link: public, the link is the proof. */
  .post('/api/auth/reset-password', async (c) => {
    const { token, password } = await readBody(c, ResetPasswordRequest);
    const outcome = await resetPassword(c.var.db, token, password, c.var.now());
    if (!outcome.ok) {
      const messages = {
        reset_link_invalid: authMessages.resetLinkInvalid,
        reset_link_expired: authMessages.resetLinkExpired,
        reset_link_used: authMessages.resetLinkUsed,
        wrong_password: authMessages.currentPasswordWrong,
      } satisfies Record<AccountCode, string>;
      return c.json({ message: messages[outcome.code], code: outcome.code }, 400);
    }
    return c.json({ message: authMessages.passwordReset }, 200);
  });
