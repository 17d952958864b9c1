import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { IDEMPOTENCY_KEY, orderMessages } from '../../contract/orders.ts';

/** The Idempotency-Key header, when sent (null otherwise); a malformed one answers 400 {message}. */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new HTTPException(400, { message: orderMessages.idempotencyKeyInvalid });
  return key;
}
