import type {
  PaymentCapturePayload,
  PaymentIntent,
  PaymentPurpose,
  PaymentRead,
} from '../../contract/payments.ts';
import type { App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { call } from './accounts.ts';

/**
 * A payment id that no payment has: test bodies carry it until a helper pays for them through
 * the API (see paid()); a write that still carries it is refused as payment_invalid.
 */
export const UNPAID = 'pay_unpaid_placeholder';

/** A UPI capture the simulated provider accepts. */
export const GOOD_UPI: PaymentCapturePayload = { method: 'upi', upiId: 'asha@okicici' };

const PAYMENT_FIELDS = ['payment_method', 'payment_id', 'payment_status', 'paymentMethod', 'paymentId'];

/** The create body of an order or booking without its payment fields: what POST /api/payments prices. */
export function draftOf(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !PAYMENT_FIELDS.includes(key)));
}

/** POST /api/payments for this body; the raw answer. */
export function createIntent(app: App, token: string, purpose: PaymentPurpose, body: object) {
  return call(app, 'POST', '/api/payments', { token, json: { purpose, [purpose]: draftOf(body) } });
}

export function capture(app: App, token: string, id: string, payload: PaymentCapturePayload = GOOD_UPI) {
  return call(app, 'POST', `/api/payments/${id}/capture`, { token, json: payload });
}

export async function readPayment(app: App, token: string, id: string): Promise<PaymentRead> {
  const res = await call(app, 'GET', `/api/payments/${id}`, { token });
  if (res.status !== 200) throw new Error(`read payment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { payment: PaymentRead }).payment;
}

/** An intent for this body (throws unless 201). */
export async function intentFor(
  app: App,
  token: string,
  purpose: PaymentPurpose,
  body: object,
): Promise<PaymentIntent> {
  const res = await createIntent(app, token, purpose, body);
  if (res.status !== 201) throw new Error(`payment intent failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { payment: PaymentIntent }).payment;
}

/** Pays for exactly this order or booking body through the real API; the captured payment's id. */
export async function payFor(
  app: App,
  token: string,
  purpose: PaymentPurpose,
  body: object,
  payload: PaymentCapturePayload = GOOD_UPI,
): Promise<string> {
  const { id } = await intentFor(app, token, purpose, body);
  const res = await capture(app, token, id, payload);
  if (res.status !== 200) throw new Error(`capture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/**
 * The body with its UNPAID placeholder replaced by a payment made for it through the API. A
 * body the server will not price (a closed window, someone else's address...) keeps the
 * placeholder, so the write answers its own refusal. Other bodies (cash on delivery, another
 * payment id, a payment method that is not online) are returned as they are.
 */
export async function paid<T>(app: App, token: string, body: T): Promise<T> {
  if (body === null || typeof body !== 'object') return body;
  const record = body as Record<string, unknown>;
  const purpose: PaymentPurpose | undefined =
    record.payment_method === 'online' && record.payment_id === UNPAID
      ? 'order'
      : record.paymentMethod === 'online' && record.paymentId === UNPAID
        ? 'booking'
        : undefined;
  if (!purpose) return body;
  const created = await createIntent(app, token, purpose, record);
  if (created.status !== 201) return body;
  const { id } = (created.body as { payment: PaymentIntent }).payment;
  const res = await capture(app, token, id);
  if (res.status !== 200)
    throw new Error(`capture of ${id} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...body, ...(purpose === 'order' ? { payment_id: id } : { paymentId: id }) };
}

/** A payment's status straight from the database. */
export async function paymentStatus(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}
