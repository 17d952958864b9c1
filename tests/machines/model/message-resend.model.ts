import type { AdminMessage } from '../../../contract/admin/messages.ts';
import {
  messageResendMachine,
  type MessageResendEvent,
} from '../../../machines/message-resend/message-resend.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const failed: AdminMessage = {
  id: 7,
  channel: 'email',
  template: 'order.placed',
  recipient: 'a•••@example.com',
  recordKind: 'order',
  recordId: 12,
  status: 'failed',
  attempts: 6,
  lastError: '451 4.3.0 Mailbox temporarily unavailable',
  createdAt: '2026-03-02T06:00:00.000Z',
  sentAt: null,
};
const queued: AdminMessage = { ...failed, status: 'queued', attempts: 0 };

const events = {
  // Two messages: one sent again, then another.
  'message.resend': [
    { type: 'message.resend', message: failed },
    { type: 'message.resend', message: { ...failed, id: 8, template: 'order.shipped' } },
  ],
} satisfies EventFixtures<MessageResendEvent>;

export const messageResendModel: MachineModel<typeof messageResendMachine> = {
  name: 'message-resend',
  machine: messageResendMachine,
  inputs: [{ label: 'a list of messages', input: undefined }],
  events,
  actors: {
    resendMessage: {
      done: [
        { kind: 'resent', message: queued },
        // Someone sent it again first: it is no longer failed.
        {
          kind: 'refused',
          code: 'message_not_failed',
          message: 'Only a message that failed can be sent again.',
        },
      ],
      error: [new Error('Failed to fetch')],
    },
  },
  abstract: ({ context }) => ({
    sending: context.sending?.id ?? null,
    resent: Object.keys(context.resent).sort(),
    errors: Object.keys(context.errors).sort(),
  }),
};
