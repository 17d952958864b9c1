import type { CheckoutCart } from '../../machines/checkout/checkout.cart.ts';

/* Two carts as checkout reads them from the cart actor (machines/checkout/checkout.cart.ts). */

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

/** Two rudraksha and a yantra with WELCOME10: ₹3,201 less ₹300, shipped free, ₹2,901. */
export const fullCart: CheckoutCart = {
  items: [rudraksha, yantra],
  couponCode: 'WELCOME10',
  itemCount: 3,
  subtotal: 3201,
  shipping: 0,
  discount: 300,
  total: 2901,
};

/** One rudraksha: ₹851 and ₹100 shipping, ₹951. */
export const smallCart: CheckoutCart = {
  items: [{ ...rudraksha, quantity: 1 }],
  couponCode: undefined,
  itemCount: 1,
  subtotal: 851,
  shipping: 100,
  discount: 0,
  total: 951,
};
