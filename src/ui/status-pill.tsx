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

/** The pill of one kind of state: each state's tone and the word it is read as. */
export function statePill<S extends string>(tones: Record<S, StatusTone>, labels: Record<S, string>) {
  return function StatePill({ state }: { state: S }) {
    return <StatusPill tone={tones[state]}>{labels[state]}</StatusPill>;
  };
}

/** An order's state in its pill, named as the customer and staff read it. */
export const OrderStatePill = statePill(orderStateTone, orderStateLabels);

/** A booking's state in its pill. */
export const BookingStatePill = statePill(bookingStateTone, bookingStateLabels);
