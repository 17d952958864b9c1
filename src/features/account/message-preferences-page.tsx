import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import {
  selectError,
  selectIsLoading,
  selectIsUnavailable,
  selectLoadFailed,
  selectName,
} from '../../../machines/message-preferences/message-preferences.selectors.ts';
import { linkPreferencesMachine } from '../../live/message-preferences.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { PreferenceSwitches } from './preference-switches.tsx';

/**
 * /messages/preferences?token=… (docs/product-rules.md, Messages to customers, Consent): the page
 * the link in every e-mail opens. The same switches as the account's Messages tab, for the link's
 * customer, without signing in; a link the shop did not sign says so.
 */
export function MessagePreferencesPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // The token is fixed for the page's life: a new link is a new page.
  return <LinkPreferences key={token} token={token} />;
}

function LinkPreferences({ token }: { token: string }) {
  const id = useId();
  const actor = useActorRef(linkPreferencesMachine(token), { input: { defaultMobile: '' } });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const unavailable = useSelector(actor, selectIsUnavailable);
  const error = useSelector(actor, selectError);
  const name = useSelector(actor, selectName);
  return (
    <div className="container page preferences-page">
      <h1 id={`${id}-title`}>Your messages</h1>
      {loading ? (
        <Spinner label="Loading your message preferences..." />
      ) : failed ? (
        <ErrorBanner message={error ?? ''} onRetry={() => actor.send({ type: 'preferences.retry' })} />
      ) : unavailable ? (
        <>
          <ErrorBanner message={error ?? ''} />
          <p>
            You can also change them in your account:{' '}
            <Link href="/account/messages">My Account, Messages</Link>.
          </p>
        </>
      ) : (
        <>
          <p>
            {name ? `Namaste ${name}. ` : ''}Choose how we tell you about your orders and bookings. We never
            send promotions.
          </p>
          <PreferenceSwitches actor={actor} headingLevel={2} />
        </>
      )}
    </div>
  );
}
