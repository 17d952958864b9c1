import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { accountCalls } from '../../live/account.ts';
import { site } from '../../lib/config.ts';
import { ErrorBanner } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useAccountForm } from './use-account-form.ts';
import './auth.css';

/**
 * /forgot-password (docs/product-rules.md, Sign-in, registration and tokens): the customer's
 * e-mail gets a single-use link that expires. The answer is the same whether or not the e-mail
 * has an account.
 */
export function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const form = useAccountForm(accountCalls.forgotPassword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit({ email });
  };
  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Forgot your password?</h1>
        <p className="auth-card__lead">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        {form.error && <ErrorBanner message={form.error} />}
        {form.result ? (
          <p className="auth-card__notice" role="status">
            {form.result}
          </p>
        ) : (
          <form className="auth-form" noValidate onSubmit={submit}>
            <TextField
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                form.edited();
              }}
            />
            <button type="submit" className="button button--primary" disabled={form.sending}>
              {form.sending ? 'Sending...' : 'Send reset link'}
            </button>
          </form>
        )}
        <p className="auth-card__footer">
          No e-mail? Write to{' '}
          <a href={`mailto:${site.supportEmail}?subject=Password%20reset`}>{site.supportEmail}</a>.{' '}
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
