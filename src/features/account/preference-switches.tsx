import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
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
      <Channel
        id={`${id}-email`}
        name="E-mail"
        on={preferences.email}
        disabled={!canSwitch}
        onToggle={() => actor.send({ type: 'preferences.emailSwitched', on: !preferences.email })}
      >
        About your own orders and bookings. Never promotions.
      </Channel>
      <Channel
        id={`${id}-whatsapp`}
        name="WhatsApp"
        on={whatsappOn}
        // Off, the switch opens the consent form below it.
        expanded={whatsappOn ? undefined : form !== null}
        disabled={!canSwitch}
        onToggle={() =>
          actor.send({
            type: whatsappOn
              ? 'preferences.whatsappWithdrawn'
              : form
                ? 'preferences.whatsappCancelled'
                : 'preferences.whatsappOpened',
          })
        }
      >
        {preferences.whatsapp
          ? `Updates go to ${preferences.whatsapp.mobile}.`
          : 'Off. Updates on your orders and bookings, only if you agree.'}
      </Channel>
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

/** One way of reaching the customer: its name, what it is for, and its switch, named and described by them. */
function Channel({
  id,
  name,
  on,
  expanded,
  disabled,
  onToggle,
  children,
}: {
  id: string;
  name: string;
  on: boolean;
  expanded?: boolean;
  disabled: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <div className="message-channel">
      <div className="message-channel__text">
        <span id={id} className="message-channel__name">
          {name}
        </span>
        <span id={`${id}-about`} className="message-channel__about">
          {children}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby={id}
        aria-describedby={`${id}-about`}
        aria-expanded={expanded}
        disabled={disabled}
        onClick={onToggle}
      >
        <span className="switch__state">{on ? 'On' : 'Off'}</span>
      </button>
    </div>
  );
}
