import type { GiftDraft } from '../../contract/gift.ts';
import type { PersonDraft } from '../../contract/person.ts';
import type { OfferingLine } from '../../contract/offerings.ts';
import { offeringLinesOf, type OfferingsContext, type SavedOfferings } from './offerings.ts';
import type { SavedPersons } from './person-form.ts';

/**
 * What of the wizard survives a reload (session storage, per puja and package: the store is
 * supplied by the page as the `saveDraft` and `clearDraft` actions).
 */
export interface WizardDraft {
  persons?: SavedPersons;
  addressId?: number | null;
  /** A gift being typed (read loosely: only its text fields are kept). */
  gift?: unknown;
  /** The offerings chosen on Payment (read loosely: only the puja's own offerings, within their limits). */
  offerings?: SavedOfferings;
}

/** The session storage key of a wizard's draft. */
export const wizardDraftKey = (pujaId: number, packageId: number) => `puja-wizard:${pujaId}:${packageId}`;

/** The params of `saveDraft`: what to keep and under which puja and package. */
export interface DraftParams {
  pujaId: number;
  packageId: number;
  persons: PersonDraft[];
  addressId: number | null;
  gift: GiftDraft | null;
  /** The chosen offerings (docs/product-rules.md, Chadhava offerings): a reload on Payment keeps them. */
  offerings: OfferingLine[];
}

/** The draft of the wizard as it is now. */
export const draftOf = ({
  context,
}: {
  context: Omit<DraftParams, 'offerings'> & OfferingsContext;
}): DraftParams => ({
  pujaId: context.pujaId,
  packageId: context.packageId,
  persons: context.persons,
  addressId: context.addressId,
  gift: context.gift,
  offerings: offeringLinesOf(context),
});
