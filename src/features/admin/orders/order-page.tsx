import type { AdminOrder } from '../../../../contract/admin/orders.ts';
import { uploadPath } from '../../../../contract/lifecycle.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveRecordMachine, useStaffRecord } from '../../../live/admin.ts';
import { fetchStaffOrder, sendStaffOrderEvent } from '../../../lib/admin/orders.ts';
import { uploadUrl } from '../../../lib/uploads.ts';
import { formText } from '../../../ui/after-sale/action-dialog.tsx';
import { OrderStatePill } from '../../../ui/status-pill.tsx';
import { DialogFields } from '../parts/dialog-fields.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { TableHead } from '../parts/list-parts.tsx';
import { StepDialog, type StepRequest } from '../parts/record-parts.tsx';
import {
  LifecycleColumns,
  LifecycleHead,
  Panel,
  ReasonDialog,
  RecordLoading,
  RefundDialog,
  ShipDialog,
  useRecordTitle,
} from '../shared/lifecycle-record.tsx';

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
  useRecordTitle(order ? `Order ${order.orderNumber}` : undefined);
  if (page.loadError || !order) return <RecordLoading page={page} label="Loading the order..." />;
  return (
    <>
      <LifecycleHead
        done={page.done}
        back={['/admin/orders', 'Orders']}
        title={`Order ${order.orderNumber}`}
        what="Placed"
        at={order.createdAt}
        pill={<OrderStatePill state={order.orderStatus} />}
      />
      <LifecycleColumns
        page={page}
        prefix="order"
        record={order}
        known={ORDER_ACTIONS}
        customerTitle="Customer and delivery"
        customerNote={
          <>
            {order.shipment && (
              <p>
                Shipped with {order.shipment.carrier}, tracking {order.shipment.trackingNumber}
              </p>
            )}
            {order.notes && <p className="bo-muted">Note: {order.notes}</p>}
          </>
        }
      >
        <Panel id="order-items" title="Items">
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
        </Panel>
        {order.claim && (
          <Panel id="order-claim" title="Damage claim">
            <p>{order.claim.note}</p>
            <a href={uploadUrl(uploadPath(order.claim.photoId))} target="_blank" rel="noreferrer">
              Open the customer’s photo
            </a>
          </Panel>
        )}
      </LifecycleColumns>
      <StepDialog
        page={page}
        type="order.pack"
        description="The items are packed and ready for the courier."
      />
      <ShipDialog
        page={page}
        type="order.ship"
        description="The courier has the parcel. The customer sees the carrier, the tracking number and a link to track it."
      />
      <StepDialog page={page} type="order.deliver" description="The courier delivered the parcel." />
      <StepDialog
        page={page}
        type="order.approveClaim"
        description="The money goes back to the customer (online payments through the gateway)."
        toRequest={(form) => ({ note: formText(form, 'note') || undefined })}
      >
        <DialogFields prefix="action" specs={noteSpecs} />
      </StepDialog>
      <ReasonDialog page={page} type="order.rejectClaim" description="The customer sees your reason." />
      <RefundDialog
        page={page}
        description="You paid the customer back (cash on delivery). Add the reference of the payment."
      />
      <ReasonDialog
        page={page}
        type="order.cancel"
        description="The order is cancelled and its units go back in stock; an online payment is refunded at once."
      />
    </>
  );
}
