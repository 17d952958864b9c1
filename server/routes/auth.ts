import { Hono } from 'hono';
import { authMessages, LoginRequest, RegisterRequest } from '../../contract/auth.ts';
import { limitMessages } from '../../contract/limits.ts';
import type { AppEnv } from '../app.ts';
import { requireAuth } from '../auth/middleware.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import {
  createSession,
  createUser,
  deleteExpiredSessions,
  deleteSession,
  DuplicateEmailError,
  emailExists,
  findUserForLogin,
} from '../db/repositories/users.ts';
import { readBody } from '../validate.ts';

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
      const user = await createUser(c.var.db, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
      });
      return c.json({ user }, 201);
    } catch (err) {
      // Two registrations of one e-mail at once: the unique index decides.
      if (err instanceof DuplicateEmailError) return c.json({ message: authMessages.emailTaken }, 409);
      throw err;
    }
  })

  .post('/api/auth/login', async (c) => {
    const { tokens } = c.var.auth;
    const { email, password } = await readBody(c, LoginRequest);
    // Counted before the password is checked, so parallel guesses cannot all pass (AbuseLimits).
    const attempt = await c.var.limits.beginSignIn(email, c.var.client);
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
    const now = new Date();
    await deleteExpiredSessions(c.var.db, row.id, now);
    const { token, jti, expiresAt } = await tokens.issue(row.id);
    await createSession(c.var.db, { id: jti, userId: row.id, expiresAt });
    const user = { id: row.id, name: row.name, email: row.email, phone: row.phone };
    return c.json({ token, user }, 200);
  })

  .post('/api/auth/logout', requireAuth, async (c) => {
    await deleteSession(c.var.db, c.var.sessionId);
    return c.json({ message: authMessages.loggedOut }, 200);
  })

  .get('/api/auth/me', requireAuth, (c) => c.json({ user: c.var.user }, 200));
