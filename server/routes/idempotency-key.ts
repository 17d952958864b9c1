import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { IDEMPOTENCY_KEY, orderMessages } from '../../contract/orders.ts';
import type { AppEnv } from '../env.ts';
import type { PaidSubmit, PaidWriteResult } from '../services/paid-write.ts';

/** The Idempotency-Key header, when sent (null otherwise); a malformed one answers 400 {message}. */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new HTTPException(400, { message: orderMessages.idempotencyKeyInvalid });
  return key;
}

/** The signed-in customer's paid submit (an order, a booking), made at `now` under `idempotencyKey`. */
export const paidSubmitOf = <Input>(
  c: Context<AppEnv>,
  input: Input,
  idempotencyKey: string | null,
  now: Date,
): PaidSubmit<Input> => ({
  db: c.var.db,
  gateway: c.var.payments,
  userId: c.var.user.id,
  input,
  idempotencyKey,
  shopNotifyEmail: c.var.shopNotifyEmail,
  now,
});

/** The 201's headers: a replay of an earlier request under the same key says so. */
export const replayHeaders = (result: PaidWriteResult): Record<string, string> =>
  result.replayed ? { 'Idempotent-Replayed': 'true' } : {};
