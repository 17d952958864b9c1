import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminBooking } from '../../../contract/admin/bookings.ts';
import type { AdminOrder } from '../../../contract/admin/orders.ts';
import type { AdminTimelineEntry } from '../../../contract/admin/queues.ts';
import { OFFERING_DELIVERY_LABELS } from '../../../contract/puja-offering.ts';
import { addressLines } from '../../../machines/address-book/address-book.selectors.ts';
import {
  actorLabels,
  bookingStateLabels,
  MAX_OFFERED_DATES,
  MAX_PROOF_PHOTOS,
  orderStateLabels,
  timelineLabels,
  uploadPath,
} from '../../../contract/lifecycle.ts';
import { CARRIERS, OTHER_CARRIER } from '../../../contract/carriers.ts';
import { indiaDay } from '../../../contract/india-time.ts';
import { formatRupees } from '../../../contract/money.ts';
import { performableFrom, policyText } from '../../../contract/policy.ts';
import {
  selectActionError,
  selectDoneAction,
  selectIsSending,
  selectOpenAction,
  selectRecordLoadError,
  selectStaffRecord,
} from '../../../machines/staff-record/staff-record.selectors.ts';
import { liveRecordMachine } from '../../live/admin.ts';
import {
  fetchStaffBooking,
  fetchStaffOrder,
  sendStaffBookingEvent,
  sendStaffOrderEvent,
} from '../../lib/admin-api.ts';
import { formatCalendarDay, formatClockTime, formatDateTime, countOf } from '../../lib/format.ts';
import { inspectOptions } from '../../lib/inspector.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { uploadPhoto, uploadUrl } from '../../lib/uploads.ts';
import { PersonFields, personsFrom } from '../../ui/after-sale/person-fields.tsx';
import { ActionDialog, formText } from '../../ui/after-sale/action-dialog.tsx';
import { bookingStateTone, orderStateTone, StatusPill } from '../../ui/status-pill.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { istInputToIso } from './fields.tsx';

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
  'booking.requestRefund': 'The booking is refunded.',
  'booking.correctPersons': 'The devotees are corrected.',
};

const orderMachine = liveRecordMachine(
  (id, signal) => fetchStaffOrder(id, signal),
  (id, _action, request, signal) => sendStaffOrderEvent(id, request, signal),
);

/** A booking step; `booking.perform` first uploads its proof photos (the server sniffs them). */
const bookingMachine = liveRecordMachine(
  (id, signal) => fetchStaffBooking(id, signal),
  async (id, _action, request, signal) => {
    const { photos, ...event } = request as { photos?: File[] } & Record<string, unknown>;
    if (photos?.length) {
      const ids: string[] = [];
      for (const photo of photos) ids.push((await uploadPhoto(photo, signal)).id);
      return sendStaffBookingEvent(id, { ...event, photoIds: ids }, signal);
    }
    return sendStaffBookingEvent(id, event, signal);
  },
);

/**
 * Why "Mark performed" is not offered yet on a locked booking: it opens PERFORM_EARLY_MINUTES
 * before the puja (docs/product-rules.md, Orders and bookings after the sale).
 */
function PerformOpensAt({ booking }: { booking: AdminBooking }) {
  // The server's chart decides: locked, and "performed" not among the steps it allows now.
  if (booking.status !== 'sankalpLocked' || booking.allowedEvents.includes('booking.perform')) return null;
  const opensAt = performableFrom(booking.puja.pujaDate);
  return (
    <p className="bo-muted">
      “{actionLabels['booking.perform']}” opens at {formatDateTime(new Date(opensAt).toISOString())},{' '}
      {policyText.performEarly} before the puja.
    </p>
  );
}

function StaffTimeline({ entries }: { entries: readonly AdminTimelineEntry[] }) {
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

/** The page of one record with its steps: the buttons are what the chart allows staff now. */
function useRecord(machine: typeof orderMachine, id: number) {
  const ref = useActorRef(machine, { input: { id }, ...inspectOptions() });
  return {
    ref,
    record: useSelector(ref, selectStaffRecord),
    loadError: useSelector(ref, selectRecordLoadError),
    action: useSelector(ref, selectOpenAction),
    actionError: useSelector(ref, selectActionError),
    sending: useSelector(ref, selectIsSending),
    done: useSelector(ref, selectDoneAction),
  };
}

function ActionButtons({
  allowed,
  known,
  onOpen,
}: {
  allowed: readonly string[];
  known: readonly string[];
  onOpen: (action: string) => void;
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

function Field({ label, name, children }: { label: string; name: string; children?: ReactNode }) {
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
function ShipmentFields() {
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
const shipmentRequest = (form: FormData) => {
  const picked = formText(form, 'carrier');
  return {
    carrier: picked === OTHER_CARRIER ? formText(form, 'carrierName') : picked,
    trackingNumber: formText(form, 'trackingNumber'),
  };
};

const ORDER_ACTIONS = [
  'order.pack',
  'order.ship',
  'order.deliver',
  'order.approveClaim',
  'order.rejectClaim',
  'refund.completed',
  'order.cancel',
];

/** One order for staff: what was bought, where it goes, its timeline, and its next step. */
export function OrderPage({ id }: { id: number }) {
  const page = useRecord(orderMachine, id);
  const order = page.record as AdminOrder | null;
  useDocumentTitle(order ? `Order ${order.orderNumber} · Back Office` : undefined);
  if (page.loadError)
    return <ErrorBanner message={page.loadError} onRetry={() => page.ref.send({ type: 'record.retry' })} />;
  if (!order) return <Spinner label="Loading the order..." />;
  const close = () => page.ref.send({ type: 'action.close' });
  const submit = (request: unknown) => page.ref.send({ type: 'action.submit', request });
  const dialog = (
    type: string,
    description: ReactNode,
    toRequest: (form: FormData) => unknown,
    fields?: ReactNode,
    danger = false,
  ) => (
    <ActionDialog
      key={type}
      open={page.action === type}
      title={actionLabels[type]!}
      description={description}
      submitLabel={actionLabels[type]!}
      busyLabel="Saving..."
      error={page.action === type ? page.actionError : undefined}
      busy={page.sending}
      danger={danger}
      onSubmit={(form) => submit({ type, ...(toRequest(form) as object) })}
      onClose={close}
    >
      {fields}
    </ActionDialog>
  );
  return (
    <>
      <div className="bo-head">
        <div>
          <p className="bo-muted">
            <Link href="/admin/orders">Orders</Link> ›
          </p>
          <h1>Order {order.orderNumber}</h1>
          <p className="bo-head__sub">
            Placed {formatDateTime(order.createdAt)} ·{' '}
            <StatusPill tone={orderStateTone[order.orderStatus]}>
              {orderStateLabels[order.orderStatus]}
            </StatusPill>
          </p>
        </div>
      </div>
      {page.done && (
        <p className="bo-notice" role="status">
          {doneLabels[page.done] ?? `${actionLabels[page.done] ?? page.done}: done.`}
        </p>
      )}
      <div className="bo-grid bo-grid--two">
        <div>
          <section className="bo-panel" aria-labelledby="order-next">
            <h2 id="order-next">Next step</h2>
            <ActionButtons
              allowed={order.allowedEvents}
              known={ORDER_ACTIONS}
              onOpen={(action) => page.ref.send({ type: 'action.open', action })}
            />
          </section>
          <section className="bo-panel" aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Qty
                  </th>
                  <th scope="col" className="num">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.name}</td>
                    <td className="num">{item.quantity}</td>
                    <td className="num">{formatRupees(item.price * item.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="bo-dl" style={{ marginTop: 12 }}>
              <dt>Subtotal</dt>
              <dd>{formatRupees(order.subtotal)}</dd>
              <dt>Shipping</dt>
              <dd>{formatRupees(order.shipping)}</dd>
              {order.discount > 0 && (
                <>
                  <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
                  <dd>−{formatRupees(order.discount)}</dd>
                </>
              )}
              <dt>Total</dt>
              <dd>
                <strong>{formatRupees(order.total)}</strong> ·{' '}
                {order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'} ({order.paymentStatus})
              </dd>
            </dl>
          </section>
          {order.claim && (
            <section className="bo-panel" aria-labelledby="order-claim">
              <h2 id="order-claim">Damage claim</h2>
              <p>{order.claim.note}</p>
              <a href={uploadUrl(uploadPath(order.claim.photoId))} target="_blank" rel="noreferrer">
                Open the customer’s photo
              </a>
            </section>
          )}
        </div>
        <div>
          <section className="bo-panel" aria-labelledby="order-customer">
            <h2 id="order-customer">Customer and delivery</h2>
            <p>
              <strong>{order.customer.name}</strong>
              <br />
              {order.customer.email}
              {order.customer.phone && (
                <>
                  <br />
                  {order.customer.phone}
                </>
              )}
            </p>
            <address>
              {addressLines(order.address).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
            {order.shipment && (
              <p>
                Shipped with {order.shipment.carrier}, tracking {order.shipment.trackingNumber}
              </p>
            )}
            {order.notes && <p className="bo-muted">Note: {order.notes}</p>}
          </section>
          <section className="bo-panel" aria-labelledby="order-timeline">
            <h2 id="order-timeline">Timeline</h2>
            <StaffTimeline entries={order.timeline} />
          </section>
        </div>
      </div>
      {dialog('order.pack', 'The items are packed and ready for the courier.', () => ({}))}
      {dialog(
        'order.ship',
        'The courier has the parcel. The customer sees the carrier, the tracking number and a link to track it.',
        shipmentRequest,
        <ShipmentFields />,
      )}
      {dialog('order.deliver', 'The courier delivered the parcel.', () => ({}))}
      {dialog(
        'order.approveClaim',
        'The money goes back to the customer (online payments through the gateway).',
        (form) => ({ note: formText(form, 'note') || undefined }),
        <Field label="Note (optional)" name="note">
          <textarea id="action-note" name="note" className="textarea" />
        </Field>,
      )}
      {dialog(
        'order.rejectClaim',
        'The customer sees your reason.',
        (form) => ({ reason: formText(form, 'reason') }),
        <Field label="Reason" name="reason">
          <textarea id="action-reason" name="reason" className="textarea" required />
        </Field>,
        true,
      )}
      {dialog(
        'refund.completed',
        'You paid the customer back (cash on delivery). Add the reference of the payment.',
        (form) => ({ reference: formText(form, 'reference') || undefined }),
        <Field label="Reference (optional)" name="reference">
          <input id="action-reference" name="reference" className="input" />
        </Field>,
      )}
      {dialog(
        'order.cancel',
        'The order is cancelled and its units go back in stock; an online payment is refunded at once.',
        (form) => ({ reason: formText(form, 'reason') }),
        <Field label="Reason" name="reason">
          <textarea
            id="action-reason-cancel"
            name="reason"
            className="textarea"
            required
            aria-label="Reason"
          />
        </Field>,
        true,
      )}
    </>
  );
}

const BOOKING_ACTIONS = [
  'booking.perform',
  'booking.shipPrasad',
  'booking.deliverPrasad',
  'booking.markNotPerformed',
  'refund.completed',
  'booking.correctPersons',
  'booking.cancel',
];

/** One booking for staff: the devotees, the puja, its timeline and its next step. */
export function BookingPage({ id }: { id: number }) {
  const page = useRecord(bookingMachine, id);
  const booking = page.record as AdminBooking | null;
  useDocumentTitle(booking ? `Booking ${booking.bookingNumber} · Back Office` : undefined);
  if (page.loadError)
    return <ErrorBanner message={page.loadError} onRetry={() => page.ref.send({ type: 'record.retry' })} />;
  if (!booking) return <Spinner label="Loading the booking..." />;
  const close = () => page.ref.send({ type: 'action.close' });
  const submit = (request: unknown) => page.ref.send({ type: 'action.submit', request });
  const dialog = (
    type: string,
    description: ReactNode,
    toRequest: (form: FormData, element: HTMLFormElement) => unknown,
    fields?: ReactNode,
    danger = false,
  ) => (
    <ActionDialog
      key={type}
      open={page.action === type}
      title={actionLabels[type]!}
      description={description}
      submitLabel={actionLabels[type]!}
      busyLabel="Saving..."
      error={page.action === type ? page.actionError : undefined}
      busy={page.sending}
      danger={danger}
      onSubmit={(form, element) => submit({ type, ...(toRequest(form, element) as object) })}
      onClose={close}
    >
      {fields}
    </ActionDialog>
  );
  return (
    <>
      <div className="bo-head">
        <div>
          <p className="bo-muted">
            <Link href="/admin/bookings">Bookings</Link> ›
          </p>
          <h1>Booking {booking.bookingNumber}</h1>
          <p className="bo-head__sub">
            {booking.puja.pujaName} · {formatDateTime(booking.puja.pujaDate)} ·{' '}
            <StatusPill tone={bookingStateTone[booking.status]}>
              {bookingStateLabels[booking.status]}
            </StatusPill>
          </p>
        </div>
        <div className="bo-head__actions">
          <Link href={`/admin/sankalp?date=${indiaDay(booking.puja.pujaDate)}`} className="button">
            Sankalp sheet for the day
          </Link>
        </div>
      </div>
      {page.done && (
        <p className="bo-notice" role="status">
          {doneLabels[page.done] ?? `${actionLabels[page.done] ?? page.done}: done.`}
        </p>
      )}
      <div className="bo-grid bo-grid--two">
        <div>
          <section className="bo-panel" aria-labelledby="booking-next">
            <h2 id="booking-next">Next step</h2>
            <ActionButtons
              allowed={booking.allowedEvents}
              known={BOOKING_ACTIONS}
              onOpen={(action) => page.ref.send({ type: 'action.open', action })}
            />
            <PerformOpensAt booking={booking} />
          </section>
          <section className="bo-panel" aria-labelledby="booking-persons">
            <h2 id="booking-persons">
              Devotees ({booking.package.title}, {booking.persons.length} of {booking.package.noPersons})
            </h2>
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Gothra</th>
                  <th scope="col">Nakshatra</th>
                  <th scope="col">Raashi</th>
                  <th scope="col">Born</th>
                </tr>
              </thead>
              <tbody>
                {booking.persons.map((person, i) => (
                  <tr key={i}>
                    <td>{person.name}</td>
                    <td>{person.gothra}</td>
                    <td>{person.nakshatra ?? 'Not known'}</td>
                    <td>{person.raashi}</td>
                    <td>
                      {formatCalendarDay(person.dateOfBirth)}
                      {person.birthTime ? `, ${formatClockTime(person.birthTime)}` : ', time not known'}
                      <div className="bo-muted">{person.birthPlace ?? 'Place not known'}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {booking.offerings.length > 0 && (
            <section className="bo-panel" aria-labelledby="booking-offerings">
              <h2 id="booking-offerings">Chadhava offerings</h2>
              <ul className="bo-offerings">
                {booking.offerings.map((offering) => (
                  <li key={offering.offeringId}>
                    {offering.name} × {offering.quantity} {offering.unit} ·{' '}
                    {OFFERING_DELIVERY_LABELS[offering.delivery]} · {formatRupees(offering.amount)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {booking.gift && (
            <section className="bo-panel" aria-labelledby="booking-gift">
              <h2 id="booking-gift">A gift</h2>
              <p>The prasad goes to the address below, not to the customer.</p>
              {booking.gift.message ? (
                <p>
                  Prasad card: <q>{booking.gift.message}</q>
                </p>
              ) : (
                <p className="bo-muted">No message for the prasad card.</p>
              )}
            </section>
          )}
          {booking.proof && (
            <section className="bo-panel" aria-labelledby="booking-proof">
              <h2 id="booking-proof">Proof</h2>
              <a
                href={
                  booking.proof.videoUrl.startsWith('/')
                    ? uploadUrl(booking.proof.videoUrl)
                    : booking.proof.videoUrl
                }
                target="_blank"
                rel="noreferrer"
              >
                The puja’s video
              </a>
              {booking.proof.photoIds.length > 0 && (
                <>
                  <p className="bo-muted">{countOf(booking.proof.photoIds.length, 'photo')}</p>
                  <ul className="bo-photos" aria-label="Photos of the puja">
                    {booking.proof.photoIds.map((photoId, i) => (
                      <li key={photoId}>
                        <a href={uploadUrl(uploadPath(photoId))} target="_blank" rel="noreferrer">
                          <img
                            src={uploadUrl(uploadPath(photoId))}
                            alt={`Proof photo ${i + 1}`}
                            width={96}
                            height={96}
                            loading="lazy"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          )}
        </div>
        <div>
          <section className="bo-panel" aria-labelledby="booking-customer">
            <h2 id="booking-customer">Customer and prasad address</h2>
            <p>
              <strong>{booking.customer.name}</strong>
              <br />
              {booking.customer.email}
              {booking.customer.phone && (
                <>
                  <br />
                  {booking.customer.phone}
                </>
              )}
            </p>
            <address>
              {addressLines(booking.address).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
            <p>
              Paid {formatRupees(booking.amount)} online ({booking.paymentStatus})
            </p>
          </section>
          <section className="bo-panel" aria-labelledby="booking-timeline">
            <h2 id="booking-timeline">Timeline</h2>
            <StaffTimeline entries={booking.timeline} />
          </section>
        </div>
      </div>
      {dialog(
        'booking.perform',
        `The puja was performed. The customer sees the video (from its YouTube or Vimeo link, or the link of a video already in this shop’s uploads) and up to ${MAX_PROOF_PHOTOS} photos.`,
        (form, element) => ({
          videoUrl: formText(form, 'videoUrl'),
          photos: [...((element.elements.namedItem('photos') as HTMLInputElement | null)?.files ?? [])],
        }),
        <>
          <Field label="Video link" name="videoUrl">
            <input
              id="action-videoUrl"
              name="videoUrl"
              className="input"
              type="url"
              placeholder="https://www.youtube.com/watch?v=…"
              required
            />
          </Field>
          <Field label={`Photos (optional, up to ${MAX_PROOF_PHOTOS})`} name="photos">
            <input
              id="action-photos"
              name="photos"
              className="input"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              // More photos than the proof keeps stops the form with a message, nothing dropped unseen.
              onChange={(event) =>
                event.currentTarget.setCustomValidity(
                  event.currentTarget.files && event.currentTarget.files.length > MAX_PROOF_PHOTOS
                    ? `Choose up to ${MAX_PROOF_PHOTOS} photos`
                    : '',
                )
              }
            />
          </Field>
        </>,
      )}
      {dialog(
        'booking.shipPrasad',
        'The prasad is on its way. The customer sees the carrier, the tracking number and a link to track it.',
        shipmentRequest,
        <ShipmentFields />,
      )}
      {dialog('booking.deliverPrasad', 'The prasad reached the devotee.', () => ({}))}
      {dialog(
        'booking.markNotPerformed',
        `Say why, and offer up to ${MAX_OFFERED_DATES} new dates (each more than ${policyText.sankalpLock} away). The customer chooses one or a refund.`,
        (form) => ({
          reason: formText(form, 'reason'),
          offeredDates: ['date1', 'date2', 'date3']
            .map((name) => formText(form, name))
            .filter(Boolean)
            .map(istInputToIso),
        }),
        <>
          <Field label="Reason" name="reason">
            <textarea id="action-reason" name="reason" className="textarea" required />
          </Field>
          {[1, 2, 3].map((n) => (
            <Field key={n} label={`New date ${n} (IST, optional)`} name={`date${n}`}>
              <input id={`action-date${n}`} name={`date${n}`} className="input" type="datetime-local" />
            </Field>
          ))}
        </>,
        true,
      )}
      {dialog(
        'refund.completed',
        'Record the refund’s reference.',
        (form) => ({ reference: formText(form, 'reference') || undefined }),
        <Field label="Reference (optional)" name="reference">
          <input id="action-reference" name="reference" className="input" />
        </Field>,
      )}
      {dialog(
        'booking.correctPersons',
        `Correct the names, gothras and birth details until the sankalp locks (${policyText.sankalpLock} before the puja). The priests recite them exactly as they are here.`,
        (form) => ({ persons: personsFrom(form, booking.persons) }),
        <>
          {booking.persons.map((person, i) => (
            <PersonFields key={i} index={i} count={booking.persons.length} person={person} />
          ))}
        </>,
      )}
      {dialog(
        'booking.cancel',
        'The booking is cancelled before the sankalp locks, and refunded through the gateway.',
        (form) => ({ reason: formText(form, 'reason') }),
        <Field label="Reason" name="reason">
          <textarea id="action-reason-cancel" name="reason" className="textarea" required />
        </Field>,
        true,
      )}
    </>
  );
}
