import type { ConsentSource, MessageChannel } from '../../../contract/messages.ts';
import type { Db } from '../client.ts';

/**
 * What each customer agreed to hear (docs/product-rules.md, Messages to customers): the current
 * choice per channel, and the log of every consent given or withdrawn with its words and time.
 * Data access only; callers pass a transaction when the choice goes with another write.
 */

export interface MessagePreferences {
  /** E-mails about the customer's own orders and bookings: on unless switched off. */
  email: boolean;
  /** The E.164 mobile WhatsApp messages go to, or null when not consented to. */
  whatsapp: string | null;
}

const DEFAULTS: MessagePreferences = { email: true, whatsapp: null };

export async function findMessagePreferences(db: Db, userId: number): Promise<MessagePreferences> {
  const row = await db
    .selectFrom('messagePreferences')
    .select(['emailEnabled', 'whatsappMobile'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.emailEnabled === 1, whatsapp: row.whatsappMobile } : { ...DEFAULTS };
}

export interface ConsentChange {
  userId: number;
  channel: MessageChannel;
  /** true: given (for WhatsApp, with `mobile` in E.164); false: withdrawn. */
  granted: boolean;
  mobile?: string | null;
  words: string;
  source: ConsentSource;
  at: string;
}

/** Records one consent given or withdrawn and makes it the customer's current choice. */
export async function recordConsent(db: Db, change: ConsentChange): Promise<MessagePreferences> {
  const current = await findMessagePreferences(db, change.userId);
  const next: MessagePreferences =
    change.channel === 'email'
      ? { ...current, email: change.granted }
      : { ...current, whatsapp: change.granted ? (change.mobile ?? null) : null };
  await db
    .insertInto('messagePreferences')
    .values({
      userId: change.userId,
      emailEnabled: next.email ? 1 : 0,
      whatsappMobile: next.whatsapp,
      updatedAt: change.at,
    })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        emailEnabled: next.email ? 1 : 0,
        whatsappMobile: next.whatsapp,
        updatedAt: change.at,
      }),
    )
    .execute();
  await db
    .insertInto('messageConsents')
    .values({
      userId: change.userId,
      channel: change.channel,
      granted: change.granted ? 1 : 0,
      words: change.words,
      mobile: change.channel === 'whatsapp' && change.granted ? (change.mobile ?? null) : null,
      source: change.source,
      at: change.at,
    })
    .execute();
  return next;
}

/** The consent log of one customer, newest first. */
export function listConsents(db: Db, userId: number) {
  return db
    .selectFrom('messageConsents')
    .select(['channel', 'granted', 'words', 'mobile', 'source', 'at'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}
