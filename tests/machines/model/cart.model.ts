import { subtotalOf } from '../../../machines/cart/cart.pricing.ts';
import {
  cartMachine,
  type CartEvent,
  type CartProduct,
  type StoredCart,
} from '../../../machines/cart/cart.machine.ts';
import { bareEvents, type EventFixtures, type MachineModel } from './coverage.ts';

/** Two in stock, so quantities (and the state space) stay small. */
const rudraksha: CartProduct = {
  id: 1,
  name: '5 Mukhi Rudraksha',
  image: '/images/r.svg',
  offerPrice: 899,
  stockQuantity: 2,
};
const soldOut: CartProduct = {
  id: 3,
  name: '7 Mukhi Rudraksha',
  image: '/images/s.svg',
  offerPrice: 1899,
  stockQuantity: 0,
};

const storedCart: StoredCart = {
  items: [{ id: 1, name: rudraksha.name, image: rudraksha.image, price: 899, quantity: 1, stockQuantity: 2 }],
  couponCode: 'SAVE10',
  discountAmount: 90,
};

const events = {
  'cart.add': [
    { type: 'cart.add', product: rudraksha, quantity: 1 },
    { type: 'cart.add', product: soldOut, quantity: 1 },
  ],
  'cart.increase': [{ type: 'cart.increase', id: 1 }],
  'cart.decrease': [{ type: 'cart.decrease', id: 1 }],
  'cart.remove': [
    { type: 'cart.remove', id: 1 },
    { type: 'cart.remove', id: 9 },
  ],
  ...bareEvents('cart.clear', 'cart.orderPlaced', 'cart.reconcile', 'cart.noticesDismissed'),
  'coupon.apply': [
    { type: 'coupon.apply', code: ' SAVE10 ' },
    { type: 'coupon.apply', code: '   ' },
  ],
  'coupon.remove': [{ type: 'coupon.remove' }],
} satisfies EventFixtures<CartEvent>;

export const cartModel: MachineModel<typeof cartMachine> = {
  name: 'cart',
  machine: cartMachine,
  inputs: [
    { label: 'nothing stored', input: { stored: null } },
    { label: 'stored line and coupon', input: { stored: JSON.stringify(storedCart) } },
  ],
  events,
  actors: {
    reconcile: {
      // As it was; one left (the line is reduced); gone (the line is removed).
      done: [[rudraksha], [{ ...rudraksha, stockQuantity: 1 }], []],
      error: [new Error('Failed to fetch products')],
    },
    validateCoupon: {
      done: [
        { kind: 'applied', code: 'SAVE10', discountAmount: 90 },
        { kind: 'refused', code: 'coupon_expired', message: 'This coupon has expired' },
      ],
      error: [new Error('Network error')],
    },
  },
  // What the guards read: the lines (quantity against stock), whether a coupon is held, and
  // whether the subtotal moved since the coupon was sent (`subtotalChanged`). Messages and
  // notices are the unit tests' business; leaving them out keeps the graph small.
  abstract: ({ context }) => ({
    items: context.items.map((item) => [item.id, item.quantity, item.stockQuantity]),
    coupon: context.couponCode !== undefined,
    subtotalChanged: subtotalOf(context.items) !== context.couponSubtotal,
  }),
};
