import { createMiddleware } from 'hono/factory';
import { authMessages } from '../../contract/auth.ts';
import type { AppEnv } from '../app.ts';
import { findSessionUser } from '../db/repositories/users.ts';

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*) *$/i;

/**
 * Lets a request through only with `Authorization: Bearer <token>` carrying a genuine,
 * unexpired token whose session still exists (logout deletes it) for a user who still exists.
 * Sets `c.var.user` and `c.var.sessionId`; anything else gets 401 {message}.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const claims = token ? await c.var.auth.tokens.verify(token) : undefined;
  const user = claims && (await findSessionUser(c.var.db, claims.jti, claims.userId, new Date()));
  if (!claims || !user) {
    return c.json({ message: authMessages.signInRequired }, 401, { 'WWW-Authenticate': 'Bearer' });
  }
  c.set('user', user);
  c.set('sessionId', claims.jti);
  await next();
});
