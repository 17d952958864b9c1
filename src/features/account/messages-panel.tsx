import { useActorRef, useSelector } from '@xstate/react';
import { CHANNEL_LABELS, STATUS_LABELS, isIndianMobile } from '../../../contract/account-messages.ts';
import {
  selectError,
  selectIsLoading,
  selectLoadFailed,
  selectMessages,
} from '../../../machines/message-preferences/message-preferences.selectors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { accountPreferencesMachine } from '../../live/message-preferences.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { PreferenceSwitches, type PreferencesRef } from './preference-switches.tsx';

/**
 * The account's Messages tab (docs/product-rules.md, Messages to customers, Consent): how the
 * shop reaches the customer, and the messages it sent them, newest first.
 */
export function MessagesPanel({ phone }: { phone: string | null }) {
  const actor = useActorRef(accountPreferencesMachine, {
    input: { defaultMobile: phone && isIndianMobile(phone) ? phone : '' },
  });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const error = useSelector(actor, selectError);
  if (loading) return <Spinner label="Loading your messages..." />;
  if (failed)
    return <ErrorBanner message={error ?? ''} onRetry={() => actor.send({ type: 'preferences.retry' })} />;
  return (
    <>
      <PreferenceSwitches actor={actor} />
      <SentMessages actor={actor} />
    </>
  );
}

function SentMessages({ actor }: { actor: PreferencesRef }) {
  const messages = useSelector(actor, selectMessages);
  return (
    <section className="sent-messages" aria-labelledby="sent-messages-title">
      <h3 id="sent-messages-title">Messages sent to you</h3>
      {messages.length === 0 ? (
        <p className="sent-messages__none">No messages yet. We write when your orders and bookings move.</p>
      ) : (
        <ul className="sent-messages__list" aria-label="Messages sent to you">
          {messages.map((m) => (
            <li key={m.id} className="sent-message">
              <span className="sent-message__what">{m.label}</span>
              <span className="sent-message__facts">
                <time dateTime={m.sentAt ?? m.createdAt}>{formatDateTime(m.sentAt ?? m.createdAt)}</time>
                {' · '}
                {CHANNEL_LABELS[m.channel]}
                {' · '}
                <span className={`sent-message__status sent-message__status--${m.status}`}>
                  {STATUS_LABELS[m.status]}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
