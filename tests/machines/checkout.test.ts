import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  checkoutMachine,
  EMPTY_CART_REDIRECT_MS,
  type CheckoutEvent,
} from '../../machines/checkout/checkout.machine.ts';
import {
  checkoutCartOf,
  EMPTY_CHECKOUT_CART,
  type CheckoutCart,
} from '../../machines/checkout/checkout.cart.ts';
import {
  selectCanSubmit,
  selectError,
  selectIsCartEmptyNotice,
  selectIsFormVisible,
  selectIsOrderPlaced,
  selectPaymentActor,
  selectPaymentFingerprint,
  submitLabelOf,
} from '../../machines/checkout/checkout.selectors.ts';
import { selectAmountToPay } from '../../machines/payment/payment.selectors.ts';
import type { WriteRecordInput, WriteRecordOutput } from '../../machines/payment/payment.actors.ts';
import { cartMachine } from '../../machines/cart/cart.machine.ts';
import { addressWithId } from '../support/addresses.ts';
import { deferred } from '../support/prelude.ts';
import { fullCart, smallCart } from '../support/carts.ts';
import { intentOf, stubbedPayment } from '../support/payment-stubs.ts';

interface Setup {
  signedIn?: boolean;
  cart?: CheckoutCart;
  writeRecord?: (input: WriteRecordInput) => Promise<WriteRecordOutput>;
}

const intent = intentOf(2901);

/** Checkout with the real payment machine, its API actors stubbed. */
function start({ signedIn = true, cart = fullCart, writeRecord }: Setup = {}) {
  const paying = stubbedPayment({
    intent,
    writeRecord: writeRecord ?? (() => Promise.resolve({ kind: 'created', id: 42, booking: null })),
  });
  const { payment } = paying;
  const calls = {
    redirectToLogin: vi.fn<() => void>(),
    navigateToCart: vi.fn<() => void>(),
    navigateToConfirmation: vi.fn<(orderId: number) => void>(),
    clearCart: vi.fn<() => void>(),
    ...paying.calls,
  };
  let keys = 0;
  const machine = checkoutMachine.provide({
    actions: {
      redirectToLogin: () => calls.redirectToLogin(),
      navigateToCart: () => calls.navigateToCart(),
      navigateToConfirmation: (_, { orderId }) => calls.navigateToConfirmation(orderId),
      clearCart: () => calls.clearCart(),
    },
    actors: { payment },
  });
  const actor = createActor(machine, {
    input: { signedIn, userId: 7, cart, createIdempotencyKey: () => `key-${++keys}` },
  });
  actor.start();
  const send = (event: CheckoutEvent) => actor.send(event);
  const state = () => actor.getSnapshot().value;
  const snapshot = () => actor.getSnapshot();
  const child = () => selectPaymentActor(actor.getSnapshot());
  return { actor, calls, send, state, snapshot, child };
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
      expect(submitLabelOf(selectPaymentActor(snapshot())?.getSnapshot(), false)).toBe('Place Order');
      expect(calls.redirectToLogin).not.toHaveBeenCalled();
    });
  });

  describe('editing', () => {
    it('submit without an address stays with "Please select a delivery address"; choosing one clears it', () => {
      const { send, state, snapshot, calls } = start();
      send({ type: 'checkout.submit' });
      expect(state()).toBe('editing');
      expect(selectError(snapshot())).toBe('Please select a delivery address');
      expect(calls.writeRecord).not.toHaveBeenCalled();
      expect(calls.createIntent).not.toHaveBeenCalled();

      send({ type: 'address.selected', address: null });
      expect(selectError(snapshot())).toBe('Please select a delivery address');
      send({ type: 'address.selected', address: addressWithId(3) });
      expect(selectError(snapshot())).toBeUndefined();
      expect(snapshot().context.selectedAddressId).toBe(3);
      // Deselecting (the picker lost its address) makes submit ask again.
      send({ type: 'address.selected', address: null });
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
      send({ type: 'address.selected', address: addressWithId(3) });
      send({ type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART });
      expect(state()).toBe('redirectingToCart');
      await vi.advanceTimersByTimeAsync(EMPTY_CART_REDIRECT_MS);
      expect(calls.navigateToCart).toHaveBeenCalledTimes(1);
    });
  });

  describe('cash on delivery', () => {
    it('carries the ticked "Send me updates on WhatsApp" into the order’s write; unticked, nothing', async () => {
      const { send, calls } = start();
      send({ type: 'address.selected', address: addressWithId(3) });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.whatsappUpdatesChanged', on: true });
      send({ type: 'checkout.whatsappUpdatesChanged', on: false });
      send({ type: 'checkout.whatsappUpdatesChanged', on: true });
      send({ type: 'checkout.submit' });
      await flush();
      expect(calls.writeRecord.mock.calls[0]?.[0].record).toMatchObject({
        purpose: 'order',
        whatsappUpdates: true,
      });
    });

    it('leaves the box unticked unless the customer ticks it', async () => {
      const { send, calls, snapshot } = start();
      expect(snapshot().context.whatsappUpdates).toBe(false);
      send({ type: 'address.selected', address: addressWithId(3) });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(calls.writeRecord.mock.calls[0]?.[0].record).not.toHaveProperty('whatsappUpdates');
    });

    it('writes the order through the payment machine with no payment and the total shown, clears the cart and opens the confirmation', async () => {
      const order = deferred<WriteRecordOutput>();
      const { send, state, snapshot, calls, child } = start({ writeRecord: () => order.promise });
      send({ type: 'address.selected', address: addressWithId(3) });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.notesChanged', notes: '  Leave with the watchman  ' });
      send({ type: 'checkout.submit' });

      expect(child()?.getSnapshot().hasTag('writing')).toBe(true);
      expect(submitLabelOf(child()?.getSnapshot(), false)).toBe('Placing order...');
      expect(calls.createIntent).not.toHaveBeenCalled();
      expect(calls.writeRecord.mock.calls[0]?.[0]).toEqual({
        idempotencyKey: 'key-1',
        paymentId: null,
        // The total the page showed: the server refuses to write the order at another.
        expectedTotal: 2901,
        record: {
          purpose: 'order',
          cashOnDelivery: true,
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
            order_status: 'processing',
            notes: 'Leave with the watchman',
            coupon_code: 'WELCOME10',
          },
        },
      });

      order.resolve({ kind: 'created', id: 42, booking: null });
      await flush();
      expect(state()).toBe('orderPlaced');
      expect(calls.clearCart).toHaveBeenCalledTimes(1);
      expect(calls.navigateToConfirmation).toHaveBeenCalledWith(42);
      expect(snapshot().context).toMatchObject({ orderPlaced: true, orderId: 42 });
      expect(calls.clearCart.mock.invocationCallOrder[0]).toBeLessThan(
        calls.navigateToConfirmation.mock.invocationCallOrder[0] ?? 0,
      );
      expect(selectIsOrderPlaced(snapshot())).toBe(true);
      expect(selectCanSubmit(snapshot())).toBe(false);
    });

    it('the cart emptied by the order does not send the customer to /cart', async () => {
      const { send, state, calls } = start();
      send({ type: 'address.selected', address: addressWithId(3) });
      send({ type: 'checkout.paymentMethodChanged', method: 'cod' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('orderPlaced');
      send({ type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART });
      await vi.advanceTimersByTimeAsync(5000);
      expect(state()).toBe('orderPlaced');
      expect(calls.navigateToCart).not.toHaveBeenCalled();
    });
  });

  describe('online payment', () => {
    it('hands the order to the payment machine: intent, capture with the UPI ID, write with the payment id', async () => {
      const { send, state, calls, child } = start();
      send({ type: 'address.selected', address: addressWithId(3) });
      child()?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      send({ type: 'checkout.submit' });
      expect(submitLabelOf(child()?.getSnapshot(), false)).toBe('Processing payment...');
      await flush();
      expect(state()).toBe('orderPlaced');
      expect(calls.createIntent.mock.calls[0]?.[0].record).toMatchObject({ purpose: 'order' });
      expect(calls.capture.mock.calls[0]?.[0]).toEqual({
        paymentId: 'pay_1',
        details: { method: 'upi', upiId: 'asha@okbank' },
      });
      expect(calls.writeRecord.mock.calls[0]?.[0]).toMatchObject({
        paymentId: 'pay_1',
        idempotencyKey: 'key-1',
      });
      expect(calls.navigateToConfirmation).toHaveBeenCalledWith(42);
    });

    it('hands the payment the cart’s total; a server total other than it is paid only at the next submit, and shown until then', async () => {
      const { send, state, calls, child, snapshot } = start();
      calls.createIntent.mockResolvedValue({ kind: 'intent', intent: { ...intent, amount: 2951 } });
      const total = () =>
        selectAmountToPay(
          selectPaymentFingerprint(snapshot()),
          snapshot().context.cart.total,
        )(child()?.getSnapshot());
      send({ type: 'address.selected', address: addressWithId(3) });
      child()?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      expect(total()).toBe(2901);
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('editing');
      expect(child()?.getSnapshot().value).toBe('priceChanged');
      expect(child()?.getSnapshot().context.error?.message).toBe(
        'The price has changed since you opened this page: the amount is now ₹2,951 (it was ₹2,901). ' +
          'Check it and pay ₹2,951, or go back.',
      );
      expect(calls.capture).not.toHaveBeenCalled();
      expect(total()).toBe(2951);
      // Notes change the order: the server's price is no longer known for it.
      send({ type: 'checkout.notesChanged', notes: 'Ring twice' });
      expect(total()).toBe(2901);
      send({ type: 'checkout.notesChanged', notes: '' });
      expect(total()).toBe(2951);

      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('orderPlaced');
      expect(calls.createIntent).toHaveBeenCalledTimes(1);
      expect(calls.capture.mock.calls.map(([c]) => c.paymentId)).toEqual(['pay_1']);
    });

    it('a refusal after payment (refunded) returns to editing with its message and a fresh payment machine', async () => {
      const { send, state, snapshot, calls, child } = start({
        writeRecord: () =>
          Promise.resolve({
            kind: 'refused',
            code: 'out_of_stock',
            message: 'Only 1 left. Your payment of ₹2,901 has been refunded.',
            refunded: { paymentId: 'pay_1', amount: 2901 },
          }),
      });
      send({ type: 'address.selected', address: addressWithId(3) });
      const first = child();
      first?.send({ type: 'payment.upiIdChanged', value: 'asha@okbank' });
      send({ type: 'checkout.submit' });
      await flush();
      expect(state()).toBe('editing');
      expect(selectError(snapshot())).toBe('Only 1 left. Your payment of ₹2,901 has been refunded.');
      expect(snapshot().context.error?.code).toBe('out_of_stock');
      expect(child()).toBeDefined();
      expect(child()).not.toBe(first);
      expect(child()?.getSnapshot().value).toBe('editing');
      expect(calls.clearCart).not.toHaveBeenCalled();
    });
  });

  describe('the cart actor', () => {
    it('checkout follows the cart actor given as input: an item added opens the form, the order empties it', async () => {
      const cart = createActor(cartMachine, { input: { stored: null } }).start();
      const checkout = createActor(checkoutMachine, {
        input: { signedIn: true, userId: 7, cart: checkoutCartOf(cart.getSnapshot()), cartActor: cart },
      }).start();
      expect(checkout.getSnapshot().value).toBe('redirectingToCart');
      cart.send({
        type: 'cart.add',
        product: { id: 1, name: '5 Mukhi Rudraksha', image: '/r.svg', offerPrice: 851, stockQuantity: 5 },
        quantity: 2,
      });
      expect(checkout.getSnapshot().value).toBe('editing');
      expect(checkout.getSnapshot().context.cart.items).toEqual([
        expect.objectContaining({ id: 1, quantity: 2, price: 851 }),
      ]);
      cart.send({ type: 'cart.orderPlaced' });
      expect(checkout.getSnapshot().value).toBe('redirectingToCart');
      checkout.stop();
      // Stopped, it no longer follows the cart.
      const before = checkout.getSnapshot();
      cart.send({
        type: 'cart.add',
        product: { id: 1, name: '5 Mukhi Rudraksha', image: '/r.svg', offerPrice: 851, stockQuantity: 5 },
        quantity: 1,
      });
      expect(checkout.getSnapshot()).toBe(before);
      cart.stop();
      await flush();
    });
  });
});
