import * as v from 'valibot';

/**
 * How the API wraps what it answers: one record under its own name (`{ puja: {…} }`), a list
 * under its plural (`{ pujas: […] }`), and a page of a longer list with the filtered list's
 * `total`. The key is the record's name, so the type reads as the JSON does:
 * `recordResponse('puja', AdminPuja)` is `{ puja: AdminPuja }`.
 */

/** `{ [key]: record }`: one record. */
export const recordResponse = <const K extends string, T extends v.GenericSchema>(key: K, record: T) =>
  v.object({ [key]: record } as { [P in K]: T });

/** `{ [key]: item[] }`: a whole list. */
export const listResponse = <const K extends string, T extends v.GenericSchema>(key: K, item: T) =>
  v.object({ [key]: v.array(item) } as { [P in K]: v.ArraySchema<T, undefined> });

/** `{ [key]: item[], total }`: one page of a list, and how many records the whole filtered list holds. */
export const pageResponse = <const K extends string, T extends v.GenericSchema>(key: K, item: T) =>
  v.object({ ...listResponse(key, item).entries, total: v.number() });
