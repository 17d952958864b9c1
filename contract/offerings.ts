import * as v from 'valibot';
import { listResponse, recordResponse } from './envelope.ts';
import { PositiveId } from './ids.ts';
import { catalogueRecordEntries, wholeNumber } from './record-fields.ts';
import { OFFERING_DELIVERIES, PujaOffering } from './puja-offering.ts';
import { requiredText } from './text.ts';

/* ------------------------------------------------------------------------------------------
 * docs/product-rules.md, Chadhava offerings: a puja's add-ons (flowers, a lamp, vastra,
 * annadanam for N people), each priced per unit and either offered at the temple or sent with
 * the prasad. Nothing is chosen until the devotee chooses it; the server prices them.
 * ---------------------------------------------------------------------------------------- */

// The offering as the shop's pages read it lives apart (contract/puja-offering.ts): the puja's
// detail schema carries it into the first download, and these request schemas must not follow.
export {
  OFFERING_DELIVERIES,
  OFFERING_DELIVERY_LABELS,
  PujaOffering,
  type OfferingDelivery,
} from './puja-offering.ts';

export const MAX_OFFERING_NAME_LENGTH = 80;
export const MAX_OFFERING_DESCRIPTION_LENGTH = 300;
export const MAX_OFFERING_UNIT_LENGTH = 30;
/** The highest a staff member may set an offering's quantity limit (annadanam for 500 people). */
export const MAX_OFFERING_QUANTITY_LIMIT = 500;
/** The most offering lines one booking carries (one per offering of the puja). */
export const MAX_BOOKING_OFFERINGS = 20;
export const MAX_OFFERING_PRICE = 1_000_000;

export const offeringMessages = {
  listInvalid: 'offerings must be a list of {offeringId, quantity}',
  lineInvalid: 'Each offering must be an object with offeringId and quantity',
  offeringIdInvalid: 'offeringId must be a positive whole number',
  quantityInvalid: 'quantity must be a whole number from 1',
  tooMany: `A booking can have at most ${MAX_BOOKING_OFFERINGS} offerings`,
  duplicate: 'Each offering can be chosen only once (set its quantity instead)',
  // API answers
  notOffered: 'This offering is not available for this puja',
  tooMuch: (name: string, max: number) => `At most ${max} of “${name}” can be offered`,
  // staff
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  unitRequired: 'Unit is required',
  priceInvalid: `price must be a whole number of rupees from 1 to ${MAX_OFFERING_PRICE}`,
  deliveryInvalid: `delivery must be one of ${OFFERING_DELIVERIES.join(', ')}`,
  maxQuantityInvalid: `maxQuantity must be a whole number from 1 to ${MAX_OFFERING_QUANTITY_LIMIT}`,
  notFound: 'Offering not found',
  // the SPA's fallback
  chosenTooMany: (max: number) => `At most ${max}`,
} as const;

/** A booking's choice of one offering (POST /api/payments and /api/bookings: `offerings`). */
export const OfferingLine = v.object(
  {
    offeringId: PositiveId(offeringMessages.offeringIdInvalid),
    quantity: v.pipe(
      v.number(offeringMessages.quantityInvalid),
      v.safeInteger(offeringMessages.quantityInvalid),
      v.minValue(1, offeringMessages.quantityInvalid),
    ),
  },
  offeringMessages.lineInvalid,
);
export type OfferingLine = v.InferOutput<typeof OfferingLine>;

export const OfferingLines = v.pipe(
  v.nullish(v.array(OfferingLine, offeringMessages.listInvalid), []),
  v.maxLength(MAX_BOOKING_OFFERINGS, offeringMessages.tooMany),
  v.check(
    (lines) => new Set(lines.map((line) => line.offeringId)).size === lines.length,
    offeringMessages.duplicate,
  ),
);

/** An offering as a booking keeps it: its name, price and delivery when booked. */
export const BookedOffering = v.object({
  offeringId: v.number(),
  name: v.string(),
  unit: v.string(),
  price: v.number(),
  quantity: v.number(),
  delivery: v.picklist(OFFERING_DELIVERIES),
  /** price × quantity. */
  amount: v.number(),
});
export type BookedOffering = v.InferOutput<typeof BookedOffering>;

/** What the chosen offerings cost (the server's sum uses the same arithmetic). */
export const offeringsTotal = (lines: readonly { price: number; quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

/* ------------------------------------------------------------------------------------------
 * The staff API: GET/POST /api/admin/pujas/{id}/offerings, PUT /api/admin/offerings/{id},
 * POST /api/admin/offerings/{id}/retire and /restore.
 * ---------------------------------------------------------------------------------------- */

export const OfferingInput = v.object({
  name: requiredText('Name', offeringMessages.nameRequired, MAX_OFFERING_NAME_LENGTH),
  description: requiredText(
    'Description',
    offeringMessages.descriptionRequired,
    MAX_OFFERING_DESCRIPTION_LENGTH,
  ),
  unit: requiredText('Unit', offeringMessages.unitRequired, MAX_OFFERING_UNIT_LENGTH),
  price: wholeNumber(offeringMessages.priceInvalid, 1, MAX_OFFERING_PRICE),
  delivery: v.picklist(OFFERING_DELIVERIES, offeringMessages.deliveryInvalid),
  maxQuantity: wholeNumber(offeringMessages.maxQuantityInvalid, 1, MAX_OFFERING_QUANTITY_LIMIT),
});
export type OfferingInput = v.InferOutput<typeof OfferingInput>;

export const OfferingUpdate = v.object({
  ...OfferingInput.entries,
  version: wholeNumber('version must be a positive whole number', 1, Number.MAX_SAFE_INTEGER),
});

export const AdminOffering = v.object({
  ...PujaOffering.entries,
  pujaId: v.number(),
  ...catalogueRecordEntries,
});
export type AdminOffering = v.InferOutput<typeof AdminOffering>;
export const AdminOfferingListResponse = listResponse('offerings', AdminOffering);
export type AdminOfferingListResponse = v.InferOutput<typeof AdminOfferingListResponse>;
export const AdminOfferingResponse = recordResponse('offering', AdminOffering);
export type AdminOfferingResponse = v.InferOutput<typeof AdminOfferingResponse>;
