import type { AdminMessage } from '../../../contract/admin/messages.ts';
import {
  messageResendMachine,
  type MessageResendEvent,
} from '../../../machines/message-resend/message-resend.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const events = {
  // Two messages: one sent again, then another.
  'message.resend': [
    { type: 'message.resend', id: 7 },
    { type: 'message.resend', id: 8 },
  ],
} satisfies EventFixtures<MessageResendEvent>;

const queued: AdminMessage = {
  id: 7,
  channel: 'email',
  template: 'order.placed',
  recipient: 'a•••@example.com',
  recordKind: 'order',
  recordId: 12,
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-02T06:00:00.000Z',
  sentAt: null,
};

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
    sending: context.sending,
    resent: Object.keys(context.resent).sort(),
    errors: Object.keys(context.errors).sort(),
  }),
};
