import { Hono, type Context } from 'hono';
import {
  accountMessagesMessages,
  PreferencesInput,
  type AccountMessagesResponse,
  type LinkPreferencesResponse,
  type PreferencesResponse,
} from '../../contract/account-messages.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import { findUserContact } from '../db/repositories/users.ts';
import { changePreferences, messagesOf, preferencesOf } from '../services/message-preferences.ts';
import { readBody } from '../validate.ts';

/**
 * What a customer hears from the shop and what it sent them (docs/product-rules.md, Messages to
 * customers, Consent): in the account, signed in, their own only; and through the signed link
 * every e-mail carries, without signing in, which shows and changes the preferences alone.
 */

/** The link's customer, or an answer: counted against the address's limit, 404 for a bad link. */
async function linkCustomer(c: Context<AppEnv>): Promise<number | Response> {
  const limited = await c.var.limits.preferencesLink(c.var.client);
  if (limited) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    return c.json({ message: accountMessagesMessages.tooManyLinkUses(minutes), code: limited.code }, 429, {
      'Retry-After': String(limited.retryAfterSeconds),
    });
  }
  const userId = c.var.auth.preferenceLinks.read(c.req.param('token') ?? '');
  // A link signed for an account since removed finds no one either.
  if (userId === null || !(await findUserContact(c.var.db, userId)))
    return c.json({ message: accountMessagesMessages.linkInvalid, code: 'preferences_link_invalid' }, 404);
  return userId;
}

export const accountMessageRoutes = new Hono<AppEnv>()
  .get('/api/account/messages', requireAuth, async (c) => {
    const { db, user } = c.var;
    const body: AccountMessagesResponse = {
      preferences: await preferencesOf(db, user.id),
      messages: await messagesOf(db, user.id),
    };
    return c.json(body, 200);
  })

  .put('/api/account/messages/preferences', requireAuth, async (c) => {
    const input = await readBody(c, PreferencesInput);
    const body: PreferencesResponse = {
      preferences: await changePreferences(c.var.db, c.var.user.id, input, 'account', c.var.now()),
    };
    return c.json(body, 200);
  })

  .get('/api/messages/preferences/:token', async (c) => {
    const userId = await linkCustomer(c);
    if (userId instanceof Response) return userId;
    const contact = await findUserContact(c.var.db, userId);
    const body: LinkPreferencesResponse = {
      name: (contact?.name ?? '').split(/\s+/)[0] ?? '',
      preferences: await preferencesOf(c.var.db, userId),
    };
    return c.json(body, 200);
  })

  .put('/api/messages/preferences/:token', async (c) => {
    const userId = await linkCustomer(c);
    if (userId instanceof Response) return userId;
    const input = await readBody(c, PreferencesInput);
    const body: PreferencesResponse = {
      preferences: await changePreferences(c.var.db, userId, input, 'preferences-link', c.var.now()),
    };
    return c.json(body, 200);
  });
