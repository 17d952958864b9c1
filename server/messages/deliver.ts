import { MESSAGE_CLAIM_MS, MESSAGE_MAX_ATTEMPTS, retryDelayMs } from '../../contract/messages.ts';
import type { Db } from '../db/client.ts';
import { claimMessage, findDueMessages, finishMessage } from '../db/repositories/outbox.ts';
import type { OutboxRow } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMessage, type MessageFacts, type MessageTemplate, type RenderContext } from './templates.ts';
import { renderWhatsApp, type GiftFacts, type WhatsAppSender, type WhatsAppTemplate } from './whatsapp.ts';

/**
 * The scheduler's `messages.deliver` job (docs/decisions/0071-messages-through-a-transactional-outbox.md):
 * sends the outbox's due messages, each after claiming one try of it with a conditional UPDATE,
 * so however many processes deliver, a message is handed to the provider by one of them. A try
 * that fails waits 1, 2, 4, 8 and 16 minutes before the next; after the sixth the message is
 * marked failed, and staff see it. The provider sees the message's key on every try, so a try
 * repeated after a crash between "accepted" and "marked sent" is known for the same message.
 */

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  /** WhatsApp's Cloud API, or files in DATA_DIR/outbox/ (./whatsapp.ts); without it a WhatsApp try fails. */
  whatsapp?: WhatsAppSender;
  render: RenderContext;
  now: () => Date;
  /** Told of each failed try: the message's id, template and the error's words, never its address. */
  onFailure?: (failure: { id: number; template: string; attempts: number; error: string }) => void;
}

/** How many messages one run takes at the most; the rest wait for the next run. */
const BATCH = 50;

/**
 * An error as the outbox keeps it and the log says it: its message, cut short, with no
 * credentials in a URL and no mobile number (a provider may echo the recipient's).
 */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .replace(/\+?\d{10,15}/g, (digits) => `•••${digits.slice(-2)}`)
    .slice(0, 500);

/** Hands one message to its channel's provider, rendered from its template and facts. */
async function send(deps: DeliveryDeps, message: OutboxRow): Promise<void> {
  const facts = JSON.parse(message.params) as MessageFacts | GiftFacts;
  if (message.channel === 'whatsapp') {
    if (!deps.whatsapp) throw new Error('WhatsApp is not configured');
    const rendered = renderWhatsApp(message.template as WhatsAppTemplate, facts, deps.render.publicUrl);
    await deps.whatsapp.send({ ...rendered, to: message.recipient, idempotencyKey: message.messageKey });
    return;
  }
  const { subject, text, html } = renderMessage(message.template as MessageTemplate, facts, deps.render);
  await deps.mailer.send({ to: message.recipient, subject, text, html, idempotencyKey: message.messageKey });
}

/** Sends what is due now; answers how many were sent. */
export async function deliverDueMessages(deps: DeliveryDeps): Promise<number> {
  const { db } = deps;
  const start = deps.now();
  const claimedUntil = new Date(start.getTime() + MESSAGE_CLAIM_MS).toISOString();
  let sent = 0;
  for (const message of await findDueMessages(db, start.toISOString(), BATCH)) {
    if (!(await claimMessage(db, message, claimedUntil))) continue;
    const attempts = message.attempts + 1;
    try {
      await send(deps, message);
    } catch (problem) {
      const error = errorText(problem);
      deps.onFailure?.({ id: message.id, template: message.template, attempts, error });
      const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(attempts)).toISOString();
      await finishMessage(
        db,
        message.id,
        attempts,
        attempts >= MESSAGE_MAX_ATTEMPTS
          ? { status: 'failed', error }
          : { status: 'queued', nextAttemptAt, error },
      );
      continue;
    }
    await finishMessage(db, message.id, attempts, { status: 'sent', at: deps.now().toISOString() });
    sent += 1;
  }
  return sent;
}
