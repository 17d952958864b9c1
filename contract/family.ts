import * as v from 'valibot';
import { BookedPerson } from './booking.ts';
import {
  emptyPerson,
  bookingPersonSchema,
  latestToday,
  validatePerson,
  type PersonDraft,
  type PersonErrors,
} from './person.ts';
import { labelsOf } from './text.ts';

/* ------------------------------------------------------------------------------------------
 * docs/product-rules.md, Family profiles: the people a devotee books for again and again,
 * checked by the same person rules as the wizard's (contract/booking.ts), on both sides.
 * ---------------------------------------------------------------------------------------- */

export const RELATIONS = ['self', 'spouse', 'father', 'mother', 'son', 'daughter', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];

/** "Self", "Spouse", "Father"… */
export const RELATION_LABELS: Record<Relation, string> = labelsOf(RELATIONS);

/**
 * The customary gothra of a devotee who does not know theirs: all beings descend from the sage
 * Kashyapa, so priests recite Kashyapa gothra (docs/product-rules.md, Family profiles).
 */
export const DEFAULT_GOTHRA = 'Kashyap';

/** Most saved people a customer keeps. */
export const MAX_FAMILY_PROFILES = 30;

export const familyMessages = {
  relationRequired: 'Relation is required',
  relationInvalid: `Relation must be one of ${RELATIONS.join(', ')}`,
  gothraNotKnownInvalid: 'gothraNotKnown must be true or false',
  gothraNotKnownNote: `Not known: the customary ${DEFAULT_GOTHRA} gothra is recited`,
  notFound: 'Family member not found',
  deleted: 'Family member removed',
  tooMany: `You can save at most ${MAX_FAMILY_PROFILES} family members. Please remove one first.`,
  // the SPA's fallbacks (docs/product-rules.md, Messages and errors)
  listFailed: 'Failed to fetch your family',
  saveFailed: 'Failed to save family member',
  deleteFailed: 'Failed to remove family member',
} as const;

const Relation = v.pipe(
  v.nullish(v.string(familyMessages.relationInvalid), ''),
  v.trim(),
  v.nonEmpty(familyMessages.relationRequired),
  v.toLowerCase(),
  v.picklist(RELATIONS, familyMessages.relationInvalid),
);

const GothraNotKnown = v.optional(v.boolean(familyMessages.gothraNotKnownInvalid), false);

/**
 * POST /api/family and PUT /api/family/{id}: a person as the wizard checks one
 * (bookingPersonSchema), with a relation and "I don't know my gothra", which stores
 * DEFAULT_GOTHRA whatever was typed.
 */
export const familyProfileInputSchema = (today: () => string) => {
  const person = bookingPersonSchema(today);
  return v.pipe(
    v.looseObject({ relation: Relation, gothraNotKnown: GothraNotKnown }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { relation, gothraNotKnown, ...rest } = dataset.value;
      const result = v.safeParse(person, gothraNotKnown ? { ...rest, gothra: DEFAULT_GOTHRA } : rest);
      if (!result.success) {
        addIssue({ message: result.issues[0].message });
        return NEVER;
      }
      return { ...result.output, relation, gothraNotKnown };
    }),
  );
};
export const FamilyProfileInput = familyProfileInputSchema(() => latestToday(new Date()));
export type FamilyProfileInput = v.InferOutput<typeof FamilyProfileInput>;

/** A saved family member, as the API answers it. */
export const FamilyProfile = v.object({
  id: v.number(),
  relation: v.picklist(RELATIONS),
  gothraNotKnown: v.boolean(),
  ...BookedPerson.entries,
});
export type FamilyProfile = v.InferOutput<typeof FamilyProfile>;

export const FamilyListResponse = v.object({ profiles: v.array(FamilyProfile) });
export type FamilyListResponse = v.InferOutput<typeof FamilyListResponse>;
export const FamilyProfileResponse = v.object({ profile: FamilyProfile });
export type FamilyProfileResponse = v.InferOutput<typeof FamilyProfileResponse>;

/** The profile form as the SPA holds it: a person form with its relation and gothra mark. */
export type FamilyProfileDraft = PersonDraft & { relation: Relation | ''; gothraNotKnown: boolean };

export type FamilyProfileErrors = PersonErrors & { relation?: string };

/** The first problem of each field of a profile form, or `{}` (the server's rules, field by field). */
export function validateFamilyProfile(draft: FamilyProfileDraft, today: string): FamilyProfileErrors {
  const errors: FamilyProfileErrors = validatePerson(
    draft.gothraNotKnown ? { ...draft, gothra: DEFAULT_GOTHRA } : draft,
    today,
  );
  const relation = v.safeParse(Relation, draft.relation);
  if (!relation.success) errors.relation = relation.issues[0].message;
  return errors;
}

/** The person form of the wizard filled from a saved profile (what "one tap" copies). */
export function personFromProfile(profile: FamilyProfile): PersonDraft {
  return {
    name: profile.name,
    dateOfBirth: profile.dateOfBirth,
    birthTime: profile.birthTime ?? '',
    birthPlace: profile.birthPlace ?? '',
    raashi: profile.raashi,
    nakshatra: profile.nakshatra ?? '',
    gothra: profile.gothra,
    birthTimeNotKnown: profile.birthTime === null,
    birthPlaceNotKnown: profile.birthPlace === null,
    nakshatraNotKnown: profile.nakshatra === null,
  };
}

/** The request that saves a wizard's person as a profile. */
export const profileRequestOf = (
  person: PersonDraft,
  relation: Relation,
): Omit<FamilyProfileDraft, 'relation'> & { relation: Relation } => ({
  ...person,
  relation,
  gothraNotKnown: false,
});

/** An empty person (contract/person.ts, without the booking's "nakshatra not known") with a relation to choose. */
export const emptyFamilyProfile = (): FamilyProfileDraft => {
  const { nakshatraNotKnown: _booking, ...person } = emptyPerson();
  return { ...person, relation: '', gothraNotKnown: false };
};
