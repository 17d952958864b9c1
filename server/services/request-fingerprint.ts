import { createHash } from 'node:crypto';
import type { BookingCreateRequest } from '../../contract/booking.ts';
import type { OrderCreateRequest } from '../../contract/orders.ts';
import { paymentMethods } from '../../contract/payment-methods.ts';

const sha256 = (normalised: unknown) => createHash('sha256').update(JSON.stringify(normalised)).digest('hex');

/**
 * A fingerprint of what the customer asked for, taken from the validated (trimmed, upper-cased,
 * unknown-keys-dropped) request. The amounts and statuses the server ignores are left out, so a
 * retry that re-sends stale client totals is still the same request; everything that changes
 * the order (address, lines, payment, notes, coupon) is in, and so is the total the customer
 * agreed to (`expectedTotal`) when sent: a request agreeing to another total is another request.
 * Left out when absent, so a request without it keeps the fingerprint it always had.
 */
export function orderRequestHash(input: OrderCreateRequest): string {
  return sha256({
    addressId: input.address_id,
    items: input.items.map((item) => ({
      productId: item.product_id,
      quantity: item.quantity,
      size: item.variant?.size ?? null,
      color: item.variant?.color ?? null,
    })),
    paymentMethod: input.payment_method,
    paymentId: paymentMethods[input.payment_method].paidUpFront ? (input.payment_id ?? null) : null,
    notes: input.notes,
    couponCode: input.coupon_code,
    ...(input.expected_total != null ? { expectedTotal: input.expected_total } : {}),
    ...(input.whatsappUpdates ? { whatsappUpdates: true } : {}),
  });
}

/**
 * The same for a puja booking: the puja, package, persons (in order, trimmed), address (or
 * the gift's address and message), offerings and payment. Any amount the client sends is not part of the validated request, so it is not in.
 */
export function bookingRequestHash(input: BookingCreateRequest): string {
  return sha256({
    pujaId: input.pujaId,
    packageId: input.packageId,
    persons: input.persons.map((p) => [
      p.name,
      p.dateOfBirth,
      p.birthTime,
      p.birthPlace,
      p.raashi,
      p.nakshatra,
      p.gothra,
    ]),
    addressId: input.addressId,
    offerings: input.offerings.map((line) => [line.offeringId, line.quantity]),
    // The boxes count only when ticked, so a request from before they existed hashes as it did.
    gift:
      input.gift && !input.gift.recipientUpdates
        ? { address: input.gift.address, message: input.gift.message }
        : input.gift,
    paymentMethod: input.paymentMethod,
    paymentId: input.paymentId,
    ...(input.whatsappUpdates ? { whatsappUpdates: true } : {}),
  });
}
