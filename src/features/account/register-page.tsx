import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { MIN_PASSWORD_LENGTH } from '../../../contract/auth.ts';
import {
  registrationFieldOrder,
  returnToFrom,
  validateRegistration,
  type RegistrationField,
  type RegistrationValues,
} from '../../../machines/session/auth-forms.ts';
import { loginPathFor } from '../../../machines/session/session.machine.ts';
import {
  selectError,
  selectIsRegistering,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsUnverified,
} from '../../../machines/session/session.selectors.ts';
import { SessionCheckFailed, SessionContext } from '../../live/session.tsx';
import { CheckingSession, ErrorBanner } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { WHATSAPP_CONSENT_WORDS } from '../../../contract/messages.ts';
import './auth.css';

const emptyDraft: RegistrationValues = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  whatsappUpdates: false,
};

type TextKey = Exclude<keyof RegistrationValues, 'acceptTerms' | 'whatsappUpdates'>;

const textFields: { field: TextKey; label: string; type: string; autoComplete: string }[] = [
  { field: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/**
 * Register (docs/product-rules.md, Sign-in, registration and tokens). Validation runs in the rules' order before anything is sent,
 * marking each refused field and focusing the first; on success the new customer is signed in
 * and the session machine continues to `?redirect=` (docs/decisions/0061-registering-signs-in.md).
 */
export function RegisterPage() {
  const session = SessionContext.useActorRef();
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const unverified = SessionContext.useSelector(selectIsUnverified);
  const registering = SessionContext.useSelector(selectIsRegistering);
  const serverError = SessionContext.useSelector(selectError);
  // Where the visitor was going (a booking, checkout): kept through registering and signing in.
  const returnTo = returnToFrom(useSearch());

  useEffect(() => {
    session.send({ type: 'session.formOpened' });
  }, [session]);

  const [draft, setDraft] = useState(emptyDraft);
  const [invalid, setInvalid] = useState<{
    message: string;
    fields: Partial<Record<RegistrationField, string>>;
  }>();
  const inputs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});
  const id = useId();

  // Once the marks are on screen, the first marked field takes focus (its message is read with it).
  useEffect(() => {
    if (!invalid) return;
    const first = registrationFieldOrder.find((f) => invalid.fields[f] !== undefined);
    if (first) inputs.current[first]?.focus();
  }, [invalid]);

  if (signedIn) return <Redirect to={returnTo === '/' ? '/account' : returnTo} replace />;
  if (restoring) return <CheckingSession />;
  if (unverified) return <SessionCheckFailed />;

  const update = (field: TextKey) => (e: ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateRegistration(draft);
    if (!result.ok) {
      setInvalid({ message: result.message, fields: result.fields });
      return;
    }
    setInvalid(undefined);
    session.send({ type: 'session.register', details: result.request, returnTo });
  };

  const error = invalid?.message ?? serverError;
  const errorId = `${id}-error`;
  const fieldError = (field: RegistrationField) => invalid?.fields[field];
  const describedBy = (...ids: Array<string | false | undefined>) =>
    ids.filter(Boolean).join(' ') || undefined;

  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Create your account</h1>
        <p className="auth-card__lead">
          Book pujas, order sacred products and keep your addresses in one place.
        </p>
        {error && (
          <div id={errorId}>
            <ErrorBanner message={error} />
          </div>
        )}
        <form className="auth-form" onSubmit={submit} noValidate>
          {textFields.map(({ field, label, type, autoComplete }) => (
            <TextField
              key={field}
              id={`${id}-${field}`}
              label={label}
              ref={(el) => {
                inputs.current[field] = el;
              }}
              type={type}
              name={field}
              autoComplete={autoComplete}
              value={draft[field]}
              onChange={update(field)}
              aria-invalid={fieldError(field) ? true : undefined}
              aria-describedby={describedBy(
                fieldError(field) && `${id}-${field}-error`,
                field === 'password' && `${id}-password-hint`,
                !invalid && serverError && errorId,
              )}
            >
              {fieldError(field) && (
                <p id={`${id}-${field}-error`} className="field__error">
                  {fieldError(field)}
                </p>
              )}
              {field === 'password' && (
                <p id={`${id}-password-hint`} className="auth-form__hint">
                  At least {MIN_PASSWORD_LENGTH} characters.
                </p>
              )}
            </TextField>
          ))}
          <div className="field">
            <label className="checkbox">
              <input
                ref={(el) => {
                  inputs.current.acceptTerms = el;
                }}
                type="checkbox"
                name="acceptTerms"
                checked={draft.acceptTerms}
                onChange={(e) => setDraft((d) => ({ ...d, acceptTerms: e.target.checked }))}
                aria-invalid={fieldError('acceptTerms') ? true : undefined}
                aria-describedby={fieldError('acceptTerms') ? `${id}-acceptTerms-error` : undefined}
              />
              <span>
                I agree to the <Link href="/terms">Terms of Service</Link> and{' '}
                <Link href="/privacy">Privacy Policy</Link>
              </span>
            </label>
            {fieldError('acceptTerms') && (
              <p id={`${id}-acceptTerms-error`} className="field__error">
                {fieldError('acceptTerms')}
              </p>
            )}
          </div>
          <div className="field">
            {/* Unticked until the customer ticks it (docs/product-rules.md, Messages to customers, Consent). */}
            <label className="checkbox">
              <input
                ref={(el) => {
                  inputs.current.whatsappUpdates = el;
                }}
                type="checkbox"
                name="whatsappUpdates"
                checked={draft.whatsappUpdates === true}
                onChange={(e) => setDraft((d) => ({ ...d, whatsappUpdates: e.target.checked }))}
                aria-describedby={`${id}-whatsapp-hint`}
              />
              <span>{WHATSAPP_CONSENT_WORDS}</span>
            </label>
            <p id={`${id}-whatsapp-hint`} className="auth-form__hint">
              To the phone above. You can switch it off any time in My Account, Messages.
            </p>
          </div>
          <button type="submit" className="button button--primary auth-form__submit" disabled={registering}>
            {registering ? 'Creating account...' : 'Create account'}
          </button>
        </form>
        <p className="auth-card__footer">
          <Link href={loginPathFor(returnTo)}>Already have an account? Sign in</Link>
        </p>
      </section>
    </div>
  );
}
