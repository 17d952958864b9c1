import { offeringsTotal, type OfferingLine, type PujaOffering } from '../../contract/offerings.ts';

/**
 * The chadhava offerings chosen in the wizard (docs/product-rules.md, Chadhava offerings):
 * quantities by offering id, none at first. Pure functions; the chart decides when they run.
 */

export interface OfferingsContext {
  /** The puja's offerings. */
  offerings: readonly PujaOffering[];
  /** How many of each are chosen (by id). */
  offeringQuantities: Record<number, number>;
}

/** An offering's stepper: how many (0 removes it). */
export type OfferingEvent = { type: 'offering.changed'; offeringId: number; quantity: number };

/** A saved draft's offerings, read loosely. */
export type SavedOfferings = readonly { offeringId?: unknown; quantity?: unknown }[] | undefined;

/**
 * The draft's offerings as quantities by id: only the puja's current offerings, each at most its
 * own limit (a retired one, or a limit lowered meanwhile, is not brought back).
 */
export function restoreOfferingQuantities(
  offerings: readonly PujaOffering[],
  saved: SavedOfferings,
): Record<number, number> {
  const quantities: Record<number, number> = {};
  for (const line of saved ?? []) {
    const offering = offerings.find((o) => o.id === line.offeringId);
    const quantity = line.quantity;
    if (!offering || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
      continue;
    quantities[offering.id] = Math.min(quantity, offering.maxQuantity);
  }
  return quantities;
}

/** One offering's quantity set, within 0 and its limit; an offering the puja lacks is ignored. */
export function changeOffering(context: OfferingsContext, event: OfferingEvent): Record<number, number> {
  const offering = context.offerings.find((o) => o.id === event.offeringId);
  if (!offering) return context.offeringQuantities;
  const wanted = Number.isSafeInteger(event.quantity) ? event.quantity : 0;
  const quantity = Math.min(Math.max(wanted, 0), offering.maxQuantity);
  const { [offering.id]: _old, ...rest } = context.offeringQuantities;
  return quantity > 0 ? { ...rest, [offering.id]: quantity } : rest;
}

/** The chosen offerings, in the puja's order (none unless the devotee chose them). */
export function offeringLinesOf(context: OfferingsContext): OfferingLine[] {
  return context.offerings
    .filter((offering) => (context.offeringQuantities[offering.id] ?? 0) > 0)
    .map((offering) => ({ offeringId: offering.id, quantity: context.offeringQuantities[offering.id]! }));
}

/** The chosen offerings' amount, for display (the server prices them itself). */
export const wizardOfferingsAmountOf = (context: OfferingsContext) =>
  offeringsTotal(
    context.offerings.map((o) => ({ price: o.price, quantity: context.offeringQuantities[o.id] ?? 0 })),
  );

/** The page's own total, for display (the server prices the booking itself): the package and the offerings. */
export const wizardTotalOf = (context: OfferingsContext & { price: number }) =>
  context.price + wizardOfferingsAmountOf(context);
