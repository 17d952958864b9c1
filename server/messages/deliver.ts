import { MESSAGE_CLAIM_MS, MESSAGE_MAX_ATTEMPTS, retryDelayMs } from '../../contract/messages.ts';
import type { Db } from '../db/client.ts';
import {
  claimMessage,
  findDueMessages,
  findMessageByKey,
  finishMessage,
  forgetMessageFacts,
} from '../db/repositories/outbox.ts';
import type { OutboxRow } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMessage, type MessageFacts, type MessageTemplate, type RenderContext } from './templates.ts';
import { isAccountTemplate, renderAccountMessage, type AccountFacts } from './account-templates.ts';
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

/** How many messages are read at a time. */
const BATCH = 50;

/**
 * An error as the outbox keeps it and the log says it: its message, cut short, with no
 * credentials in a URL, no mobile number and no mailbox (a provider may echo the recipient's).
 */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .replace(/\+?\d{10,15}/g, (digits) => `•••${digits.slice(-2)}`)
    .replace(/[^\s<>@"']+@([^\s<>@"']+\.[A-Za-z]{2,})/g, '•••@$1')
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
  // Every e-mail to a customer carries their signed preferences link (docs/product-rules.md, Consent).
  const preferences = message.userId === null ? undefined : deps.render.preferencesLink?.(message.userId);
  const { subject, text, html } = isAccountTemplate(message.template)
    ? renderAccountMessage(message.template, facts as unknown as AccountFacts, deps.render, preferences)
    : renderMessage(message.template as MessageTemplate, facts, deps.render, preferences);
  await deps.mailer.send({ to: message.recipient, subject, text, html, idempotencyKey: message.messageKey });
}

/** One try of one message, if this call can claim it: true when it was sent. */
async function tryMessage(deps: DeliveryDeps, message: OutboxRow): Promise<boolean> {
  const { db } = deps;
  const claimedUntil = new Date(deps.now().getTime() + MESSAGE_CLAIM_MS).toISOString();
  if (!(await claimMessage(db, message, claimedUntil))) return false;
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
    return false;
  }
  await finishMessage(db, message.id, attempts, { status: 'sent', at: deps.now().toISOString() });
  if (isAccountTemplate(message.template)) {
    const facts = JSON.parse(message.params) as AccountFacts;
    await forgetMessageFacts(db, message.id, JSON.stringify({ ...facts, link: '(sent)' }));
  }
  return true;
}

/** How long one run keeps taking batches; what is left waits for the next run. */
const RUN_BUDGET_MS = 10_000;

/** Sends what is due now, a batch at a time, for at most RUN_BUDGET_MS; answers how many were sent. */
export async function deliverDueMessages(deps: DeliveryDeps): Promise<number> {
  const started = Date.now();
  let sent = 0;
  for (;;) {
    const due = await findDueMessages(deps.db, deps.now().toISOString(), BATCH);
    for (const message of due) if (await tryMessage(deps, message)) sent += 1;
    if (due.length < BATCH || Date.now() - started > RUN_BUDGET_MS) return sent;
  }
}

/**
 * Tries the message with this key at once, outside the request that wrote it (an e-mail the
 * person is waiting for: a reset link, an invitation); when the try fails, or another process
 * holds it, the scheduler's retries take it from there. True when it was sent.
 */
export async function deliverNow(deps: DeliveryDeps, messageKey: string): Promise<boolean> {
  const message = await findMessageByKey(deps.db, messageKey);
  if (!message || message.status !== 'queued') return false;
  return tryMessage(deps, message);
}
