import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { latestToday } from '../../contract/person.ts';
import {
  PaymentCaptureRequest,
  paymentCreateRequestSchema,
  paymentMessages,
  type PaymentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentReadResponse,
} from '../../contract/payments.ts';
import { PAYMENT_ID } from '../../contract/payment-methods.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import { capturePayment, createPayment, readPayment } from '../services/payments.ts';
import { priceDateChange } from '../services/booking-lifecycle.ts';
import { asCustomer, lifecycleDeps } from './lifecycle-deps.ts';
import { readBody } from '../validate.ts';

/** A payment id path parameter: pay_ and letters, digits, "_" or "-" (else 400 {message}). */
function paymentIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!PAYMENT_ID.test(id)) throw new HTTPException(400, { message: paymentMessages.idInvalid });
  return id;
}

/**
 * The customer's payments (docs/decisions/0012-payments-through-a-server-gateway.md): an
 * intent priced by the server for exactly the order or booking about to be written, its
 * capture through the gateway, and the payment with its history. Another customer's payment
 * answers 404, like one that does not exist. Refusals are answered through
 * routes/refusal-status.ts (402 for a declined capture).
 */
export const paymentRoutes = new Hono<AppEnv>()
  .post('/api/payments', requireAuth, async (c) => {
    const now = c.var.now();
    const request = await readBody(
      c,
      paymentCreateRequestSchema(() => latestToday(now)),
    );
    const payment = await createPayment(c.var.db, c.var.payments, {
      userId: c.var.user.id,
      request,
      now,
      // A dearer date's difference: the bookings service names it, for the customer's own booking.
      priceDateChange: ({ dateChange }) =>
        priceDateChange(lifecycleDeps(c), { ...dateChange, ...asCustomer(c) }),
    });
    const body: PaymentIntentResponse = { payment };
    return c.json(body, 201);
  })

  .post('/api/payments/:id/capture', requireAuth, async (c) => {
    const id = paymentIdParam(c);
    const request = await readBody(c, PaymentCaptureRequest);
    const payment = await capturePayment(c.var.db, c.var.payments, {
      userId: c.var.user.id,
      id,
      request,
      now: c.var.now,
    });
    const body: PaymentCaptureResponse = { payment };
    return c.json(body, 200);
  })

  .get('/api/payments/:id', requireAuth, async (c) => {
    const payment = await readPayment(c.var.db, c.var.payments, {
      userId: c.var.user.id,
      id: paymentIdParam(c),
      now: c.var.now(),
    });
    const body: PaymentReadResponse = { payment };
    return c.json(body, 200);
  });
