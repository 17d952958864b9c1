import { Link } from 'wouter';
import type { AdminMessage } from '../../../../contract/admin/messages.ts';
import {
  messageChannelLabels,
  messageStatusLabels,
  templateLabel,
} from '../../../../contract/message-labels.ts';
import type { MessageStatus } from '../../../../contract/messages.ts';
import { messageNow } from '../../../../machines/message-resend/message-resend.selectors.ts';
import type { MessageResend } from '../../../live/admin.ts';
import { Instant } from '../../../ui/fact.tsx';
import { statePill, type StatusTone } from '../../../ui/status-pill.tsx';
import type { Cell } from './staff-table.tsx';

/**
 * The customers' messages as the back office lists them (docs/product-rules.md, Messages to
 * customers): an order's or a booking's on its page, and the messages page's.
 */

const statusTone: Record<MessageStatus, StatusTone> = {
  queued: 'yellow',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
};

const MessageStatusPill = statePill(statusTone, messageStatusLabels);

/** "Send again" for a failed message, busy while it is sent, and why it could not be. */
function SendAgain({ message, resend }: { message: AdminMessage; resend: MessageResend }) {
  const busy = resend.sending === message.id;
  const error = resend.errors[message.id];
  return (
    <>
      {message.status === 'failed' && (
        <button
          type="button"
          className="button button--small"
          disabled={resend.sending !== null}
          aria-busy={busy}
          aria-label={busy ? undefined : `Send again: ${templateLabel(message.template)}`}
          onClick={() => resend.resend(message)}
        >
          {busy ? 'Sending...' : 'Send again'}
        </button>
      )}
      {error && (
        <p role="alert" className="bo-msg-error">
          {error}
        </p>
      )}
    </>
  );
}

/** Where the record's page is: "Order #12". */
const recordLink = (m: AdminMessage) =>
  m.recordKind && m.recordId !== null ? (
    <Link href={`/admin/${m.recordKind}s/${m.recordId}`}>
      {m.recordKind === 'order' ? 'Order' : 'Booking'} #{m.recordId}
    </Link>
  ) : (
    '—'
  );

/** The table's columns; `withRecord` adds the recipient and the record (the messages page). */
export function messageCells(resend: MessageResend, withRecord = false): Cell<AdminMessage>[] {
  return [
    {
      column: 'Message',
      show: (m) => (
        <>
          {templateLabel(m.template)}
          <div className="bo-muted">{messageChannelLabels[m.channel]}</div>
        </>
      ),
    },
    ...(withRecord
      ? [
          { column: 'To', show: (m: AdminMessage) => m.recipient },
          { column: 'For', show: recordLink },
        ]
      : []),
    { column: 'Status', show: (m) => <MessageStatusPill state={m.status} /> },
    { column: { label: 'Tries', num: true }, show: (m) => m.attempts },
    {
      column: 'Last error',
      show: (m) => (m.lastError ? <span className="bo-msg-error">{m.lastError}</span> : '—'),
    },
    {
      column: 'When',
      show: (m) => (
        <>
          <Instant at={m.createdAt} />
          {m.sentAt && (
            <div className="bo-muted">
              Sent <Instant at={m.sentAt} />
            </div>
          )}
        </>
      ),
    },
    {
      column: { label: 'Send again', hidden: true },
      show: (m) => <SendAgain message={m} resend={resend} />,
    },
  ];
}

/** The rows as they are now: a message sent again shows the server's answer. */
export const messagesNow = (resend: MessageResend, messages: readonly AdminMessage[] | undefined) =>
  messages?.map((m) => messageNow(resend.resent, m));
