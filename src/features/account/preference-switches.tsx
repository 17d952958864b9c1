import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { WHATSAPP_CONSENT_WORDS } from '../../../contract/account-messages.ts';
import type { messagePreferencesMachine } from '../../../machines/message-preferences/message-preferences.machine.ts';
import {
  selectCanConfirm,
  selectCanSwitch,
  selectError,
  selectNotice,
  selectPreferences,
  selectWhatsappForm,
} from '../../../machines/message-preferences/message-preferences.selectors.ts';
import { ErrorBanner } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import './messages.css';

export type PreferencesRef = ActorRefFrom<typeof messagePreferencesMachine>;

/**
 * The two channels as switches (docs/product-rules.md, Messages to customers, Consent): e-mail on
 * or off in one tap; WhatsApp off in one tap, and on only after the unticked box is ticked beside
 * the mobile it goes to. Shared by the account's Messages tab and the signed link's page.
 */
export function PreferenceSwitches({
  actor,
  headingLevel = 3,
}: {
  actor: PreferencesRef;
  /** Under the account tab's h2, an h3; on a page of its own, an h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const preferences = useSelector(actor, selectPreferences);
  const form = useSelector(actor, selectWhatsappForm);
  const canSwitch = useSelector(actor, selectCanSwitch);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  if (!preferences) return null;
  const whatsappOn = preferences.whatsapp !== null;
  return (
    <section className="message-channels" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>How we reach you</Heading>
      {error && <ErrorBanner message={error} />}
      {notice && (
        <p className="profile-saved" role="status">
          {notice}
        </p>
      )}
      <div className="message-channel">
        <div className="message-channel__text">
          <span id={`${id}-email`} className="message-channel__name">
            E-mail
          </span>
          <span id={`${id}-email-about`} className="message-channel__about">
            About your own orders and bookings. Never promotions.
          </span>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={preferences.email}
          aria-labelledby={`${id}-email`}
          aria-describedby={`${id}-email-about`}
          disabled={!canSwitch}
          onClick={() => actor.send({ type: 'preferences.emailSwitched', on: !preferences.email })}
        >
          <span className="switch__state">{preferences.email ? 'On' : 'Off'}</span>
        </button>
      </div>
      <div className="message-channel">
        <div className="message-channel__text">
          <span id={`${id}-whatsapp`} className="message-channel__name">
            WhatsApp
          </span>
          <span id={`${id}-whatsapp-about`} className="message-channel__about">
            {preferences.whatsapp
              ? `Updates go to ${preferences.whatsapp.mobile}.`
              : 'Off. Updates on your orders and bookings, only if you agree.'}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={whatsappOn}
          aria-labelledby={`${id}-whatsapp`}
          aria-describedby={`${id}-whatsapp-about`}
          aria-expanded={whatsappOn ? undefined : form !== null}
          disabled={!canSwitch}
          onClick={() =>
            actor.send({
              type: whatsappOn
                ? 'preferences.whatsappWithdrawn'
                : form
                  ? 'preferences.whatsappCancelled'
                  : 'preferences.whatsappOpened',
            })
          }
        >
          <span className="switch__state">{whatsappOn ? 'On' : 'Off'}</span>
        </button>
      </div>
      {form && (
        <form
          className="whatsapp-consent"
          aria-label="WhatsApp updates"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'preferences.whatsappConfirmed' });
          }}
        >
          <TextField
            id={`${id}-mobile`}
            label="Mobile number for WhatsApp"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            autoFocus
            value={form.mobile}
            aria-invalid={form.mobileError ? true : undefined}
            aria-describedby={form.mobileError ? `${id}-mobile-error` : undefined}
            onChange={(e) => actor.send({ type: 'preferences.mobileChanged', mobile: e.target.value })}
          >
            {form.mobileError && (
              <p id={`${id}-mobile-error`} className="field__error" role="alert">
                {form.mobileError}
              </p>
            )}
          </TextField>
          <label className="whatsapp-consent__agree">
            <input
              type="checkbox"
              checked={form.agreed}
              onChange={(e) => actor.send({ type: 'preferences.agreementTicked', agreed: e.target.checked })}
            />
            {WHATSAPP_CONSENT_WORDS}
          </label>
          <div className="whatsapp-consent__actions">
            <button type="submit" className="button button--primary" disabled={!canConfirm}>
              Save
            </button>
            <button
              type="button"
              className="button"
              onClick={() => actor.send({ type: 'preferences.whatsappCancelled' })}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
