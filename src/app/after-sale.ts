import { fromPromise } from 'xstate';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import type { BookingEventPayload, OrderEventPayload } from '../../contract/lifecycle-events.ts';
import {
  afterSaleMachine,
  type AfterSaleAction,
  type AfterSaleResult,
} from '../../machines/after-sale/after-sale.machine.ts';
import { ApiError } from '../lib/api.ts';
import { fetchBooking, sendBookingEvent } from '../lib/bookings.ts';
import { fetchOrder, sendOrderEvent } from '../lib/orders.ts';
import { uploadPhoto } from '../lib/uploads.ts';

/** What the order page's dialogs submit: a lifecycle event, or a damage claim with its photo file. */
export type OrderAction =
  | Exclude<OrderEventPayload, { type: 'order.claimDamage' }>
  | { type: 'order.claimDamage'; note: string; photo: Blob };

type ActionInput = { id: number; action: AfterSaleAction; request: unknown };

/**
 * A refusal the customer can read and act on (the server said no with a 4xx: the lifecycle, a
 * bad photo, a missing reason) comes back as a result; no answer, a 5xx, 408 or 429 is thrown.
 */
function refusedOrThrow(error: unknown): AfterSaleResult {
  const status = error instanceof ApiError ? error.status : undefined;
  if (
    error instanceof ApiError &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    ![401, 408, 429].includes(status)
  )
    return { kind: 'refused', message: error.message, ...(error.code ? { code: error.code } : {}) };
  throw error;
}

async function sendOrderAction({ id, request }: ActionInput, signal: AbortSignal): Promise<AfterSaleResult> {
  const action = request as OrderAction;
  try {
    if (action.type === 'order.claimDamage') {
      if (action.photo.size === 0) return { kind: 'refused', message: lifecycleMessages.photoRequired };
      const photo = await uploadPhoto(action.photo, signal);
      const event = { type: action.type, note: action.note, photoId: photo.id };
      return { kind: 'updated', record: await sendOrderEvent(id, event, signal) };
    }
    return { kind: 'updated', record: await sendOrderEvent(id, action, signal) };
  } catch (error) {
    return refusedOrThrow(error);
  }
}

async function sendBookingAction(
  { id, request }: ActionInput,
  signal: AbortSignal,
): Promise<AfterSaleResult> {
  try {
    return { kind: 'updated', record: await sendBookingEvent(id, request as BookingEventPayload, signal) };
  } catch (error) {
    return refusedOrThrow(error);
  }
}

/** The order page's machine with the real API calls (docs/product-rules.md, Orders and bookings after the sale). */
export const orderAfterSaleMachine = afterSaleMachine.provide({
  actors: {
    loadRecord: fromPromise<unknown, { id: number }>(({ input, signal }) => fetchOrder(input.id, signal)),
    sendAction: fromPromise<AfterSaleResult, ActionInput>(({ input, signal }) =>
      sendOrderAction(input, signal),
    ),
  },
});

/** The booking page's machine with the real API calls. */
export const bookingAfterSaleMachine = afterSaleMachine.provide({
  actors: {
    loadRecord: fromPromise<unknown, { id: number }>(({ input, signal }) => fetchBooking(input.id, signal)),
    sendAction: fromPromise<AfterSaleResult, ActionInput>(({ input, signal }) =>
      sendBookingAction(input, signal),
    ),
  },
});
