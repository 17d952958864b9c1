import { checkoutMachine, type CheckoutEvent } from '../../../machines/checkout/checkout.machine.ts';
import { EMPTY_CHECKOUT_CART } from '../../../machines/checkout/checkout.cart.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';
import { addressWithId } from '../../support/addresses.ts';
import { fullCart, smallCart } from '../../support/carts.ts';
import { refusedAndRefunded } from '../../support/payment-stubs.ts';

const events = {
  'address.selected': [
    { type: 'address.selected', address: addressWithId(7) },
    { type: 'address.selected', address: null },
  ],
  'checkout.paymentMethodChanged': [
    { type: 'checkout.paymentMethodChanged', method: 'cod' },
    { type: 'checkout.paymentMethodChanged', method: 'online' },
  ],
  'checkout.whatsappUpdatesChanged': [
    { type: 'checkout.whatsappUpdatesChanged', on: true },
    { type: 'checkout.whatsappUpdatesChanged', on: false },
  ],
  'checkout.notesChanged': [
    { type: 'checkout.notesChanged', notes: 'Please ring the bell' },
    { type: 'checkout.notesChanged', notes: '' },
  ],
  'checkout.submit': [{ type: 'checkout.submit' }],
  'checkout.cartChanged': [
    { type: 'checkout.cartChanged', cart: fullCart },
    { type: 'checkout.cartChanged', cart: smallCart },
    { type: 'checkout.cartChanged', cart: EMPTY_CHECKOUT_CART },
  ],
} satisfies EventFixtures<CheckoutEvent>;

type Snapshot = Parameters<MachineModel<typeof checkoutMachine>['abstract']>[0];

/** The end of a checkout: signed out, cart abandoned, or the order placed. */
const isOutcome = (snapshot: Snapshot) =>
  snapshot.matches('redirectingToLogin') ||
  snapshot.matches('leftForCart') ||
  snapshot.matches('orderPlaced');

export const checkoutModel: MachineModel<typeof checkoutMachine> = {
  name: 'checkout',
  machine: checkoutMachine,
  inputs: [
    {
      label: 'signed out',
      input: { signedIn: false, cart: fullCart, createIdempotencyKey: () => 'chk_model' },
    },
    {
      label: 'empty cart',
      input: {
        signedIn: true,
        userId: 3,
        cart: EMPTY_CHECKOUT_CART,
        createIdempotencyKey: () => 'chk_model',
      },
    },
    {
      label: 'cart to pay',
      input: { signedIn: true, userId: 3, cart: fullCart, createIdempotencyKey: () => 'chk_model' },
    },
  ],
  events,
  actors: {
    // Follows the cart actor of the input; the models give none (their cart changes are events).
    watchCart: {},
    // The payment machine's outcomes, as checkout sees them (its own model covers its inside).
    payment: {
      done: [
        { kind: 'created', id: 41, booking: null },
        refusedAndRefunded('out_of_stock', 'Only 1 left.', 2901),
      ],
      error: [new Error('Failed to create order'), new Error('')],
    },
  },
  abstract: (snapshot) => {
    const { context } = snapshot;
    return {
      cart: context.cart.items.length === 0 ? 'empty' : context.cart.subtotal,
      address: context.selectedAddressId !== null,
      method: context.paymentMethod,
      notes: context.notes !== '',
      error: context.error?.message ?? null,
      orderPlaced: context.orderPlaced,
    };
  },
  simplePaths: {
    // Journeys through what decides the route: something to pay for, an address and the method.
    abstract: (snapshot) => ({
      cart: snapshot.context.cart.items.length > 0,
      address: snapshot.context.selectedAddressId !== null,
      method: snapshot.context.paymentMethod,
    }),
    // The second non-empty cart is left to the shortest paths.
    filterEvents: (_snapshot, event) => !(event.type === 'checkout.cartChanged' && event.cart === smallCart),
    toState: isOutcome,
    max: 200,
  },
  unreachableGuardFalseSides: {
    'checkout.redirectingToCart: after:emptyCartRedirect [not(hasPlacedOrder)] → checkout.leftForCart':
      'orderPlaced has no way out, so redirectingToCart is never active once an order is placed',
  },
};
