import type { PujaWizardContext } from './puja-wizard.types.ts';

/**
 * docs/product-rules.md, Places at the temple and Waitlist: whether the date still has a place for
 * each person named. Null when it has (or has no limit); otherwise the places left for this devotee,
 * 0 once the server refused a payment as `puja_full` (its message then names the count).
 */
export function placesShortOf(
  context: Pick<PujaWizardContext, 'placesLeft' | 'persons' | 'error'>,
): number | null {
  if (context.error?.code === 'puja_full') return 0;
  const left = context.placesLeft;
  return left !== null && left < context.persons.length ? left : null;
}
