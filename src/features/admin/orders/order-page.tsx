import type { AdminOrder } from '../../../../contract/admin/orders.ts';
import { orderStateLabels, uploadPath } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveRecordMachine, useStaffRecord } from '../../../live/admin.ts';
import { fetchStaffOrder, sendStaffOrderEvent } from '../../../lib/admin/orders.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { uploadUrl } from '../../../lib/uploads.ts';
import { formText } from '../../../ui/after-sale/action-dialog.tsx';
import { orderStateTone, StatusPill } from '../../../ui/status-pill.tsx';
import { ErrorBanner, Spinner } from '../../../ui/status.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import {
  CustomerPanel,
  ReasonField,
  reasonRequest,
  ReferenceField,
  referenceRequest,
  ShipmentFields,
  shipmentRequest,
  TimelinePanel,
  NextStepPanel,
  RecordHead,
  StepDialog,
  type StepRequest,
} from '../parts/record-parts.tsx';
import { TableHead } from '../parts/list-parts.tsx';

const noteSpecs: FieldSpec[] = [{ name: 'note', label: 'Note (optional)', kind: 'textarea' }];

const ORDER_ACTIONS = [
  'order.pack',
  'order.ship',
  'order.deliver',
  'order.approveClaim',
  'order.rejectClaim',
  'refund.completed',
  'order.cancel',
] as const;

/** An order's page: the order, and a lifecycle step sent as its event (`{ type: 'order.ship', ... }`). */
const orderMachine = liveRecordMachine(
  (id, signal): Promise<AdminOrder> => fetchStaffOrder(id, signal),
  (id, _step: (typeof ORDER_ACTIONS)[number], request: StepRequest, signal) =>
    sendStaffOrderEvent(id, request, signal),
);

/** One order for staff: what was bought, where it goes, its timeline, and its next step. */
export function OrderPage({ id }: { id: number }) {
  const page = useStaffRecord(orderMachine, id);
  const order = page.record;
  useDocumentTitle(order ? `Order ${order.orderNumber} · Back Office` : undefined);
  if (page.loadError) return <ErrorBanner message={page.loadError} onRetry={page.retry} />;
  if (!order) return <Spinner label="Loading the order..." />;
  return (
    <>
      <RecordHead
        back={['/admin/orders', 'Orders']}
        title={`Order ${order.orderNumber}`}
        sub={
          <>
            Placed {formatDateTime(order.createdAt)} ·{' '}
            <StatusPill tone={orderStateTone[order.orderStatus]}>
              {orderStateLabels[order.orderStatus]}
            </StatusPill>
          </>
        }
        done={page.done}
      />
      <div className="bo-grid bo-grid--two">
        <div>
          <NextStepPanel
            id="order-next"
            allowed={order.allowedEvents}
            known={ORDER_ACTIONS}
            onOpen={page.open}
          ></NextStepPanel>
          <section className="bo-panel" aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <table className="bo-table">
              <TableHead columns={['Product', { label: 'Qty', num: true }, { label: 'Price', num: true }]} />
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
          <CustomerPanel
            id="order-customer"
            title="Customer and delivery"
            customer={order.customer}
            address={order.address}
          >
            {order.shipment && (
              <p>
                Shipped with {order.shipment.carrier}, tracking {order.shipment.trackingNumber}
              </p>
            )}
            {order.notes && <p className="bo-muted">Note: {order.notes}</p>}
          </CustomerPanel>
          <TimelinePanel id="order-timeline" entries={order.timeline} />
        </div>
      </div>
      <StepDialog
        page={page}
        type="order.pack"
        description="The items are packed and ready for the courier."
      />
      <StepDialog
        page={page}
        type="order.ship"
        description="The courier has the parcel. The customer sees the carrier, the tracking number and a link to track it."
        toRequest={shipmentRequest}
      >
        <ShipmentFields />
      </StepDialog>
      <StepDialog page={page} type="order.deliver" description="The courier delivered the parcel." />
      <StepDialog
        page={page}
        type="order.approveClaim"
        description="The money goes back to the customer (online payments through the gateway)."
        toRequest={(form) => ({ note: formText(form, 'note') || undefined })}
      >
        <DialogFields prefix="action" specs={noteSpecs} />
      </StepDialog>
      <StepDialog
        page={page}
        type="order.rejectClaim"
        description="The customer sees your reason."
        toRequest={reasonRequest}
        danger
      >
        <ReasonField />
      </StepDialog>
      <StepDialog
        page={page}
        type="refund.completed"
        description="You paid the customer back (cash on delivery). Add the reference of the payment."
        toRequest={referenceRequest}
      >
        <ReferenceField />
      </StepDialog>
      <StepDialog
        page={page}
        type="order.cancel"
        description="The order is cancelled and its units go back in stock; an online payment is refunded at once."
        toRequest={reasonRequest}
        danger
      >
        <ReasonField />
      </StepDialog>
    </>
  );
}
