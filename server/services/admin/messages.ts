import {
  maskRecipient,
  type AdminMessage,
  type ChannelPreview,
  type TemplatePreview,
} from '../../../contract/admin/messages.ts';
import {
  isAccountTemplate,
  renderAccountMessage,
  type AccountFacts,
} from '../../messages/account-templates.ts';
import { MESSAGE_TEMPLATES, sampleFacts, templateLabels } from '../../messages/samples.ts';
import {
  renderMessage,
  type MessageFacts,
  type MessageTemplate,
  type RenderContext,
} from '../../messages/templates.ts';
import {
  renderWhatsApp,
  whatsAppTemplates,
  type GiftFacts,
  type WhatsAppTemplate,
} from '../../messages/whatsapp.ts';
import { findMessage, requeueFailedMessage } from '../../db/repositories/outbox.ts';
import type { OutboxRow } from '../../db/types.ts';
import { Refusal } from '../refusal.ts';
import { type Deps, notFound, staffWrite } from './records.ts';

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
export function resendMessage(deps: Deps, id: number): Promise<AdminMessage> {
  return staffWrite(deps, async (trx, audited) => {
    const before = await findMessage(trx, id);
    if (!before) notFound('Message');
    if (!(await requeueFailedMessage(trx, id, deps.now.toISOString())))
      throw Refusal.of('message_not_failed');
    const after = toAdminMessage((await findMessage(trx, id))!);
    await audited({
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
    const facts = sampleFacts(template);
    const channels: ChannelPreview[] = [];
    // A customer's e-mail shows the preferences link's place; staff's has none.
    const sampleLink = template.startsWith('staff.') ? undefined : ctx.preferencesLink?.(1);
    if (isAccountTemplate(template)) {
      const email = renderAccountMessage(template, facts as AccountFacts, ctx, sampleLink);
      channels.push({ channel: 'email', ...email });
    } else if (!template.startsWith('gift.')) {
      const email = renderMessage(template as MessageTemplate, facts as MessageFacts, ctx, sampleLink);
      channels.push({ channel: 'email', ...email });
    }
    if (template in whatsAppTemplates) {
      const whatsapp = template as WhatsAppTemplate;
      const message = renderWhatsApp(whatsapp, facts as MessageFacts | GiftFacts, ctx.publicUrl);
      channels.push({ channel: 'whatsapp', body: whatsAppTemplates[whatsapp].body, ...message });
    }
    return { template, label: templateLabels[template], channels };
  });
