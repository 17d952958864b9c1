import * as v from 'valibot';
import {
  canonicalNakshatra,
  canonicalRaashi,
  NAKSHATRA_OPTIONS,
  RAASHI_OPTIONS,
  type Nakshatra,
} from './raashi-nakshatra.ts';
import { MAX_SCRIPT_SPELLING_LENGTH, scriptSpellingMessages } from './temple-script.ts';
import { requiredPattern, requiredText, tooLongMessage } from './text.ts';

/**
 * A person as every form takes them (docs/product-rules.md, Persons): a booking's persons, the
 * account's family profiles and the birth-star suggestions share these fields, limits, messages
 * and checks.
 */

/** The most persons one booking names (the largest package has 6; this only bounds the request). */
export const MAX_BOOKING_PERSONS = 20;
export const MAX_PERSON_NAME_LENGTH = 100;
export const MAX_BIRTH_PLACE_LENGTH = 100;
export const MAX_GOTHRA_LENGTH = 60;
/** Dates of birth before this are refused as typing mistakes. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

export const personMessages = {
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
  personInvalid:
    'Each person must be an object with name, dateOfBirth, birthTime, birthPlace, raashi, nakshatra and gothra',
} as const;

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
    v.nullish(v.string(personMessages.dateOfBirthInvalid), ''),
    v.trim(),
    v.nonEmpty(personMessages.dateOfBirthRequired),
    v.check(isRealDate, personMessages.dateOfBirthInvalid),
    v.check((value) => value >= EARLIEST_DATE_OF_BIRTH, personMessages.dateOfBirthTooEarly),
    v.check((value) => value <= today(), personMessages.dateOfBirthFuture),
  );

/** A birth time as every form takes it (persons, the birth-star suggestions): HH:MM, 24-hour. */
export const birthTimeSchema = requiredPattern(
  HH_MM,
  personMessages.birthTimeRequired,
  personMessages.birthTimeInvalid,
);

/** `today` gives the latest allowed date of birth (YYYY-MM-DD); it is read on every parse. */
function personFields(today: () => string) {
  return {
    name: requiredText('Name', personMessages.nameRequired, MAX_PERSON_NAME_LENGTH),
    dateOfBirth: dateOfBirthSchema(today),
    birthTime: birthTimeSchema,
    birthPlace: requiredText('Birth place', personMessages.birthPlaceRequired, MAX_BIRTH_PLACE_LENGTH),
    raashi: choice(
      RAASHI_OPTIONS,
      canonicalRaashi,
      personMessages.raashiRequired,
      personMessages.raashiInvalid,
    ),
    nakshatra: choice(
      NAKSHATRA_OPTIONS,
      canonicalNakshatra,
      personMessages.nakshatraRequired,
      personMessages.nakshatraInvalid,
    ),
    gothra: requiredText('Gothra', personMessages.gothraRequired, MAX_GOTHRA_LENGTH),
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

const NotKnownMark = v.optional(v.boolean(personMessages.notKnownInvalid), false);

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
      personMessages.personInvalid,
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
