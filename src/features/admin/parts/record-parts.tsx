import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminTimelineEntry } from '../../../../contract/admin/queues.ts';
import { CARRIERS, OTHER_CARRIER } from '../../../../contract/carriers.ts';
import { actorLabels, timelineLabels } from '../../../../contract/lifecycle.ts';
import { addressLines } from '../../../../machines/address-book/address-book.selectors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ActionDialog, formText } from '../../../ui/after-sale/action-dialog.tsx';
import { DialogFields } from './dialog-fields.tsx';
import type { FieldSpec } from './form-field.tsx';

/** What each staff step is called on its button and dialog. */
export const actionLabels: Record<string, string> = {
  'order.pack': 'Mark packed',
  'order.ship': 'Ship',
  'order.deliver': 'Mark delivered',
  'order.cancel': 'Cancel the order',
  'order.approveClaim': 'Approve the claim',
  'order.rejectClaim': 'Reject the claim',
  'refund.completed': 'Record the refund',
  'booking.perform': 'Mark performed',
  'booking.markNotPerformed': 'Could not perform',
  'booking.shipPrasad': 'Ship the prasad',
  'booking.deliverPrasad': 'Mark prasad delivered',
  'booking.cancel': 'Cancel the booking',
  'booking.requestRefund': 'Refund instead',
  'booking.correctPersons': 'Correct the devotees',
  'booking.changeDate': 'Change date',
};

/** What the page says once a step is taken: the step's outcome, not its button ("Shipped.", not "Done: Ship."). */
export const doneLabels: Record<string, string> = {
  'order.pack': 'Packed.',
  'order.ship': 'Shipped.',
  'order.deliver': 'Marked delivered.',
  'order.cancel': 'The order is cancelled.',
  'order.approveClaim': 'The claim is approved.',
  'order.rejectClaim': 'The claim is rejected.',
  'refund.completed': 'The refund is recorded.',
  'booking.perform': 'Marked performed.',
  'booking.markNotPerformed': 'Marked as not performed.',
  'booking.shipPrasad': 'The prasad is shipped.',
  'booking.deliverPrasad': 'The prasad is marked delivered.',
  'booking.cancel': 'The booking is cancelled.',
  'booking.changeDate': 'The booking is moved to the new date.',
  'booking.requestRefund': 'The booking is refunded.',
  'booking.correctPersons': 'The devotees are corrected.',
};

export function StaffTimeline({ entries }: { entries: readonly AdminTimelineEntry[] }) {
  return (
    <ol className="bo-timeline" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id}>
          <strong>{timelineLabels[entry.event] ?? entry.event}</strong>
          <span className="bo-muted">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
            {entry.actorName ?? actorLabels[entry.by]}
            {entry.by === 'staff' ? ' (staff)' : ''}
          </span>
          {entry.note && <div>{entry.note}</div>}
          {typeof entry.data?.trackingNumber === 'string' && (
            <div className="bo-muted">
              {typeof entry.data.carrier === 'string' ? entry.data.carrier : ''} {entry.data.trackingNumber}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

export function ActionButtons<A extends string>({
  allowed,
  known,
  onOpen,
}: {
  allowed: readonly string[];
  known: readonly A[];
  onOpen: (action: A) => void;
}) {
  const offered = known.filter((type) => allowed.includes(type));
  if (offered.length === 0) return <p className="bo-muted">Nothing to do here now.</p>;
  return (
    <div className="bo-actions">
      {offered.map((type, i) => (
        <button
          key={type}
          type="button"
          className={i === 0 ? 'button button--primary' : 'button'}
          onClick={() => onOpen(type)}
        >
          {actionLabels[type]}
        </button>
      ))}
    </div>
  );
}

export function Field({ label, name, children }: { label: string; name: string; children?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`action-${name}`}>{label}</label>
      {children ?? <input id={`action-${name}`} name={name} className="input" required />}
    </div>
  );
}

/**
 * The courier, picked from the shop's list (contract/carriers.ts) so the customer gets its
 * tracking link, or typed under "Other"; then the tracking number.
 */
export function ShipmentFields() {
  const [choice, setChoice] = useState('');
  return (
    <>
      <Field label="Carrier" name="carrier">
        <select
          id="action-carrier"
          name="carrier"
          className="select"
          required
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">Choose the courier</option>
          {CARRIERS.map((carrier) => (
            <option key={carrier.name} value={carrier.name}>
              {carrier.name}
            </option>
          ))}
          <option value={OTHER_CARRIER}>Other</option>
        </select>
      </Field>
      {choice === OTHER_CARRIER && <Field label="Courier’s name" name="carrierName" />}
      <Field label="Tracking number" name="trackingNumber" />
    </>
  );
}

/** The carrier the ship dialogs send: the listed one picked, or the name typed under "Other". */
export const shipmentRequest = (form: FormData) => {
  const picked = formText(form, 'carrier');
  return {
    carrier: picked === OTHER_CARRIER ? formText(form, 'carrierName') : picked,
    trackingNumber: formText(form, 'trackingNumber'),
  };
};

/** A lifecycle step's request: the step's event type and what its dialog asked for. */
export type StepRequest = { type: string; photos?: File[] } & Record<string, unknown>;

/** What a step's dialog needs of its record page (useStaffRecord). */
export interface StepPage {
  action: string | null;
  error: string | undefined;
  sending: boolean;
  submit(this: void, request: StepRequest): void;
  close(this: void): void;
}

/** A lifecycle step's dialog: titled by its label, sending its event type with what its fields say. */
export function StepDialog({
  page,
  type,
  description,
  toRequest,
  danger = false,
  children,
}: {
  page: StepPage;
  type: string;
  description: ReactNode;
  toRequest?: (form: FormData, element: HTMLFormElement) => Record<string, unknown>;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <ActionDialog
      open={page.action === type}
      title={actionLabels[type]!}
      description={description}
      submitLabel={actionLabels[type]!}
      busyLabel="Saving..."
      error={page.action === type ? page.error : undefined}
      busy={page.sending}
      danger={danger}
      onSubmit={(form, element) => page.submit({ ...toRequest?.(form, element), type })}
      onClose={page.close}
    >
      {children}
    </ActionDialog>
  );
}

/** What the page says once a step is taken. */
export function StepDone({ done }: { done: string | null }) {
  if (!done) return null;
  return (
    <p className="bo-notice" role="status">
      {doneLabels[done] ?? `${actionLabels[done] ?? done}: done.`}
    </p>
  );
}

/** A step's dialog field asking why ("Reason"), required. */
const reasonSpecs: FieldSpec[] = [{ name: 'reason', label: 'Reason', kind: 'textarea', required: true }];
export const ReasonField = () => <DialogFields prefix="action" specs={reasonSpecs} />;

/** The reference of a refund paid by hand (optional). */
const referenceSpecs: FieldSpec[] = [{ name: 'reference', label: 'Reference (optional)' }];
export const ReferenceField = () => <DialogFields prefix="action" specs={referenceSpecs} />;

export const reasonRequest = (form: FormData) => ({ reason: formText(form, 'reason') });
export const referenceRequest = (form: FormData) => ({ reference: formText(form, 'reference') || undefined });

/** Who bought or booked, and the address it goes to. */
export function CustomerPanel({
  id,
  title,
  customer,
  address,
  children,
}: {
  id: string;
  title: string;
  customer: { name: string; email: string; phone: string | null };
  address: Parameters<typeof addressLines>[0];
  children?: ReactNode;
}) {
  return (
    <section className="bo-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>
        <strong>{customer.name}</strong>
        <br />
        {customer.email}
        {customer.phone && (
          <>
            <br />
            {customer.phone}
          </>
        )}
      </p>
      <address>
        {addressLines(address).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      {children}
    </section>
  );
}

/** A back-office page's head: the way back, its title (and a line under it), its own actions. */
export function PageHead({
  back,
  title,
  sub,
  actions,
}: {
  back: [string, string];
  title: ReactNode;
  sub?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="bo-head">
      <div>
        <p className="bo-muted">
          <Link href={back[0]}>{back[1]}</Link> ›
        </p>
        <h1>{title}</h1>
        {sub !== undefined && <p className="bo-head__sub">{sub}</p>}
      </div>
      {actions && <div className="bo-head__actions">{actions}</div>}
    </div>
  );
}

/** A record page's head: back to its queue, its number, its state, its own links; then the last step taken. */
export function RecordHead({
  back,
  title,
  sub,
  actions,
  done,
}: {
  back: [string, string];
  title: string;
  sub: ReactNode;
  actions?: ReactNode;
  done: string | null;
}) {
  return (
    <>
      <PageHead back={back} title={title} sub={sub} actions={actions} />
      <StepDone done={done} />
    </>
  );
}

/** The steps the chart allows staff now, as buttons (and why one is not offered yet). */
export function NextStepPanel<A extends string>({
  id,
  allowed,
  known,
  onOpen,
  children,
}: {
  id: string;
  allowed: readonly string[];
  known: readonly A[];
  onOpen: (action: A) => void;
  children?: ReactNode;
}) {
  return (
    <section className="bo-panel" aria-labelledby={id}>
      <h2 id={id}>Next step</h2>
      <ActionButtons allowed={allowed} known={known} onOpen={onOpen} />
      {children}
    </section>
  );
}

/** A record's timeline in its own panel. */
export function TimelinePanel({ id, entries }: { id: string; entries: readonly AdminTimelineEntry[] }) {
  return (
    <section className="bo-panel" aria-labelledby={id}>
      <h2 id={id}>Timeline</h2>
      <StaffTimeline entries={entries} />
    </section>
  );
}
