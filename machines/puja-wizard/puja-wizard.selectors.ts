import type { SnapshotFrom } from 'xstate';
import { notKnownFlag, type NotKnownField, type PersonField } from '../../contract/person.ts';
import { fingerprintOf } from '../payment/payment.machine.ts';
import type { GiftField } from './puja-wizard.gift.ts';
import { offeringLinesOf, wizardOfferingsAmountOf, wizardTotalOf } from './offerings.ts';
import { bookingDraftOf, wizardRecordOf } from './booking-draft.ts';
import type { pujaWizardMachine } from './puja-wizard.machine.ts';
import { placesShortOf } from './places.ts';
import type { WizardStep } from './wizard-place.ts';

type Snapshot = SnapshotFrom<typeof pujaWizardMachine>;

/** The step the progress bar marks: paying and creating the booking belong to Payment. */
export function selectStep(s: Snapshot): WizardStep {
  if (s.matches({ steps: 'details' })) return 'details';
  if (s.matches({ steps: 'address' })) return 'address';
  if (s.matches({ steps: 'confirmation' })) return 'confirmation';
  return 'payment';
}

/** How many person forms there are now (1 up to the package's number). */
export const selectPersonCount = (s: Snapshot) => s.context.persons.length;
/** The package's number of persons: the most forms there can be (docs/product-rules.md, Persons). */
export const selectMaxPersons = (s: Snapshot) => s.context.personCount;
export const selectCanAddPerson = (s: Snapshot) => s.can({ type: 'person.added' });
export const selectCanRemovePerson = (s: Snapshot) => s.can({ type: 'person.removed', index: 0 });
export const selectPersons = (s: Snapshot) => s.context.persons;
/** Whether the person's birth time or birth place is marked "not known". */
export const selectNotKnown = (index: number, field: NotKnownField) => (s: Snapshot) =>
  s.context.persons[index]?.[notKnownFlag[field]] === true;
/** "Use this gothra for everyone" does something: several persons, and the first has a gothra. */
export const selectCanCopyGothra = (s: Snapshot) => s.can({ type: 'persons.gothraCopied' });
export const selectPersonValue = (index: number, field: PersonField) => (s: Snapshot) =>
  s.context.persons[index]?.[field] ?? '';

/** A field's message, once the field was touched or Next was refused. */
export const selectFieldError = (index: number, field: PersonField) => (s: Snapshot) =>
  s.context.showAllErrors || s.context.touched[index]?.[field]
    ? s.context.personErrors[index]?.[field]
    : undefined;

export const selectRefusedNextCount = (s: Snapshot) => s.context.refusedNextCount;
export const selectAddressId = (s: Snapshot) => s.context.addressId;
export const selectAddress = (s: Snapshot) => s.context.address;
export const selectPackageName = (s: Snapshot) => s.context.packageName;
export const selectPrice = (s: Snapshot) => s.context.price;
export const selectError = (s: Snapshot) => s.context.error?.message;
/**
 * docs/product-rules.md, Waitlist: null while the date has a place for each person named; otherwise
 * the places left for this devotee (0: fully booked), and Payment offers the waitlist instead of Pay.
 */
export const selectPlacesShort = (s: Snapshot) => placesShortOf(s.context);
/** The booking as chosen, for joining a full date's waitlist (read when asked, not subscribed to). */
export const bookingDraftNow = (s: Snapshot) => bookingDraftOf(s.context);
export const selectBooking = (s: Snapshot) => s.context.booking;
/** The payment machine of the payment step (undefined on other steps). */
export const selectPaymentActor = (s: Snapshot) => s.children.payment;

/** The running booking-window actor while the window is open (for a countdown), else undefined. */
export const selectWindowActor = (s: Snapshot) => s.children.bookingWindow;
export const selectIsWindowClosed = (s: Snapshot) => s.hasTag('windowClosed');
/** The closed-window notice, shown until the booking exists. */
export const selectShowClosedNotice = (s: Snapshot) =>
  s.hasTag('windowClosed') && !s.matches({ steps: 'confirmation' });
export const selectCanPay = (s: Snapshot) => s.can({ type: 'wizard.pay' });
export const selectCanGoBack = (s: Snapshot) => s.can({ type: 'wizard.back' });
export const selectCanGoNext = (s: Snapshot) => s.can({ type: 'wizard.next' });

/** "Please select or add an address", after Next was pressed without one. */
export const selectAddressError = (s: Snapshot) => s.context.addressError;

/** The step a reload asked for that the wizard is still on its way to (see `resumeAt`). */
export const selectResumeAt = (s: Snapshot) => s.context.resumeAt;

/* docs/product-rules.md, Chadhava offerings: none chosen until the devotee chooses. */
export const selectOfferings = (s: Snapshot) => s.context.offerings;
export const selectOfferingQuantity = (id: number) => (s: Snapshot) => s.context.offeringQuantities[id] ?? 0;
export const selectOfferingLines = (s: Snapshot) => offeringLinesOf(s.context);
/** What the offerings add, for display (the server prices the booking itself). */
export const selectOfferingsAmount = (s: Snapshot) => wizardOfferingsAmountOf(s.context);
/** The page's own total (package and offerings), for display; see selectPaymentFingerprint. */
export const selectTotal = (s: Snapshot) => wizardTotalOf(s.context);
/**
 * Names the booking Pay would hand the payment machine, for its `selectAmountToPay`: once the
 * server has priced this very booking, the page shows the server's price (docs/product-rules.md, Payments).
 */
export const selectPaymentFingerprint = (s: Snapshot) => fingerprintOf(wizardRecordOf(s.context));

/* docs/product-rules.md, Gift a puja. */
export const selectGift = (s: Snapshot) => s.context.gift;
export const selectIsGift = (s: Snapshot) => s.context.gift !== null;
/** A gift field's message, once Next was refused. */
export const selectGiftError = (field: GiftField) => (s: Snapshot) =>
  s.context.showGiftErrors ? s.context.giftErrors[field] : undefined;

/** "The names are right" (the sankalp read back). */
export const selectNamesConfirmed = (s: Snapshot) => s.context.namesConfirmed;
