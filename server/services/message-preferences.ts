import { templateLabel } from '../../contract/message-labels.ts';
import {
  accountMessagesMessages,
  isIndianMobile,
  maskMobile,
  MAX_LISTED_MESSAGES,
  WhatsappMobile,
  type MessagePreferencesView,
  type PreferencesInput,
  type SentMessage,
} from '../../contract/account-messages.ts';
import { toE164, WHATSAPP_CONSENT_WORDS, type ConsentSource } from '../../contract/messages.ts';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import {
  findMessagePreferences,
  recordConsent,
  type MessagePreferences,
} from '../db/repositories/message-preferences.ts';
import { listMessagesOfUser } from '../db/repositories/outbox.ts';
import { inTransaction } from '../db/transaction.ts';
import { Refusal } from './refusal.ts';

/**
 * The customer's consent to hear from the shop (docs/product-rules.md, Messages to customers,
 * Consent): e-mail about their own orders and bookings on until switched off; WhatsApp only after
 * an unticked box was ticked, with the words shown and the time kept in the consent log.
 */

/** The words logged when e-mail is switched on or off (the switch's own label). */
export const EMAIL_SWITCH_WORDS = 'E-mail me about my orders and bookings';

/** The preferences as the customer sees them: the mobile masked. */
export function viewOf(preferences: MessagePreferences): MessagePreferencesView {
  return {
    email: preferences.email,
    whatsapp: preferences.whatsapp === null ? null : { mobile: maskMobile(preferences.whatsapp) },
  };
}

export async function preferencesOf(db: Db, userId: number): Promise<MessagePreferencesView> {
  return viewOf(await findMessagePreferences(db, userId));
}

/** The customer's own messages, newest first, at most MAX_LISTED_MESSAGES. */
export async function messagesOf(db: Db, userId: number): Promise<SentMessage[]> {
  const rows = await listMessagesOfUser(db, userId, MAX_LISTED_MESSAGES);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    template: row.template,
    label: templateLabel(row.template),
    status: row.status,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    recordKind: row.recordKind,
    recordId: row.recordId,
  }));
}

/**
 * Changes what the customer hears, each change logged: e-mail switched on or off only when it
 * changes; WhatsApp given (again, perhaps to another mobile) with the consent words, or withdrawn.
 */
export function changePreferences(
  db: Db,
  userId: number,
  input: PreferencesInput,
  source: ConsentSource,
  now: Date,
): Promise<MessagePreferencesView> {
  return inTransaction(db, async (trx) => {
    const at = now.toISOString();
    let current = await findMessagePreferences(trx, userId);
    if (input.email !== undefined && input.email !== current.email) {
      current = await recordConsent(trx, {
        userId,
        channel: 'email',
        granted: input.email,
        words: EMAIL_SWITCH_WORDS,
        source,
        at,
      });
    }
    if (input.whatsapp !== undefined) {
      if (input.whatsapp !== null) {
        current = await consentToWhatsapp(trx, userId, input.whatsapp.mobile, source, now);
      } else if (current.whatsapp !== null) {
        current = await recordConsent(trx, {
          userId,
          channel: 'whatsapp',
          granted: false,
          words: WHATSAPP_CONSENT_WORDS,
          source,
          at,
        });
      }
    }
    return viewOf(current);
  });
}

/**
 * The unticked box "Send me updates on WhatsApp" was ticked: the consent is logged with its
 * words, the time and where, to the mobile given (a 10-digit Indian one, kept in E.164). A mobile
 * that is not one is refused, so a box ticked next to a landline does not pass silently.
 */
export async function consentToWhatsapp(
  db: Db,
  userId: number,
  mobile: string | null | undefined,
  source: ConsentSource,
  now: Date,
  missing: string = accountMessagesMessages.whatsappNeedsMobile,
): Promise<MessagePreferences> {
  if (!isIndianMobile(mobile)) throw new Refusal('whatsapp_mobile_required', missing);
  return recordConsent(db, {
    userId,
    channel: 'whatsapp',
    granted: true,
    mobile: toE164(v.parse(WhatsappMobile, mobile)),
    words: WHATSAPP_CONSENT_WORDS,
    source,
    at: now.toISOString(),
  });
}

/** Whether the customer has WhatsApp consent now (the session's user says so to the SPA). */
export async function hasWhatsappConsent(db: Db, userId: number): Promise<boolean> {
  return (await findMessagePreferences(db, userId)).whatsapp !== null;
}
