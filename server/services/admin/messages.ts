import { maskRecipient, type AdminMessage, type TemplatePreview } from '../../../contract/admin/messages.ts';
import { MESSAGE_TEMPLATES, sampleFacts, templateLabels } from '../../messages/samples.ts';
import { renderMessage, type RenderContext } from '../../messages/templates.ts';
import { findMessage, requeueFailedMessage } from '../../db/repositories/outbox.ts';
import type { OutboxRow } from '../../db/types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { notFound, type Deps } from './records.ts';

/** The customer's messages as staff see them (contract/admin/messages.ts): the address masked. */
export const toAdminMessage = (row: OutboxRow): AdminMessage => ({
  id: row.id,
  channel: row.channel,
  template: row.template,
  recipient: maskRecipient(row.recipient),
  recordKind: row.recordKind,
  recordId: row.recordId,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/**
 * Sends a failed message again (docs/product-rules.md, Messages to customers): it is queued from
 * its first try, due now, with the same key; the staff member's step is audited.
 */
export function resendMessage({ db, actor, now }: Deps, id: number): Promise<AdminMessage> {
  return inTransaction(db, async (trx) => {
    const before = await findMessage(trx, id);
    if (!before) notFound('Message');
    if (!(await requeueFailedMessage(trx, id, now.toISOString()))) throw Refusal.of('message_not_failed');
    const after = toAdminMessage((await findMessage(trx, id))!);
    await audit(trx, actor, now, {
      action: 'message.resend',
      entity: 'message',
      entityId: String(id),
      summary: `Sent the message “${before!.template}” again`,
      before: toAdminMessage(before!),
      after,
    });
    return after;
  });
}

/**
 * Every template rendered with sample facts, in every channel, for the back office's preview
 * (docs/product-rules.md, Messages to customers): the words a customer would read.
 */
export const previewTemplates = (ctx: RenderContext): TemplatePreview[] =>
  MESSAGE_TEMPLATES.map((template) => {
    const email = renderMessage(template, sampleFacts(template), ctx);
    return {
      template,
      label: templateLabels[template],
      channels: [{ channel: 'email', subject: email.subject, text: email.text, html: email.html }],
    };
  });
