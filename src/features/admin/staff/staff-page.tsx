import { staffMessages } from '../../../../contract/staff-invitations.ts';
import { liveRecordMachine, useStaffRecord } from '../../../live/admin.ts';
import { fetchStaff, inviteStaff, removeStaff, withdrawInvitation } from '../../../lib/admin/staff.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { ActionDialog, formText } from '../../../ui/after-sale/action-dialog.tsx';
import { ErrorBanner, Spinner } from '../../../ui/status.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { TableHead } from '../parts/list-parts.tsx';

const inviteSpecs: FieldSpec[] = [{ name: 'email', label: 'E-mail', inputType: 'email', required: true }];

/** A step on the staff: invite by e-mail, withdraw an invitation, or remove a member. */
type StaffStep =
  | { type: 'staff.invite' }
  | { type: 'invitation.withdraw'; id: number }
  | { type: 'staff.remove'; id: number };

/** The staff list and its steps; each answers the list as it is after it. */
const staffMachine = liveRecordMachine(
  (_id, signal) => fetchStaff(signal),
  (_id, step: StaffStep, request: { email?: string }, signal) => {
    switch (step.type) {
      case 'staff.invite':
        return inviteStaff(request.email ?? '', signal);
      case 'invitation.withdraw':
        return withdrawInvitation(step.id, signal);
      case 'staff.remove':
        return removeStaff(step.id, signal);
    }
  },
);

function StaffManager() {
  const page = useStaffRecord(staffMachine, 0);
  const { record: list, action, error, sending, done, open, close } = page;
  if (page.loadError) return <ErrorBanner message={page.loadError} onRetry={page.retry} />;
  if (!list) return <Spinner label="Loading the staff..." />;
  const removing =
    action?.type === 'staff.remove' ? list.staff.find((member) => member.id === action.id) : undefined;
  const withdrawing =
    action?.type === 'invitation.withdraw'
      ? list.invitations.find((invitation) => invitation.id === action.id)
      : undefined;
  const invited = done?.type === 'staff.invite' ? list.invitations[0] : undefined;
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Staff</h1>
          <p className="bo-head__sub">Who can open the back office. Staff join by an e-mailed invitation.</p>
        </div>
        <div className="bo-head__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => open({ type: 'staff.invite' })}
          >
            Invite by e-mail
          </button>
        </div>
      </div>
      {invited && (
        <p className="bo-notice" role="status">
          {staffMessages.invited(invited.email)}
        </p>
      )}
      {done?.type === 'staff.remove' && (
        <p className="bo-notice" role="status">
          Removed from the staff.
        </p>
      )}
      <section className="bo-panel" aria-labelledby="staff-members">
        <h2 id="staff-members">Members</h2>
        <table className="bo-table">
          <TableHead columns={['Name', 'E-mail', 'Role', 'Since', { label: 'Actions', hidden: true }]} />
          <tbody>
            {list.staff.map((member) => (
              <tr key={member.id}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>{member.role === 'admin' ? 'Admin' : 'Staff'}</td>
                <td>{formatDate(member.createdAt)}</td>
                <td>
                  {member.role === 'staff' && (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => open({ type: 'staff.remove', id: member.id })}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="bo-panel" aria-labelledby="staff-invitations">
        <h2 id="staff-invitations">Invitations waiting</h2>
        {list.invitations.length === 0 ? (
          <p className="bo-muted">None.</p>
        ) : (
          <table className="bo-table">
            <TableHead columns={['E-mail', 'Invited by', 'Expires', { label: 'Actions', hidden: true }]} />
            <tbody>
              {list.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{invitation.invitedBy}</td>
                  <td>{formatDateTime(invitation.expiresAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                      onClick={() => open({ type: 'invitation.withdraw', id: invitation.id })}
                    >
                      Withdraw
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ActionDialog
        open={action?.type === 'staff.invite'}
        title="Invite to the staff"
        description="They get an e-mail with a link that works once, for 7 days, to set a password and join."
        submitLabel="Send the invitation"
        busyLabel="Sending..."
        error={action?.type === 'staff.invite' ? error : undefined}
        busy={sending}
        onSubmit={(form) => page.submit({ email: formText(form, 'email') })}
        onClose={close}
      >
        <DialogFields prefix="invite" specs={inviteSpecs} />
      </ActionDialog>
      <ActionDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? 'this person'} from the staff?`}
        description="They keep their customer account, and lose the back office at once."
        submitLabel="Remove"
        busyLabel="Removing..."
        danger
        error={removing ? error : undefined}
        busy={sending}
        onSubmit={() => page.submit({})}
        onClose={close}
      />
      <ActionDialog
        open={!!withdrawing}
        title="Withdraw this invitation?"
        description={`The link sent to ${withdrawing?.email ?? ''} stops working.`}
        submitLabel="Withdraw"
        busyLabel="Withdrawing..."
        danger
        error={withdrawing ? error : undefined}
        busy={sending}
        onSubmit={() => page.submit({})}
        onClose={close}
      />
    </>
  );
}

/** The staff (docs/product-rules.md, Roles and the back office): admins manage it, staff are told so. */
export function StaffPage({ isAdmin }: { isAdmin: boolean }) {
  if (!isAdmin)
    return (
      <>
        <div className="bo-head">
          <h1>Staff</h1>
        </div>
        <p className="bo-panel">{staffMessages.adminOnly}.</p>
      </>
    );
  return <StaffManager />;
}
