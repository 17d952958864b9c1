import type { SnapshotFrom } from 'xstate';
import type { AdminMessage } from '../../contract/admin/messages.ts';
import type { messageResendMachine, Resent } from './message-resend.machine.ts';

type Snapshot = SnapshotFrom<typeof messageResendMachine>;

export const selectResent = (s: Snapshot) => s.context.resent;
/** The id of the message being sent again. */
export const selectSendingMessage = (s: Snapshot) => s.context.sending?.id ?? null;
export const selectResendErrors = (s: Snapshot) => s.context.errors;

/**
 * A list's row as it is now: the server's answer when this very row was sent again; a row read
 * again since then is newer than that answer.
 */
export const messageNow = (resent: Record<number, Resent>, message: AdminMessage) => {
  const sent = resent[message.id];
  return sent && sent.before === message ? sent.after : message;
};
