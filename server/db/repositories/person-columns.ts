import type { BookingPerson } from '../../../contract/person.ts';
import type { BookingPersonRow } from '../types.ts';

type PersonColumns = Pick<
  BookingPersonRow,
  | 'name'
  | 'dateOfBirth'
  | 'birthTime'
  | 'birthTimeKnown'
  | 'birthPlace'
  | 'birthPlaceKnown'
  | 'raashi'
  | 'nakshatra'
  | 'gothra'
>;

/**
 * A person as a booking's persons and a family profile both keep them (docs/product-rules.md,
 * Persons), read as the contract has them: what was not known is null.
 */
export const personFromColumns = (
  row: PersonColumns,
): Omit<BookingPerson, 'nameInScript' | 'gothraInScript'> => ({
  name: row.name,
  dateOfBirth: row.dateOfBirth,
  birthTime: row.birthTimeKnown === 1 ? row.birthTime : null,
  birthPlace: row.birthPlaceKnown === 1 ? row.birthPlace : null,
  raashi: row.raashi,
  nakshatra: row.nakshatra === '' ? null : row.nakshatra,
  gothra: row.gothra,
});
