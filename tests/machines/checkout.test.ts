import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrderCreateResponse } from '../../contract/orders.ts';
import {
  checkoutMachine,
  EMPTY_CART_REDIRECT_MS,
  EMPTY_CHECKOUT_CART,
  fingerprintOf,
  orderPayloadOf,
  type CheckoutCart,
  type CheckoutEvent,
  type PlaceOrderInput,
} from '../../machines/checkout/checkout.machine.ts';
import {
  selectCanSubmit,
  selectError,
  selectIdempotencyKey,
  selectIsCartEmptyNotice,
  selectIsFormVisible,
  selectIsLocked,
  selectSubmitLabel,
} from '../../machines/checkout/checkout.selectors.ts';
import {
  createSimulatedPaymentProvider,
  SIMULATED_PAYMENT_DELAY_MS,
  simulatedPaymentProvider,
  type PaymentRequest,
  type PaymentResult,
} from '../../machines/checkout/payment-provider.ts';

const rudraksha = {
  id: 1,
  name: '5 Mukhi Rudraksha (Nepal)',
  image: '/images/r.svg',
  price: 851,
  quantity: 2,
};
const yantra = {
  id: 8,
  name: 'Sri Yantra (Copper, 6 inch)',
  image: '/images/y.svg',
  price: 1499,
  quantity: 1,
  variant: { size: '6 inch' },
};

const fullCart: CheckoutCart = {
  items: [rudraksha, yantra],
  couponCode: 'WELCOME10',
  itemCount: 3,
  subtotal: 3201,
  shipping: 0,
  discount: 300,
  total: 2901,
};
const smallCart: CheckoutCart = {
  items: [{ ...rudraksha, quantity: 1 }],
  couponCode: undefined,
  itemCount: 1,
  subtotal: 851,
  shipping: 100,
  discount: 0,
  total: 951,
};

/** An API error as src/lib/api.ts raises it. */
const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Setup {
  signedIn?: boolean;
  cart?: CheckoutCart;
  placeOrder?: (input: PlaceOrderInput) => Promise<OrderCreateResponse>;
  /** Replaces the simulated provider. */
  pay?: (request: PaymentRequest, signal: AbortSignal) => Promise<PaymentResult>;
}

function start({ signedIn = true, cart = fullCart, placeOrder, pay }: Setup = {}) {
  const calls = {
    redirectToLogin: vi.fn<() => void>(),
    navigateToCart: vi.fn<() => void>(),
    navigateToConfirmation: vi.fn<(orderId: number) => void>(),
    clearCart: vi.fn<() => void>(),
    placeOrder: vi.fn<(input: PlaceOrderInput) => Promise<OrderCreateResponse>>(
      placeOrder ?? (() => Promise.resolve({ id: 42 })),
    ),
    pay: vi.fn<(request: PaymentRequest, signal: AbortSignal) => Promise<PaymentResult>>(
      pay ?? ((request, signal) => simulatedPaymentProvider.pay(request, signal)),
    ),
  };
  let keys = 0;
  const machine = checkoutMachine.provide({
    actions: {
      redirectToLogin: () => calls.redirectToLogin(),
      navigateToCart: () => calls.navigateToCart(),
      navigateToConfirmation: (_, { orderId }) => calls.navigateToConfirmation(orderId),
      clearCart: () => calls.clearCart(),
    },
    actors: {
      placeOrder: fromPromise<OrderCreateResponse, PlaceOrderInput>(({ input }) => calls.placeOrder(input)),
      pay: fromPromise<PaymentResult, PaymentRequest>(({ input, signal }) => calls.pay(input, signal)),
    },
  });
  const actor = createActor(machine, {
    input: { signedIn, userId: 7, cart, createIdempotencyKey: () => `key-${++keys}` },
  });
  actor.start();
  const send = (event: CheckoutEvent) => actor.send(event);
  const state = () => actor.getSnapshot().value;
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, send, state, snapshot };
}

/** Lets settled promises (the actors' answers) reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('checkout machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('guards on opening', () => {
    it('sends a visitor who is not signed in to /login (redirectToLogin) and does nothing else', async () => {
      const { calls, state, snapshot } = start({ signedIn: false });
      expect(state()).toBe('redirectingToLogin');
      expect(calls.redirectToLogin).toHaveBeenCalledTimes(1);
      expect(selectCanSubmit(snapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls.navigateToCart).not.toHaveBeenCalled();
    });

    it('signed out with an empty cart: still the login redirect first', () => {
      const { calls, state } = start({ signedIn: false, cart: EMPTY_CHECKOUT_CART });
      expect(state()).toBe('redirectingToLogin');
      expect(calls.redirectToLogin).toHaveBeenCalledTimes(1);
    });

    it('with an empty cart waits 1 s (showing the notice), then goes to /cart', async () => {
      const { calls, state, snapshot } = start({ cart: EMPTY_CHECKOUT_CART });
      expect(state()).toBe('redirectingToCart');
      expect(selectIsCartEmptyNotice(snapshot())).toBe(true);
      expect(selectIsFormVisible(snapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(EMPTY_CART_REDIRECT_MS - 1);
      expect(calls.navigateToCart).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.navigateToCart).toHaveBeenCalledTimes(1);
      expect(state()).toBe('leftForCart');
      expect(calls.redirectToLogin).not.toHaveBeenCalled();
    });

    it('a cart that fills up before the second is over opens the form instead', async () => {
      const { calls, send, state } = start({ cart: EMPTY_CHECKOUT_CART });
      send({ type: 'checkout.cartChanged', cart: fullCart });
      expect(state()).toBe('editing');
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls.navigateToCart).not.toHaveBeenCalled();
    });

    it('signed in with items: editing, online payment by default, no error, submit possible', () => {
      const { state, snapshot, calls } = start();
      expect(state()).toBe('editing');
      expect(snapshot().context).toMatchObject({
        paymentMethod: 'online',
        notes: '',
        selectedAddressId: null,
        error: undefined,
        orderPlaced: false,
      });
      expect(selectCanSubmit(snapshot())).toBe(true);
      expect(selectSubmitLabel(snapshot())).toBe('Place Order');
      expect(calls.redirectToLogin).not.toHaveBeenCalled();
    });
  });

  describe('editing', () => {
    it('submit without an address stays with "Please select a delivery address"; choosing one clears it', () => {
      const { send, state, snapshot, calls } = start();
      send({ type: 'checkout.submit' });
      expect(state()).toBe('editing');
      expect(selectError(snapshot())).toBe('Please select a delivery address');
      expect(calls.placeOrder).not.toHaveBeenCalled();
      expect(calls.pay).not.toHaveBeenCalled();

      send({ type: 'checkout.addressSelected', id: null });
      expect(selectError(snapshot())).toBe('Please select a delivery address');
      send({ type: 'checkout.addressSelected', id: 3 });
      expect(selectError(snapshot())).toBeUndefined();
      expect(snapshot().context.selectedAddressId).toBe(3);
      // Deselecting (the picker lost its address) makes submit ask again.
      send({ type: 'checkout.addressSelected', id: null });
      send({ type: 'checkout.submit' });
      expect(selectError(snapshot())).toBe('Please select a delivery address');
    });

    it('keeps the payment method and notes', () => {
      const { send, snapshot } = start();
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.notesChanged', notes: 'Please ring twice' });
      expect(snapshot().context).toMatchObject({ paymentMethod: 'cod', notes: 'Please ring twice' });
      send({ type: 'checkout.paymentMethodChanged', method: 'online' });
      expect(snapshot().context.paymentMethod).toBe('online');
    });

    it('a cart update is taken; the same cart again changes nothing', () => {
      const { send, snapshot } = start();
      const before = snapshot();
      send({ type: 'checkout.cartChanged', cart: { ...fullCart, items: [...fullCart.items] } });
      expect(snapshot()).toBe(before);
      send({ type: 'checkout.cartChanged', cart: smallCart });
      expect(snapshot().context.cart).toEqual(smallCart);
      expect(snapshot().value).toBe('editing');
    });

    it('a cart emptied while editing shows the notice and goes to /cart after 1 s', async () => {
      const { send, state, calls } = start();
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART });
      expect(state()).toBe('redirectingToCart');
      await vi.advanceTimersByTimeAsync(EMPTY_CART_REDIRECT_MS);
      expect(calls.navigateToCart).toHaveBeenCalledTimes(1);
    });
  });

  describe('cash on delivery', () => {
    it('places the order at once with no payment id, clears the cart and opens the confirmation', async () => {
      const order = deferred<OrderCreateResponse>();
      const { send, state, snapshot, calls } = start({ placeOrder: () => order.promise });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.notesChanged', notes: '  Leave with the watchman  ' });
      send({ type: 'checkout.submit' });

      expect(state()).toBe('placingOrder');
      expect(snapshot().hasTag('busy')).toBe(true);
      expect(selectSubmitLabel(snapshot())).toBe('Placing order...');
      expect(selectCanSubmit(snapshot())).toBe(false);
      expect(calls.pay).not.toHaveBeenCalled();
      expect(calls.placeOrder).toHaveBeenCalledTimes(1);
      expect(calls.placeOrder.mock.calls[0]?.[0]).toEqual({
        idempotencyKey: 'key-1',
        order: {
          user_id: 7,
          address_id: 3,
          items: [
            { product_id: 1, quantity: 2, price: 851, variant: null },
            { product_id: 8, quantity: 1, price: 1499, variant: { size: '6 inch' } },
          ],
          subtotal: 3201,
          shipping: 0,
          discount: 300,
          total: 2901,
          payment_method: 'cod',
          payment_id: null,
          payment_status: 'pending',
          order_status: 'processing',
          notes: 'Leave with the watchman',
          coupon_code: 'WELCOME10',
        },
      });

      order.resolve({ id: 42 });
      await flush();
      expect(state()).toBe('orderPlaced');
      expect(calls.clearCart).toHaveBeenCalledTimes(1);
      expect(calls.navigateToConfirmation).toHaveBeenCalledWith(42);
      expect(snapshot().context).toMatchObject({ orderPlaced: true, orderId: 42, attempt: null });
      expect(calls.clearCart.mock.invocationCallOrder[0]).toBeLessThan(
        calls.navigateToConfirmation.mock.invocationCallOrder[0] ?? 0,
      );
      expect(selectIsLocked(snapshot())).toBe(true);
      expect(selectCanSubmit(snapshot())).toBe(false);
    });

    it('the cart emptied by the order does not send the customer to /cart', async () => {
      const { send, state, calls } = start();
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('orderPlaced');
      send({ type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART });
      await vi.advanceTimersByTimeAsync(5000);
      expect(state()).toBe('orderPlaced');
      expect(calls.navigateToCart).not.toHaveBeenCalled();
    });

    it('an empty cart with an order already placed never redirects (the orderPlaced flag)', async () => {
      const { actor, calls } = start({ cart: EMPTY_CHECKOUT_CART });
      // Resume mid-flow: the order exists and the cart is already empty.
      const restored = checkoutMachine.resolveState({
        value: 'redirectingToCart',
        context: { ...actor.getSnapshot().context, orderPlaced: true, orderId: 42 },
      });
      actor.stop();
      const navigateToCart = vi.fn();
      const resumed = createActor(checkoutMachine.provide({ actions: { navigateToCart } }), {
        snapshot: restored,
        input: { signedIn: true, cart: EMPTY_CHECKOUT_CART },
      });
      resumed.start();
      await vi.advanceTimersByTimeAsync(5000);
      expect(navigateToCart).not.toHaveBeenCalled();
      expect(calls.navigateToCart).not.toHaveBeenCalled();
      expect(resumed.getSnapshot().value).toBe('redirectingToCart');
      resumed.stop();
    });
  });

  describe('online payment', () => {
    it('waits 2 s in awaitingPayment (simulated provider), then places the order with a pay_sim_ id', async () => {
      const { send, state, snapshot, calls } = start();
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.submit' });

      expect(state()).toBe('awaitingPayment');
      expect(snapshot().hasTag('busy')).toBe(true);
      expect(selectSubmitLabel(snapshot())).toBe('Processing payment...');
      expect(selectCanSubmit(snapshot())).toBe(false);
      expect(calls.pay).toHaveBeenCalledWith(
        { amount: 2901, currency: 'INR', reference: 'key-1' },
        expect.any(AbortSignal),
      );

      await vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_DELAY_MS - 1);
      expect(state()).toBe('awaitingPayment');
      expect(calls.placeOrder).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.placeOrder).toHaveBeenCalledTimes(1);
      const { order, idempotencyKey } = calls.placeOrder.mock.calls[0]![0];
      expect(idempotencyKey).toBe('key-1');
      expect(order).toMatchObject({
        payment_method: 'online',
        payment_status: 'completed',
        order_status: 'processing',
      });
      expect(order.payment_id).toMatch(/^pay_sim_[a-z0-9]{16}$/);

      await flush();
      expect(state()).toBe('orderPlaced');
      expect(calls.clearCart).toHaveBeenCalledTimes(1);
      expect(calls.navigateToConfirmation).toHaveBeenCalledWith(42);
    });

    it('a payment failure returns to editing with "Payment initialization failed" and ends processing', async () => {
      const { send, state, snapshot, calls } = start({ pay: () => Promise.reject(new Error('')) });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('editing');
      expect(selectError(snapshot())).toBe('Payment initialization failed');
      expect(selectCanSubmit(snapshot())).toBe(true);
      expect(selectIsLocked(snapshot())).toBe(false);
      expect(calls.placeOrder).not.toHaveBeenCalled();
    });

    it("shows the provider's own message when it gives one", async () => {
      const { send, snapshot } = start({ pay: () => Promise.reject(new Error('Card declined by the bank')) });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.submit' });
      await flush();
      expect(selectError(snapshot())).toBe('Card declined by the bank');
    });

    it('a retry after the order call failed keeps the payment already taken', async () => {
      let attempt = 0;
      const { send, state, calls } = start({
        pay: () => Promise.resolve({ paymentId: 'pay_sim_first' }),
        placeOrder: () =>
          ++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ id: 9 }),
      });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('editing');
      send({ type: 'checkout.submit' });
      expect(state()).toBe('placingOrder');
      await flush();
      expect(calls.pay).toHaveBeenCalledTimes(1);
      expect(
        calls.placeOrder.mock.calls.map(([input]) => [input.idempotencyKey, input.order.payment_id]),
      ).toEqual([
        ['key-1', 'pay_sim_first'],
        ['key-1', 'pay_sim_first'],
      ]);
      expect(state()).toBe('orderPlaced');
    });
  });

  describe('order failures and retries', () => {
    it("shows the server's message, returns to editing and ends processing", async () => {
      const { send, state, snapshot, calls } = start({
        placeOrder: () => Promise.reject(apiError('Only 1 left of 5 Mukhi Rudraksha (Nepal)', 409)),
      });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('editing');
      expect(selectError(snapshot())).toBe('Only 1 left of 5 Mukhi Rudraksha (Nepal)');
      expect(selectCanSubmit(snapshot())).toBe(true);
      expect(snapshot().hasTag('busy')).toBe(false);
      expect(calls.clearCart).not.toHaveBeenCalled();
      expect(calls.navigateToConfirmation).not.toHaveBeenCalled();
    });

    it('falls back to "Failed to create order" without a message', async () => {
      const { send, snapshot } = start({ placeOrder: () => Promise.reject(new Error('   ')) });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(selectError(snapshot())).toBe('Failed to create order');
      // A new submit clears the old message while it runs.
      send({ type: 'checkout.submit' });
      expect(selectError(snapshot())).toBeUndefined();
    });

    it('a retry after a network failure reuses the Idempotency-Key; a changed address makes a new one', async () => {
      const { send, snapshot, calls } = start({
        placeOrder: () => Promise.reject(apiError('Failed to create order')),
      });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(selectIdempotencyKey(snapshot())).toBe('key-1');
      send({ type: 'checkout.submit' });
      await flush();
      send({ type: 'checkout.addressSelected', id: 4 });
      expect(selectIdempotencyKey(snapshot())).toBeUndefined();
      send({ type: 'checkout.submit' });
      await flush();
      expect(
        calls.placeOrder.mock.calls.map(([input]) => [input.idempotencyKey, input.order.address_id]),
      ).toEqual([
        ['key-1', 3],
        ['key-1', 3],
        ['key-2', 4],
      ]);
    });

    it('a new key also when the payment method, the notes or the cart change; not for the same cart again', async () => {
      const { send, snapshot, calls } = start({
        placeOrder: () => Promise.reject(apiError('Failed to create order')),
      });
      const submitAndFail = async () => {
        send({ type: 'checkout.submit' });
        await vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_DELAY_MS);
        return selectIdempotencyKey(snapshot());
      };
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      expect(await submitAndFail()).toBe('key-1');
      send({ type: 'checkout.cartChanged', cart: { ...fullCart, items: [...fullCart.items] } });
      send({ type: 'checkout.notesChanged', notes: '' });
      send({ type: 'checkout.addressSelected', id: 3 });
      expect(await submitAndFail()).toBe('key-1');
      send({ type: 'checkout.notesChanged', notes: 'Ring twice' });
      expect(await submitAndFail()).toBe('key-2');
      send({ type: 'checkout.cartChanged', cart: smallCart });
      expect(await submitAndFail()).toBe('key-3');
      send({ type: 'checkout.paymentMethodChanged', method: 'online' });
      expect(await submitAndFail()).toBe('key-4');
      expect(calls.placeOrder).toHaveBeenCalledTimes(5);
    });

    it('refuses a second submit while busy', async () => {
      const order = deferred<OrderCreateResponse>();
      const { send, snapshot, calls } = start({ placeOrder: () => order.promise });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.submit' });
      expect(selectCanSubmit(snapshot())).toBe(false);
      send({ type: 'checkout.submit' });
      expect(calls.pay).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_DELAY_MS);
      expect(snapshot().value).toBe('placingOrder');
      expect(selectCanSubmit(snapshot())).toBe(false);
      send({ type: 'checkout.submit' });
      expect(calls.placeOrder).toHaveBeenCalledTimes(1);
      // The fields are locked too: method and notes changes are not taken while busy.
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.notesChanged', notes: 'late' });
      expect(snapshot().context).toMatchObject({ paymentMethod: 'online', notes: '' });
      order.resolve({ id: 5 });
      await flush();
      expect(calls.placeOrder).toHaveBeenCalledTimes(1);
      expect(calls.navigateToConfirmation).toHaveBeenCalledWith(5);
    });

    it('a cart change while busy is kept for the next attempt; the order in flight keeps its own lines', async () => {
      const order = deferred<OrderCreateResponse>();
      const { send, state, snapshot, calls } = start({ placeOrder: () => order.promise });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      send({ type: 'checkout.cartChanged', cart: smallCart });
      send({ type: 'checkout.addressSelected', id: 4 });
      expect(snapshot().context).toMatchObject({ cart: smallCart, selectedAddressId: 4 });
      expect(calls.placeOrder.mock.calls[0]?.[0].order).toMatchObject({ address_id: 3, total: 2901 });
      order.reject(new TypeError('Failed to fetch'));
      await flush();
      expect(state()).toBe('editing');
      expect(selectIdempotencyKey(snapshot())).toBeUndefined();
    });

    it('a cart emptied while the order call runs redirects once the call fails', async () => {
      const order = deferred<OrderCreateResponse>();
      const { send, state, calls } = start({ placeOrder: () => order.promise });
      send({ type: 'checkout.addressSelected', id: 3 });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      send({ type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART });
      expect(state()).toBe('placingOrder');
      order.reject(apiError('Your order has no items', 400));
      await flush();
      expect(state()).toBe('redirectingToCart');
      await vi.advanceTimersByTimeAsync(EMPTY_CART_REDIRECT_MS);
      expect(calls.navigateToCart).toHaveBeenCalledTimes(1);
    });
  });

  describe('payload and fingerprint', () => {
    const base = {
      userId: null,
      cart: smallCart,
      selectedAddressId: 2,
      paymentMethod: 'cod' as const,
      notes: '',
    };

    it('sends null notes and coupon when blank, and the online payment id', () => {
      expect(orderPayloadOf(base)).toMatchObject({
        notes: null,
        coupon_code: null,
        payment_id: null,
        user_id: null,
      });
      expect(orderPayloadOf({ ...base, paymentMethod: 'online' }, 'pay_sim_x')).toMatchObject({
        payment_id: 'pay_sim_x',
        payment_status: 'completed',
      });
    });

    it('ignores amounts and coupon case, but not quantities or variants', () => {
      const fp = fingerprintOf(base);
      expect(fingerprintOf({ ...base, cart: { ...smallCart, total: 1, couponCode: undefined } })).toBe(fp);
      expect(fingerprintOf({ ...base, cart: { ...smallCart, couponCode: 'welcome10' } })).toBe(
        fingerprintOf({ ...base, cart: { ...smallCart, couponCode: 'WELCOME10' } }),
      );
      expect(
        fingerprintOf({ ...base, cart: { ...smallCart, items: [{ ...rudraksha, quantity: 2 }] } }),
      ).not.toBe(fp);
      expect(
        fingerprintOf({
          ...base,
          cart: { ...smallCart, items: [{ ...rudraksha, quantity: 1, variant: { color: 'red' } }] },
        }),
      ).not.toBe(fp);
    });
  });
});

describe('simulated payment provider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers after 2 seconds with a locally made pay_sim_ id', async () => {
    const done = vi.fn();
    void simulatedPaymentProvider
      .pay({ amount: 951, currency: 'INR', reference: 'key-1' }, new AbortController().signal)
      .then(done);
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith({
      paymentId: expect.stringMatching(/^pay_sim_[a-z0-9]{16}$/) as string,
    });
  });

  it('makes a different id each time', async () => {
    const provider = createSimulatedPaymentProvider({ delayMs: 0 });
    const signal = new AbortController().signal;
    const [a, b] = await Promise.all([
      provider.pay({ amount: 1, currency: 'INR', reference: 'a' }, signal),
      provider.pay({ amount: 1, currency: 'INR', reference: 'b' }, signal),
      vi.advanceTimersByTimeAsync(0),
    ]);
    expect(a?.paymentId).not.toBe(b?.paymentId);
  });

  it('stops when cancelled, and refuses an amount that is not whole rupees', async () => {
    const controller = new AbortController();
    const paying = simulatedPaymentProvider.pay(
      { amount: 951, currency: 'INR', reference: 'k' },
      controller.signal,
    );
    controller.abort();
    await expect(paying).rejects.toBeDefined();
    await expect(
      simulatedPaymentProvider.pay(
        { amount: 9.5, currency: 'INR', reference: 'k' },
        new AbortController().signal,
      ),
    ).rejects.toThrow('Payment initialization failed');
  });
});

// Every event of the machine is exercised above; this keeps the list honest when one is added.
const _covered = {
  'checkout.addressSelected': true,
  'checkout.paymentMethodChanged': true,
  'checkout.notesChanged': true,
  'checkout.submit': true,
  'checkout.cartChanged': true,
} satisfies Record<CheckoutEvent['type'], true>;
