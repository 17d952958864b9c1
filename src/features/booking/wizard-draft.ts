import * as v from 'valibot';
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
