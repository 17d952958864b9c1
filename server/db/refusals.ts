import { isUniqueViolation } from './errors.ts';

/** Why a write (an order, a booking) was not made: an HTTP status, the customer-facing message and a code. */
export interface Refusal {
  status: 400 | 404 | 409;
  message: string;
  code: string;
}

/** Thrown inside a write's transaction to roll it back; turned into a result by `settleRefusal`. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export type RefusedWrite = ({ kind: 'refused' } & Refusal) | { kind: 'duplicateKey' };

/**
 * The outcome of a write whose transaction threw: a refusal, or (when it carried an
 * Idempotency-Key) the unique index telling that another request with the key committed first.
 * Anything else is rethrown.
 */
export function settleRefusal(err: unknown, hasIdempotencyKey: boolean): RefusedWrite {
  if (err instanceof Refused) return { kind: 'refused', ...err.refusal };
  if (hasIdempotencyKey && isUniqueViolation(err)) return { kind: 'duplicateKey' };
  throw err;
}
