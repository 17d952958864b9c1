import { useId } from 'react';
import { Link } from 'wouter';
import { site } from '../../lib/config.ts';
import './auth.css';

/**
 * /forgot-password (docs/product-rules.md, Sign-in, registration and tokens): reset links cannot be e-mailed yet, so the page says how the
 * support team resets a password instead of being a dead end.
 */
export function ForgotPasswordPage() {
  const id = useId();
  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Forgot your password?</h1>
        <p className="auth-card__lead">
          We cannot e-mail password reset links yet, but our support team will reset it for you.
        </p>
        <ol className="forgot-steps">
          <li>
            Write to <a href={`mailto:${site.supportEmail}?subject=Password%20reset`}>{site.supportEmail}</a>{' '}
            from the e-mail address you registered with, asking for a password reset.
          </li>
          <li>
            Or call us on <a href={`tel:${site.supportPhone.replace(/\s/g, '')}`}>{site.supportPhone}</a> and
            tell us the e-mail address of your account.
          </li>
          <li>The team resets your password within one working day and tells you how to sign in.</li>
        </ol>
        <p className="auth-card__footer">
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
