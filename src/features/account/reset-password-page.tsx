import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import { accountCalls } from '../../live/account.ts';
import { NewPasswordError, PasswordSetNotice, NewPasswordFields, useNewPassword } from './new-password.tsx';
import { useAccountForm } from './use-account-form.ts';
import './auth.css';

/**
 * /reset-password?token=… (docs/product-rules.md, Sign-in, registration and tokens): the page the
 * e-mailed link opens. A new password twice; the server refuses a used, expired or unknown link.
 */
export function ResetPasswordPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const form = useAccountForm(accountCalls.resetPassword);
  const pw = useNewPassword(form);
  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Choose a new password</h1>
        <NewPasswordError pw={pw} form={form} />
        {form.result ? (
          <PasswordSetNotice result={form.result} signInAt="/login" />
        ) : (
          <form className="auth-form" noValidate onSubmit={(e) => pw.submit(e, { token })}>
            <NewPasswordFields id={id} pw={pw} labels={['New password', 'Confirm new password']} />
            <button type="submit" className="button button--primary" disabled={form.sending}>
              {form.sending ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        )}
        <p className="auth-card__footer">
          Link not working? <Link href="/forgot-password">Ask for a new one</Link>
        </p>
      </section>
    </div>
  );
}
