import type { SnapshotFrom } from 'xstate';
import type { AdminMessage } from '../../contract/admin/messages.ts';
import type { messageResendMachine } from './message-resend.machine.ts';

type Snapshot = SnapshotFrom<typeof messageResendMachine>;

export const selectResent = (s: Snapshot) => s.context.resent;
export const selectSendingMessage = (s: Snapshot) => s.context.sending;
export const selectResendErrors = (s: Snapshot) => s.context.errors;

/** A list's row as it is now: the server's answer when it was sent again. */
export const messageNow = (resent: Record<number, AdminMessage>, message: AdminMessage) =>
  resent[message.id] ?? message;
