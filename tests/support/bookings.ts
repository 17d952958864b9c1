import type { Booking, BookingCreatePayload } from '../../contract/booking.ts';
import type { PersonDraft } from '../../contract/person.ts';
import type { Db } from '../../server/db/client.ts';
import { UNPAID } from './payments.ts';
import { testAuthorisation } from './authorisation.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A valid person form; override any field. */
export const person = (overrides: Partial<PersonDraft> = {}): PersonDraft => ({
  name: 'Asha Rao',
  dateOfBirth: '1988-03-14',
  birthTime: '06:45',
  birthPlace: 'Udupi',
  raashi: 'Simha (Leo)',
  nakshatra: 'Magha',
  gothra: 'Kashyapa',
  birthTimeNotKnown: false,
  birthPlaceNotKnown: false,
  nakshatraNotKnown: false,
  ...overrides,
});

/** Lakshmi Iyer's birth details and gothra, as a family profile or a booking's person gives them. */
/** What an empty person gets, field by field: the seven messages of docs/product-rules.md (Persons). */
export const EVERY_PERSON_FIELD_REQUIRED = {
  name: 'Name is required',
  dateOfBirth: 'Date of birth is required',
  birthTime: 'Birth time is required',
  birthPlace: 'Birth place is required',
  raashi: 'Raashi is required',
  nakshatra: 'Nakshatra is required',
  gothra: 'Gothra is required',
};

export const lakshmiIyer = {
  name: 'Lakshmi Iyer',
  dateOfBirth: '1988-03-14',
  birthTime: '06:45',
  birthPlace: 'Udupi',
  raashi: 'Simha (Leo)',
  nakshatra: 'Magha',
  gothra: 'Bharadwaja',
} as const;

/** Ravi, the second person of a two-person package. */
export const ravi = () =>
  person({
    name: 'Ravi Rao',
    dateOfBirth: '1985-11-02',
    birthTime: '21:10',
    birthPlace: 'Mangaluru',
    raashi: 'Kanya (Virgo)',
    nakshatra: 'Hasta',
  });

/** A devotee born in Thanjavur, as a booking's person is sent without the "not known" marks. */
export const bornInThanjavur = (name: string) =>
  ({
    name,
    dateOfBirth: '1990-07-21',
    birthTime: '05:30',
    birthPlace: 'Thanjavur',
    raashi: 'Tula (Libra)',
    nakshatra: 'Swati',
    gothra: 'Vasishta',
  }) as const;

/** What a booking has before anything happens to it after the sale (its timeline aside). */
export const nothingAfterTheSale: Pick<
  Booking,
  'offerings' | 'gift' | 'currency' | 'offeredDates' | 'dateChanges' | 'proof' | 'prasad' | 'refund'
> = {
  offerings: [],
  gift: null,
  currency: 'INR',
  offeredDates: [],
  dateChanges: 0,
  proof: null,
  prasad: null,
  refund: null,
};

/**
 * A booking as the API returns it once paid online, before anything happens to it after the
 * sale: no offerings, gift, dates offered or moves, proof, prasad or refund, and an empty timeline.
 */
export const paidBooking = (
  fields: Pick<
    Booking,
    'bookingNumber' | 'createdAt' | 'paymentId' | 'puja' | 'package' | 'persons' | 'address'
  > &
    Pick<Booking, 'amount' | 'packageAmount'>,
): Booking => ({
  id: 7,
  status: 'confirmed',
  paymentStatus: 'completed',
  paymentMethod: 'online',
  ...nothingAfterTheSale,
  timeline: [],
  ...fields,
});

/** A person form as the API reads it back: the marks gone, a field marked not known null. */
export function asBooked({
  birthTimeNotKnown,
  birthPlaceNotKnown,
  nakshatraNotKnown,
  ...fields
}: PersonDraft) {
  return {
    ...fields,
    birthTime: birthTimeNotKnown ? null : fields.birthTime,
    birthPlace: birthPlaceNotKnown ? null : fields.birthPlace,
    nakshatra: nakshatraNotKnown === true ? null : fields.nakshatra,
  };
}

/** The four benefits every puja lists, each named by its number. */
export const fourBenefits = {
  benefitTitle1: 'One',
  benefitDesc1: 'One',
  benefitTitle2: 'Two',
  benefitDesc2: 'Two',
  benefitTitle3: 'Three',
  benefitDesc3: 'Three',
  benefitTitle4: 'Four',
  benefitDesc4: 'Four',
};

/** A valid body for the back office's new puja: a homam a fortnight away, described as given. */
export const adminPujaInput = (description: string) => ({
  pujaName: 'Walk Homam',
  place: 'Test Temple, Udupi',
  pujaDate: new Date(Date.now() + 14 * DAY).toISOString(),
  description,
  image: '/images/pujas/saraswati-homam-kollur.svg',
  inDemand: false,
  script: 'kannada',
  ...fourBenefits,
  ...testAuthorisation,
});

export interface TestPuja {
  id: number;
  pujaName: string;
  place: string;
  pujaDate: string | null;
  image: string;
  /** Package ids by number of persons. */
  packages: Record<number, { id: number; title: string; offerPrice: number }>;
}

let counter = 0;

/**
 * Adds a puja to the test catalogue, with a 1-, 2- and 4-person package (offer prices 1,101,
 * 2,202 and 4,404; list prices 500 more). `closesInDays` is from `now`; null gives no date, a
 * string is stored as it is (for invalid dates).
 */
export async function addPuja(
  db: Db,
  { closesInDays = 30, now = new Date() }: { closesInDays?: number | null | string; now?: Date } = {},
): Promise<TestPuja> {
  const n = ++counter;
  const pujaDate =
    typeof closesInDays === 'string'
      ? closesInDays
      : closesInDays === null
        ? null
        : new Date(now.getTime() + closesInDays * DAY).toISOString();
  const puja = {
    pujaName: `Test Homam ${n}`,
    place: `Test Temple ${n}, Udupi`,
    image: `/images/pujas/test-homam-${n}.svg`,
  };
  const { id } = await db
    .insertInto('puja')
    .values({
      ...puja,
      noDevotes: 10,
      pujaDate,
      startDate: pujaDate,
      description: '<p>A puja for the booking tests.</p>',
      inDemand: 0,
      ...fourBenefits,
      ...testAuthorisation,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packages: TestPuja['packages'] = {};
  for (const noPersons of [1, 2, 4]) {
    const offerPrice = 1101 * noPersons;
    const title = `${noPersons}-person package ${n}`;
    const row = await db
      .insertInto('pujaPackage')
      .values({
        pujaId: id,
        title,
        description: `For ${noPersons}`,
        noPersons,
        price: offerPrice + 500,
        offerPrice,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    packages[noPersons] = { id: row.id, title, offerPrice };
  }
  return { id, ...puja, pujaDate, packages };
}

/**
 * A valid create payload for `noPersons` persons of the puja's package of that size, not yet paid
 * for (paymentId UNPAID; see paid() in tests/support/payments.ts).
 */
export function bookingBody(
  puja: TestPuja,
  addressId: number,
  noPersons = 2,
  extra: Partial<BookingCreatePayload> = {},
): BookingCreatePayload {
  const pkg = puja.packages[noPersons];
  if (!pkg) throw new Error(`No ${noPersons}-person package`);
  return {
    pujaId: puja.id,
    packageId: pkg.id,
    persons: Array.from({ length: noPersons }, (_, i) => person({ name: `Person ${i + 1}` })),
    addressId,
    paymentMethod: 'online',
    // Replaced by a real payment when posted through paid() (tests/support/payments.ts).
    paymentId: UNPAID,
    ...extra,
  };
}

/** Rows in the bookings and booking_persons tables. */
export async function countBookingRows(db: Db): Promise<{ bookings: number; persons: number }> {
  const count = async (table: 'bookings' | 'bookingPersons') => {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  return { bookings: await count('bookings'), persons: await count('bookingPersons') };
}
