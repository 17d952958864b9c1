import * as v from 'valibot';
import { CouponValidateResponse } from '../../contract/orders.ts';
import type { NewCoupon } from '../../server/db/types.ts';
import { couponDiscount, describeCoupon } from '../../server/services/pricing.ts';
import { call } from '../support/accounts.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createTestShop);

beforeAll(async () => {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const rows: NewCoupon[] = [
    { code: 'BIGFLAT', kind: 'flat', value: 1000, minSubtotal: 0, maxDiscount: null, createdAt },
    { code: 'HALF', kind: 'percent', value: 50, minSubtotal: 0, maxDiscount: null, createdAt },
    { code: 'USEDUP', kind: 'flat', value: 50, usageLimit: 2, timesUsed: 2, maxDiscount: null, createdAt },
    { code: 'RETIRED', kind: 'flat', value: 50, active: 0, maxDiscount: null, createdAt },
    {
      code: 'LASTSECOND',
      kind: 'flat',
      value: 50,
      maxDiscount: null,
      expiresAt: new Date(now - 1000).toISOString(),
      createdAt,
    },
  ];
  // One by one: a multi-row insert would send NULL (not the default) for the columns a row omits.
  for (const row of rows) await shop.db.insertInto('coupons').values(row).execute();
});

const validate = (json: unknown, path = '/api/coupons/validate') => call(shop.app, 'POST', path, { json });
const ok = (discountAmount: number, code: string) => ({
  status: 200,
  body: { discountAmount, code, description: expect.any(String) as string },
});
const refused = (message: string, code: string) => ({ status: 400, body: { message, code } });

describe('POST /api/coupons/validate', () => {
  it.each([
    ['WELCOME10', 1000, 100, 'WELCOME10 is 10%'],
    ['WELCOME10', 999, 99, 'rounded down (99.9)'],
    ['WELCOME10', 499, 49, 'exactly at its ₹499 minimum'],
    ['WELCOME10', 3000, 300, 'at its ₹300 cap'],
    ['WELCOME10', 50_000, 300, 'capped at ₹300'],
    ['FLAT150', 999, 150, 'flat ₹150 at its minimum'],
    ['FLAT150', 20_000, 150, 'flat whatever the subtotal'],
    ['SHIVA20', 2000, 400, '20%'],
    ['SHIVA20', 10_000, 1000, '20% capped at ₹1,000'],
    ['DIWALI500', 3000, 500, 'flat ₹500'],
    ['ONCE100', 100, 100, 'a limited coupon that is still unused'],
    ['BIGFLAT', 300, 300, 'a flat discount never above the subtotal'],
    ['HALF', 1, 0, 'half of ₹1 rounds down to 0'],
  ])('%s on ₹%i gives ₹%i off (%s)', async (code, subtotal, discount) => {
    const res = await validate({ code, subtotal });
    expect(res).toMatchObject(ok(discount, code));
    expect(() => v.parse(CouponValidateResponse, res.body)).not.toThrow();
  });

  it('describes the coupon for the customer', async () => {
    expect((await validate({ code: 'WELCOME10', subtotal: 1000 })).body).toEqual({
      discountAmount: 100,
      code: 'WELCOME10',
      description: '10% off orders of ₹499 or more (up to ₹300)',
    });
    expect((await validate({ code: 'DIWALI500', subtotal: 5000 })).body).toMatchObject({
      description: '₹500 off orders of ₹3,000 or more',
    });
  });

  it('reads the code case-insensitively and trimmed', async () => {
    expect(await validate({ code: '  welcome10 ', subtotal: 1000 })).toMatchObject(ok(100, 'WELCOME10'));
    expect(await validate({ code: 'Flat150', subtotal: 1000 })).toMatchObject(ok(150, 'FLAT150'));
  });

  it('answers on the doubled-slash path of the original client too, without a token', async () => {
    expect(await validate({ code: 'WELCOME10', subtotal: 1000 }, '//api/coupons/validate')).toMatchObject(
      ok(100, 'WELCOME10'),
    );
    expect(await validate({ code: 'NOPE', subtotal: 1000 }, '//api/coupons/validate')).toMatchObject(
      refused('Invalid coupon code', 'coupon_invalid'),
    );
  });

  it('refuses an unknown code', async () => {
    expect(await validate({ code: 'FREESTUFF', subtotal: 1000 })).toMatchObject(
      refused('Invalid coupon code', 'coupon_invalid'),
    );
  });

  it('refuses an expired coupon, also one that expired a second ago', async () => {
    for (const code of ['EXPIRED50', 'expired50', 'LASTSECOND'])
      expect(await validate({ code, subtotal: 5000 })).toMatchObject(
        refused('This coupon has expired', 'coupon_expired'),
      );
  });

  it('says how much more to add when the subtotal is below the minimum (en-IN rupees)', async () => {
    expect(await validate({ code: 'WELCOME10', subtotal: 498 })).toMatchObject(
      refused('Add items worth ₹1 more to use this coupon', 'coupon_below_minimum'),
    );
    expect(await validate({ code: 'SHIVA20', subtotal: 1500 })).toMatchObject(
      refused('Add items worth ₹500 more to use this coupon', 'coupon_below_minimum'),
    );
    expect(await validate({ code: 'DIWALI500', subtotal: 0 })).toMatchObject(
      refused('Add items worth ₹3,000 more to use this coupon', 'coupon_below_minimum'),
    );
  });

  it('refuses a used-up or withdrawn coupon', async () => {
    for (const code of ['USEDUP', 'RETIRED'])
      expect(await validate({ code, subtotal: 5000 })).toMatchObject(
        refused('This coupon is no longer available', 'coupon_exhausted'),
      );
  });

  it('changes nothing: validating does not use the coupon up', async () => {
    for (let i = 0; i < 3; i++)
      expect(await validate({ code: 'ONCE100', subtotal: 500 })).toMatchObject(ok(100, 'ONCE100'));
    const row = await shop.db
      .selectFrom('coupons')
      .select('timesUsed')
      .where('code', '=', 'ONCE100')
      .executeTakeFirstOrThrow();
    expect(row.timesUsed).toBe(0);
  });

  const subtotalMessage = 'subtotal must be a whole number of rupees, 0 or more';
  it.each([
    ['no code', { subtotal: 1000 }, 'Please enter a coupon code'],
    ['a null code', { code: null, subtotal: 1000 }, 'Please enter a coupon code'],
    ['a blank code', { code: '   ', subtotal: 1000 }, 'Please enter a coupon code'],
    ['a numeric code', { code: 10, subtotal: 1000 }, 'Coupon code must be text'],
    [
      'a 41-character code',
      { code: 'A'.repeat(41), subtotal: 1000 },
      'Coupon code must be at most 40 characters',
    ],
    [
      'a control character',
      { code: 'WELCOME\u000710', subtotal: 1000 },
      'Coupon code contains characters that are not allowed',
    ],
    ['no subtotal', { code: 'WELCOME10' }, subtotalMessage],
    ['a negative subtotal', { code: 'WELCOME10', subtotal: -1 }, subtotalMessage],
    ['a fractional subtotal', { code: 'WELCOME10', subtotal: 999.5 }, subtotalMessage],
    ['a string subtotal', { code: 'WELCOME10', subtotal: '1000' }, subtotalMessage],
    ['an unsafe integer subtotal', { code: 'WELCOME10', subtotal: 2 ** 53 }, subtotalMessage],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await validate(body);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses bodies that are not a JSON object', async () => {
    const raw = (raw: string, contentType?: string) =>
      call(shop.app, 'POST', '/api/coupons/validate', { raw, contentType });
    expect(await raw('{"code":')).toMatchObject({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await raw('[]')).toMatchObject({
      status: 400,
      body: { message: 'The request body must be a JSON object' },
    });
    expect(await raw('code=WELCOME10', 'application/x-www-form-urlencoded')).toMatchObject({ status: 415 });
  });
});

describe('coupon rules (pure)', () => {
  it('caps percent discounts, never exceeds the subtotal and describes itself', () => {
    const percent = { kind: 'percent', value: 10, maxDiscount: 300, minSubtotal: 499 } as const;
    expect(couponDiscount(percent, 2999)).toBe(299);
    expect(couponDiscount(percent, 3001)).toBe(300);
    expect(couponDiscount({ kind: 'flat', value: 150, maxDiscount: null }, 100)).toBe(100);
    expect(couponDiscount({ kind: 'flat', value: 150, maxDiscount: null }, 0)).toBe(0);
    expect(describeCoupon({ kind: 'flat', value: 100, minSubtotal: 0, maxDiscount: null })).toBe(
      '₹100 off your order',
    );
  });
});
