import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { formatRupees } from '../../contract/money.ts';
import {
  couponMessages,
  MAX_QUANTITY_PER_PRODUCT,
  type CouponValidateRequest,
} from '../../contract/orders.ts';
import {
  cartMachine,
  type CartEvent,
  type CartProduct,
  type CouponCheck,
  type StoredCart,
} from '../../machines/cart/cart.machine.ts';
import type { CartItem } from '../../machines/cart/cart.lines.ts';
import { summaryOf } from '../../machines/cart/cart.pricing.ts';
import { cartNotices } from '../../machines/cart/cart.reconcile.ts';
import { readStoredCart } from '../../machines/cart/cart.storage.ts';
import {
  selectAppliedCoupon,
  selectCouponError,
  selectDiscount,
  selectIsApplyingCoupon,
  selectIsCheckingCoupon,
  selectIsReconciling,
  selectItemCount,
  selectNotices,
  selectQuantityOf,
  selectShipping,
  selectSubtotal,
  selectSummary,
  selectTotal,
} from '../../machines/cart/cart.selectors.ts';
import { deferred } from '../support/prelude.ts';

type Snapshot = SnapshotFrom<typeof cartMachine>;

const product = (
  id: number,
  offerPrice: number,
  stockQuantity: number,
  name = `Product ${id}`,
): CartProduct => ({
  id,
  name,
  image: `/images/products/p${id}.svg`,
  offerPrice,
  stockQuantity,
});

const rudraksha = product(1, 899, 10, '5 Mukhi Rudraksha');
const yantra = product(2, 1299, 3, 'Sri Yantra');
const soldOut = product(3, 1899, 0, '7 Mukhi Rudraksha');

const line = (p: CartProduct, quantity: number): CartItem => ({
  id: p.id,
  name: p.name,
  image: p.image,
  price: p.offerPrice,
  quantity,
  stockQuantity: p.stockQuantity,
});

const stored = (cart: Partial<StoredCart>) =>
  JSON.stringify({ items: [], discountAmount: 0, ...cart } satisfies Partial<StoredCart>);

interface Calls {
  reconcile?: (input: { productIds: number[] }) => Promise<CartProduct[]>;
  validateCoupon?: (input: CouponValidateRequest) => Promise<CouponCheck>;
}

/** The machine with stubbed calls and a spied persist, started from optional stored text. */
function startCart({ storedCart = null, ...calls }: Calls & { storedCart?: string | null } = {}) {
  const persist = vi.fn<(args: unknown, stored: StoredCart) => void>();
  const reconcile = vi.fn(calls.reconcile ?? (() => Promise.reject(new Error('reconcile not expected'))));
  const validateCoupon = vi.fn(
    calls.validateCoupon ?? (() => Promise.reject(new Error('validateCoupon not expected'))),
  );
  const machine = cartMachine.provide({
    actors: {
      reconcile: fromPromise<CartProduct[], { productIds: number[] }>(({ input }) => reconcile(input)),
      validateCoupon: fromPromise<CouponCheck, CouponValidateRequest>(({ input }) => validateCoupon(input)),
    },
    actions: { persist },
  });
  const actor = createActor(machine, { input: { stored: storedCart } }).start();
  /** The last thing persisted. */
  const lastStored = () => persist.mock.calls.at(-1)?.[1];
  return { actor, persist, reconcile, validateCoupon, lastStored };
}

const couponState = (s: Snapshot) => (s.value as { coupon: string }).coupon;
const catalogueState = (s: Snapshot) => (s.value as { catalogue: string }).catalogue;
const notBusy = (s: Snapshot) => !s.hasTag('busy');

const accept = (code: string, discountAmount: number) => (): Promise<CouponCheck> =>
  Promise.resolve({ kind: 'applied', code, discountAmount });
const refuse = (message: string) => (): Promise<CouponCheck> => Promise.resolve({ kind: 'refused', message });

describe('cart machine: start-up', () => {
  it('starts empty, with no coupon, nothing to reconcile and nothing persisted', () => {
    const { actor, persist, reconcile } = startCart();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ catalogue: 'current', coupon: 'none' });
    expect(s.context).toMatchObject({ items: [], couponCode: undefined, discountAmount: 0, notices: [] });
    expect(selectSummary(s)).toEqual({ itemCount: 0, subtotal: 0, shipping: 0, discount: 0, total: 0 });
    expect(reconcile).not.toHaveBeenCalled();
    expect(persist).not.toHaveBeenCalled();
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['a different shape', JSON.stringify({ lines: [1, 2] })],
    [
      'a line without a name',
      JSON.stringify({ items: [{ id: 1, price: 10, quantity: 1, image: '', stockQuantity: 1 }] }),
    ],
    ['a quantity of 0', stored({ items: [{ ...line(rudraksha, 1), quantity: 0 }] })],
    ['a fractional quantity', stored({ items: [{ ...line(rudraksha, 1), quantity: 1.5 }] })],
    ['a negative price', stored({ items: [{ ...line(rudraksha, 1), price: -5 }] })],
    ['null', 'null'],
    ['an array', '[]'],
  ])('treats corrupt storage (%s) as an empty cart', (_, raw) => {
    const { actor, reconcile } = startCart({ storedCart: raw });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ catalogue: 'current', coupon: 'none' });
    expect(reconcile).not.toHaveBeenCalled();
  });

  it('reads a stored cart and reconciles it with the catalogue (reconciling while the call runs)', async () => {
    const catalogue = deferred<CartProduct[]>();
    const { actor, reconcile, persist } = startCart({
      storedCart: stored({ items: [line(rudraksha, 2), line(yantra, 1)] }),
      reconcile: () => catalogue.promise,
    });
    expect(catalogueState(actor.getSnapshot())).toBe('reconciling');
    expect(selectIsReconciling(actor.getSnapshot())).toBe(true);
    expect(reconcile).toHaveBeenCalledWith({ productIds: [1, 2] });
    expect(selectItemCount(actor.getSnapshot())).toBe(3);

    catalogue.resolve([rudraksha, yantra]);
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([line(rudraksha, 2), line(yantra, 1)]);
    expect(s.context.notices).toEqual([]);
    expect(selectIsReconciling(s)).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('cart machine: reconciliation', () => {
  it('takes a changed price and tells the customer', async () => {
    const { actor, lastStored } = startCart({
      storedCart: stored({ items: [line(rudraksha, 2)] }),
      reconcile: () => Promise.resolve([{ ...rudraksha, offerPrice: 999 }]),
    });
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([{ ...line(rudraksha, 2), price: 999 }]);
    expect(selectNotices(s)).toEqual([
      `The price of ${rudraksha.name} changed from ${formatRupees(899)} to ${formatRupees(999)}.`,
    ]);
    expect(selectSubtotal(s)).toBe(1998);
    expect(lastStored()?.items).toEqual(s.context.items);
  });

  it('reduces a quantity beyond the stock and tells the customer', async () => {
    const { actor } = startCart({
      storedCart: stored({ items: [line(yantra, 3)] }),
      reconcile: () => Promise.resolve([{ ...yantra, stockQuantity: 2 }]),
    });
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([{ ...line(yantra, 2), stockQuantity: 2 }]);
    expect(s.context.notices).toEqual([`Only 2 left of ${yantra.name}; we reduced the quantity.`]);
  });

  it('reduces a stored quantity beyond the per-order limit, over all variants, and tells the customer', async () => {
    const incense = product(7, 150, 140, 'Sandal Incense');
    const { actor } = startCart({
      storedCart: stored({
        items: [
          { ...line(incense, 8), variant: { size: 'S' } },
          { ...line(incense, 40), variant: { size: 'L' } },
          { ...line(incense, 1), variant: { size: 'M' } },
        ],
      }),
      reconcile: () => Promise.resolve([incense]),
    });
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([
      { ...line(incense, 8), variant: { size: 'S' } },
      { ...line(incense, 2), variant: { size: 'L' } },
    ]);
    expect(s.context.notices).toEqual([
      `At most ${MAX_QUANTITY_PER_PRODUCT} of Sandal Incense per order; we reduced the quantity.`,
      `At most ${MAX_QUANTITY_PER_PRODUCT} of Sandal Incense per order; we reduced the quantity.`,
    ]);
  });

  it('removes products that are out of stock or gone from the catalogue, and tells the customer', async () => {
    const { actor } = startCart({
      storedCart: stored({
        items: [line(rudraksha, 1), line(yantra, 1), line(product(9, 100, 5, 'Old Mala'), 1)],
      }),
      reconcile: () => Promise.resolve([rudraksha, { ...yantra, stockQuantity: 0 }]),
    });
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([line(rudraksha, 1)]);
    expect(s.context.notices).toEqual([
      `${yantra.name} is no longer available and was removed from your cart.`,
      'Old Mala is no longer available and was removed from your cart.',
    ]);
  });

  it('keeps the cart as it is when the catalogue cannot be read', async () => {
    const { actor, persist } = startCart({
      storedCart: stored({ items: [line(rudraksha, 2)] }),
      reconcile: () => Promise.reject(new Error('Failed to fetch products')),
    });
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items).toEqual([line(rudraksha, 2)]);
    expect(s.context.notices).toEqual([]);
    expect(persist).not.toHaveBeenCalled();
  });

  it('applies the catalogue to the lines as they are when it answers, including ones added meanwhile', async () => {
    const catalogue = deferred<CartProduct[]>();
    const { actor } = startCart({
      storedCart: stored({ items: [line(rudraksha, 1)] }),
      reconcile: () => catalogue.promise,
    });
    actor.send({ type: 'cart.add', product: yantra, quantity: 1 });
    catalogue.resolve([
      { ...rudraksha, offerPrice: 950 },
      { ...yantra, offerPrice: 1199 },
    ]);
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(s.context.items.map((i) => [i.id, i.price])).toEqual([
      [1, 950],
      [2, 1199],
    ]);
    expect(s.context.notices).toHaveLength(2);
  });

  it('checks again on cart.reconcile (only with items), and notices are dismissed', async () => {
    let price = 899;
    const { actor, reconcile } = startCart({
      storedCart: stored({ items: [line(rudraksha, 1)] }),
      reconcile: () => Promise.resolve([{ ...rudraksha, offerPrice: price }]),
    });
    await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    price = 850;
    expect(actor.getSnapshot().can({ type: 'cart.reconcile' })).toBe(true);
    actor.send({ type: 'cart.reconcile' });
    expect(catalogueState(actor.getSnapshot())).toBe('reconciling');
    const s = await waitFor(actor, (snap) => catalogueState(snap) === 'current');
    expect(reconcile).toHaveBeenCalledTimes(2);
    expect(s.context.notices).toEqual([cartNotices.priceChanged(rudraksha.name, 899, 850)]);

    actor.send({ type: 'cart.noticesDismissed' });
    expect(actor.getSnapshot().context.notices).toEqual([]);

    actor.send({ type: 'cart.clear' });
    expect(actor.getSnapshot().can({ type: 'cart.reconcile' })).toBe(false);
  });
});

describe('cart machine: lines', () => {
  it('adds a product with a quantity and persists', () => {
    const { actor, persist, lastStored } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 2 });
    const s = actor.getSnapshot();
    expect(s.context.items).toEqual([line(rudraksha, 2)]);
    expect(selectItemCount(s)).toBe(2);
    expect(selectQuantityOf(rudraksha.id)(s)).toBe(2);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(lastStored()).toEqual({ items: [line(rudraksha, 2)], couponCode: undefined, discountAmount: 0 });
  });

  it('merges a second add of the same product and variant, and keeps other variants apart', () => {
    const { actor } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1 });
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 2 });
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1, variant: { size: 'L', color: ' ' } });
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1, variant: { size: 'L' } });
    expect(actor.getSnapshot().context.items).toEqual([
      line(rudraksha, 3),
      { ...line(rudraksha, 2), variant: { size: 'L' } },
    ]);
    actor.send({ type: 'cart.increase', id: rudraksha.id, variant: { size: 'L' } });
    expect(actor.getSnapshot().context.items.map((i) => i.quantity)).toEqual([3, 3]);
  });

  it('takes the fresh price and stock of a product added again', () => {
    const { actor } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1 });
    actor.send({
      type: 'cart.add',
      product: { ...rudraksha, offerPrice: 799, stockQuantity: 4 },
      quantity: 1,
    });
    expect(actor.getSnapshot().context.items).toEqual([
      { ...line(rudraksha, 2), price: 799, stockQuantity: 4 },
    ]);
  });

  it('clamps an add to the stock left, and refuses when none is left', () => {
    const { actor, persist } = startCart();
    actor.send({ type: 'cart.add', product: yantra, quantity: 2 });
    actor.send({ type: 'cart.add', product: yantra, quantity: 5 });
    expect(actor.getSnapshot().context.items).toEqual([line(yantra, 3)]);
    expect(persist).toHaveBeenCalledTimes(2);

    expect(actor.getSnapshot().can({ type: 'cart.add', product: yantra, quantity: 1 })).toBe(false);
    actor.send({ type: 'cart.add', product: yantra, quantity: 1 });
    expect(actor.getSnapshot().context.items).toEqual([line(yantra, 3)]);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('clamps an add to the per-order limit when the stock is larger (500 typed adds 10)', () => {
    const incense = product(7, 150, 140, 'Sandal Incense');
    const { actor } = startCart();
    actor.send({ type: 'cart.add', product: incense, quantity: 500 });
    expect(actor.getSnapshot().context.items).toEqual([line(incense, MAX_QUANTITY_PER_PRODUCT)]);
    expect(actor.getSnapshot().can({ type: 'cart.add', product: incense, quantity: 1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'cart.increase', id: incense.id })).toBe(false);
    expect(
      actor.getSnapshot().can({ type: 'cart.add', product: incense, quantity: 1, variant: { size: 'L' } }),
    ).toBe(false);
  });

  it('increases up to the per-order limit, then refuses', () => {
    const incense = product(7, 150, 140, 'Sandal Incense');
    const { actor } = startCart();
    actor.send({ type: 'cart.add', product: incense, quantity: MAX_QUANTITY_PER_PRODUCT - 1 });
    expect(actor.getSnapshot().can({ type: 'cart.increase', id: incense.id })).toBe(true);
    actor.send({ type: 'cart.increase', id: incense.id });
    expect(actor.getSnapshot().context.items[0]?.quantity).toBe(MAX_QUANTITY_PER_PRODUCT);
    expect(actor.getSnapshot().can({ type: 'cart.increase', id: incense.id })).toBe(false);
  });

  it.each([
    ['an out-of-stock product', soldOut, 1],
    ['a quantity of 0', rudraksha, 0],
    ['a negative quantity', rudraksha, -1],
    ['a fractional quantity', rudraksha, 1.5],
  ])('refuses %s', (_, p, quantity) => {
    const { actor, persist } = startCart();
    expect(actor.getSnapshot().can({ type: 'cart.add', product: p, quantity })).toBe(false);
    actor.send({ type: 'cart.add', product: p, quantity });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(persist).not.toHaveBeenCalled();
  });

  it('refuses a new line beyond the order limit of 50 lines, but still merges', () => {
    const items = Array.from({ length: 50 }, (_, i) => line(product(i + 1, 10, 5), 1));
    const { actor } = startCart({
      storedCart: stored({ items }),
      reconcile: () => new Promise<never>(() => {}),
    });
    expect(actor.getSnapshot().can({ type: 'cart.add', product: product(99, 10, 5), quantity: 1 })).toBe(
      false,
    );
    expect(actor.getSnapshot().can({ type: 'cart.add', product: product(1, 10, 5), quantity: 1 })).toBe(true);
  });

  it('increases up to the stock, then refuses', () => {
    const { actor, persist } = startCart();
    actor.send({ type: 'cart.add', product: yantra, quantity: 1 });
    actor.send({ type: 'cart.increase', id: yantra.id });
    actor.send({ type: 'cart.increase', id: yantra.id });
    expect(actor.getSnapshot().context.items[0]?.quantity).toBe(3);
    expect(persist).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().can({ type: 'cart.increase', id: yantra.id })).toBe(false);
    actor.send({ type: 'cart.increase', id: yantra.id });
    expect(actor.getSnapshot().context.items[0]?.quantity).toBe(3);
    expect(persist).toHaveBeenCalledTimes(3);
  });

  it('decreases, but never below 1 (the decrease at 1 is ignored)', () => {
    const { actor, persist } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 2 });
    expect(actor.getSnapshot().can({ type: 'cart.decrease', id: rudraksha.id })).toBe(true);
    actor.send({ type: 'cart.decrease', id: rudraksha.id });
    expect(actor.getSnapshot().context.items[0]?.quantity).toBe(1);
    expect(persist).toHaveBeenCalledTimes(2);

    expect(actor.getSnapshot().can({ type: 'cart.decrease', id: rudraksha.id })).toBe(false);
    actor.send({ type: 'cart.decrease', id: rudraksha.id });
    expect(actor.getSnapshot().context.items[0]?.quantity).toBe(1);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('ignores line events for a line that is not in the cart', () => {
    const { actor, persist } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1 });
    for (const type of ['cart.increase', 'cart.decrease', 'cart.remove'] as const) {
      expect(actor.getSnapshot().can({ type, id: 42 })).toBe(false);
      actor.send({ type, id: 42 });
    }
    expect(actor.getSnapshot().context.items).toEqual([line(rudraksha, 1)]);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('removes a line and persists', () => {
    const { actor, lastStored } = startCart();
    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1 });
    actor.send({ type: 'cart.add', product: yantra, quantity: 1 });
    actor.send({ type: 'cart.remove', id: rudraksha.id });
    expect(actor.getSnapshot().context.items).toEqual([line(yantra, 1)]);
    expect(lastStored()?.items).toEqual([line(yantra, 1)]);
  });

  it.each(['cart.clear', 'cart.orderPlaced'] as const)(
    '%s empties the cart, coupon and notices, and persists',
    async (type) => {
      const { actor, lastStored } = startCart({ validateCoupon: accept('WELCOME10', 100) });
      actor.send({ type: 'cart.add', product: rudraksha, quantity: 2 });
      actor.send({ type: 'coupon.apply', code: 'welcome10' });
      await waitFor(actor, (s) => couponState(s) === 'applied');
      actor.send({ type });
      const s = actor.getSnapshot();
      expect(s.context).toMatchObject({ items: [], couponCode: undefined, discountAmount: 0, notices: [] });
      expect(couponState(s)).toBe('none');
      expect(selectSummary(s)).toEqual({ itemCount: 0, subtotal: 0, shipping: 0, discount: 0, total: 0 });
      expect(lastStored()).toEqual({ items: [], couponCode: undefined, discountAmount: 0 });
    },
  );
});

describe('cart machine: coupon', () => {
  async function cartWith(items: [CartProduct, number][], calls: Calls = {}) {
    const cart = startCart(calls);
    for (const [p, quantity] of items) cart.actor.send({ type: 'cart.add', product: p, quantity });
    cart.persist.mockClear();
    await Promise.resolve();
    return cart;
  }

  it('cannot apply a blank code, or any code to an empty cart', async () => {
    const empty = startCart();
    expect(empty.actor.getSnapshot().can({ type: 'coupon.apply', code: 'WELCOME10' })).toBe(false);
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]]);
    for (const code of ['', '   ']) {
      expect(actor.getSnapshot().can({ type: 'coupon.apply', code })).toBe(false);
      actor.send({ type: 'coupon.apply', code });
    }
    expect(couponState(actor.getSnapshot())).toBe('none');
    expect(validateCoupon).not.toHaveBeenCalled();
  });

  it('validates (busy, Apply refused meanwhile) and applies the discount', async () => {
    const check = deferred<CouponCheck>();
    const { actor, validateCoupon, lastStored } = await cartWith([[rudraksha, 2]], {
      validateCoupon: () => check.promise,
    });
    expect(actor.getSnapshot().can({ type: 'coupon.apply', code: 'WELCOME10' })).toBe(true);
    actor.send({ type: 'coupon.apply', code: '  welcome10 ' });
    let s = actor.getSnapshot();
    expect(couponState(s)).toBe('validating');
    expect(selectIsApplyingCoupon(s)).toBe(true);
    expect(selectIsCheckingCoupon(s)).toBe(true);
    expect(validateCoupon).toHaveBeenCalledWith({ code: 'welcome10', subtotal: 1798 });
    expect(s.can({ type: 'coupon.apply', code: 'FLAT150' })).toBe(false);
    actor.send({ type: 'coupon.apply', code: 'FLAT150' });
    expect(validateCoupon).toHaveBeenCalledTimes(1);
    expect(selectDiscount(s)).toBe(0);

    check.resolve({ kind: 'applied', code: 'WELCOME10', discountAmount: 179 });
    s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('applied');
    expect(selectAppliedCoupon(s)).toBe('WELCOME10');
    expect(selectCouponError(s)).toBeUndefined();
    expect(selectSummary(s)).toEqual({
      itemCount: 2,
      subtotal: 1798,
      shipping: 0,
      discount: 179,
      total: 1619,
    });
    expect(lastStored()).toEqual({
      items: [line(rudraksha, 2)],
      couponCode: 'WELCOME10',
      discountAmount: 179,
    });
  });

  it('shows the server message when the code is refused, and can apply another', async () => {
    const { actor, validateCoupon, persist } = await cartWith([[rudraksha, 1]], {
      validateCoupon: refuse(couponMessages.expired),
    });
    actor.send({ type: 'coupon.apply', code: 'EXPIRED50' });
    let s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('rejected');
    expect(selectCouponError(s)).toBe('This coupon has expired');
    expect(selectAppliedCoupon(s)).toBeUndefined();
    expect(selectDiscount(s)).toBe(0);
    expect(persist).not.toHaveBeenCalled();

    validateCoupon.mockImplementation(accept('FLAT150', 150));
    expect(s.can({ type: 'coupon.apply', code: ' ' })).toBe(false);
    actor.send({ type: 'coupon.apply', code: 'FLAT150' });
    expect(selectCouponError(actor.getSnapshot())).toBeUndefined();
    s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('applied');
    expect(selectDiscount(s)).toBe(150);
  });

  it('falls back to "Invalid coupon code" for a blank refusal and for a failed call', async () => {
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], { validateCoupon: refuse('  ') });
    actor.send({ type: 'coupon.apply', code: 'NOPE' });
    expect(selectCouponError(await waitFor(actor, notBusy))).toBe('Invalid coupon code');

    validateCoupon.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    const s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('rejected');
    expect(selectCouponError(s)).toBe('Invalid coupon code');
  });

  it('removes an applied coupon (and can cancel one being checked)', async () => {
    const check = deferred<CouponCheck>();
    const { actor, validateCoupon, lastStored } = await cartWith([[rudraksha, 1]], {
      validateCoupon: () => check.promise,
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    actor.send({ type: 'coupon.remove' });
    expect(couponState(actor.getSnapshot())).toBe('none');
    check.resolve({ kind: 'applied', code: 'WELCOME10', discountAmount: 89 });
    await Promise.resolve();
    expect(couponState(actor.getSnapshot())).toBe('none');

    validateCoupon.mockImplementation(accept('WELCOME10', 89));
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    expect(actor.getSnapshot().can({ type: 'coupon.remove' })).toBe(true);
    actor.send({ type: 'coupon.remove' });
    const s = actor.getSnapshot();
    expect(couponState(s)).toBe('none');
    expect(s.context).toMatchObject({ couponCode: undefined, discountAmount: 0 });
    expect(selectDiscount(s)).toBe(0);
    expect(lastStored()).toMatchObject({ couponCode: undefined, discountAmount: 0 });
    expect(s.can({ type: 'coupon.remove' })).toBe(false);
  });

  it('checks an applied coupon again whenever the items change, with the new subtotal', async () => {
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], {
      validateCoupon: ({ code, subtotal }) =>
        Promise.resolve({
          kind: 'applied',
          code: code.toUpperCase(),
          discountAmount: Math.floor(subtotal / 10),
        }),
    });
    actor.send({ type: 'coupon.apply', code: 'welcome10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    expect(selectDiscount(actor.getSnapshot())).toBe(89);

    actor.send({ type: 'cart.increase', id: rudraksha.id });
    expect(couponState(actor.getSnapshot())).toBe('revalidating');
    expect(selectIsCheckingCoupon(actor.getSnapshot())).toBe(true);
    // The coupon stays applied (with its last discount) while it is checked again.
    expect(selectAppliedCoupon(actor.getSnapshot())).toBe('WELCOME10');
    let s = await waitFor(actor, notBusy);
    expect(validateCoupon).toHaveBeenLastCalledWith({ code: 'WELCOME10', subtotal: 1798 });
    expect(couponState(s)).toBe('applied');
    expect(selectDiscount(s)).toBe(179);

    actor.send({ type: 'cart.add', product: yantra, quantity: 1 });
    s = await waitFor(actor, notBusy);
    expect(validateCoupon).toHaveBeenLastCalledWith({ code: 'WELCOME10', subtotal: 3097 });
    expect(selectDiscount(s)).toBe(309);

    actor.send({ type: 'cart.remove', id: yantra.id });
    actor.send({ type: 'cart.decrease', id: rudraksha.id });
    s = await waitFor(actor, notBusy);
    expect(validateCoupon).toHaveBeenLastCalledWith({ code: 'WELCOME10', subtotal: 899 });
    expect(selectDiscount(s)).toBe(89);
  });

  it('checks again for the newest subtotal when the items change during a check', async () => {
    const checks: ReturnType<typeof deferred<CouponCheck>>[] = [];
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], {
      validateCoupon: () => {
        const d = deferred<CouponCheck>();
        checks.push(d);
        return d.promise;
      },
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    actor.send({ type: 'cart.increase', id: rudraksha.id });
    expect(validateCoupon.mock.calls.map(([input]) => input.subtotal)).toEqual([899, 1798]);
    checks[0]?.resolve({ kind: 'applied', code: 'WELCOME10', discountAmount: 89 });
    checks[1]?.resolve({ kind: 'applied', code: 'WELCOME10', discountAmount: 179 });
    const s = await waitFor(actor, notBusy);
    expect(selectDiscount(s)).toBe(179);
  });

  it('drops the coupon with a notice when it no longer applies after a change', async () => {
    const { actor, validateCoupon, lastStored } = await cartWith([[rudraksha, 1]], {
      validateCoupon: accept('WELCOME10', 89),
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    validateCoupon.mockImplementation(refuse('Add items worth ₹100 more to use this coupon'));
    actor.send({ type: 'cart.add', product: product(5, 10, 5), quantity: 1 });
    const s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('none');
    expect(selectAppliedCoupon(s)).toBeUndefined();
    expect(selectDiscount(s)).toBe(0);
    expect(selectCouponError(s)).toBeUndefined();
    expect(s.context.notices).toEqual([
      'The coupon WELCOME10 was removed: Add items worth ₹100 more to use this coupon.',
    ]);
    expect(lastStored()).toMatchObject({ couponCode: undefined, discountAmount: 0 });
  });

  it('drops the coupon with a notice when it cannot be checked again', async () => {
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], {
      validateCoupon: accept('WELCOME10', 89),
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    validateCoupon.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    actor.send({ type: 'cart.increase', id: rudraksha.id });
    const s = await waitFor(actor, notBusy);
    expect(couponState(s)).toBe('none');
    expect(s.context.notices).toEqual([cartNotices.couponUnchecked('WELCOME10')]);
  });

  it('can remove the coupon while it is checked again', async () => {
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], {
      validateCoupon: accept('WELCOME10', 89),
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    validateCoupon.mockImplementation(() => new Promise<never>(() => {}));
    actor.send({ type: 'cart.increase', id: rudraksha.id });
    actor.send({ type: 'coupon.remove' });
    expect(couponState(actor.getSnapshot())).toBe('none');
    expect(selectDiscount(actor.getSnapshot())).toBe(0);
  });

  it('drops the coupon (and any error) when the cart becomes empty', async () => {
    const { actor, validateCoupon } = await cartWith([[rudraksha, 1]], {
      validateCoupon: accept('WELCOME10', 89),
    });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => couponState(s) === 'applied');
    actor.send({ type: 'cart.remove', id: rudraksha.id });
    expect(couponState(actor.getSnapshot())).toBe('none');
    expect(actor.getSnapshot().context.notices).toEqual([]);
    expect(validateCoupon).toHaveBeenCalledTimes(1);

    actor.send({ type: 'cart.add', product: rudraksha, quantity: 1 });
    validateCoupon.mockImplementation(refuse('Invalid coupon code'));
    actor.send({ type: 'coupon.apply', code: 'NOPE' });
    await waitFor(actor, (s) => couponState(s) === 'rejected');
    actor.send({ type: 'cart.remove', id: rudraksha.id });
    expect(couponState(actor.getSnapshot())).toBe('none');
    expect(selectCouponError(actor.getSnapshot())).toBeUndefined();
  });

  it('checks a stored coupon again on start-up, and after reconciliation changed the subtotal', async () => {
    const catalogue = deferred<CartProduct[]>();
    const { actor, validateCoupon } = startCart({
      storedCart: stored({ items: [line(rudraksha, 2)], couponCode: 'WELCOME10', discountAmount: 179 }),
      reconcile: () => catalogue.promise,
      validateCoupon: ({ subtotal }) =>
        Promise.resolve({ kind: 'applied', code: 'WELCOME10', discountAmount: Math.floor(subtotal / 10) }),
    });
    expect(couponState(actor.getSnapshot())).toBe('revalidating');
    expect(selectAppliedCoupon(actor.getSnapshot())).toBe('WELCOME10');
    expect(validateCoupon).toHaveBeenCalledWith({ code: 'WELCOME10', subtotal: 1798 });
    catalogue.resolve([{ ...rudraksha, offerPrice: 1000 }]);
    const s = await waitFor(actor, (snap) => notBusy(snap) && catalogueState(snap) === 'current');
    expect(validateCoupon).toHaveBeenLastCalledWith({ code: 'WELCOME10', subtotal: 2000 });
    expect(couponState(s)).toBe('applied');
    expect(selectDiscount(s)).toBe(200);
  });

  it('ignores a stored coupon without items', () => {
    const { actor } = startCart({
      storedCart: stored({ items: [], couponCode: 'WELCOME10', discountAmount: 50 }),
    });
    expect(actor.getSnapshot().context).toMatchObject({ couponCode: undefined, discountAmount: 0 });
    expect(couponState(actor.getSnapshot())).toBe('none');
  });
});

describe('cart summary (product rules, Shipping and totals)', () => {
  const withSubtotal = (subtotal: number): CartItem[] =>
    subtotal === 0 ? [] : [line(product(1, subtotal, 5), 1)];

  it.each([
    [0, 0, 0],
    [999, 100, 1099],
    [1000, 100, 1100],
    [1001, 0, 1001],
  ])('subtotal %i ships for %i, total %i', (subtotal, shipping, total) => {
    expect(summaryOf(withSubtotal(subtotal), 0)).toEqual({
      itemCount: subtotal === 0 ? 0 : 1,
      subtotal,
      shipping,
      discount: 0,
      total,
    });
  });

  it('total = subtotal + shipping - discount, never below zero; an empty cart has no discount', () => {
    expect(summaryOf(withSubtotal(999), 150)).toMatchObject({ shipping: 100, discount: 150, total: 949 });
    expect(summaryOf(withSubtotal(1500), 300)).toMatchObject({ shipping: 0, total: 1200 });
    expect(summaryOf(withSubtotal(50), 500).total).toBe(0);
    expect(summaryOf([], 100)).toMatchObject({ discount: 0, total: 0 });
  });

  it('derives the summary from the machine through the selectors', () => {
    const { actor } = startCart();
    actor.send({ type: 'cart.add', product: product(1, 333, 10), quantity: 3 });
    let s = actor.getSnapshot();
    expect([selectSubtotal(s), selectShipping(s), selectTotal(s), selectItemCount(s)]).toEqual([
      999, 100, 1099, 3,
    ]);
    actor.send({ type: 'cart.add', product: product(2, 1, 10), quantity: 1 });
    s = actor.getSnapshot();
    expect([selectSubtotal(s), selectShipping(s), selectTotal(s)]).toEqual([1000, 100, 1100]);
    actor.send({ type: 'cart.increase', id: 2 });
    s = actor.getSnapshot();
    expect([selectSubtotal(s), selectShipping(s), selectTotal(s)]).toEqual([1001, 0, 1001]);
  });
});

describe('stored cart', () => {
  it('keeps valid lines, drops blank variants, and forgets a coupon on an empty cart', () => {
    const raw = JSON.stringify({
      items: [
        { ...line(rudraksha, 2), variant: { size: '', color: '' } },
        { ...line(yantra, 1), variant: { size: 'M' } },
      ],
      couponCode: 'WELCOME10',
      discountAmount: 179,
    });
    expect(readStoredCart(raw)).toEqual({
      items: [line(rudraksha, 2), { ...line(yantra, 1), variant: { size: 'M' } }],
      couponCode: 'WELCOME10',
      discountAmount: 179,
    });
    expect(readStoredCart(null).items).toEqual([]);
  });
});

// Every event of the machine is exercised above; this keeps the list honest when one is added.
const _covered = {
  'cart.add': true,
  'cart.increase': true,
  'cart.decrease': true,
  'cart.remove': true,
  'cart.clear': true,
  'cart.orderPlaced': true,
  'cart.reconcile': true,
  'cart.noticesDismissed': true,
  'coupon.apply': true,
  'coupon.remove': true,
} satisfies Record<CartEvent['type'], true>;
