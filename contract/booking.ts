import * as v from 'valibot';
import { Address, AddressInput } from './address.ts';
import { BookedOffering, OfferingLines, type OfferingLine } from './offerings.ts';
import { BOOKING_STATES, Refund, Shipment, TimelineEntry, type BookingState } from './lifecycle.ts';
import { PositiveId } from './ids.ts';
import { bookingClosesAt } from './policy.ts';
import { MAX_PAYMENT_ID_LENGTH, orderMessages } from './orders.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, requiredText, tooLongMessage, wireText } from './text.ts';
import { MAX_SCRIPT_SPELLING_LENGTH, scriptSpellingMessages, TempleScript } from './temple-script.ts';

/* ------------------------------------------------------------------------------------------
 * docs/product-rules.md, Persons: the person form's fixed lists.
 * ---------------------------------------------------------------------------------------- */

export const RAASHI_OPTIONS = [
  'Mesh (Aries)',
  'Vrishabh (Taurus)',
  'Mithun (Gemini)',
  'Kark (Cancer)',
  'Simha (Leo)',
  'Kanya (Virgo)',
  'Tula (Libra)',
  'Vrishchik (Scorpio)',
  'Dhanu (Sagittarius)',
  'Makar (Capricorn)',
  'Kumbh (Aquarius)',
  'Meen (Pisces)',
] as const;
export type Raashi = (typeof RAASHI_OPTIONS)[number];

export const NAKSHATRA_OPTIONS = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;
export type Nakshatra = (typeof NAKSHATRA_OPTIONS)[number];

/**
 * The names a South Indian devotee knows them by (docs/product-rules.md, Persons). `south` is
 * shown first, before the spec's name ("Karka / Kark (Cancer)", "Karthigai / Krittika");
 * `aliases` are other spellings (Sanskrit, Tamil, Malayalam, Kannada) that are also understood.
 * The spec's value is what is stored.
 */
export const RAASHI_NAMES: Record<Raashi, { south: string; aliases: readonly string[] }> = {
  'Mesh (Aries)': { south: 'Mesha', aliases: ['Mesham'] },
  'Vrishabh (Taurus)': { south: 'Vrishabha', aliases: ['Rishabam', 'Edavam', 'Vrushabha'] },
  'Mithun (Gemini)': { south: 'Mithuna', aliases: ['Mithunam'] },
  'Kark (Cancer)': { south: 'Karka', aliases: ['Kadagam', 'Karkidakam', 'Karkataka'] },
  'Simha (Leo)': { south: 'Simha', aliases: ['Simham', 'Chingam'] },
  'Kanya (Virgo)': { south: 'Kanya', aliases: ['Kanni'] },
  'Tula (Libra)': { south: 'Tula', aliases: ['Thulam', 'Thula'] },
  'Vrishchik (Scorpio)': { south: 'Vrishchika', aliases: ['Viruchigam', 'Vrischikam', 'Vrushchika'] },
  'Dhanu (Sagittarius)': { south: 'Dhanu', aliases: ['Dhanusu', 'Dhanus'] },
  'Makar (Capricorn)': { south: 'Makara', aliases: ['Magaram', 'Makaram'] },
  'Kumbh (Aquarius)': { south: 'Kumbha', aliases: ['Kumbam', 'Kumbham'] },
  'Meen (Pisces)': { south: 'Meena', aliases: ['Meenam'] },
};

export const NAKSHATRA_NAMES: Record<Nakshatra, { south: string; aliases: readonly string[] }> = {
  Ashwini: { south: 'Aswini', aliases: ['Aswathi', 'Ashvini'] },
  Bharani: { south: 'Bharani', aliases: [] },
  Krittika: { south: 'Karthigai', aliases: ['Karthika', 'Kritika', 'Kruthika'] },
  Rohini: { south: 'Rohini', aliases: [] },
  Mrigashira: { south: 'Mirugasirisham', aliases: ['Makayiram', 'Mrigasira', 'Mrigashirsha'] },
  Ardra: { south: 'Thiruvathirai', aliases: ['Thiruvathira', 'Aridra', 'Arudra'] },
  Punarvasu: { south: 'Punarpoosam', aliases: ['Punartham'] },
  Pushya: { south: 'Poosam', aliases: ['Pooyam', 'Pushyami'] },
  Ashlesha: { south: 'Ayilyam', aliases: ['Aslesha', 'Ashlesha'] },
  Magha: { south: 'Magam', aliases: ['Makam', 'Makha'] },
  'Purva Phalguni': { south: 'Pooram', aliases: ['Pubba', 'Purvaphalguni'] },
  'Uttara Phalguni': { south: 'Uthiram', aliases: ['Uthram', 'Uttara', 'Uttaraphalguni'] },
  Hasta: { south: 'Hastham', aliases: ['Atham', 'Hastam'] },
  Chitra: { south: 'Chithirai', aliases: ['Chithira', 'Chitta', 'Chitta'] },
  Swati: { south: 'Swathi', aliases: ['Chothi', 'Svati'] },
  Vishakha: { south: 'Visakam', aliases: ['Vishakham', 'Visakha'] },
  Anuradha: { south: 'Anusham', aliases: ['Anizham', 'Anusha'] },
  Jyeshtha: { south: 'Kettai', aliases: ['Thrikketta', 'Jyeshta', 'Jyesta'] },
  Mula: { south: 'Moolam', aliases: ['Moola'] },
  'Purva Ashadha': { south: 'Pooradam', aliases: ['Poorvashadha', 'Purvashada'] },
  'Uttara Ashadha': { south: 'Uthiradam', aliases: ['Uthradam', 'Uttarashadha', 'Uttarashada'] },
  Shravana: { south: 'Thiruvonam', aliases: ['Sravana', 'Shravanam', 'Onam'] },
  Dhanishta: { south: 'Avittam', aliases: ['Dhanishtha', 'Shravishta'] },
  Shatabhisha: { south: 'Sathayam', aliases: ['Chathayam', 'Shatabhishak', 'Satabhisha'] },
  'Purva Bhadrapada': { south: 'Poorattathi', aliases: ['Pooruruttathi', 'Poorvabhadra', 'Purvabhadra'] },
  'Uttara Bhadrapada': { south: 'Uthirattathi', aliases: ['Uthrattathi', 'Uttarabhadra'] },
  Revati: { south: 'Revathi', aliases: ['Revathy'] },
};

/**
 * One order for both lists, South Indian name first, then the spec's (docs/product-rules.md,
 * Persons: the shop's devotees know these names first; the spec's name is the stored one):
 * "Karka / Kark (Cancer)", "Karthigai / Krittika", and just the name where the two agree
 * ("Simha (Leo)", "Rohini").
 */
export function raashiLabel(value: Raashi): string {
  const { south } = RAASHI_NAMES[value];
  const [short] = value.split(' (');
  return south === short ? value : `${south} / ${value}`;
}

export function nakshatraLabel(value: Nakshatra): string {
  const { south } = NAKSHATRA_NAMES[value];
  return south === value ? value : `${south} / ${value}`;
}

const fold = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

function nameIndex<T extends string>(
  names: Record<T, { south: string; aliases: readonly string[] }>,
  label: (value: T) => string,
): Map<string, T> {
  const index = new Map<string, T>();
  for (const [value, { south, aliases }] of Object.entries(names) as [T, (typeof names)[T]][]) {
    const short = value.split(' (')[0]!;
    // The old spec-first order too ("Krittika / Karthigai"): a client from before may still send it.
    const spellings = [value, short, south, label(value), `${value} / ${south}`, ...aliases];
    for (const name of spellings) index.set(fold(name), value);
  }
  return index;
}

const raashiIndex = nameIndex(RAASHI_NAMES, raashiLabel);
const nakshatraIndex = nameIndex(NAKSHATRA_NAMES, nakshatraLabel);

/**
 * The stored raashi for any of its names ("Karka", "kadagam", "Kark (Cancer)", the label), or
 * the text unchanged when it names none (the schema then refuses it).
 */
export const canonicalRaashi = (text: string): string => raashiIndex.get(fold(text)) ?? text;
export const canonicalNakshatra = (text: string): string => nakshatraIndex.get(fold(text)) ?? text;

/* ------------------------------------------------------------------------------------------
 * Limits and enumerations.
 * ---------------------------------------------------------------------------------------- */

export const MAX_PERSON_NAME_LENGTH = 100;
export const MAX_BIRTH_PLACE_LENGTH = 100;
export const MAX_GOTHRA_LENGTH = 60;
/** The largest package has 6 persons; this only bounds the request. */
export const MAX_BOOKING_PERSONS = 20;
/** The prasad card's message of a gift (docs/product-rules.md, Gift a puja). */
export const MAX_GIFT_MESSAGE_LENGTH = 200;
/** Dates of birth before this are refused as typing mistakes. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** Only online payment is offered for pujas (full advance payment, docs/product-rules.md, Bookings). */
export const BOOKING_PAYMENT_METHODS = ['online'] as const;
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];
/** A new booking is `confirmed`; the others are its lifecycle's (machines/booking-lifecycle/). */
export type BookingStatus = BookingState;
export const BOOKING_PAYMENT_STATUSES = ['completed', 'refunded'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** A payment id as the payment step issues it, e.g. `pay_sim_lx3k9a2b`. */
export const BOOKING_PAYMENT_ID = /^pay_[A-Za-z0-9_.:-]{1,96}$/;

/* ------------------------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------------------------- */

const persons = (n: number) => `${n} ${n === 1 ? 'person' : 'persons'}`;

export const bookingMessages = {
  // docs/product-rules.md, Persons (shown under each field of the person form)
  nameRequired: 'Name is required',
  dateOfBirthRequired: 'Date of birth is required',
  birthTimeRequired: 'Birth time is required',
  birthPlaceRequired: 'Birth place is required',
  raashiRequired: 'Raashi is required',
  nakshatraRequired: 'Nakshatra is required',
  gothraRequired: 'Gothra is required',
  // the person form: our rules
  dateOfBirthInvalid: 'Date of birth must be a real date (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth cannot be before 1900',
  birthTimeInvalid: 'Birth time must be a 24-hour time (HH:MM)',
  raashiInvalid: 'Please choose a raashi from the list',
  nakshatraInvalid: 'Please choose a nakshatra from the list',
  nameTooLong: tooLongMessage('Name', MAX_PERSON_NAME_LENGTH),
  birthPlaceTooLong: tooLongMessage('Birth place', MAX_BIRTH_PLACE_LENGTH),
  gothraTooLong: tooLongMessage('Gothra', MAX_GOTHRA_LENGTH),
  notKnownInvalid: 'birthTimeNotKnown and birthPlaceNotKnown must be true or false',
  // request validation
  personInvalid:
    'Each person must be an object with name, dateOfBirth, birthTime, birthPlace, raashi, nakshatra and gothra',
  personsRequired: 'Please enter the details of at least one person',
  personsInvalid: 'persons must be a list of person details',
  tooManyPersons: `A booking can have at most ${MAX_BOOKING_PERSONS} persons`,
  pujaIdInvalid: 'pujaId must be a positive whole number',
  packageIdInvalid: 'packageId must be a positive whole number',
  // docs/product-rules.md, Bookings (the wizard's alert); also the API's answer to a missing addressId
  addressRequired: 'Please select or add an address',
  addressIdInvalid: 'addressId must be a positive whole number',
  giftInvalid: 'gift must be an object with address and message',
  giftMessageTooLong: tooLongMessage('Gift message', MAX_GIFT_MESSAGE_LENGTH),
  giftMessageInvalid: notAllowedMessage('Gift message'),
  paymentMethodInvalid: 'Puja bookings can only be paid online (paymentMethod must be "online")',
  paymentIdRequired: 'Please complete the payment first (paymentId is missing)',
  paymentIdInvalid: `paymentId must start with "pay_" and have at most ${MAX_PAYMENT_ID_LENGTH} letters, digits, "_", "-", "." or ":"`,
  idempotencyKeyInvalid: orderMessages.idempotencyKeyInvalid,
  // API answers
  pujaNotFound: 'Puja not found',
  packageNotFound: 'Package not found',
  packageOfAnotherPuja: 'This package belongs to another puja',
  /** docs/product-rules.md, Persons: a package for N persons takes 1 to N. */
  tooManyForPackage: (noPersons: number) =>
    noPersons === 1
      ? 'This package is for 1 person; please enter the details of one person'
      : `This package is for up to ${persons(noPersons)}; please enter at most ${noPersons}`,
  closed: 'Booking for this puja has closed',
  addressNotFound: 'Address not found',
  idempotencyMismatch: orderMessages.idempotencyMismatch,
  notFound: 'Booking not found',
  // SPA fallbacks (docs/product-rules.md, Messages and errors)
  createFailed: 'Failed to create booking',
  listFailed: 'Failed to fetch bookings',
  readFailed: 'Failed to fetch booking details',
  calendarFailed: 'Failed to make the calendar file',
} as const;

/* ------------------------------------------------------------------------------------------
 * The booking window (docs/product-rules.md, Booking window and countdowns), shared by the SPA and the server.
 * ---------------------------------------------------------------------------------------- */

/** A window closing at the ISO instant `closesAt` is still open at `now` (missing or invalid: closed). */
export function isWindowOpenAt(closesAt: string | null | undefined, now: Date): boolean {
  const at = closesAt ? Date.parse(closesAt) : NaN;
  return !Number.isNaN(at) && at > now.getTime();
}

/** Booking a puja on `pujaDate` is open at `now`: before its sankalp lock (bookingClosesAt). */
export function isBookingOpen(pujaDate: string | null | undefined, now: Date): boolean {
  return isWindowOpenAt(bookingClosesAt(pujaDate), now);
}

/**
 * The latest calendar date anywhere on Earth (UTC+14) at `now`, as YYYY-MM-DD: the server's
 * "today" for dates of birth, so a customer in any time zone can enter their own today.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The device's own calendar date as YYYY-MM-DD: the SPA's "today" for its forms. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/* ------------------------------------------------------------------------------------------
 * One person's details (docs/product-rules.md, Persons).
 * ---------------------------------------------------------------------------------------- */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** True for a YYYY-MM-DD that names a real day (no 2001-02-29, no 2024-13-01). */
export function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A required choice from a fixed list, by any of its names (stored by the list's own): blank is
 * "required", anything else off the list is refused.
 */
const choice = <const T extends readonly string[]>(
  options: T,
  canonical: (text: string) => string,
  required: string,
  invalid: string,
) =>
  v.pipe(
    v.nullish(v.string(invalid), ''),
    v.trim(),
    v.nonEmpty(required),
    v.transform(canonical),
    v.picklist(options, invalid),
  );

/**
 * A date of birth as every form takes it (persons, family, the birth-star suggestions): a real
 * date, from EARLIEST_DATE_OF_BIRTH to `today()` (YYYY-MM-DD, read on every parse).
 */
export const dateOfBirthSchema = (today: () => string) =>
  v.pipe(
    v.nullish(v.string(bookingMessages.dateOfBirthInvalid), ''),
    v.trim(),
    v.nonEmpty(bookingMessages.dateOfBirthRequired),
    v.check(isRealDate, bookingMessages.dateOfBirthInvalid),
    v.check((value) => value >= EARLIEST_DATE_OF_BIRTH, bookingMessages.dateOfBirthTooEarly),
    v.check((value) => value <= today(), bookingMessages.dateOfBirthFuture),
  );

/** `today` gives the latest allowed date of birth (YYYY-MM-DD); it is read on every parse. */
function personFields(today: () => string) {
  return {
    name: requiredText('Name', bookingMessages.nameRequired, MAX_PERSON_NAME_LENGTH),
    dateOfBirth: dateOfBirthSchema(today),
    birthTime: v.pipe(
      v.nullish(v.string(bookingMessages.birthTimeInvalid), ''),
      v.trim(),
      v.nonEmpty(bookingMessages.birthTimeRequired),
      v.regex(HH_MM, bookingMessages.birthTimeInvalid),
    ),
    birthPlace: requiredText('Birth place', bookingMessages.birthPlaceRequired, MAX_BIRTH_PLACE_LENGTH),
    raashi: choice(
      RAASHI_OPTIONS,
      canonicalRaashi,
      bookingMessages.raashiRequired,
      bookingMessages.raashiInvalid,
    ),
    nakshatra: choice(
      NAKSHATRA_OPTIONS,
      canonicalNakshatra,
      bookingMessages.nakshatraRequired,
      bookingMessages.nakshatraInvalid,
    ),
    gothra: requiredText('Gothra', bookingMessages.gothraRequired, MAX_GOTHRA_LENGTH),
  };
}

/**
 * The fields a devotee may mark "not known" (docs/product-rules.md, Persons): the birth time, the
 * birth place and the nakshatra (priests recite the name and gothra without the star).
 */
export const NOT_KNOWN_FIELDS = ['birthTime', 'birthPlace', 'nakshatra'] as const;
export type NotKnownField = (typeof NOT_KNOWN_FIELDS)[number];
/** The request's mark for each: `birthTimeNotKnown: true` stores the birth time as not known. */
export const notKnownFlag = {
  birthTime: 'birthTimeNotKnown',
  birthPlace: 'birthPlaceNotKnown',
  nakshatra: 'nakshatraNotKnown',
} as const;
/** How the read-back, the booking and the sankalp sheet show a nakshatra marked not known. */
export const NAKSHATRA_NOT_KNOWN_LABEL = 'Not known';
type NotKnownFlag = (typeof notKnownFlag)[NotKnownField];

const NotKnownMark = v.optional(v.boolean(bookingMessages.notKnownInvalid), false);

/** A spelling in the temple's script given by hand: blank is none (null), at most MAX_SCRIPT_SPELLING_LENGTH. */
const ScriptSpelling = v.pipe(
  v.nullable(v.string(scriptSpellingMessages.notText)),
  v.transform((text) => text?.normalize('NFC').replace(/\s+/g, ' ').trim() || null),
  v.check(
    (text) => text === null || text.length <= MAX_SCRIPT_SPELLING_LENGTH,
    scriptSpellingMessages.tooLong,
  ),
);

/**
 * The person schema with a given "today" (the SPA passes its local date, the server its
 * clock's). Birth time and birth place marked not known are read back as null, whatever was
 * typed in them; unmarked, they are required.
 */
export const bookingPersonSchema = (today: () => string) => {
  const fields = personFields(today);
  return v.pipe(
    v.object(
      {
        ...fields,
        // Checked below, unless marked not known (a missing key is then fine).
        birthTime: v.optional(v.unknown()),
        birthPlace: v.optional(v.unknown()),
        nakshatra: v.optional(v.unknown()),
        birthTimeNotKnown: NotKnownMark,
        birthPlaceNotKnown: NotKnownMark,
        // The name and gothra as the priest reads them, when corrected by hand; the server checks
        // they are in the temple's script (docs/product-rules.md, The sankalp in the temple's script).
        nameInScript: v.optional(ScriptSpelling),
        gothraInScript: v.optional(ScriptSpelling),
        nakshatraNotKnown: NotKnownMark,
      },
      bookingMessages.personInvalid,
    ),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { birthTimeNotKnown, birthPlaceNotKnown, nakshatraNotKnown, ...person } = dataset.value;
      const known: { birthTime: string | null; birthPlace: string | null; nakshatra: Nakshatra | null } = {
        birthTime: null,
        birthPlace: null,
        nakshatra: null,
      };
      const marks: Record<NotKnownFlag, boolean> = {
        birthTimeNotKnown,
        birthPlaceNotKnown,
        nakshatraNotKnown,
      };
      for (const field of NOT_KNOWN_FIELDS) {
        if (marks[notKnownFlag[field]]) continue;
        const result = v.safeParse(fields[field], person[field], { abortPipeEarly: true });
        if (!result.success) {
          addIssue({ message: result.issues[0].message });
          return NEVER;
        }
        (known as Record<NotKnownField, string | null>)[field] = result.output;
      }
      return { ...person, ...known };
    }),
  );
};

/** One person's details, validated against the current date (see latestToday). */
export const BookingPerson = bookingPersonSchema(() => latestToday(new Date()));
export type BookingPerson = v.InferOutput<typeof BookingPerson>;

/** The person form's text fields. */
export const PERSON_FIELDS = [
  'name',
  'dateOfBirth',
  'birthTime',
  'birthPlace',
  'raashi',
  'nakshatra',
  'gothra',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/** A person's name or gothra in the temple's script, as given by hand. */
export type ScriptSpellingField = 'nameInScript' | 'gothraInScript';

/**
 * A person form as the SPA holds it: every text field '' when not filled in, the marks (a form from
 * before the nakshatra's mark has none: not marked), and the name and gothra in the temple's script
 * when corrected by hand at the read-back.
 */
export type PersonDraft = Record<PersonField, string> &
  Record<'birthTimeNotKnown' | 'birthPlaceNotKnown', boolean> & { nakshatraNotKnown?: boolean } & Partial<
    Record<ScriptSpellingField, string>
  >;
export const emptyPerson = (): PersonDraft => ({
  name: '',
  dateOfBirth: '',
  birthTime: '',
  birthPlace: '',
  raashi: '',
  nakshatra: '',
  gothra: '',
  birthTimeNotKnown: false,
  birthPlaceNotKnown: false,
  nakshatraNotKnown: false,
});

export type PersonErrors = Partial<Record<PersonField, string>>;

/**
 * The first problem with each field of one person form (e.g. `{ raashi: 'Raashi is required' }`),
 * or `{}` when the person is valid. A field marked not known has none. `today` is YYYY-MM-DD
 * (the SPA passes `localToday()`).
 */
export function validatePerson(
  values: Partial<Record<PersonField, unknown> & Record<NotKnownFlag, unknown>>,
  today: string,
): PersonErrors {
  const fields = personFields(() => today);
  const errors: PersonErrors = {};
  for (const field of PERSON_FIELDS) {
    if ((NOT_KNOWN_FIELDS as readonly string[]).includes(field)) {
      if (values[notKnownFlag[field as NotKnownField]] === true) continue;
    }
    const result = v.safeParse(fields[field], values[field], { abortPipeEarly: true });
    if (!result.success) errors[field] = result.issues[0].message;
  }
  return errors;
}

/* ------------------------------------------------------------------------------------------
 * A gift (docs/product-rules.md, Gift a puja): the recipient's address, checked like the
 * address form's (contract/address.ts) but never saved in the giver's address book, and a
 * short plain-text message printed on the prasad card.
 * ---------------------------------------------------------------------------------------- */

const { isDefault: _isDefault, ...giftAddressEntries } = AddressInput.entries;

export const GiftInput = v.object(
  {
    address: v.object(giftAddressEntries, bookingMessages.giftInvalid),
    message: v.pipe(
      wireText(bookingMessages.giftMessageInvalid),
      v.trim(),
      v.maxLength(MAX_GIFT_MESSAGE_LENGTH, bookingMessages.giftMessageTooLong),
      v.check((value) => !FORBIDDEN_TEXT.test(value), bookingMessages.giftMessageInvalid),
    ),
  },
  bookingMessages.giftInvalid,
);
export type GiftInput = v.InferOutput<typeof GiftInput>;

/** The gift as the SPA sends it (the address form's fields as typed). */
export interface GiftDraft {
  address: Record<keyof typeof giftAddressEntries, string>;
  message: string;
}

/* ------------------------------------------------------------------------------------------
 * POST /api/bookings
 * ---------------------------------------------------------------------------------------- */

/**
 * What a booking is, without how it is paid, with a given "today" for dates of birth (the
 * server passes its clock). POST /api/payments prices exactly this (its `booking`), and
 * POST /api/bookings extends it with the payment fields. The amount is not part of it: the
 * server takes the price from the package, and any amount a client sends is dropped with the
 * other unknown keys.
 */
const bookingDraftEntries = (today: () => string) => ({
  pujaId: PositiveId(bookingMessages.pujaIdInvalid),
  packageId: PositiveId(bookingMessages.packageIdInvalid),
  persons: v.pipe(
    v.nullish(v.array(bookingPersonSchema(today), bookingMessages.personsInvalid), []),
    v.nonEmpty(bookingMessages.personsRequired),
    v.maxLength(MAX_BOOKING_PERSONS, bookingMessages.tooManyPersons),
  ),
  // Required unless the booking is a gift (checked by withAddressRule).
  addressId: v.optional(v.unknown()),
  /** docs/product-rules.md, Chadhava offerings: none unless chosen. */
  offerings: OfferingLines,
  /** docs/product-rules.md, Gift a puja: the prasad goes to this address, with this message. */
  gift: v.nullish(GiftInput, null),
});

const AddressIdRule = PositiveId(bookingMessages.addressIdInvalid, bookingMessages.addressRequired);

/**
 * The prasad's address: a gift carries its own (the recipient's, typed in), any other booking
 * names one of the customer's saved addresses. A gift's addressId is ignored (null).
 */
const withAddressRule = <T extends { addressId?: unknown; gift: GiftInput | null }>(
  dataset: T,
  addIssue: (issue: { message: string }) => void,
): (Omit<T, 'addressId'> & { addressId: number | null }) | undefined => {
  if (dataset.gift !== null) return { ...dataset, addressId: null };
  const result = v.safeParse(AddressIdRule, dataset.addressId, { abortPipeEarly: true });
  if (!result.success) {
    addIssue({ message: result.issues[0].message });
    return undefined;
  }
  return { ...dataset, addressId: result.output };
};

export const bookingDraftSchema = (today: () => string, message?: string) =>
  v.pipe(
    v.object(bookingDraftEntries(today), message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => withAddressRule(dataset.value, addIssue) ?? NEVER),
  );
export const BookingDraft = bookingDraftSchema(() => latestToday(new Date()));
export type BookingDraft = v.InferOutput<typeof BookingDraft>;

/** POST /api/bookings: the draft plus its payment (the id of a captured payment). */
export const bookingCreateRequestSchema = (today: () => string) =>
  v.pipe(
    v.object({
      ...bookingDraftEntries(today),
      paymentMethod: v.pipe(
        v.nullish(v.string(bookingMessages.paymentMethodInvalid), ''),
        v.picklist(BOOKING_PAYMENT_METHODS, bookingMessages.paymentMethodInvalid),
      ),
      paymentId: v.pipe(
        v.nullish(v.string(bookingMessages.paymentIdInvalid), ''),
        v.trim(),
        v.nonEmpty(bookingMessages.paymentIdRequired),
        v.regex(BOOKING_PAYMENT_ID, bookingMessages.paymentIdInvalid),
      ),
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => withAddressRule(dataset.value, addIssue) ?? NEVER),
  );

export const BookingCreateRequest = bookingCreateRequestSchema(() => latestToday(new Date()));
export type BookingCreateRequest = v.InferOutput<typeof BookingCreateRequest>;

/** The booking as POST /api/payments prices it: the create payload without its payment fields. */
export interface BookingDraftPayload {
  pujaId: number;
  packageId: number;
  persons: PersonDraft[];
  /** A saved address of the customer's; null for a gift, which carries its own. */
  addressId: number | null;
  offerings?: OfferingLine[];
  gift?: GiftDraft | null;
}

/** What the SPA sends to POST /api/bookings. */
export interface BookingCreatePayload extends BookingDraftPayload {
  paymentMethod: BookingPaymentMethod;
  paymentId: string;
}
// Compile-time check: every payload of that type is one the schema reads.
type _PayloadFitsSchema = Assert<
  BookingCreatePayload extends v.InferInput<typeof BookingCreateRequest> ? true : false
>;
type _DraftFitsSchema = Assert<BookingDraftPayload extends v.InferInput<typeof BookingDraft> ? true : false>;
type Assert<T extends true> = T;

/* ------------------------------------------------------------------------------------------
 * Reading bookings: POST's answer, GET /api/bookings/{id} and GET /api/bookings
 * ---------------------------------------------------------------------------------------- */

/** A stored person, as read back (already validated when the booking was made); null is "not known". */
export const BookedPerson = v.object({
  name: v.string(),
  dateOfBirth: v.string(),
  birthTime: v.nullable(v.string()),
  birthPlace: v.nullable(v.string()),
  raashi: v.picklist(RAASHI_OPTIONS),
  nakshatra: v.nullable(v.picklist(NAKSHATRA_OPTIONS)),
  gothra: v.string(),
  /** The name and gothra in the temple's script as corrected by hand; null: worked out from the Latin. */
  nameInScript: v.optional(v.nullable(v.string())),
  gothraInScript: v.optional(v.nullable(v.string())),
});
export type BookedPerson = v.InferOutput<typeof BookedPerson>;

export const Booking = v.object({
  id: v.number(),
  /** e.g. PUJ-20261122-000007 (the date in India). */
  bookingNumber: v.string(),
  /** ISO 8601 (UTC); the SPA formats it for en-IN. */
  createdAt: v.string(),
  status: v.picklist(BOOKING_STATES),
  paymentStatus: v.picklist(BOOKING_PAYMENT_STATUSES),
  paymentMethod: v.picklist(BOOKING_PAYMENT_METHODS),
  paymentId: v.string(),
  /** The puja as it was when booked. `image` is relative; the SPA prefixes the API base. */
  puja: v.object({
    id: v.number(),
    pujaName: v.string(),
    place: v.string(),
    pujaDate: v.string(),
    image: v.string(),
    /** The script the temple's priest reads the sankalp in (the read-back on the booking page). */
    script: v.optional(TempleScript),
  }),
  package: v.object({ id: v.number(), title: v.string(), noPersons: v.number() }),
  /** In the order they were entered. */
  persons: v.array(BookedPerson),
  /** The address as it was when booked (later edits do not change it). */
  address: Address,
  /** What was paid, in whole rupees: the package's offer price when booked and the offerings. */
  amount: v.number(),
  /** The package's offer price when booked. */
  packageAmount: v.number(),
  /** The chadhava offerings chosen, as priced when booked (docs/product-rules.md, Chadhava offerings). */
  offerings: v.array(BookedOffering),
  /** A gift: the sankalp is the recipients', the prasad goes to `address`, with this card message. */
  gift: v.nullable(v.object({ message: v.string() })),
  currency: v.literal('INR'),
  /** The new dates offered after the puja could not be performed (ISO 8601). */
  offeredDates: v.array(v.string()),
  /** The proof of the puja once performed: the video link (allowlisted) and photo upload ids. */
  proof: v.nullable(v.object({ videoUrl: v.string(), photoIds: v.array(v.string()) })),
  /** The prasad's carrier and tracking number, once shipped. */
  prasad: v.nullable(Shipment),
  /** The money going back, once cancelled or refunded instead of a new date. */
  refund: v.nullable(Refund),
  /** Every step of its life, oldest first. */
  timeline: v.array(TimelineEntry),
});
export type Booking = v.InferOutput<typeof Booking>;

export const BookingResponse = v.object({ booking: Booking });
export type BookingResponse = v.InferOutput<typeof BookingResponse>;

export const BookingCreateResponse = BookingResponse;
/** POST /api/bookings/{id}/events: the booking after the step. */
export const BookingEventResponse = BookingResponse;
export type BookingEventResponse = BookingResponse;
export type BookingCreateResponse = BookingResponse;

export const BookingSummary = v.object({
  id: v.number(),
  bookingNumber: v.string(),
  createdAt: v.string(),
  pujaName: v.string(),
  packageTitle: v.string(),
  pujaDate: v.string(),
  personCount: v.number(),
  amount: v.number(),
  status: v.picklist(BOOKING_STATES),
  /** A gift, and to whom (the prasad's recipient). */
  gift: v.optional(v.nullable(v.object({ recipientName: v.nullable(v.string()) })), null),
});
export type BookingSummary = v.InferOutput<typeof BookingSummary>;

export const BookingListResponse = v.object({ bookings: v.array(BookingSummary) });
export type BookingListResponse = v.InferOutput<typeof BookingListResponse>;
