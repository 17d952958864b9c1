import type { BookingResponse } from '../../contract/booking.ts';
import type { PaymentIntentResponse } from '../../contract/payments.ts';

/**
 * A JSON client of a served shop, for what a browser test or a script (scripts/screenshots.ts)
 * sets up before it opens a page: a customer, an order, a paid booking.
 */
export interface ApiInit {
  method?: string;
  json?: unknown;
  token?: string;
}

export type ShopApi = <T>(path: string, init?: ApiInit) => Promise<T>;

/** The client of the shop served at `baseUrl()`: answers the parsed JSON, or throws with the status and body of a refusal. */
export function apiClient(baseUrl: () => string): ShopApi {
  return async <T>(path: string, init: ApiInit = {}): Promise<T> => {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${baseUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** A booking paid online as the wizard pays it: the intent, its capture by UPI, then the booking. */
export async function bookPaidOnline(api: ShopApi, token: string, draft: object, upiId = 'lakshmi@okaxis') {
  const { payment } = await api<PaymentIntentResponse>('/api/payments', {
    method: 'POST',
    token,
    json: { purpose: 'booking', booking: draft },
  });
  await api(`/api/payments/${payment.id}/capture`, { method: 'POST', token, json: { method: 'upi', upiId } });
  const { booking } = await api<BookingResponse>('/api/bookings', {
    method: 'POST',
    token,
    json: { ...draft, paymentMethod: 'online', paymentId: payment.id },
  });
  return booking;
}
