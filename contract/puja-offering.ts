import * as v from 'valibot';

/**
 * A puja's chadhava offering as the shop's pages read it (docs/product-rules.md, Chadhava
 * offerings). Apart from contract/offerings.ts, whose booking and staff schemas stay out of the
 * first download that the puja's detail schema is part of.
 */

export const OFFERING_DELIVERIES = ['temple', 'prasad'] as const;
export type OfferingDelivery = (typeof OFFERING_DELIVERIES)[number];

export const OFFERING_DELIVERY_LABELS: Record<OfferingDelivery, string> = {
  temple: 'Offered at the temple',
  prasad: 'Sent with your prasad',
};

/** An offering as the puja's page and the wizard show it (GET /pujas/{id}: `offerings`). */
export const PujaOffering = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** Whole rupees per unit. */
  price: v.number(),
  /** What one unit is ("lamp", "garland", "person"). */
  unit: v.string(),
  delivery: v.picklist(OFFERING_DELIVERIES),
  /** The most units one booking may take. */
  maxQuantity: v.number(),
});
export type PujaOffering = v.InferOutput<typeof PujaOffering>;
