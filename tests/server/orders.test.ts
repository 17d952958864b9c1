import * as v from 'valibot';
import type { Address } from '../../contract/address.ts';
import {
  OrderCreateRequest,
  OrderCreateResponse,
  OrderListResponse,
  OrderRead,
  MAX_QUANTITY_PER_PRODUCT,
  orderMessages,
  orderTotal,
  shippingFor,
  type OrderCreatePayload,
} from '../../contract/orders.ts';
import { findOrderByKey } from '../../server/db/repositories/orders.ts';
import { createSimulatedGateway } from '../../server/payments/simulated-gateway.ts';
import { placeOrder } from '../../server/services/orders.ts';
import { paidWrite } from '../../server/services/paid-write.ts';
import { orderRequestHash } from '../../server/services/request-fingerprint.ts';
import { expectNothingChanged as expectNoRowChanged } from '../security/security-shop.ts';
import { call, registerAndLogin, type Customer } from '../support/accounts.ts';
import {
  addAddress,
  addProduct,
  ashaAndRavi,
  countOrders,
  send,
  setStock,
  stockOf,
  timesUsed,
} from '../support/orders.ts';
import { UNPAID, paid, readPayment } from '../support/payments.ts';
import { createTestShop } from '../support/test-db.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createTestShop);
/** Asha and Ravi, each with an address of their own (ashaAndRavi). */
let me: Customer, myAddress: Address, other: Customer, otherAddress: Address;
/** Product ids by offer price (₹450 with 100 in stock; ₹999, ₹1,000 and ₹1,001 with 1,000 each). */
let p450: number;
let p999: number;
let p1000: number;
let p1001: number;
let soldOut: number;
let scarce: number;

beforeAll(async () => {
  p450 = await addProduct(shop.db, { name: 'Rudraksha Mala', offerPrice: 450, stockQuantity: 100 });
  p999 = await addProduct(shop.db, { name: 'Brass Diya', offerPrice: 999, stockQuantity: 1000 });
  p1000 = await addProduct(shop.db, { name: 'Copper Kalash', offerPrice: 1000, stockQuantity: 1000 });
  p1001 = await addProduct(shop.db, { name: 'Sandalwood Idol', offerPrice: 1001, stockQuantity: 1000 });
  soldOut = await addProduct(shop.db, { name: 'Sphatik Shivling', offerPrice: 2500, stockQuantity: 0 });
  // Fewer in stock than one order may take, so the stock check is what refuses.
  scarce = await addProduct(shop.db, { name: 'Panchmukhi Hanuman Idol', offerPrice: 650, stockQuantity: 4 });
  ({ me, myAddress, other, otherAddress } = await ashaAndRavi(shop.app));
});

const cod = (
  items: OrderCreatePayload['items'],
  extra: Partial<OrderCreatePayload> = {},
): OrderCreatePayload => ({
  address_id: myAddress.id,
  items,
  payment_method: 'cod',
  ...extra,
});

/** Posts an order; an online body still UNPAID is first paid for through the API (tests/support/payments.ts). */
const post = async (body: unknown, { as = me, key }: { as?: Customer; key?: string } = {}) =>
  send(shop.app, 'POST', '/api/orders', {
    json: await paid(shop.app, as.token, body),
    token: as.token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const read = async (id: number, as = me) => {
  const res = await call(shop.app, 'GET', `/api/orders/${id}`, { token: as.token });
  expect(res.status).toBe(200);
  return v.parse(OrderRead, res.body);
};

const place = async (body: unknown, options?: { as?: Customer; key?: string }) => {
  const res = await post(body, options);
  expect(res).toMatchObject({ status: 201 });
  return read(v.parse(OrderCreateResponse, res.body).id, options?.as);
};

/** Runs `act` and checks it changed no stock and created no order. */
async function expectNothingChanged(act: () => Promise<void>, products = [p450, p999, p1000, p1001]) {
  const stock = await Promise.all(products.map((id) => stockOf(shop.db, id)));
  const orders = await countOrders(shop.db);
  await act();
  expect(await Promise.all(products.map((id) => stockOf(shop.db, id)))).toEqual(stock);
  expect(await countOrders(shop.db)).toBe(orders);
}

describe('product rules, Shipping and totals: shipping and total', () => {
  it.each([
    [0, 0],
    [1, 100],
    [999, 100],
    [1000, 100],
    [1001, 0],
    [25_000, 0],
  ])('shippingFor(%i) is %i', (subtotal, shipping) => {
    expect(shippingFor(subtotal)).toBe(shipping);
  });

  it('total is subtotal + shipping - discount, never below 0', () => {
    expect(orderTotal({ subtotal: 999, shipping: 100, discount: 99 })).toBe(1000);
    expect(orderTotal({ subtotal: 100, shipping: 100, discount: 500 })).toBe(0);
  });
});

describe('placing an order', () => {
  it('cash on delivery: 201 {id}, priced from the catalogue, payment pending, processing, stock taken', async () => {
    const before = [await stockOf(shop.db, p450), await stockOf(shop.db, p1001)];
    const res = await post(
      cod(
        [
          { product_id: p450, quantity: 2 },
          { product_id: p1001, quantity: 1, variant: { size: 'Medium', color: '' } },
        ],
        { notes: '  Please ring twice.\nLeave with the watchman.  ', payment_id: 'pay_sim_ignored' },
      ),
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['id']);
    const order = await read((res.body as { id: number }).id);
    expect(order).toMatchObject({
      orderStatus: 'processing',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      paymentId: null,
      subtotal: 1901,
      shipping: 0,
      discount: 0,
      total: 1901,
      couponCode: null,
      notes: 'Please ring twice.\nLeave with the watchman.',
      address: { ...myAddress },
    });
    expect(order.items).toEqual([
      {
        id: expect.any(Number) as number,
        productId: p450,
        name: 'Rudraksha Mala',
        image: '/images/products/test-rudraksha-mala.svg',
        quantity: 2,
        price: 450,
        variant: null,
      },
      {
        id: expect.any(Number) as number,
        productId: p1001,
        name: 'Sandalwood Idol',
        image: '/images/products/test-sandalwood-idol.svg',
        quantity: 1,
        price: 1001,
        variant: { size: 'Medium' },
      },
    ]);
    expect([await stockOf(shop.db, p450), await stockOf(shop.db, p1001)]).toEqual([
      before[0]! - 2,
      before[1]! - 1,
    ]);
  });

  it('online: payment completed with the captured payment’s id, whatever status the client claims', async () => {
    const payload = await paid(shop.app, me.token, {
      address_id: myAddress.id,
      items: [{ product_id: p999, quantity: 1 }],
      payment_method: 'online',
      payment_id: UNPAID,
      payment_status: 'failed',
    });
    const order = await place(payload);
    expect(order).toMatchObject({
      paymentMethod: 'online',
      paymentStatus: 'completed',
      paymentId: payload.payment_id,
      orderStatus: 'processing',
      subtotal: 999,
      shipping: 100,
      total: 1099,
    });
  });

  it('online without a usable payment id is refused', async () => {
    for (const payment_id of [undefined, null, '', 'pay sim', 'x'.repeat(101)])
      await expectNothingChanged(async () => {
        const res = await post({
          ...cod([{ product_id: p450, quantity: 1 }]),
          payment_method: 'online',
          payment_id,
        });
        expect(res.status).toBe(400);
        expect((res.body as { message: string }).message).toMatch(/payment_id/);
      });
  });

  it('accepts the original client’s full payload with my own user_id', async () => {
    const order = await place(
      cod([{ product_id: p450, quantity: 1, price: 450, variant: null }], {
        user_id: me.user.id,
        subtotal: 450,
        shipping: 100,
        discount: 0,
        total: 550,
        payment_id: null,
        payment_status: 'pending',
        order_status: 'processing',
        notes: '',
        coupon_code: null,
      }),
    );
    expect(order).toMatchObject({ subtotal: 450, shipping: 100, total: 550, notes: null, couponCode: null });
  });

  it('ignores tampered prices, amounts and statuses', async () => {
    const order = await place(
      cod([{ product_id: p1001, quantity: 2, price: 1 }], {
        subtotal: 2,
        shipping: 0,
        discount: 5000,
        total: 1,
        payment_status: 'completed',
        order_status: 'delivered',
      }),
    );
    expect(order).toMatchObject({
      subtotal: 2002,
      shipping: 0,
      discount: 0,
      total: 2002,
      paymentStatus: 'pending',
      orderStatus: 'processing',
    });
    expect(order.items[0]).toMatchObject({ price: 1001, quantity: 2 });
  });

  it.each([
    [999, 100, 1099],
    [1000, 100, 1100],
    [1001, 0, 1001],
  ])('charges shipping on a ₹%i subtotal: ₹%i, total ₹%i', async (price, shipping, total) => {
    const product = { 999: p999, 1000: p1000, 1001: p1001 }[price]!;
    const order = await place(cod([{ product_id: product, quantity: 1 }], { shipping: 0, total: price }));
    expect(order).toMatchObject({ subtotal: price, shipping, discount: 0, total });
  });
});

describe('quantities and stock', () => {
  const quantityMessage = 'Each item quantity must be a whole number of 1 or more';
  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"2"', '2'],
    ['null', null],
    ['missing', undefined],
    ['2^53', 2 ** 53],
  ])('refuses quantity %s with 400 and changes nothing', async (_label, quantity) => {
    await expectNothingChanged(async () => {
      const res = await post({
        ...cod([]),
        items: [
          { product_id: p450, quantity: 1 },
          { product_id: p999, quantity },
        ],
      });
      expect(res).toMatchObject({ status: 400, body: { message: quantityMessage } });
    });
  });

  it('refuses stock + 1 with 409 "Only N left of <name>" and changes nothing', async () => {
    const stock = await stockOf(shop.db, scarce);
    expect(stock + 1).toBeLessThanOrEqual(MAX_QUANTITY_PER_PRODUCT);
    await expectNothingChanged(async () => {
      const res = await post(
        cod([
          { product_id: p999, quantity: 1 },
          { product_id: scarce, quantity: stock + 1 },
        ]),
      );
      expect(res).toMatchObject({
        status: 409,
        body: { message: `Only ${stock} left of Panchmukhi Hanuman Idol` },
      });
    });
  });

  it('counts a product’s lines together against its stock', async () => {
    const stock = await stockOf(shop.db, scarce);
    await expectNothingChanged(async () => {
      const res = await post(
        cod([
          { product_id: scarce, quantity: stock, variant: { color: 'Red' } },
          { product_id: scarce, quantity: 1, variant: { color: 'Black' } },
        ]),
      );
      expect(res).toMatchObject({
        status: 409,
        body: { message: `Only ${stock} left of Panchmukhi Hanuman Idol` },
      });
    });
  });

  it('refuses more than the per-order limit of one product with 400, counting its lines together', async () => {
    expect(await stockOf(shop.db, p450)).toBeGreaterThan(MAX_QUANTITY_PER_PRODUCT);
    for (const items of [
      [{ product_id: p450, quantity: MAX_QUANTITY_PER_PRODUCT + 1 }],
      [{ product_id: p450, quantity: 500 }],
      [
        { product_id: p450, quantity: MAX_QUANTITY_PER_PRODUCT, variant: { color: 'Red' } },
        { product_id: p999, quantity: 1 },
        { product_id: p450, quantity: 1, variant: { color: 'Black' } },
      ],
    ]) {
      await expectNothingChanged(async () => {
        const res = await post(cod(items));
        expect(res).toMatchObject({ status: 400, body: { message: orderMessages.quantityTooMany } });
      });
    }
  });

  it('takes exactly the per-order limit of one product', async () => {
    const stock = await stockOf(shop.db, p450);
    const res = await post(cod([{ product_id: p450, quantity: MAX_QUANTITY_PER_PRODUCT }]));
    expect(res.status).toBe(201);
    expect(await stockOf(shop.db, p450)).toBe(stock - MAX_QUANTITY_PER_PRODUCT);
  });

  it('refuses an out-of-stock product with 409', async () => {
    await expectNothingChanged(async () => {
      const res = await post(cod([{ product_id: soldOut, quantity: 1 }]));
      expect(res).toMatchObject({ status: 409, body: { message: 'Sphatik Shivling is out of stock' } });
    });
  });

  it('refuses an unknown product with 400 and changes nothing', async () => {
    await expectNothingChanged(async () => {
      const res = await post(
        cod([
          { product_id: p450, quantity: 1 },
          { product_id: 987654, quantity: 1 },
        ]),
      );
      expect(res).toMatchObject({ status: 400, body: { message: 'Product 987654 not found' } });
    });
  });

  it('sells the last 5 to exactly 5 of 20 concurrent orders: the rest get 409, stock ends at 0', async () => {
    const last = await addProduct(shop.db, { name: 'Navaratna Ring', offerPrice: 8999, stockQuantity: 100 });
    await setStock(shop.db, last, 5);
    const buyers = [me, other, await registerAndLogin(shop.app), await registerAndLogin(shop.app)];
    const addresses = await Promise.all(buyers.map((b) => addAddress(shop.app, b)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          {
            address_id: addresses[i % 4]!.id,
            items: [{ product_id: last, quantity: 1 }],
            payment_method: 'cod',
          },
          { as: buyers[i % 4] },
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((res) => res.status === 409))
      expect((r.body as { message: string }).message).toBe('Navaratna Ring is out of stock');
    expect(await stockOf(shop.db, last)).toBe(0);
    expect(await countOrders(shop.db, last)).toBe(5);
  });
});

describe('coupons at order time', () => {
  it('applies a coupon, re-checked against the server’s subtotal, and counts its use', async () => {
    const used = await timesUsed(shop.db, 'WELCOME10');
    const order = await place(
      cod([{ product_id: p1001, quantity: 1 }], { coupon_code: '  welcome10 ', discount: 1001, total: 0 }),
    );
    expect(order).toMatchObject({
      subtotal: 1001,
      shipping: 0,
      discount: 100,
      total: 901,
      couponCode: 'WELCOME10',
    });
    expect(await timesUsed(shop.db, 'WELCOME10')).toBe(used + 1);
  });

  it('computes shipping on the subtotal before the discount', async () => {
    const order = await place(cod([{ product_id: p999, quantity: 1 }], { coupon_code: 'FLAT150' }));
    expect(order).toMatchObject({ subtotal: 999, shipping: 100, discount: 150, total: 949 });
  });

  it.each([
    ['EXPIRED50', 'This coupon has expired'],
    ['NOSUCHCODE', 'Invalid coupon code'],
    ['SHIVA20', 'Add items worth ₹999 more to use this coupon'],
  ])(
    'refuses %s on a ₹1,001 order with 400 and its message, changing nothing',
    async (coupon_code, message) => {
      await expectNothingChanged(async () => {
        const res = await post(cod([{ product_id: p1001, quantity: 1 }], { coupon_code }));
        expect(res).toMatchObject({ status: 400, body: { message } });
      });
    },
  );

  it('lets a single-use coupon be used once', async () => {
    await place(cod([{ product_id: p450, quantity: 1 }], { coupon_code: 'ONCE100' }));
    await expectNothingChanged(async () => {
      const res = await post(cod([{ product_id: p450, quantity: 1 }], { coupon_code: 'ONCE100' }));
      expect(res).toMatchObject({ status: 400, body: { message: 'This coupon is no longer available' } });
    });
    expect(await timesUsed(shop.db, 'ONCE100')).toBe(1);
  });

  it('lets a single-use coupon be used once under concurrency', async () => {
    await shop.db
      .insertInto('coupons')
      .values({
        code: 'SOLO50',
        kind: 'flat',
        value: 50,
        usageLimit: 1,
        maxDiscount: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(cod([{ product_id: p450, quantity: 1 }], { coupon_code: 'SOLO50' })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    expect(await timesUsed(shop.db, 'SOLO50')).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('gives one order and the same answer when the same request is sent twice', async () => {
    const body = cod([{ product_id: p450, quantity: 3 }]);
    const stock = await stockOf(shop.db, p450);
    const orders = await countOrders(shop.db);
    const first = await post(body, { key: 'checkout-7f3a' });
    const second = await post({ ...body, total: 12345 }, { key: 'checkout-7f3a' });
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countOrders(shop.db)).toBe(orders + 1);
    expect(await stockOf(shop.db, p450)).toBe(stock - 3);
  });

  it('refuses the same key with a different request (422) and changes nothing', async () => {
    await post(cod([{ product_id: p450, quantity: 1 }]), { key: 'checkout-b2' });
    await expectNothingChanged(async () => {
      const res = await post(cod([{ product_id: p450, quantity: 2 }]), { key: 'checkout-b2' });
      expect(res).toMatchObject({
        status: 422,
        body: { message: 'This Idempotency-Key was already used with a different request' },
      });
    });
  });

  it('gives one order to parallel requests with one key', async () => {
    const stock = await stockOf(shop.db, p450);
    const orders = await countOrders(shop.db);
    const body = cod([{ product_id: p450, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 6 }, () => post(body, { key: 'double-click-1' })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => (r.body as { id: number }).id)).size).toBe(1);
    expect(await countOrders(shop.db)).toBe(orders + 1);
    expect(await stockOf(shop.db, p450)).toBe(stock - 1);
  });

  it('rolls back the loser of a key race at the unique index (the check before it was passed)', async () => {
    // Two requests that both looked the key up before either committed: the second insert
    // hits the (user_id, idempotency_key) index, its stock change is rolled back, and the
    // route answers it as a repeat of the first.
    const input = v.parse(
      OrderCreateRequest,
      cod([{ product_id: p450, quantity: 2 }], { coupon_code: 'WELCOME10' }),
    );
    const firstRes = await post(input, { key: 'race-key' });
    expect(firstRes.status).toBe(201);
    const firstId = v.parse(OrderCreateResponse, firstRes.body).id;
    const stock = await stockOf(shop.db, p450);
    const used = await timesUsed(shop.db, 'WELCOME10');
    let lookups = 0;
    await expectNothingChanged(async () => {
      const result = await paidWrite({
        db: shop.db,
        gateway: createSimulatedGateway({ secret: 'unused-in-a-cash-order-'.repeat(2) }),
        userId: me.user.id,
        now: new Date(),
        idempotencyKey: 'race-key',
        requestHash: orderRequestHash(input),
        // The lookup before the write ran before the first request committed.
        findByKey: (key) =>
          lookups++ === 0 ? Promise.resolve(undefined) : findOrderByKey(shop.db, me.user.id, key),
        keyReusedMessage: 'unused',
        payment: null,
        check: () => Promise.resolve(),
        write: (trx, claim) =>
          placeOrder(trx, {
            userId: me.user.id,
            draft: input,
            paymentMethod: 'cod',
            claim,
            idempotencyKey: 'race-key',
            requestHash: orderRequestHash(input),
            now: new Date(),
          }),
      });
      expect(result).toEqual({ id: firstId, replayed: true });
    });
    expect(await stockOf(shop.db, p450)).toBe(stock);
    expect(await timesUsed(shop.db, 'WELCOME10')).toBe(used);
  });

  it('keeps keys per customer', async () => {
    const mine = await post(cod([{ product_id: p450, quantity: 1 }]), { key: 'shared-key' });
    const theirs = await post(
      { address_id: otherAddress.id, items: [{ product_id: p450, quantity: 1 }], payment_method: 'cod' },
      { as: other, key: 'shared-key' },
    );
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body).not.toEqual(mine.body);
  });

  it('still returns the first order after the stock ran out', async () => {
    const rare = await addProduct(shop.db, { name: 'Shaligram', offerPrice: 3100, stockQuantity: 1 });
    const body = cod([{ product_id: rare, quantity: 1 }]);
    const first = await post(body, { key: 'rare-1' });
    expect(await post(body, { key: 'rare-1' })).toMatchObject({ status: 201, body: first.body });
    expect(await post(body, { key: 'rare-2' })).toMatchObject({ status: 409 });
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(101)],
    ['with a space', 'two words'],
    ['non-ASCII', 'clé'],
  ])('refuses a key that is %s with 400', async (_label, key) => {
    await expectNothingChanged(async () => {
      const res = await post(cod([{ product_id: p450, quantity: 1 }]), { key });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'Idempotency-Key must be 1 to 100 visible ASCII characters' },
      });
    });
  });
});

describe('the total the customer agreed to: expected_total (docs/product-rules.md, Payments)', () => {
  let deepam: number;
  beforeAll(async () => {
    deepam = await addProduct(shop.db, { name: 'Panchaloha Deepam', offerPrice: 1200, stockQuantity: 50 });
  });
  /** ₹1,200 less WELCOME10's 10 %, free shipping: the customer is shown ₹1,080. */
  const deepamOrder = (extra: Partial<OrderCreatePayload> = {}) =>
    cod([{ product_id: deepam, quantity: 1 }], { coupon_code: 'WELCOME10', ...extra });
  /** Staff change the Deepam's price (as the back office would, straight in the catalogue). */
  const setDeepamPrice = async (offerPrice: number) => {
    await shop.db.updateTable('product').set({ offerPrice }).where('id', '=', deepam).execute();
  };

  it('writes the order when it is the server’s total', async () => {
    const order = await place(deepamOrder({ expected_total: 1080 }));
    expect(order).toMatchObject({ subtotal: 1200, discount: 120, total: 1080, paymentStatus: 'pending' });
  });

  it('after a price rise refuses the old total with 409 price_changed and the new total, writing nothing; a new key at the new total is written', async () => {
    await setDeepamPrice(1300);
    try {
      // No order, no stock taken, no coupon use, no ledger entry: no row of any table changes.
      await expectNoRowChanged(shop.db, async () => {
        const res = await post(deepamOrder({ expected_total: 1080 }), { key: 'agreed-1080' });
        expect(res).toMatchObject({
          status: 409,
          body: {
            code: 'price_changed',
            total: 1170,
            message:
              'The price has changed since you opened this page: the amount is now ₹1,170 (it was ₹1,080). ' +
              // Cash on delivery: nothing is paid now, so the customer is asked to place the order.
              'Check it and place the order, or go back.',
          },
        });
      });
      // The refused key blocks nothing: the customer's next attempt agrees to ₹1,170 under a new key.
      const order = await place(deepamOrder({ expected_total: 1170 }), { key: 'agreed-1170' });
      expect(order).toMatchObject({ subtotal: 1300, discount: 130, total: 1170 });
    } finally {
      await setDeepamPrice(1200);
    }
  });

  it('refuses a lower server total too: nothing is written at an amount the customer was not shown', async () => {
    await expectNoRowChanged(shop.db, async () => {
      const res = await post(deepamOrder({ expected_total: 1180 }));
      expect(res).toMatchObject({ status: 409, body: { code: 'price_changed', total: 1080 } });
    });
  });

  it('null is the same as not sending it: the order is written at the server’s price', async () => {
    const order = await place(deepamOrder({ expected_total: null }));
    expect(order).toMatchObject({ total: 1080 });
  });

  it.each([
    ['a string', '1080', 'expected_total must be a number'],
    ['a fraction', 1079.5, 'expected_total must be a whole number of rupees, 0 or more'],
    ['negative', -1080, 'expected_total must be a whole number of rupees, 0 or more'],
    ['2^53', 2 ** 53, 'expected_total must be a whole number of rupees, 0 or more'],
  ])('answers 400 naming the field for %s, changing nothing', async (_label, expectedTotal, message) => {
    await expectNoRowChanged(shop.db, async () => {
      expect(await post({ ...deepamOrder(), expected_total: expectedTotal })).toMatchObject({
        status: 400,
        body: { message },
      });
    });
  });

  it('online: harmless when it is the payment’s amount; after a price rise the paid order is refused with the new total and the payment refunded', async () => {
    const online = () =>
      paid(shop.app, me.token, deepamOrder({ payment_method: 'online', payment_id: UNPAID }));
    const order = await place({ ...(await online()), expected_total: 1080 });
    expect(order).toMatchObject({ paymentStatus: 'completed', total: 1080 });

    const body = await online();
    await setDeepamPrice(1300);
    try {
      const orders = await countOrders(shop.db);
      const stock = await stockOf(shop.db, deepam);
      const res = await post({ ...body, expected_total: 1080 });
      expect(res).toMatchObject({
        status: 409,
        body: { code: 'price_changed', total: 1170, refunded: { paymentId: body.payment_id, amount: 1080 } },
      });
      expect((res.body as { message: string }).message).toMatch(
        /now ₹1,170 \(it was ₹1,080\).*Your payment of ₹1,080 has been refunded\.$/,
      );
      expect(await countOrders(shop.db)).toBe(orders);
      expect(await stockOf(shop.db, deepam)).toBe(stock);
      expect(await readPayment(shop.app, me.token, body.payment_id!)).toMatchObject({ status: 'refunded' });
    } finally {
      await setDeepamPrice(1200);
    }
  });
});

describe('ownership', () => {
  it('refuses another customer’s address (404) and an address that does not exist', async () => {
    for (const address_id of [otherAddress.id, 987654])
      await expectNothingChanged(async () => {
        const res = await post(cod([{ product_id: p450, quantity: 1 }], { address_id }));
        expect(res).toMatchObject({ status: 404, body: { message: 'Address not found' } });
      });
  });

  it('refuses a user_id that is not mine (403)', async () => {
    await expectNothingChanged(async () => {
      const res = await post(cod([{ product_id: p450, quantity: 1 }], { user_id: other.user.id }));
      expect(res).toMatchObject({
        status: 403,
        body: { message: 'You can only place orders for your own account' },
      });
    });
  });

  it('hides another customer’s order (404), and answers 404 for an unknown id and 400 for a bad one', async () => {
    const mine = await place(cod([{ product_id: p450, quantity: 1 }]));
    const notFound = { status: 404, body: { message: 'Order not found' } };
    expect(await call(shop.app, 'GET', `/api/orders/${mine.id}`, { token: other.token })).toMatchObject(
      notFound,
    );
    expect(await call(shop.app, 'GET', '/api/orders/987654', { token: me.token })).toMatchObject(notFound);
    expect(await call(shop.app, 'GET', '/api/orders/abc', { token: me.token })).toMatchObject({
      status: 400,
    });
  });

  it('needs a sign-in for every order call (401)', async () => {
    const refused = { status: 401, body: { message: 'Please sign in to continue' } };
    expect(
      await call(shop.app, 'POST', '/api/orders', { json: cod([{ product_id: p450, quantity: 1 }]) }),
    ).toMatchObject(refused);
    expect(await call(shop.app, 'GET', '/api/orders')).toMatchObject(refused);
    expect(await call(shop.app, 'GET', '/api/orders/1')).toMatchObject(refused);
  });
});

describe('bad order bodies', () => {
  const item = { product_id: 1, quantity: 1 };
  it.each([
    ['no address', { items: [item], payment_method: 'cod' }, 'Please select a delivery address'],
    [
      'a string address_id',
      { address_id: '1', items: [item], payment_method: 'cod' },
      'address_id must be a positive whole number',
    ],
    ['no items', { address_id: 1, items: [], payment_method: 'cod' }, 'Your order has no items'],
    ['missing items', { address_id: 1, payment_method: 'cod' }, 'Your order has no items'],
    [
      '51 lines',
      { address_id: 1, items: Array(51).fill(item), payment_method: 'cod' },
      'An order can have at most 50 lines',
    ],
    [
      'an item that is not an object',
      { address_id: 1, items: [5], payment_method: 'cod' },
      'Each item must be an object with product_id and quantity',
    ],
    [
      'a missing product_id',
      { address_id: 1, items: [{ quantity: 1 }], payment_method: 'cod' },
      'Each item needs a product_id that is a positive whole number',
    ],
    [
      'an unknown payment_method',
      { address_id: 1, items: [item], payment_method: 'upi' },
      'payment_method must be "online" or "cod"',
    ],
    ['no payment_method', { address_id: 1, items: [item] }, 'payment_method must be "online" or "cod"'],
    [
      'an unknown payment_status',
      { address_id: 1, items: [item], payment_method: 'cod', payment_status: 'paid' },
      'payment_status must be one of pending, completed, failed, refunded',
    ],
    [
      'an unknown order_status',
      { address_id: 1, items: [item], payment_method: 'cod', order_status: 'hacked' },
      'order_status must be one of pending, processing, shipped, delivered, cancelled',
    ],
    [
      'a string total',
      { address_id: 1, items: [item], payment_method: 'cod', total: 'free' },
      'total must be a number',
    ],
    [
      '501-character notes',
      { address_id: 1, items: [item], payment_method: 'cod', notes: 'n'.repeat(501) },
      'notes must be at most 500 characters',
    ],
    [
      'a variant that is a string',
      { address_id: 1, items: [{ ...item, variant: 'XL' }], payment_method: 'cod' },
      'variant must be an object with optional size and color, or null',
    ],
    [
      'a numeric coupon_code',
      { address_id: 1, items: [item], payment_method: 'cod', coupon_code: 10 },
      'coupon_code must be text or null',
    ],
    [
      'a control character in notes',
      { address_id: 1, items: [item], payment_method: 'cod', notes: 'ring\u0007' },
      'The field "notes" contains characters that are not allowed',
    ],
  ])('answers 400 for %s', async (_label, body, message) => {
    await expectNothingChanged(async () => {
      expect(await post(body)).toMatchObject({ status: 400, body: { message } });
    });
  });
});

describe('reading orders', () => {
  it('GET /api/orders/{id}: the read shape, with the address as it was when ordering', async () => {
    const address = await addAddress(shop.app, me, 'Old Street 1');
    const before = new Date();
    const order = await place(
      cod([{ product_id: p999, quantity: 2, variant: { size: 'Large', color: 'Gold' } }], {
        address_id: address.id,
      }),
    );
    await call(shop.app, 'PUT', `/api/addresses/${address.id}`, {
      token: me.token,
      json: { ...address, street: 'New Street 2' },
    });
    const again = await read(order.id);
    expect(again).toEqual(order);
    expect(again.address).toEqual({ ...address, street: 'Old Street 1' });
    expect(again.orderNumber).toMatch(/^DPS-\d{8}-\d{6}$/);
    expect(again.orderNumber.endsWith(String(order.id).padStart(6, '0'))).toBe(true);
    expect(new Date(again.createdAt).toISOString()).toBe(again.createdAt);
    expect(Date.parse(again.createdAt)).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(again.items).toEqual([
      expect.objectContaining({ quantity: 2, price: 999, variant: { size: 'Large', color: 'Gold' } }),
    ]);
    expect(again).toMatchObject({ subtotal: 1998, shipping: 0, total: 1998 });
  });

  it('GET /api/orders: only mine, newest first, with item counts', async () => {
    const fresh = await registerAndLogin(shop.app);
    const address = await addAddress(shop.app, fresh);
    expect(await call(shop.app, 'GET', '/api/orders', { token: fresh.token })).toMatchObject({
      status: 200,
      body: { orders: [] },
    });
    const body = (items: OrderCreatePayload['items']) => ({
      address_id: address.id,
      items,
      payment_method: 'cod',
    });
    const first = await place(
      body([
        { product_id: p450, quantity: 2 },
        { product_id: p999, quantity: 1 },
      ]),
      { as: fresh },
    );
    const second = await place(
      { ...body([{ product_id: p1001, quantity: 1 }]), payment_method: 'online', payment_id: UNPAID },
      { as: fresh },
    );
    const res = await call(shop.app, 'GET', '/api/orders', { token: fresh.token });
    expect(res.status).toBe(200);
    const { orders } = v.parse(OrderListResponse, res.body);
    expect(orders).toEqual([
      {
        id: second.id,
        orderNumber: second.orderNumber,
        createdAt: second.createdAt,
        orderStatus: 'processing',
        paymentStatus: 'completed',
        paymentMethod: 'online',
        total: 1001,
        itemCount: 1,
      },
      {
        id: first.id,
        orderNumber: first.orderNumber,
        createdAt: first.createdAt,
        orderStatus: 'processing',
        paymentStatus: 'pending',
        paymentMethod: 'cod',
        total: 1899,
        itemCount: 3,
      },
    ]);
    const others = await call(shop.app, 'GET', '/api/orders', { token: other.token });
    const otherIds = v.parse(OrderListResponse, others.body).orders.map((o) => o.id);
    expect(otherIds).not.toContain(first.id);
    expect(otherIds).not.toContain(second.id);
  });
});
