import type { ReactNode } from 'react';
import {
  bookingStateLabels,
  orderStateLabels,
  type BookingState,
  type OrderState,
} from '../../contract/lifecycle.ts';
import './status-pill.css';

export type StatusTone = 'green' | 'red' | 'yellow' | 'neutral';

/** docs/product-rules.md, Money and dates: payment completed is green, failed red, anything else yellow. */
export function paymentStatusTone(status: string): StatusTone {
  if (status === 'completed') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

/** A status word in a coloured pill; the word is always there, so colour is never the only signal. */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}

/** An order's lifecycle state: on its way green, waiting on someone yellow, ended by a refusal red. */
export const orderStateTone: Record<OrderState, StatusTone> = {
  processing: 'yellow',
  packed: 'yellow',
  shipped: 'green',
  delivered: 'green',
  damageClaimed: 'yellow',
  claimRejected: 'red',
  cancelled: 'neutral',
  refundPending: 'yellow',
  refunded: 'neutral',
};

export const bookingStateTone: Record<BookingState, StatusTone> = {
  confirmed: 'green',
  sankalpLocked: 'green',
  performed: 'green',
  prasadShipped: 'green',
  prasadDelivered: 'neutral',
  notPerformed: 'red',
  refundPending: 'yellow',
  refunded: 'neutral',
};

/** An order's state in its pill, named as the customer and staff read it. */
export const OrderStatePill = ({ state }: { state: OrderState }) => (
  <StatusPill tone={orderStateTone[state]}>{orderStateLabels[state]}</StatusPill>
);

/** A booking's state in its pill. */
export const BookingStatePill = ({ state }: { state: BookingState }) => (
  <StatusPill tone={bookingStateTone[state]}>{bookingStateLabels[state]}</StatusPill>
);
