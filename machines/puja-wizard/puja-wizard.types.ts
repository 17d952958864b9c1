import type { Address } from '../../contract/address.ts';
import type { PujaOffering } from '../../contract/offerings.ts';
import type { Booking } from '../../contract/booking.ts';
import type { AddressSelectedEvent } from '../address-book/address-book.machine.ts';
import type { WizardStep } from './wizard-place.ts';
import type { WizardDraft } from './draft.ts';
import type { GiftFormContext, GiftFormEvent } from './puja-wizard.gift.ts';
import type { OfferingEvent, OfferingsContext } from './offerings.ts';
import type { PersonFormEvent, PersonFormsContext } from './person-form.ts';

/* The puja wizard's input, context and events (its chart: puja-wizard.machine.ts). */

export interface PujaWizardInput {
  pujaId: number;
  packageId: number;
  packageName: string;
  /** docs/product-rules.md, Persons: the package is for up to this many persons; 1 when missing. */
  personCount: number;
  /** The package's offer price in whole rupees (what the customer pays). */
  price: number;
  /** When booking closes (the sankalp lock: `bookingClosesAt`). Missing or invalid counts as closed. */
  closesAt: string | null | undefined;
  /** What the customer had typed before a reload. */
  draft?: WizardDraft;
  /** Makes the Idempotency-Key of a new attempt (handed to the payment machine). */
  createIdempotencyKey?: () => string;
  /** Today as YYYY-MM-DD, the latest date of birth allowed. Defaults to the device's date. */
  today?: () => string;
  /** The puja's chadhava offerings (docs/product-rules.md, Chadhava offerings); none chosen at first. */
  offerings?: readonly PujaOffering[];
  /**
   * The places this devotee may book on the date (docs/product-rules.md, Places at the temple): the
   * puja's places left, with those a waitlist offer holds for them added back. Null or missing: no limit.
   */
  placesLeft?: number | null;
}

/**
 * The person forms (person-form.ts), the gift form (puja-wizard.gift.ts) and the offerings
 * (offerings.ts) are kept in the context as their modules define them; the rest is the steps'.
 */
export interface PujaWizardContext
  extends
    PersonFormsContext,
    GiftFormContext,
    OfferingsContext,
    Pick<PujaWizardInput, 'pujaId' | 'packageId' | 'packageName' | 'price' | 'closesAt'> {
  /** The places this devotee may book on the date, as the page read them; null: no limit. */
  placesLeft: number | null;
  /** The package's number of persons: at most this many person forms (docs/product-rules.md, Persons). */
  personCount: number;
  showAllErrors: boolean;
  /** Counts refused Nexts on the details step (the view moves focus to the first field in error). */
  refusedNextCount: number;
  addressId: number | null;
  address: Address | null;
  error: { message: string; code?: string } | undefined;
  booking: Booking | null;
  /** "Please select or add an address" after a refused Next, until an address is chosen. */
  addressError: string | undefined;
  /**
   * A step asked for before it could be reached: a reload on Payment waits on Address for the
   * draft's address to load, then goes on to Payment.
   */
  resumeAt: WizardStep | null;
  createIdempotencyKey: (() => string) | undefined;
  /** "The names are right", ticked on the payment step after reading the sankalp back. */
  namesConfirmed: boolean;
  /** The unticked "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers, Consent). */
  whatsappUpdates: boolean;
  /** The payment machine is paying or writing (its `busy` tag): paying cannot be walked away from. */
  paymentBusy: boolean;
}

export type PujaWizardEvent =
  | PersonFormEvent
  | GiftFormEvent
  | OfferingEvent
  /** "The names are right" ticked or cleared after the read-back. */
  | { type: 'names.confirmed'; confirmed: boolean }
  /** "Send me updates on WhatsApp" ticked or cleared on the payment step. */
  | { type: 'updates.whatsappChanged'; on: boolean }
  /** The address picker's choice (null while it has none), from the address book this wizard hands itself to. */
  | AddressSelectedEvent
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.pay' }
  /**
   * The page's URL asks for a step (browser Back or Forward, a reload, a shared link). An earlier
   * step is always granted; a later one only as Next would grant it. docs/product-rules.md, Bookings.
   */
  | { type: 'step.requested'; step: WizardStep }
  /** The booking window has closed (the wizard's own window actor notices it; a page may also tell). */
  | { type: 'window.closed' };
