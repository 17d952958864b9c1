import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { authMessages, type User } from '../../contract/auth.ts';
import { isStaffRole, lifecycleMessages } from '../../contract/lifecycle.ts';
import type { AppEnv } from '../env.ts';
import { staffMessages } from '../../contract/staff-invitations.ts';
import { findSessionUser } from '../db/repositories/users.ts';

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*) *$/i;

/**
 * The customer and session of a request's `Authorization: Bearer <token>`, when the token is
 * genuine, unexpired, its session still exists (logout deletes it) and so does its user.
 */
export async function bearerUser(c: Context<AppEnv>): Promise<{ user: User; sessionId: string } | undefined> {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const claims = token ? await c.var.auth.tokens.verify(token) : undefined;
  const user = claims && (await findSessionUser(c.var.db, claims.jti, claims.userId, new Date()));
  return claims && user ? { user, sessionId: claims.jti } : undefined;
}

/**
 * Lets a request through only with `Authorization: Bearer <token>` carrying a genuine,
 * unexpired token whose session still exists (logout deletes it) for a user who still exists.
 * Sets `c.var.user` and `c.var.sessionId`; anything else gets 401 {message}.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const signedIn = await bearerUser(c);
  if (!signedIn) {
    return c.json({ message: authMessages.signInRequired }, 401, { 'WWW-Authenticate': 'Bearer' });
  }
  c.set('user', signedIn.user);
  c.set('sessionId', signedIn.sessionId);
  await next();
});

/**
 * After requireAuth: lets only the shop's staff and admins through (docs/product-rules.md, Roles
 * and the back office); a signed-in customer gets 403 {message}.
 */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  if (!isStaffRole(c.var.user.role)) return c.json({ message: lifecycleMessages.staffOnly }, 403);
  await next();
});

/**
 * After the back office's guard (server/app.ts): admins only, 403 for staff
 * (docs/product-rules.md, Roles and the back office).
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'admin') return c.json({ message: staffMessages.adminOnly }, 403);
  await next();
});
