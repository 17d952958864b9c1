import { useId, useState } from 'react';
import { useSearch } from 'wouter';
import { roleLabels } from '../../../contract/roles.ts';
import { invitedRoleDoes, type StaffInvitationInfo } from '../../../contract/staff-invitations.ts';
import { lookupStaffInvitation, staffInvitationCalls } from '../../live/staff-invitations.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ErrorBanner, ResourceView } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { NewPasswordError, NewPasswordFields, PasswordSetNotice, useNewPassword } from './new-password.tsx';
import { useAccountForm } from './use-account-form.ts';
import './auth.css';

function AcceptForm({ token, invitation }: { token: string; invitation: StaffInvitationInfo }) {
  const id = useId();
  const [name, setName] = useState('');
  const form = useAccountForm(staffInvitationCalls.acceptStaffInvitation);
  const pw = useNewPassword(form);
  if (form.result) return <PasswordSetNotice result={form.result} signInAt="/admin" />;
  return (
    <>
      <p>
        The invitation is for <strong>{invitation.email}</strong>, with the role{' '}
        <strong>{roleLabels[invitation.role]}</strong>: you will {invitedRoleDoes}.{' '}
        {invitation.accountExists
          ? 'Choose a new password for your account: you will sign in with it from now on.'
          : 'Choose your name and a password.'}
      </p>
      <NewPasswordError pw={pw} form={form} />
      <form className="auth-form" noValidate onSubmit={(e) => pw.submit(e, { token, name })}>
        {!invitation.accountExists && (
          <TextField
            id={`${id}-name`}
            label="Your name"
            autoComplete="name"
            value={name}
            onChange={(e) => pw.edited(setName)(e.target.value)}
          />
        )}
        <NewPasswordFields id={id} pw={pw} labels={['Password', 'Confirm password']} />
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
