import type { RefusalCode } from '../../contract/refusal.ts';
import { refusalMessages } from '../../contract/refusal-messages.ts';
import { refusalStatus } from '../../server/routes/refusal-status.ts';
import { Refusal } from '../../server/services/refusal.ts';

/**
 * The refusal codes are one typed list (docs/decisions/0069-one-refusal-path.md). The
 * `@ts-expect-error` lines are checked by `npm run typecheck`: if a misspelt code compiled,
 * the directive itself would be an error.
 */
describe('refusal codes', () => {
  it('a misspelt code does not compile where the server refuses or maps a status', () => {
    const wontCompile = [
      // @ts-expect-error 'booking_closd' is not a RefusalCode
      () => new Refusal('booking_closd', 'Booking closed'),
      // @ts-expect-error a code whose words depend on the case is not refused by its code alone
      () => Refusal.of('out_of_stock'),
      // @ts-expect-error refusalStatus takes only the codes of contract/refusal.ts
      () => refusalStatus('payment_declinde'),
    ];
    expect(wontCompile).toHaveLength(3);
    expectTypeOf<Refusal['code']>().toEqualTypeOf<RefusalCode>();
    expectTypeOf(refusalStatus).parameter(0).toEqualTypeOf<RefusalCode>();
  });

  it('refuses a code with its one message, answered with the status of its row', () => {
    const refusal = Refusal.of('booking_closed');
    expect(refusal).toMatchObject({ code: 'booking_closed', message: refusalMessages.booking_closed });
    expect(refusalStatus(refusal.code)).toBe(409);
    expect(refusalStatus('payment_declined')).toBe(402);
    expect(refusalStatus('not_found')).toBe(404);
    expect(refusalStatus('coupon_used_by_you')).toBe(400);
    expect(refusalStatus('too_many_coupon_codes')).toBe(429);
  });

  it('every code with a message has a status, and every message is words', () => {
    for (const [code, message] of Object.entries(refusalMessages)) {
      expect(refusalStatus(code as keyof typeof refusalMessages)).toBeGreaterThanOrEqual(400);
      expect(message.trim().length, code).toBeGreaterThan(0);
    }
  });
});
