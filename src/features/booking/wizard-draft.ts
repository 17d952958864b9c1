import * as v from 'valibot';
import { NOT_KNOWN_FIELDS, notKnownFlag } from '../../../contract/person.ts';
import type { WaitlistEntry } from '../../../contract/waitlist.ts';
import { wizardDraftKey, type DraftParams, type WizardDraft } from '../../../machines/puja-wizard/draft.ts';

/** A stored draft is read loosely: the machine keeps only the text fields it knows. */
const StoredDraft = v.object({
  persons: v.optional(v.array(v.record(v.string(), v.unknown()))),
  addressId: v.optional(v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(1)))),
  gift: v.optional(v.unknown()),
  offerings: v.optional(v.array(v.object({ offeringId: v.unknown(), quantity: v.unknown() }))),
});

/**
 * The wizard's draft lives in this tab's session storage until the booking exists, so an
 * accidental reload keeps what was typed and closing the tab forgets it.
 */
export const wizardDraftStorage = {
  read(pujaId: number, packageId: number): WizardDraft | undefined {
    try {
      const raw = sessionStorage.getItem(wizardDraftKey(pujaId, packageId));
      if (!raw) return undefined;
      const parsed = v.safeParse(StoredDraft, JSON.parse(raw));
      return parsed.success ? parsed.output : undefined;
    } catch {
      return undefined;
    }
  },
  write({ pujaId, packageId, persons, addressId, gift, offerings }: DraftParams): void {
    try {
      sessionStorage.setItem(
        wizardDraftKey(pujaId, packageId),
        JSON.stringify({ persons, addressId, gift, offerings }),
      );
    } catch {
      // Storage full or blocked: the wizard still works, it just won't survive a reload.
    }
  },
  clear(pujaId: number, packageId: number): void {
    try {
      sessionStorage.removeItem(wizardDraftKey(pujaId, packageId));
    } catch {
      // Nothing to clear.
    }
  },
};

/**
 * What the devotee chose when joining a waitlist, as the wizard restores a draft
 * (docs/product-rules.md, Waitlist): the offer's link resumes at Payment with everything kept. A
 * detail the server keeps as not known (null) is the form's "not known" mark again.
 */
export function draftOfWaitlistEntry({ draft }: WaitlistEntry): WizardDraft {
  return {
    persons: draft.persons.map((person) => {
      const saved: Record<string, unknown> = { ...person };
      for (const field of NOT_KNOWN_FIELDS) if (person[field] === null) saved[notKnownFlag[field]] = true;
      return saved;
    }),
    addressId: draft.addressId,
    gift: draft.gift,
    offerings: draft.offerings,
  };
}
