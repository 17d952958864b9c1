import { MAX_BOOKING_PERSONS } from '../../contract/booking.ts';
import {
  emptyPerson,
  NOT_KNOWN_FIELDS,
  notKnownFlag,
  PERSON_FIELDS,
  validatePerson,
  type NotKnownField,
  type PersonDraft,
  type PersonErrors,
  type PersonField,
  type ScriptSpellingField,
} from '../../contract/person.ts';

/**
 * The wizard's person forms (docs/product-rules.md, Persons): one form per person, 1 up to the
 * package's number, each validated on every change. Pure functions from the forms and an event's
 * fields to the forms' new values; the chart (puja-wizard.machine.ts) decides when they run.
 */

export type Touched = Partial<Record<PersonField, true>>;

/** The person forms as the wizard's context holds them. */
export interface PersonForms {
  /** One form per person, 1 to the package's number. */
  persons: PersonDraft[];
  /** Every field's first problem, kept current; the view shows those touched or, after a refused Next, all. */
  personErrors: PersonErrors[];
  touched: Touched[];
}

/** What the person forms' functions read: the forms and "today" (the latest date of birth allowed). */
export interface PersonFormsContext extends PersonForms {
  today: () => string;
}

/** The events of the person forms. */
export type PersonFormEvent =
  | { type: 'person.changed'; index: number; field: PersonField; value: string }
  | { type: 'person.blurred'; index: number; field: PersonField }
  /** "Birth time not known" / "Birth place not known" ticked or cleared: ticked empties the field. */
  | { type: 'person.notKnownChanged'; index: number; field: NotKnownField; notKnown: boolean }
  /** "Use this gothra for everyone": the first person's gothra into every other person's. */
  | { type: 'persons.gothraCopied' }
  /** "Add a person": one more empty form, up to the package's number. */
  | { type: 'person.added' }
  /** "Remove this person": the form goes, as long as one remains. */
  | { type: 'person.removed'; index: number }
  /** One tap on a saved family member: the person form filled with their details. */
  | { type: 'person.filled'; index: number; person: PersonDraft }
  /** A person's name or gothra in the temple's script corrected at the read-back ('' is none). */
  | { type: 'person.spelled'; index: number; field: ScriptSpellingField; value: string };

type Event<T extends PersonFormEvent['type']> = Extract<PersonFormEvent, { type: T }>;

/** A saved draft's persons, read loosely (only their text fields and not-known flags). */
export type SavedPersons = readonly Partial<Record<keyof PersonDraft, unknown>>[] | undefined;

export function clampCount(count: number): number {
  return Number.isSafeInteger(count) ? Math.min(Math.max(count, 1), MAX_BOOKING_PERSONS) : 1;
}

export const validateAll = (persons: PersonDraft[], today: string) =>
  persons.map((p) => validatePerson(p, today));
export const hasErrors = (errors: PersonErrors) => Object.keys(errors).length > 0;

/**
 * The person forms: as many as the draft had (1 to `count`), or `count` without a draft; each
 * filled from the draft where it has text.
 */
export function restorePersons(count: number, saved: SavedPersons): PersonDraft[] {
  const length = saved && saved.length > 0 ? Math.min(saved.length, count) : count;
  return Array.from({ length }, (_, index) => {
    const savedPerson = saved?.[index];
    const person = emptyPerson();
    if (savedPerson) {
      for (const field of PERSON_FIELDS) {
        const value = savedPerson[field];
        if (typeof value === 'string') person[field] = value;
      }
      for (const field of NOT_KNOWN_FIELDS) {
        if (savedPerson[notKnownFlag[field]] === true) person[notKnownFlag[field]] = true;
      }
    }
    return person;
  });
}

/** The forms a wizard starts with: restored, validated, none touched. */
export function startPersonForms(count: number, saved: SavedPersons, today: string): PersonForms {
  const persons = restorePersons(count, saved);
  return { persons, personErrors: validateAll(persons, today), touched: persons.map(() => ({})) };
}

/**
 * The persons with `changes` (by index) applied, each changed one validated again and its
 * `field` marked touched; indexes that do not exist are ignored.
 */
function withPersons(
  context: PersonFormsContext,
  changes: Record<number, Partial<PersonDraft>>,
  field: PersonField,
): PersonForms {
  const changed = (i: number) => changes[i] !== undefined;
  const persons = context.persons.map((p, i) => (changed(i) ? { ...p, ...changes[i] } : p));
  return {
    persons,
    personErrors: context.personErrors.map((e, i) =>
      changed(i) ? validatePerson(persons[i]!, context.today()) : e,
    ),
    touched: context.touched.map((t, i) => (changed(i) ? { ...t, [field]: true as const } : t)),
  };
}

/** Which spelling by hand a change of a typed field makes stale. */
const SPELLING_OF: Partial<Record<PersonField, ScriptSpellingField>> = {
  name: 'nameInScript',
  gothra: 'gothraInScript',
};

export function changePerson(
  context: PersonFormsContext,
  event: Event<'person.changed'>,
): Partial<PersonForms> {
  if (!PERSON_FIELDS.includes(event.field)) return {};
  // A spelling given by hand was of the name or gothra as it was: a new one is read afresh.
  const stale = SPELLING_OF[event.field];
  const change = { [event.field]: event.value, ...(stale && { [stale]: undefined }) };
  return withPersons(context, { [event.index]: change }, event.field);
}

export function spellPerson(context: PersonForms, event: Event<'person.spelled'>): Partial<PersonForms> {
  if (!context.persons[event.index]) return {};
  return {
    persons: context.persons.map((p, i) => (i === event.index ? { ...p, [event.field]: event.value } : p)),
  };
}

export function markNotKnown(
  context: PersonFormsContext,
  event: Event<'person.notKnownChanged'>,
): Partial<PersonForms> {
  if (!NOT_KNOWN_FIELDS.includes(event.field)) return {};
  const { index, field, notKnown } = event;
  // Ticked, whatever was typed goes: the field is disabled and is not sent.
  const change = notKnown ? { [notKnownFlag[field]]: true, [field]: '' } : { [notKnownFlag[field]]: false };
  return withPersons(context, { [index]: change }, field);
}

export const addPerson = (context: PersonFormsContext): PersonForms => ({
  persons: [...context.persons, emptyPerson()],
  personErrors: [...context.personErrors, validatePerson(emptyPerson(), context.today())],
  touched: [...context.touched, {}],
});

export function removePerson(context: PersonForms, event: Event<'person.removed'>): PersonForms {
  const keep = <T>(list: readonly T[]) => list.filter((_, i) => i !== event.index);
  return {
    persons: keep(context.persons),
    personErrors: keep(context.personErrors),
    touched: keep(context.touched),
  };
}

/** More than one form, and this one exists. */
export const canRemovePerson = (context: PersonForms, event: Event<'person.removed'>) =>
  context.persons.length > 1 &&
  Number.isSafeInteger(event.index) &&
  event.index >= 0 &&
  event.index < context.persons.length;

/** More than one person, and the first has a gothra to give. */
export const canCopyGothra = (context: PersonForms) =>
  context.persons.length > 1 && context.persons[0]!.gothra.trim() !== '';

export function copyGothra(context: PersonFormsContext): PersonForms {
  const gothra = context.persons[0]?.gothra ?? '';
  const changes = Object.fromEntries(
    context.persons.slice(1).map((_, i) => [i + 1, { gothra, gothraInScript: undefined }]),
  );
  return withPersons(context, changes, 'gothra');
}

export function fillPerson(context: PersonFormsContext, event: Event<'person.filled'>): Partial<PersonForms> {
  if (!context.persons[event.index]) return {};
  const person = { ...emptyPerson() };
  for (const field of PERSON_FIELDS)
    if (typeof event.person[field] === 'string') person[field] = event.person[field];
  for (const field of NOT_KNOWN_FIELDS)
    person[notKnownFlag[field]] = event.person[notKnownFlag[field]] === true;
  const filled = withPersons(context, { [event.index]: person }, 'name');
  return {
    ...filled,
    touched: filled.touched.map((t, i) =>
      i === event.index ? Object.fromEntries(PERSON_FIELDS.map((f) => [f, true as const])) : t,
    ),
  };
}

export const touchField = (context: PersonForms, event: Event<'person.blurred'>): Touched[] =>
  context.touched[event.index] && PERSON_FIELDS.includes(event.field)
    ? context.touched.map((t, i) => (i === event.index ? { ...t, [event.field]: true as const } : t))
    : context.touched;

export const arePersonsValid = (context: PersonFormsContext) =>
  validateAll(context.persons, context.today()).every((errors) => !hasErrors(errors));
