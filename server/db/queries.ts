import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from './client.ts';
import type { Database } from './types.ts';

/**
 * Query shapes the repositories share (data access only): the rows of one table that match some
 * columns, how many rows a query matches, and one page of them with that count, the way every
 * back-office list answers.
 */

type Table = keyof Database;
type Row<T extends Table> = Selectable<Database[T]>;
/** Any table's columns as plain values: Kysely types a generic table's columns only one table at a time. */
type AnyTables = Record<string, Record<string, unknown>>;

/** The rows of `table` whose columns equal `match` (null: IS NULL), in `orderBy` order. */
export async function rowsWhere<T extends Table>(
  db: Db,
  table: T,
  match: Partial<Row<T>>,
  orderBy: keyof Row<T> & string,
): Promise<Row<T>[]> {
  let query = (db as unknown as Kysely<AnyTables>).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(match))
    query = query.where(column, value === null ? 'is' : '=', value);
  return (await query.orderBy(orderBy).execute()) as Row<T>[];
}

/** How many rows `query` matches (its WHERE and joins; its selection is replaced). */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // Kysely cannot name a generic query's selection; PostgreSQL answers COUNT as a string.
  return Number((row as { n: number | string }).n);
}

/** The page a list asks for: `limit` rows (50 unless it says) from `offset`. */
export interface Page {
  limit?: number;
  offset?: number;
}

/**
 * One page of the rows `filtered` matches, as `select` picks and orders them, with how many it
 * matches in all (the list's `total`).
 */
export async function pageOf<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: Page,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<{ rows: R[]; total: number }> {
  const total = await countOf(filtered);
  const rows = await select(filtered)
    .limit(page.limit ?? 50)
    .offset(page.offset ?? 0)
    .execute();
  return { rows, total };
}
