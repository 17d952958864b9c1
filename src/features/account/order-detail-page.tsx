import { Link } from 'wouter';
import { IMAGE_TYPES, lifecycleMessages, uploadPath } from '../../../contract/lifecycle.ts';
import { formatRupees } from '../../../contract/money.ts';
import { orderMessages, type OrderRead } from '../../../contract/orders.ts';
import { paymentMethods } from '../../../contract/payment-methods.ts';
import { policyText } from '../../../contract/policy.ts';
import {
  orderCancelDeadline,
  orderClaimDeadline,
  orderEventTemplate,
  orderLifecycleOf,
} from '../../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { orderAfterSaleMachine, type OrderAction } from '../../live/after-sale.ts';
import { formatInstant } from '../../lib/format.ts';
import { uploadUrl } from '../../lib/uploads.ts';
import { ActionDialog, formFile, formText, ReasonField } from '../../ui/after-sale/action-dialog.tsx';
import { Timeline } from '../../ui/after-sale/timeline.tsx';
import { TrackParcel } from '../../ui/after-sale/track-parcel.tsx';
import { NotFound } from '../../ui/status.tsx';
import { OrderStatePill } from '../../ui/status-pill.tsx';
import {
  AfterSaleCard,
  AfterSaleHead,
  AfterSaleLoad,
  AfterSaleRoute,
  DoneNote,
  RefundNote,
  useAfterSaleActions,
  type AfterSaleRef,
} from './after-sale-frame.tsx';
import { Fact, Instant } from '../../ui/fact.tsx';

/** /account/orders/{id}: the customer's order after the sale (docs/product-rules.md, Orders and bookings after the sale). */
export function OrderDetailPage() {
  return (
    <AfterSaleRoute
      notFound={<OrderNotFound />}
      // Keyed by id: another order starts afresh.
      render={(id) => (
        <AfterSaleLoad<OrderRead>
          key={id}
          machine={orderAfterSaleMachine}
          id={id}
          title={(order) => `Order ${order.orderNumber}`}
          notFound={<OrderNotFound />}
          readFailed={orderMessages.readFailed}
          loadingLabel="Loading your order..."
          render={(page, order) => <OrderView page={page} order={order} />}
        />
      )}
    />
  );
}

const notFoundLinks = [
  { href: '/account/orders', label: 'My Orders' },
  { href: '/', label: 'Home' },
];

function OrderNotFound() {
  return (
    <NotFound
      title="Order not found"
      text="We could not find this order in your account."
      links={notFoundLinks}
    />
  );
}

const doneMessages = {
  cancel: 'Your order has been cancelled.',
  claim: 'Thank you. We have your damage report and will get back to you.',
  persons: '',
  reschedule: '',
  refund: '',
} as const;

function OrderView({ page, order }: { page: AfterSaleRef; order: OrderRead }) {
  const { action, actionError, sending, done, submit, close } = useAfterSaleActions<OrderAction>(page);
  // What the order lifecycle allows the customer now: the same chart the server runs.
  const lifecycle = orderLifecycleOf(order);
  const canCancel = lifecycle.can(orderEventTemplate('order.cancel', 'customer'));
  const canClaim = lifecycle.can(orderEventTemplate('order.claimDamage', 'customer'));
  const open = (which: 'cancel' | 'claim') => page.send({ type: 'action.open', action: which });

  return (
    <div className="container page after-sale">
      <AfterSaleHead
        title={`Order ${order.orderNumber}`}
        pill={<OrderStatePill state={order.orderStatus} />}
      />
      <dl className="after-sale__facts">
        <Fact term="Placed">
          <Instant at={order.createdAt} />
        </Fact>
        <Fact term="Total">{formatRupees(order.total)}</Fact>
        <Fact term="Payment">{paymentMethods[order.paymentMethod].label}</Fact>
      </dl>

      <DoneNote message={done ? doneMessages[done] : undefined} />

      {order.refund && (
        <AfterSaleCard id="order-refund" title="Refund">
          <RefundNote refund={order.refund} />
        </AfterSaleCard>
      )}

      {(canCancel || canClaim) && (
        <AfterSaleCard id="order-actions" title="Need help with this order?">
          <div className="after-sale__actions">
            {canCancel && (
              <button type="button" className="button" onClick={() => open('cancel')}>
                Cancel order
              </button>
            )}
            {canClaim && (
              <button type="button" className="button" onClick={() => open('claim')}>
                Report damage
              </button>
            )}
          </div>
          {canCancel && (
            <p className="after-sale__hint">
              You can cancel until {formatInstant(orderCancelDeadline(lifecycle))}, while it has not shipped.
            </p>
          )}
          {canClaim && (
            <p className="after-sale__hint">
              Report damage with a photo until {formatInstant(orderClaimDeadline(lifecycle))}.
            </p>
          )}
        </AfterSaleCard>
      )}

      {order.shipment && (
        <AfterSaleCard id="order-shipment" title="Shipment">
          <p>
            {order.shipment.carrier}, tracking number <strong>{order.shipment.trackingNumber}</strong>
            {order.deliveredAt && (
              <>
                {' '}
                · delivered <Instant at={order.deliveredAt} />
              </>
            )}
          </p>
          <TrackParcel carrier={order.shipment.carrier} trackingNumber={order.shipment.trackingNumber} />
        </AfterSaleCard>
      )}

      {order.claim && (
        <AfterSaleCard id="order-claim" title="Your damage report">
          <p className="timeline__note">{order.claim.note}</p>
          <img
            className="after-sale__claim-photo"
            src={uploadUrl(uploadPath(order.claim.photoId))}
            alt="The photo you sent of the damage"
            width={160}
            height={160}
          />
        </AfterSaleCard>
      )}

      <AfterSaleCard id="order-items" title="Items">
        <ul className="after-sale__persons">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.name} — {formatRupees(item.price * item.quantity)}
            </li>
          ))}
        </ul>
        <p className="after-sale__hint">Delivering to {formatAddress(order.address)}</p>
      </AfterSaleCard>

      <AfterSaleCard id="order-timeline" title="Timeline">
        <Timeline entries={order.timeline} />
      </AfterSaleCard>

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
