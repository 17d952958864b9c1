import type { Address } from '../../contract/address.ts';
import { bookingMessages, type BookingDraft } from '../../contract/booking.ts';
import type { GiftInput } from '../../contract/gift.ts';
import { isBookingOpen } from '../../contract/policy.ts';
import { offeringMessages, offeringsTotal, type BookedOffering } from '../../contract/offerings.ts';
import { wrongScriptSpelling } from '../../contract/temple-script.ts';
import type { Db } from '../db/client.ts';
import { findAddress } from '../db/repositories/addresses.ts';
import { findPackageForBooking, findPujaForBooking } from '../db/repositories/bookings.ts';
import { findOfferingsForBooking } from '../db/repositories/offerings.ts';
import { placesLeftOf, placesTaken } from '../db/repositories/places.ts';
import { Refusal } from './refusal.ts';
import { accountBookingsOfPuja } from '../db/repositories/account-bookings.ts';
import { accountLimitMessage } from '../../contract/refusal-messages.ts';

/*
 * A booking's quote: what making it (services/bookings.ts) and pricing its payment intent
 * (services/payments.ts) both check, apart from both so that neither imports the other.
 */

type Puja = NonNullable<Awaited<ReturnType<typeof findPujaForBooking>>> & { pujaDate: string };
type Package = NonNullable<Awaited<ReturnType<typeof findPackageForBooking>>>;

/** A booking as the server priced it: the package's offer price and the chosen offerings. */
export interface BookingQuote {
  puja: Puja;
  pkg: Package;
  address: Address;
  offerings: BookedOffering[];
  amount: number;
  /** The date's places left for this customer (null: unlimited). */
  placesLeft: number | null;
}

/**
 * The chosen offerings priced from the catalogue (docs/product-rules.md, Chadhava offerings):
 * each must be one of the puja's live offerings, at most its own limit.
 */
async function priceOfferings(
  db: Db,
  pujaId: number,
  lines: BookingDraft['offerings'],
): Promise<BookedOffering[]> {
  const rows = await findOfferingsForBooking(
    db,
    pujaId,
    lines.map((line) => line.offeringId),
  );
  return lines.map((line) => {
    const row = rows.find((r) => r.id === line.offeringId);
    if (!row) throw Refusal.of('offering_not_offered');
    if (line.quantity > row.maxQuantity)
      throw new Refusal('offering_too_many', offeringMessages.tooMuch(row.name, row.maxQuantity));
    return {
      offeringId: row.id,
      name: row.name,
      unit: row.unit,
      price: row.price,
      quantity: line.quantity,
      delivery: row.delivery,
      amount: row.price * line.quantity,
    };
  });
}

/** A gift's address as a booking keeps it: the recipient's, in no address book (id 0). */
const giftAddressOf = (gift: GiftInput): Address => ({
  id: 0,
  ...gift.address,
  isDefault: false,
});

/**
 * Checks a booking draft exactly as making it would, in this order: the puja exists, the
 * package exists and is one of the puja's, the booking window is open at `now`
 * (docs/product-rules.md, Bookings), the number of persons is at most the package's and the places
 * left on the date (Places at the temple), the address is
 * the customer's (or a gift's own), the account holds fewer of the date's bookings than its cap, the offerings are the puja's. POST /api/payments prices
 * intents with this. Reads only.
 */
export async function quoteBooking(
  db: Db,
  userId: number,
  draft: BookingDraft,
  now: Date,
  /** countPlaces false: the places are not checked (joining a full date's waitlist). */
  { countPlaces = true }: { countPlaces?: boolean } = {},
): Promise<BookingQuote> {
  const puja = await findPujaForBooking(db, draft.pujaId);
  if (!puja) throw Refusal.of('puja_not_found');
  const pkg = await findPackageForBooking(db, draft.packageId);
  if (!pkg) throw Refusal.of('package_not_found');
  if (pkg.pujaId !== puja.id) throw Refusal.of('package_of_another_puja');
  if (puja.pujaDate === null || !isBookingOpen(puja.pujaDate, now)) throw Refusal.of('booking_closed');
  // docs/product-rules.md, Persons: 1 to the package's number (at least one is the schema's).
  if (draft.persons.length > pkg.noPersons)
    throw new Refusal('person_count_mismatch', bookingMessages.tooManyForPackage(pkg.noPersons));
  // docs/product-rules.md, Places at the temple: each person named takes one of the date's places;
  // places a waitlist offer holds for this customer are theirs (Waitlist).
  const placesLeft = placesLeftOf(puja.capacity, await placesTaken(db, puja.id, userId));
  if (countPlaces && placesLeft !== null && draft.persons.length > placesLeft)
    throw new Refusal('puja_full', bookingMessages.full(placesLeft));
  // Places at the temple: one account holds at most maxPerAccount bookings of a scarce date.
  if (puja.maxPerAccount !== null && (await accountBookingsOfPuja(db, userId, puja.id)) >= puja.maxPerAccount)
    throw new Refusal('puja_account_limit', accountLimitMessage(puja.maxPerAccount));
  const wrongScript = wrongScriptSpelling(draft.persons, puja.script);
  if (wrongScript) throw new Refusal('script_spelling_invalid', wrongScript);
  const address =
    draft.gift !== null
      ? giftAddressOf(draft.gift)
      : draft.addressId !== null
        ? await findAddress(db, userId, draft.addressId)
        : undefined;
  if (!address) throw new Refusal('address_not_found', bookingMessages.addressNotFound);
  const offerings = await priceOfferings(db, puja.id, draft.offerings);
  return {
    puja: { ...puja, pujaDate: puja.pujaDate },
    pkg,
    address,
    offerings,
    amount: pkg.offerPrice + offeringsTotal(offerings),
    placesLeft,
  };
}
