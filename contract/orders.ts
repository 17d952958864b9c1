import * as v from 'valibot';
import { WhatsappUpdates } from './messages.ts';
import { Address } from './address.ts';
import { ORDER_STATES, Refund, Shipment, TimelineEntry } from './lifecycle.ts';
import { couponMessages, MAX_COUPON_CODE_LENGTH } from './coupons.ts';
import { PositiveId } from './ids.ts';
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_PRODUCT } from './order-rules.ts';
import { tooLongMessage } from './text.ts';
import {
  MAX_PAYMENT_ID_LENGTH,
  PAYMENT_ID,
  PAYMENT_METHODS,
  paymentMethods,
  type PaymentMethod,
} from './payment-methods.ts';

/**
 * The money rules, the limits and the coupon check live in their own modules, so the cart can
 * use them without these schemas; they are part of this contract too, and answer here as well.
 */
export {
  FREE_SHIPPING_OVER,
  freeShippingShortfall,
  MAX_ORDER_LINES,
  MAX_QUANTITY_PER_PRODUCT,
  orderTotal,
  SHIPPING_FEE,
  shippingFor,
} from './order-rules.ts';
export {
  couponMessages,
  CouponValidateRequest,
  CouponValidateResponse,
  MAX_COUPON_CODE_LENGTH,
} from './coupons.ts';

/* ------------------------------------------------------------------------------------------
 * Limits and enumerations.
 * ---------------------------------------------------------------------------------------- */

export const MAX_NOTES_LENGTH = 500;
export const MAX_VARIANT_TEXT_LENGTH = 50;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * The statuses the original API's create payload may carry in `order_status` (accepted and
 * ignored: a new order is always `processing`). What an order is now is its lifecycle state,
 * `ORDER_STATES` (contract/lifecycle.ts).
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The Idempotency-Key header: 1 to 100 visible ASCII characters (no spaces). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,100}$/;

/* ------------------------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------------------------- */

export const orderMessages = {
  // request validation
  addressRequired: 'Please select a delivery address',
  addressIdInvalid: 'address_id must be a positive whole number',
  userIdInvalid: 'user_id must be a positive whole number',
  itemsRequired: 'Your order has no items',
  itemsInvalid: 'items must be a list of products',
  itemInvalid: 'Each item must be an object with product_id and quantity',
  tooManyLines: `An order can have at most ${MAX_ORDER_LINES} lines`,
  productIdInvalid: 'Each item needs a product_id that is a positive whole number',
  quantityInvalid: 'Each item quantity must be a whole number of 1 or more',
  quantityTooMany: `An order can have at most ${MAX_QUANTITY_PER_PRODUCT} of one product`,
  amountInvalid: (field: string) => `${field} must be a number`,
  amountNotWhole: (field: string) => `${field} must be a whole number of rupees, 0 or more`,
  variantInvalid: 'variant must be an object with optional size and color, or null',
  variantTextInvalid: 'variant size and color must be text',
  variantTooLong: `variant size and color must be at most ${MAX_VARIANT_TEXT_LENGTH} characters`,
  paymentMethodInvalid: 'payment_method must be "online" or "cod"',
  paymentStatusInvalid: `payment_status must be one of ${PAYMENT_STATUSES.join(', ')}`,
  orderStatusInvalid: `order_status must be one of ${ORDER_STATUSES.join(', ')}`,
  paymentIdInvalid: `payment_id must be text of at most ${MAX_PAYMENT_ID_LENGTH} characters, or null`,
  paymentIdRequired:
    'An online payment needs its payment_id ("pay_" and letters, digits, "_" or "-", up to 100 characters)',
  notesText: 'notes must be text',
  notesTooLong: tooLongMessage('notes', MAX_NOTES_LENGTH),
  couponCodeText: 'coupon_code must be text or null',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`,
  // API answers
  wrongUser: 'You can only place orders for your own account',
  addressNotFound: 'Address not found',
  productNotFound: (productId: number) => `Product ${productId} not found`,
  outOfStock: (name: string) => `${name} is out of stock`,
  onlyLeft: (available: number, name: string) => `Only ${available} left of ${name}`,
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request',
  notFound: 'Order not found',
  // docs/product-rules.md, Messages and errors: the fallbacks
  createFailed: 'Failed to create order',
  readFailed: 'Failed to fetch order details',
  readEmpty: 'Failed to load order details',
  paymentFailed: 'Payment initialization failed',
  listFailed: 'Failed to fetch orders',
} as const;

/* ------------------------------------------------------------------------------------------
 * POST /api/orders
 * ---------------------------------------------------------------------------------------- */

/** A whole number of rupees, 0 or more, as a client sends it: 1e308 or -5 is refused naming `field`. */
const Rupees = (field: string) =>
  v.pipe(
    v.number(orderMessages.amountInvalid(field)),
    v.safeInteger(orderMessages.amountNotWhole(field)),
    v.minValue(0, orderMessages.amountNotWhole(field)),
  );

/**
 * A client-sent amount: accepted so the original client's payload passes (docs/product-rules.md, Orders), never used (the server prices).
 * Still only what the cart can hold, a whole number of rupees, 0 or more: 1e308 or -5 is refused.
 */
const IgnoredAmount = (field: string) => v.nullish(Rupees(field));

const VariantText = v.nullish(
  v.pipe(
    v.string(orderMessages.variantTextInvalid),
    v.trim(),
    v.maxLength(MAX_VARIANT_TEXT_LENGTH, orderMessages.variantTooLong),
  ),
);

export const OrderVariant = v.object({ size: v.optional(v.string()), color: v.optional(v.string()) });
export type OrderVariant = v.InferOutput<typeof OrderVariant>;

/** Blank size and color are dropped; a variant with neither becomes null. */
const VariantInput = v.pipe(
  v.nullish(v.object({ size: VariantText, color: VariantText }, orderMessages.variantInvalid), null),
  v.transform((variant): OrderVariant | null => {
    const size = variant?.size || undefined;
    const color = variant?.color || undefined;
    if (!size && !color) return null;
    return { ...(size ? { size } : {}), ...(color ? { color } : {}) };
  }),
);

export const OrderItemInput = v.object(
  {
    product_id: PositiveId(orderMessages.productIdInvalid),
    // Strictly a JSON number: "2", 1.5, 0 and -1 are refused. The upper bounds are
    // MAX_QUANTITY_PER_PRODUCT (over the product's lines, below) and the stock.
    quantity: PositiveId(orderMessages.quantityInvalid),
    price: IgnoredAmount('price'),
    variant: VariantInput,
  },
  orderMessages.itemInvalid,
);
export type OrderItemInput = v.InferOutput<typeof OrderItemInput>;

/** No product more than MAX_QUANTITY_PER_PRODUCT times, counting all its variants' lines. */
function withinQuantityLimit(items: ReadonlyArray<{ product_id: number; quantity: number }>): boolean {
  const units = new Map<number, number>();
  for (const { product_id, quantity } of items) {
    const total = (units.get(product_id) ?? 0) + quantity;
    if (total > MAX_QUANTITY_PER_PRODUCT) return false;
    units.set(product_id, total);
  }
  return true;
}

const OptionalText = (typeMessage: string, max: number, tooLong: string) =>
  v.pipe(
    v.nullish(v.string(typeMessage), null),
    v.transform((value) => value?.trim() || null),
    v.check((value) => value === null || value.length <= max, tooLong),
  );

/**
 * What an order is, without how it is paid: the create payload (docs/product-rules.md, Orders) less
 * payment_method, payment_id and payment_status. POST /api/payments prices exactly this (its
 * `order`), and POST /api/orders extends it with the payment fields. The amounts (price,
 * subtotal, shipping, discount, total) and the order status are accepted so the spec's payload
 * passes, but the server recomputes or decides every one of them; unknown enum values are
 * still refused.
 */
const orderDraftEntries = {
  user_id: v.nullish(PositiveId(orderMessages.userIdInvalid)),
  address_id: PositiveId(orderMessages.addressIdInvalid, orderMessages.addressRequired),
  items: v.pipe(
    v.nullish(v.array(OrderItemInput, orderMessages.itemsInvalid), []),
    v.nonEmpty(orderMessages.itemsRequired),
    v.maxLength(MAX_ORDER_LINES, orderMessages.tooManyLines),
    v.check((items) => withinQuantityLimit(items), orderMessages.quantityTooMany),
  ),
  subtotal: IgnoredAmount('subtotal'),
  shipping: IgnoredAmount('shipping'),
  discount: IgnoredAmount('discount'),
  total: IgnoredAmount('total'),
  order_status: v.nullish(v.picklist(ORDER_STATUSES, orderMessages.orderStatusInvalid)),
  notes: OptionalText(orderMessages.notesText, MAX_NOTES_LENGTH, orderMessages.notesTooLong),
  coupon_code: v.pipe(
    v.nullish(v.string(orderMessages.couponCodeText), null),
    v.transform((value) => value?.trim().toUpperCase() || null),
    v.check((value) => value === null || value.length <= MAX_COUPON_CODE_LENGTH, couponMessages.codeTooLong),
  ),
};

export const OrderDraft = v.object(orderDraftEntries);
export type OrderDraft = v.InferOutput<typeof OrderDraft>;

/** POST /api/orders: the draft plus how it is paid (online: the id of a captured payment). */
export const OrderCreateRequest = v.pipe(
  v.object({
    ...orderDraftEntries,
    payment_method: v.pipe(
      v.nullish(v.string(orderMessages.paymentMethodInvalid), ''),
      v.picklist(PAYMENT_METHODS, orderMessages.paymentMethodInvalid),
    ),
    payment_id: v.nullish(
      v.pipe(
        v.string(orderMessages.paymentIdInvalid),
        v.trim(),
        v.maxLength(MAX_PAYMENT_ID_LENGTH, orderMessages.paymentIdInvalid),
      ),
    ),
    // Ignored: a verified online payment makes the order "completed", cash on delivery "pending".
    payment_status: v.nullish(v.picklist(PAYMENT_STATUSES, orderMessages.paymentStatusInvalid)),
    /**
     * The total the customer was shown and agreed to (docs/product-rules.md, Payments). Unlike
     * `total`, it is checked, not ignored: when the server's total differs, the order is refused
     * with 409 `price_changed` and the server's `total`, and nothing is written. Optional (null
     * or absent: not checked), so the original payload still passes.
     */
    expected_total: v.nullish(Rupees('expected_total')),
    /**
     * The unticked box "Send me updates on WhatsApp" at checkout (docs/product-rules.md, Messages
     * to customers, Consent): ticked, consent is given to the delivery address's mobile.
     */
    whatsappUpdates: WhatsappUpdates,
  }),
  v.check(
    (order) => !paymentMethods[order.payment_method].paidUpFront || PAYMENT_ID.test(order.payment_id ?? ''),
    orderMessages.paymentIdRequired,
  ),
);
export type OrderCreateRequest = v.InferOutput<typeof OrderCreateRequest>;

/** What a client sends to POST /api/orders (docs/product-rules.md, Orders), typed strictly for the SPA. */
export interface OrderCreatePayload extends OrderDraftPayload {
  payment_method: PaymentMethod;
  payment_id?: string | null;
  payment_status?: PaymentStatus | null;
  /** The total the customer agreed to; another server total is refused with `price_changed`. */
  expected_total?: number | null;
  /** Ticked "Send me updates on WhatsApp": consent to the delivery address's mobile. */
  whatsappUpdates?: boolean;
}

/** The order as POST /api/payments prices it: the create payload without its payment fields. */
export interface OrderDraftPayload {
  user_id?: number | null;
  address_id: number;
  items: {
    product_id: number;
    quantity: number;
    price?: number | null;
    variant?: { size?: string | null; color?: string | null } | null;
  }[];
  subtotal?: number | null;
  shipping?: number | null;
  discount?: number | null;
  total?: number | null;
  order_status?: OrderStatus | null;
  notes?: string | null;
  coupon_code?: string | null;
}
// Compile-time check: every payload of that type is one the schema reads.
type _PayloadFitsSchema = Assert<
  OrderCreatePayload extends v.InferInput<typeof OrderCreateRequest> ? true : false
>;
type _DraftFitsSchema = Assert<OrderDraftPayload extends v.InferInput<typeof OrderDraft> ? true : false>;
type Assert<T extends true> = T;

export const OrderCreateResponse = v.object({ id: v.number() });
export type OrderCreateResponse = v.InferOutput<typeof OrderCreateResponse>;

/* ------------------------------------------------------------------------------------------
 * GET /api/orders/{id} and GET /api/orders
 * ---------------------------------------------------------------------------------------- */

export const OrderLine = v.object({
  id: v.number(),
  productId: v.number(),
  name: v.string(),
  /** Relative path, as in the catalogue; the SPA prefixes the API base. */
  image: v.string(),
  quantity: v.number(),
  /** Unit price (the offer price when the order was placed). */
  price: v.number(),
  variant: v.nullable(OrderVariant),
});
export type OrderLine = v.InferOutput<typeof OrderLine>;

export const OrderRead = v.object({
  id: v.number(),
  /** e.g. DPS-20261121-000123 (the date in India). */
  orderNumber: v.string(),
  /** ISO 8601 (UTC); the SPA formats it for en-IN. */
  createdAt: v.string(),
  /** Where its lifecycle is (machines/order-lifecycle/). */
  orderStatus: v.picklist(ORDER_STATES),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  paymentId: v.nullable(v.string()),
  items: v.array(OrderLine),
  /** The delivery address as it was when the order was placed (later edits do not change it). */
  address: Address,
  subtotal: v.number(),
  shipping: v.number(),
  discount: v.number(),
  total: v.number(),
  couponCode: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  /** The carrier and tracking number, once shipped. */
  shipment: v.nullable(Shipment),
  deliveredAt: v.nullable(v.string()),
  /** The customer's damage claim: the note, the photo (an upload id) and when. */
  claim: v.nullable(v.object({ note: v.string(), photoId: v.string(), claimedAt: v.string() })),
  /** The money going back, once the order is cancelled (online) or a claim approved. */
  refund: v.nullable(Refund),
  /** Every step of its life, oldest first. */
  timeline: v.array(TimelineEntry),
});
export type OrderRead = v.InferOutput<typeof OrderRead>;

export const OrderSummary = v.object({
  id: v.number(),
  orderNumber: v.string(),
  createdAt: v.string(),
  orderStatus: v.picklist(ORDER_STATES),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  total: v.number(),
  /** Units ordered (the sum of the lines' quantities). */
  itemCount: v.number(),
});
export type OrderSummary = v.InferOutput<typeof OrderSummary>;

/** POST /api/orders/{id}/events: the order after the step. */
export const OrderEventResponse = v.object({ order: OrderRead });
export type OrderEventResponse = v.InferOutput<typeof OrderEventResponse>;

export const OrderListResponse = v.object({ orders: v.array(OrderSummary) });
export type OrderListResponse = v.InferOutput<typeof OrderListResponse>;
