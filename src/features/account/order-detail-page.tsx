import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import {
  IMAGE_TYPES,
  lifecycleMessages,
  orderStateLabels,
  uploadPath,
  type Refund,
} from '../../../contract/lifecycle.ts';
import { formatRupees } from '../../../contract/money.ts';
import { orderMessages, type OrderRead } from '../../../contract/orders.ts';
import { parseNumericId } from '../../../contract/ids.ts';
import { policyText } from '../../../contract/policy.ts';
import {
  selectAction,
  selectActionError,
  selectCanRetry,
  selectDone,
  selectIsSending,
  selectLoadError,
  selectRecord,
  selectStatus,
} from '../../../machines/after-sale/after-sale.selectors.ts';
import {
  orderCancelDeadline,
  orderClaimDeadline,
  orderEventTemplate,
  orderLifecycleOf,
} from '../../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { orderAfterSaleMachine, type OrderAction } from '../../live/after-sale.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { TrackParcel } from '../../ui/after-sale/track-parcel.tsx';
import { uploadUrl } from '../../lib/uploads.ts';
import { ActionDialog, formFile, formText, ReasonField } from '../../ui/after-sale/action-dialog.tsx';
import { Timeline } from '../../ui/after-sale/timeline.tsx';
import { ErrorBanner, NotFound, Spinner } from '../../ui/status.tsx';
import { orderStateTone, StatusPill } from '../../ui/status-pill.tsx';
import '../../ui/after-sale/after-sale.css';
import { paymentMethods } from '../../../contract/payment-methods.ts';

type OrderPageRef = ReturnType<typeof useActorRef<typeof orderAfterSaleMachine>>;

/** /account/orders/{id}: the customer's order after the sale (docs/product-rules.md, Orders and bookings after the sale). */
export function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const orderId = parseNumericId(id);
  if (orderId === undefined)
    return (
      <div className="container page">
        <OrderNotFound />
      </div>
    );
  // Keyed by id: another order starts afresh.
  return <OrderDetail key={orderId} id={orderId} />;
}

function OrderNotFound() {
  return (
    <NotFound
      title="Order not found"
      text="We could not find this order in your account."
      links={[
        { href: '/account/orders', label: 'My Orders' },
        { href: '/', label: 'Home' },
      ]}
    />
  );
}

function OrderDetail({ id }: { id: number }) {
  const page = useActorRef(orderAfterSaleMachine, { input: { id } });
  const status = useSelector(page, selectStatus);
  const order = useSelector(page, selectRecord) as OrderRead | null;
  const loadError = useSelector(page, selectLoadError);
  const canRetry = useSelector(page, selectCanRetry);
  useDocumentTitle(order ? `Order ${order.orderNumber}` : undefined);

  if (status !== 'ready' || !order)
    return (
      <div className="container page">
        {status === 'failed' && loadError?.code === 'not_found' ? (
          <OrderNotFound />
        ) : status === 'failed' ? (
          <ErrorBanner
            message={loadError?.message ?? orderMessages.readFailed}
            onRetry={canRetry ? () => page.send({ type: 'record.retry' }) : undefined}
          />
        ) : (
          <Spinner label="Loading your order..." />
        )}
      </div>
    );
  return <OrderView page={page} order={order} />;
}

/** The refund as the customer reads it: pending, or back on its way to them. */
export function RefundNote({ refund }: { refund: Refund }) {
  return refund.status === 'refunded' ? (
    <p>
      <strong>Refunded {formatRupees(refund.amount)}</strong> on{' '}
      <time dateTime={refund.refundedAt ?? undefined}>{formatDateTime(refund.refundedAt)}</time>
      {refund.reference ? ` (reference ${refund.reference})` : ''}. It reaches your original payment method
      within {policyText.refundTime}.
    </p>
  ) : (
    <p>
      <strong>Refund of {formatRupees(refund.amount)} pending.</strong> It goes back to your original payment
      method and takes {policyText.refundTime} to arrive.
    </p>
  );
}

const doneMessages = {
  cancel: 'Your order has been cancelled.',
  claim: 'Thank you. We have your damage report and will get back to you.',
  persons: '',
  reschedule: '',
  refund: '',
} as const;

function OrderView({ page, order }: { page: OrderPageRef; order: OrderRead }) {
  const action = useSelector(page, selectAction);
  const actionError = useSelector(page, selectActionError);
  const sending = useSelector(page, selectIsSending);
  const done = useSelector(page, selectDone);
  // What the order lifecycle allows the customer now: the same chart the server runs.
  const lifecycle = orderLifecycleOf(order);
  const canCancel = lifecycle.can(orderEventTemplate('order.cancel', 'customer'));
  const canClaim = lifecycle.can(orderEventTemplate('order.claimDamage', 'customer'));
  const submit = (request: OrderAction) => page.send({ type: 'action.submit', request });
  const close = () => page.send({ type: 'action.close' });

  return (
    <div className="container page after-sale">
      <div className="after-sale__head">
        <h1>Order {order.orderNumber}</h1>
        <StatusPill tone={orderStateTone[order.orderStatus]}>
          {orderStateLabels[order.orderStatus]}
        </StatusPill>
      </div>
      <dl className="after-sale__facts">
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatRupees(order.total)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentMethods[order.paymentMethod].label}</dd>
        </div>
      </dl>

      {done && doneMessages[done] && (
        <p className="after-sale__done" role="status">
          {doneMessages[done]}
        </p>
      )}

      {order.refund && (
        <section className="after-sale__card" aria-labelledby="order-refund">
          <h2 id="order-refund">Refund</h2>
          <RefundNote refund={order.refund} />
        </section>
      )}

      {(canCancel || canClaim) && (
        <section className="after-sale__card" aria-labelledby="order-actions">
          <h2 id="order-actions">Need help with this order?</h2>
          <div className="after-sale__actions">
            {canCancel && (
              <button
                type="button"
                className="button"
                onClick={() => page.send({ type: 'action.open', action: 'cancel' })}
              >
                Cancel order
              </button>
            )}
            {canClaim && (
              <button
                type="button"
                className="button"
                onClick={() => page.send({ type: 'action.open', action: 'claim' })}
              >
                Report damage
              </button>
            )}
          </div>
          {canCancel && (
            <p className="after-sale__hint">
              You can cancel until {formatDateTime(new Date(orderCancelDeadline(lifecycle)).toISOString())},
              while it has not shipped.
            </p>
          )}
          {canClaim && (
            <p className="after-sale__hint">
              Report damage with a photo until{' '}
              {formatDateTime(new Date(orderClaimDeadline(lifecycle)).toISOString())}.
            </p>
          )}
        </section>
      )}

      {order.shipment && (
        <section className="after-sale__card" aria-labelledby="order-shipment">
          <h2 id="order-shipment">Shipment</h2>
          <p>
            {order.shipment.carrier}, tracking number <strong>{order.shipment.trackingNumber}</strong>
            {order.deliveredAt && (
              <>
                {' '}
                · delivered <time dateTime={order.deliveredAt}>{formatDateTime(order.deliveredAt)}</time>
              </>
            )}
          </p>
          <TrackParcel carrier={order.shipment.carrier} trackingNumber={order.shipment.trackingNumber} />
        </section>
      )}

      {order.claim && (
        <section className="after-sale__card" aria-labelledby="order-claim">
          <h2 id="order-claim">Your damage report</h2>
          <p className="timeline__note">{order.claim.note}</p>
          <img
            className="after-sale__claim-photo"
            src={uploadUrl(uploadPath(order.claim.photoId))}
            alt="The photo you sent of the damage"
            width={160}
            height={160}
          />
        </section>
      )}

      <section className="after-sale__card" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <ul className="after-sale__persons">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.name} — {formatRupees(item.price * item.quantity)}
            </li>
          ))}
        </ul>
        <p className="after-sale__hint">Delivering to {formatAddress(order.address)}</p>
      </section>

      <section className="after-sale__card" aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <Timeline entries={order.timeline} />
      </section>

      <Link href="/account/orders" className="button">
        Back to My Orders
      </Link>

      <ActionDialog
        open={action === 'cancel'}
        title="Cancel this order?"
        description={
          paymentMethods[order.paymentMethod].paidUpFront
            ? `${formatRupees(order.total)} goes back to your original payment method within ${policyText.refundTime}.`
            : 'Nothing has been paid yet, so there is nothing to refund.'
        }
        submitLabel="Cancel order"
        busyLabel="Cancelling..."
        closeLabel="Keep order"
        noValidate
        danger
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={(form) => submit({ type: 'order.cancel', reason: formText(form, 'reason') })}
      >
        <ReasonField label="Why are you cancelling?" message={lifecycleMessages.reasonRequired} />
      </ActionDialog>

      <ActionDialog
        open={action === 'claim'}
        title="Report damage"
        description={`Send a photo of the damaged item and its packaging within ${policyText.damageClaimWindow} of delivery.`}
        submitLabel="Send report"
        busyLabel="Sending..."
        error={actionError?.message}
        busy={sending}
        onClose={close}
        onSubmit={(form, element) =>
          submit({
            type: 'order.claimDamage',
            note: formText(form, 'note'),
            photo: formFile(element, 'photo') ?? new Blob(),
          })
        }
      >
        <label>
          Photo (JPEG, PNG or WebP)
          <input type="file" name="photo" accept={IMAGE_TYPES.join(',')} required />
        </label>
        <label>
          What is damaged?
          <textarea name="note" rows={3} required maxLength={500} />
        </label>
      </ActionDialog>
    </div>
  );
}
