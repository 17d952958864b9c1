import * as v from 'valibot';
import { fetchPuja, fetchPujas } from '../../src/lib/catalogue.ts';
import { couponMessages, CouponValidateResponse } from '../../contract/coupons.ts';
import {
  ApiError,
  callApi,
  classify,
  getJson,
  rejectClassified,
  settle,
  valueOrRefusal,
} from '../../src/lib/api.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile, fetchRoutedTo } from '../support/prelude.ts';

const shop = shopPerFile(createTestShop);
const net = fetchRoutedTo(shop, { per: 'file' });

afterEach(() => {
  net.failNetwork(null);
  net.failWith(null);
});

describe('the API client', () => {
  it('shows the server message of a failed call', async () => {
    await expect(fetchPuja('999999')).rejects.toEqual(new ApiError('Puja not found', 404));
    await expect(fetchPuja('abc')).rejects.toMatchObject({
      message: 'The id must be a positive whole number',
      status: 400,
    });
  });

  it('falls back to the spec message when the network fails', async () => {
    net.failNetwork(/^\/pujas/);
    await expect(fetchPujas()).rejects.toMatchObject({ message: 'Failed to fetch pujas' });
    await expect(fetchPuja('1')).rejects.toMatchObject({ message: 'Failed to fetch puja details' });
  });

  it('refuses a response of the wrong shape', async () => {
    await expect(
      getJson('/categories', v.object({ pujas: v.array(v.unknown()) }), { fallback: 'x' }),
    ).rejects.toMatchObject({
      message: 'Invalid data received from server',
    });
  });

  it('reads the real catalogue through the contract schemas', async () => {
    const pujas = await fetchPujas();
    expect(pujas.length).toBeGreaterThan(0);
    expect(
      pujas.every((p) => typeof p.startDate === 'string' && !Number.isNaN(Date.parse(p.startDate))),
    ).toBe(true);
  });
});

describe('the one classifier: ok, refused or failed (docs/decisions/0069-one-refusal-path.md)', () => {
  const checkCoupon = (code: string) =>
    callApi('/api/coupons/validate', {
      method: 'POST',
      body: { code, subtotal: 1000 },
      schema: CouponValidateResponse,
      fallback: couponMessages.failed,
    });

  it('an answer is ok with its value', async () => {
    const result = await settle(fetchPujas());
    expect(result.kind).toBe('ok');
    expect(result.kind === 'ok' && result.value.length).toBeGreaterThan(0);
  });

  it("a refusal carries the server's code and message; a missing record says so", async () => {
    expect(await settle(checkCoupon('NOSUCHCODE'))).toEqual({
      kind: 'refused',
      code: 'coupon_invalid',
      message: couponMessages.invalid,
    });
    expect(await settle(fetchPuja('999999'))).toEqual({
      kind: 'refused',
      message: 'Puja not found',
      notFound: true,
    });
    expect(await settle(fetchPuja('abc'))).toEqual({
      kind: 'refused',
      message: 'The id must be a positive whole number',
    });
  });

  it('no answer and a 5xx are failures, with the message to show and what the call threw', async () => {
    net.failNetwork(/^\/pujas/);
    const offline = await settle(fetchPujas());
    expect(offline).toMatchObject({ kind: 'failed', message: 'Failed to fetch pujas' });
    expect(offline.kind === 'failed' && offline.error).toBeInstanceOf(ApiError);
    net.failNetwork(null);
    net.failWith(/^\/pujas/, 503);
    expect(await settle(fetchPujas())).toMatchObject({
      kind: 'failed',
      message: 'Service temporarily unavailable',
    });
  });

  it('a 401, 408 or 429 is a failure even with a code; a price change keeps the total and refund', () => {
    for (const status of [401, 408, 429, 500])
      expect(classify(new ApiError('Later', status, 'too_many_coupon_codes')).kind).toBe('failed');
    expect(classify(new Error('Boom'))).toMatchObject({ kind: 'failed', message: 'Boom' });
    const refunded = { paymentId: 'pay_1', amount: 1100 };
    expect(classify(new ApiError('The total is now ₹1,200', 409, 'price_changed', refunded, 1200))).toEqual({
      kind: 'refused',
      code: 'price_changed',
      message: 'The total is now ₹1,200',
      refunded,
      total: 1200,
    });
  });

  it('for actors: a refusal resolves, a failure rejects with what the call threw', async () => {
    await expect(valueOrRefusal(checkCoupon('NOSUCHCODE'))).resolves.toMatchObject({
      kind: 'refused',
      code: 'coupon_invalid',
    });
    await expect(fetchPuja('999999').catch(rejectClassified)).rejects.toEqual({
      kind: 'refused',
      message: 'Puja not found',
      notFound: true,
    });
    net.failWith(/^\/pujas/, 500);
    await expect(valueOrRefusal(fetchPujas())).rejects.toBeInstanceOf(ApiError);
    await expect(fetchPujas().catch(rejectClassified)).rejects.toBeInstanceOf(ApiError);
  });
});
