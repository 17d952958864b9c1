import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { authMessages } from '../../../contract/auth.ts';
import { roleLabels } from '../../../contract/roles.ts';
import { invitedRoleDoes, type StaffInvitationInfo } from '../../../contract/staff-invitations.ts';
import { lookupStaffInvitation, staffInvitationCalls } from '../../live/staff-invitations.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ErrorBanner, ResourceView } from '../../ui/status.tsx';
import { useAccountForm } from './use-account-form.ts';
import './auth.css';

function AcceptForm({ token, invitation }: { token: string; invitation: StaffInvitationInfo }) {
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const form = useAccountForm(staffInvitationCalls.acceptStaffInvitation);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The one check the contract cannot make: both boxes say the same.
    setMismatch(password !== confirm);
    if (password === confirm) form.submit({ token, name, password });
  };
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMismatch(false);
    form.edited();
  };
  if (form.result)
    return (
      <>
        <p className="auth-card__notice" role="status">
          {form.result}
        </p>
        <Link href="/admin" className="button button--primary">
          Sign in
        </Link>
      </>
    );
  return (
    <>
      <p>
        The invitation is for <strong>{invitation.email}</strong>, with the role{' '}
        <strong>{roleLabels[invitation.role]}</strong>: you will {invitedRoleDoes}.{' '}
        {invitation.accountExists
          ? 'Choose a new password for your account: you will sign in with it from now on.'
          : 'Choose your name and a password.'}
      </p>
      {(mismatch || form.error) && (
        <ErrorBanner message={mismatch ? authMessages.passwordMismatch : form.error!} />
      )}
      <form className="auth-form" noValidate onSubmit={submit}>
        {!invitation.accountExists && (
          <div className="field">
            <label htmlFor={`${id}-name`}>Your name</label>
            <input
              id={`${id}-name`}
              className="input"
              autoComplete="name"
              value={name}
              onChange={(e) => edited(setName)(e.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => edited(setPassword)(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>Confirm password</label>
          <input
            id={`${id}-confirm`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => edited(setConfirm)(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={form.sending}>
          {form.sending ? 'Joining...' : 'Join the staff'}
        </button>
      </form>
    </>
  );
}

/**
 * /staff-invitation?token=… (docs/product-rules.md, Roles and the back office): the page an
 * admin's e-mailed invitation opens. It says whom the link is for, then sets a password (and a
 * name for a new account); the server refuses a used, expired or unknown link.
 */
export function StaffInvitationPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const invitation = useResource((signal) => lookupStaffInvitation(token, signal));
  return (
    <div className="container page auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Join the staff</h1>
        <ResourceView
          resource={invitation}
          loadingLabel="Checking the invitation..."
          notFound={<ErrorBanner message={invitation.error ?? 'This invitation link is not valid.'} />}
        >
          {(info) => <AcceptForm token={token} invitation={info} />}
        </ResourceView>
      </section>
    </div>
  );
}
