import { fromPromise } from 'xstate';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import type { BookingEventPayload, OrderEventPayload } from '../../contract/lifecycle-events.ts';
import {
  afterSaleMachine,
  type AfterSaleAction,
  type AfterSaleResult,
} from '../../machines/after-sale/after-sale.machine.ts';
import { rejectClassified, valueOrRefusal } from '../lib/api.ts';
import { fetchBooking, sendBookingEvent } from '../lib/bookings.ts';
import { fetchOrder, sendOrderEvent } from '../lib/orders.ts';
import { uploadPhoto } from '../lib/uploads.ts';

/** What the order page's dialogs submit: a lifecycle event, or a damage claim with its photo file. */
export type OrderAction =
  | Exclude<OrderEventPayload, { type: 'order.claimDamage' }>
  | { type: 'order.claimDamage'; note: string; photo: Blob };

type ActionInput = { id: number; action: AfterSaleAction; request: unknown };

/**
 * A refusal the customer can read and act on (the lifecycle, a bad photo, a missing reason) comes
 * back as a result; a failure (no answer, a 5xx, 408, 429) rejects. The API client decides which.
 */
async function updated(call: Promise<unknown>): Promise<AfterSaleResult> {
  const result = await valueOrRefusal(call);
  return result.kind === 'ok' ? { kind: 'updated', record: result.value } : result;
}

function sendOrderAction({ id, request }: ActionInput, signal: AbortSignal): Promise<AfterSaleResult> {
  const action = request as OrderAction;
  if (action.type !== 'order.claimDamage') return updated(sendOrderEvent(id, action, signal));
  if (action.photo.size === 0)
    return Promise.resolve({ kind: 'refused', message: lifecycleMessages.photoRequired });
  return updated(
    uploadPhoto(action.photo, signal).then((photo) =>
      sendOrderEvent(id, { type: action.type, note: action.note, photoId: photo.id }, signal),
    ),
  );
}

const sendBookingAction = ({ id, request }: ActionInput, signal: AbortSignal) =>
  updated(sendBookingEvent(id, request as BookingEventPayload, signal));

/** A record's load: the server's refusal rejects as its `Refused`, for the machine to offer no retry. */
const loaded = (call: Promise<unknown>) => call.catch(rejectClassified);

/** The after-sale machine reading one kind of record and sending its steps over the API. */
const liveAfterSale = (
  load: (id: number, signal: AbortSignal) => Promise<unknown>,
  send: (input: ActionInput, signal: AbortSignal) => Promise<AfterSaleResult>,
) =>
  afterSaleMachine.provide({
    actors: {
      loadRecord: fromPromise<unknown, { id: number }>(({ input, signal }) => loaded(load(input.id, signal))),
      sendAction: fromPromise<AfterSaleResult, ActionInput>(({ input, signal }) => send(input, signal)),
    },
  });

/** The order page's machine with the real API calls (docs/product-rules.md, Orders and bookings after the sale). */
export const orderAfterSaleMachine = liveAfterSale(fetchOrder, sendOrderAction);

/** The booking page's machine with the real API calls. */
export const bookingAfterSaleMachine = liveAfterSale(fetchBooking, sendBookingAction);
