import { useActorRef, useSelector } from '@xstate/react';
import { AUDIT_ENTITIES, AuditListResponse, type AuditEntry } from '../../../contract/admin/audit.ts';
import { StaffListResponse } from '../../../contract/admin/staff.ts';
import { staffMessages } from '../../../contract/staff-invitations.ts';
import {
  selectIsListLoading,
  selectListData,
  selectListError,
  selectQuery,
} from '../../../machines/admin-list/admin-list.selectors.ts';
import {
  selectActionError,
  selectDoneAction,
  selectIsSending,
  selectOpenAction,
  selectRecordLoadError,
  selectStaffRecord,
} from '../../../machines/staff-record/staff-record.selectors.ts';
import { liveListMachine, liveRecordMachine } from '../../live/admin.ts';
import { fieldLabel, HIDDEN_AUDIT_FIELDS } from '../../../contract/field-labels.ts';
import { queryString, staffGet, staffSend } from '../../lib/admin-api.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { inspectOptions } from '../../lib/inspector.ts';
import { ActionDialog, formText } from '../../ui/after-sale/action-dialog.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { ListState, Pager } from './queue-parts.tsx';
import { useUrlQuery } from './queue-pages.tsx';

const AUDIT_PAGE = 50;

const auditMachine = liveListMachine((query, signal) =>
  staffGet(`/api/admin/audit${queryString(query)}`, AuditListResponse, signal),
);

const entityLabels: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  puja: 'Pujas',
  package: 'Packages',
  offering: 'Offerings',
  product: 'Products',
  stock: 'Stock',
  category: 'Categories',
  astrologer: 'Astrologers',
  coupon: 'Coupons',
  image: 'Images',
  order: 'Orders',
  booking: 'Bookings',
  staff: 'Staff',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as the back office writes it: an instant in India's time, yes or no, text as it is. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : typeof value === 'string'
        ? INSTANT.test(value) && !Number.isNaN(Date.parse(value))
          ? formatDateTime(value)
          : value
        : Array.isArray(value) && value.every((item) => typeof item === 'string')
          ? value.join(', ')
          : JSON.stringify(value);

/**
 * Before and after of an edit, the fields that changed first (all of them for a creation), named
 * as the edit forms name them (contract/field-labels.ts); the version a save carries is not shown.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) =>
      !HIDDEN_AUDIT_FIELDS.includes(field) &&
      (!entry.before || !entry.after || shown(before[field]) !== shown(after[field])),
  );
  if (fields.length === 0) return null;
  return (
    <details>
      <summary>
        {entry.before && entry.after ? `${fields.length} changed` : entry.after ? 'Details' : 'As it was'}
      </summary>
      <table className="bo-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            {entry.before && <th scope="col">Before</th>}
            {entry.after && <th scope="col">After</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <th scope="row">{fieldLabel(entry.entity, field)}</th>
              {entry.before && <td className="bo-diff-before">{shown(before[field])}</td>}
              {entry.after && <td>{shown(after[field])}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The audit log (docs/product-rules.md, Roles and the back office): every staff write, newest
 * first, who, what and when, with the fields an edit changed. Read-only: the table is append-only.
 */
export function AuditPage() {
  const ref = useActorRef(auditMachine, { input: { query: useUrlQuery() }, ...inspectOptions() });
  const query = useSelector(ref, selectQuery);
  const data = useSelector(ref, selectListData) as AuditListResponse | null;
  const loading = useSelector(ref, selectIsListLoading);
  const error = useSelector(ref, selectListError);
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Audit log</h1>
          <p className="bo-head__sub">Every change staff made, newest first. Nothing here can be edited.</p>
        </div>
      </div>
      <div className="bo-filters">
        <div className="field">
          <label htmlFor="audit-entity">Showing</label>
          <select
            id="audit-entity"
            className="select"
            value={query.entity ?? ''}
            onChange={(e) => ref.send({ type: 'list.filter', query: { entity: e.target.value } })}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabels[entity]}
              </option>
            ))}
          </select>
        </div>
        {(query.entityId || query.userId) && (
          <button
            type="button"
            className="button"
            onClick={() => ref.send({ type: 'list.filter', query: { entity: query.entity ?? '' } })}
          >
            Show all {query.entity ? entityLabels[query.entity as keyof typeof entityLabels] : 'entries'}
          </button>
        )}
      </div>
      <ListState loading={loading} error={error} onRetry={() => ref.send({ type: 'list.retry' })}>
        {data && (
          <>
            <div className="bo-table__wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Audit log</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Changes</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.at)}</td>
                      <td>{entry.userName}</td>
                      <td>
                        {entry.summary}
                        <div className="bo-muted">{entry.action}</div>
                      </td>
                      <td>
                        <Changes entry={entry} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.entries.length === 0 && <p className="bo-empty">Nothing recorded yet.</p>}
            </div>
            <Pager
              offset={Number(query.offset ?? 0)}
              shown={data.entries.length}
              total={data.total}
              limit={AUDIT_PAGE}
              onPage={(offset) => ref.send({ type: 'list.page', offset })}
            />
          </>
        )}
      </ListState>
    </>
  );
}

/** The staff list and its steps: invite (`staff.invite`), withdraw or remove (`…:id`). */
const staffMachine = liveRecordMachine(
  (_id, signal) => staffGet('/api/admin/staff', StaffListResponse, signal),
  (_id, action, request, signal) => {
    const [kind, target] = action.split(':');
    if (kind === 'staff.invite')
      return staffSend('POST', '/api/admin/staff/invitations', request, StaffListResponse, signal);
    const path =
      kind === 'invitation.withdraw'
        ? `/api/admin/staff/invitations/${target}`
        : `/api/admin/staff/${target}`;
    return staffSend('DELETE', path, undefined, StaffListResponse, signal);
  },
);

function StaffManager() {
  const ref = useActorRef(staffMachine, { input: { id: 0 }, ...inspectOptions() });
  const list = useSelector(ref, selectStaffRecord) as StaffListResponse | null;
  const loadError = useSelector(ref, selectRecordLoadError);
  const action = useSelector(ref, selectOpenAction);
  const error = useSelector(ref, selectActionError);
  const sending = useSelector(ref, selectIsSending);
  const done = useSelector(ref, selectDoneAction);
  if (loadError)
    return <ErrorBanner message={loadError} onRetry={() => ref.send({ type: 'record.retry' })} />;
  if (!list) return <Spinner label="Loading the staff..." />;
  const open = (name: string) => ref.send({ type: 'action.open', action: name });
  const close = () => ref.send({ type: 'action.close' });
  const removing = list.staff.find((member) => action === `staff.remove:${member.id}`);
  const withdrawing = list.invitations.find(
    (invitation) => action === `invitation.withdraw:${invitation.id}`,
  );
  const invited = done === 'staff.invite' ? list.invitations[0] : undefined;
  return (
    <>
      <div className="bo-head">
        <div>
          <h1>Staff</h1>
          <p className="bo-head__sub">Who can open the back office. Staff join by an e-mailed invitation.</p>
        </div>
        <div className="bo-head__actions">
          <button type="button" className="button button--primary" onClick={() => open('staff.invite')}>
            Invite by e-mail
          </button>
        </div>
      </div>
      {invited && (
        <p className="bo-notice" role="status">
          {staffMessages.invited(invited.email)}
        </p>
      )}
      {done?.startsWith('staff.remove:') && (
        <p className="bo-notice" role="status">
          Removed from the staff.
        </p>
      )}
      <section className="bo-panel" aria-labelledby="staff-members">
        <h2 id="staff-members">Members</h2>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
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
                      onClick={() => open(`staff.remove:${member.id}`)}
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
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Invited by</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
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
                      onClick={() => open(`invitation.withdraw:${invitation.id}`)}
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
        open={action === 'staff.invite'}
        title="Invite to the staff"
        description="They get an e-mail with a link that works once, for 7 days, to set a password and join."
        submitLabel="Send the invitation"
        busyLabel="Sending..."
        error={action === 'staff.invite' ? error : undefined}
        busy={sending}
        onSubmit={(form) => ref.send({ type: 'action.submit', request: { email: formText(form, 'email') } })}
        onClose={close}
      >
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" name="email" className="input" type="email" autoComplete="off" required />
        </div>
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
        onSubmit={() => ref.send({ type: 'action.submit', request: {} })}
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
        onSubmit={() => ref.send({ type: 'action.submit', request: {} })}
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
