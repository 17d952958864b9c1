import { PASSWORD_RESET_TTL_MINUTES } from '../../contract/auth.ts';
import { STAFF_INVITATION_TTL_DAYS } from '../../contract/admin/staff.ts';
import { INVITED_ROLE, invitedRoleDoes } from '../../contract/staff-invitations.ts';
import { roleLabels } from '../../contract/roles.ts';
import { escapeHtml, preferencesLine, type RenderContext, type RenderedMessage } from './templates.ts';

/**
 * The e-mails a person asks for (docs/product-rules.md, Sign-in, registration and tokens; Staff):
 * the forgotten-password link and the staff invitation. They go through the outbox like every
 * message (docs/decisions/0071), are sent whatever the person's message preferences, and
 * their link, which opens an account, is wiped from the outbox once sent (./deliver.ts).
 */

export interface AccountFacts {
  kind: 'account';
  /** The greeting's name; empty for an invitation to an address without an account. */
  name: string;
  /** The link that does the thing (it carries the token). */
  link: string;
  /** An invitation's inviter. */
  inviter?: string;
}

interface AccountTemplate {
  subject: (facts: AccountFacts, brand: string) => string;
  lines: (facts: AccountFacts, brand: string) => string[];
}

const invited = roleLabels[INVITED_ROLE];

export const accountTemplates = {
  'account.passwordReset': {
    subject: (_, brand) => `Reset your ${brand} password`,
    lines: (f, brand) => [
      `Namaste ${f.name},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${brand} account.`,
      `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password. It works once:`,
      '',
      f.link,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
    ],
  },
  'account.staffInvitation': {
    subject: (_, brand) => `You are invited to the ${brand} back office as ${invited}`,
    lines: (f, brand) => [
      'Namaste,',
      '',
      `${f.inviter ?? 'An admin'} has invited you to join ${brand}'s back office with the role ${invited}.`,
      `As ${invited} you ${invitedRoleDoes}.`,
      `Open this link within ${STAFF_INVITATION_TTL_DAYS} days to accept; it works once:`,
      '',
      f.link,
      '',
      'If you were not expecting this, you can ignore this e-mail.',
    ],
  },
} satisfies Record<string, AccountTemplate>;

export type AccountTemplateName = keyof typeof accountTemplates;

export const isAccountTemplate = (template: string): template is AccountTemplateName =>
  template in accountTemplates;

/** The account e-mail: its words as plain text, as they always read, and the same as HTML with the link. */
export function renderAccountMessage(
  template: AccountTemplateName,
  facts: AccountFacts,
  { brand }: RenderContext,
  preferences?: string,
): RenderedMessage {
  const chosen = accountTemplates[template];
  const lines = [...chosen.lines(facts, brand), ...(preferences ? ['', preferencesLine(preferences)] : [])];
  const paragraphs = lines.filter((line) => line !== '');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;font-size:16px;line-height:1.5;max-width:36em">',
    ...paragraphs.map((p) =>
      p === facts.link ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    ),
    '</body></html>',
  ].join('\n');
  return { subject: chosen.subject(facts, brand), text: lines.join('\n'), html };
}
