import { Link, useParams } from 'wouter';
import { orderMessages, type OrderRead } from '../../../contract/orders.ts';
import type { PaymentMethod } from '../../../contract/payment-methods.ts';
import { formatAddress } from '../../../machines/address-book/address-book.selectors.ts';
import { describeVariant } from '../../../machines/cart/cart.lines.ts';
import { formatRupees } from '../../../contract/money.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchOrder } from '../../lib/orders.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { orderStateTone, paymentStatusTone, StatusPill } from '../../ui/status-pill.tsx';
import { orderStateLabels, type OrderState } from '../../../contract/lifecycle.ts';
import './checkout.css';

const paymentMethodLabels: Record<PaymentMethod, string> = {
  online: 'Online Payment',
  cod: 'Cash on Delivery',
};

/** /order-confirmation/{id}: the customer's order as the server recorded it. */
export function OrderConfirmationPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Keyed by id: another order starts a fresh read.
  return <OrderConfirmation key={id} id={id} />;
}

function OrderConfirmation({ id }: { id: string }) {
  const order = useResource((signal) => fetchOrder(id, signal));

  if (order.status !== 'loaded' || !order.data) {
    return (
      <div className="container page confirmation">
        <h1 className="visually-hidden">Order details</h1>
        {order.status === 'failed' ? (
          // Retry only where it can help (a lost connection, the server's failure), not for "Order not found".
          <ErrorBanner
            message={order.error ?? orderMessages.readFailed}
            onRetry={order.canRetry === false ? undefined : order.retry}
          />
        ) : order.status === 'loaded' ? (
          <ErrorBanner message={orderMessages.readEmpty} onRetry={order.retry} />
        ) : (
          <Spinner label="Loading your order..." />
        )}
      </div>
    );
  }
  return <OrderDetails order={order.data} />;
}

/**
 * Revisited after the order was cancelled or refunded, the page no longer says "Order
 * Confirmed!": it says what became of the order and leads to its timeline.
 */
const endedTitles: Partial<Record<OrderState, string>> = {
  cancelled: 'Order Cancelled',
  refundPending: 'Refund Pending',
  refunded: 'Order Refunded',
};

function OrderDetails({ order }: { order: OrderRead }) {
  const ended = endedTitles[order.orderStatus];
  return (
    <div className="container page confirmation">
      <div className="confirmation__head">
        {ended ? (
          <>
            <h1 className="confirmation__title">{ended}</h1>
            <p className="confirmation__number">
              Your order <strong>{order.orderNumber}</strong> is{' '}
              {orderStateLabels[order.orderStatus].toLowerCase()}.{' '}
              <Link href={`/account/orders/${order.id}`}>See its timeline</Link>
            </p>
          </>
        ) : (
          <>
            <span className="confirmation__icon" aria-hidden="true">
              ✓
            </span>
            <h1 className="confirmation__title">Order Confirmed!</h1>
            <p className="confirmation__number">
              Thank you for your order. Your order number is <strong>{order.orderNumber}</strong>.
            </p>
          </>
        )}
      </div>

      <div className="confirmation-grid">
        <section className="confirmation-card confirmation-card--wide" aria-labelledby="order-details-title">
          <h2 id="order-details-title">Order Details</h2>
          <dl className="confirmation-details">
            <div>
              <dt>Order Number</dt>
              <dd>{order.orderNumber}</dd>
            </div>
            <div>
              <dt>Order Date</dt>
              <dd>
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Order Status</dt>
              <dd>
                <StatusPill tone={orderStateTone[order.orderStatus]}>
                  {orderStateLabels[order.orderStatus]}
                </StatusPill>
              </dd>
            </div>
            <div>
              <dt>Payment Method</dt>
              <dd>{paymentMethodLabels[order.paymentMethod]}</dd>
            </div>
            <div>
              <dt>Payment Status</dt>
              <dd>
                <StatusPill tone={paymentStatusTone(order.paymentStatus)}>{order.paymentStatus}</StatusPill>
              </dd>
            </div>
            {order.paymentId && (
              <div>
                <dt>Payment ID</dt>
                <dd>{order.paymentId}</dd>
              </div>
            )}
            {order.couponCode && (
              <div>
                <dt>Coupon</dt>
                <dd>{order.couponCode}</dd>
              </div>
            )}
            {order.notes && (
              <div>
                <dt>Order Notes</dt>
                <dd>{order.notes}</dd>
              </div>
            )}
          </dl>
        </section>

        <section className="confirmation-card confirmation-card--wide" aria-labelledby="order-items-title">
          <h2 id="order-items-title">Items</h2>
          <table className="confirmation-items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => {
                const variant = describeVariant(item.variant ?? undefined);
                return (
                  <tr key={item.id}>
                    <th scope="row">
                      {item.name}
                      {variant && <span className="confirmation-items__variant">{variant}</span>}
                    </th>
                    <td>{item.quantity}</td>
                    <td>{formatRupees(item.price)}</td>
                    <td>{formatRupees(item.price * item.quantity)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>

        <section className="confirmation-card" aria-labelledby="order-address-title">
          <h2 id="order-address-title">Shipping Address</h2>
          <address className="confirmation-address">{formatAddress(order.address)}</address>
        </section>

        <section className="confirmation-card" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">Order Summary</h2>
          <dl className="confirmation-summary">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatRupees(order.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>{order.shipping === 0 ? 'Free' : formatRupees(order.shipping)}</dd>
            </div>
            {order.discount > 0 && (
              <div className="confirmation-summary__discount">
                <dt>Discount</dt>
                <dd>-{formatRupees(order.discount)}</dd>
              </div>
            )}
            <div className="confirmation-summary__total">
              <dt>Total</dt>
              <dd>{formatRupees(order.total)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <div className="confirmation__actions">
        <Link href={`/account/orders/${order.id}`} className="button button--primary">
          Track this order
        </Link>
        <Link href="/account/orders" className="button">
          View My Orders
        </Link>
        <Link href="/products" className="button">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
