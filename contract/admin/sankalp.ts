import * as v from 'valibot';
import { BookedOffering } from '../offerings.ts';
import { isoDayParam } from '../query.ts';
import { TempleScript } from '../temple-script.ts';

/**
 * The sankalp sheet: a day's pujas for the priests, each booking's devotees grouped by puja and
 * package, names and gothras also in the temple's script (docs/product-rules.md, The sankalp in
 * the temple's script).
 *
 *   GET /api/admin/sankalp?date=YYYY-MM-DD -> SankalpSheetResponse
 */

export const SankalpQuery = v.object({ date: isoDayParam('date') });
export type SankalpQuery = v.InferOutput<typeof SankalpQuery>;

export const SankalpPerson = v.object({
  name: v.string(),
  /** The name and gothra as the priest reads them, in the temple's script (contract/sankalp-script.ts). */
  nameInScript: v.string(),
  gothra: v.string(),
  gothraInScript: v.string(),
  /** null: not known (docs/product-rules.md, Persons). */
  nakshatra: v.nullable(v.string()),
  /** The nakshatra and raashi by their Sanskrit names in the temple's script; null: not known. */
  nakshatraInScript: v.nullable(v.string()),
  raashi: v.string(),
  raashiInScript: v.string(),
  dateOfBirth: v.string(),
  birthTime: v.nullable(v.string()),
  birthPlace: v.nullable(v.string()),
});
export type SankalpPerson = v.InferOutput<typeof SankalpPerson>;

export const SankalpBooking = v.object({
  id: v.number(),
  bookingNumber: v.string(),
  status: v.string(),
  /** True once the sankalp is locked: the names are final. Before, the customer or staff may still correct them. */
  namesFinal: v.boolean(),
  customerName: v.string(),
  persons: v.array(SankalpPerson),
  /** The chadhava offerings to make or send (docs/product-rules.md, Chadhava offerings). */
  offerings: v.array(BookedOffering),
  /** A gift: the message printed on the prasad card, and to whom it goes. */
  gift: v.nullable(v.object({ message: v.string(), recipientName: v.nullable(v.string()) })),
});
export const SankalpPackage = v.object({
  packageId: v.number(),
  title: v.string(),
  bookings: v.array(SankalpBooking),
});
export const SankalpPuja = v.object({
  pujaId: v.number(),
  pujaName: v.string(),
  place: v.string(),
  pujaDate: v.string(),
  script: TempleScript,
  packages: v.array(SankalpPackage),
});
export type SankalpPuja = v.InferOutput<typeof SankalpPuja>;
export const SankalpSheetResponse = v.object({ date: v.string(), pujas: v.array(SankalpPuja) });
export type SankalpSheetResponse = v.InferOutput<typeof SankalpSheetResponse>;
