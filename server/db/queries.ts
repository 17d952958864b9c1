import type { SelectQueryBuilder } from 'kysely';

/**
 * Query shapes the repositories share (data access only): how many rows a query matches, and
 * one page of them with that count, the way every back-office list answers.
 */

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
