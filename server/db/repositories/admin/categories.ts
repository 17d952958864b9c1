import type { AdminCategory, CategoryInput } from '../../../../contract/admin/categories.ts';
import type { Db } from '../../client.ts';
import { insertRecord, updateAtVersion } from './records.ts';

/*
 * The shop's categories as staff read and write them (data access only; the rules, versions and audit rows are
 * server/services/admin/categories.ts's). Every update is conditional on the version the edit started from
 * (./records.ts).
 */

export async function listCategoriesForStaff(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom('category')
    .select(['id', 'category', 'name', 'imgUrl', 'version', 'retiredAt'])
    .select((eb) =>
      eb
        .selectFrom('product')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('product.categoryId', '=', 'category.id')
        .where('product.retiredAt', 'is', null)
        .as('productCount'),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount ?? 0) }));
}

export async function findCategoryForStaff(db: Db, id: number): Promise<AdminCategory | undefined> {
  return (await listCategoriesForStaff(db)).find((category) => category.id === id);
}

export function insertCategory(db: Db, input: CategoryInput): Promise<number> {
  return insertRecord(db, 'category', input);
}

export function updateCategory(db: Db, id: number, version: number, input: CategoryInput): Promise<boolean> {
  return updateAtVersion(db, 'category', id, version, input);
}

/**
 * A category as a product write needs it (whether it is there, and retired), its row held until
 * the write's transaction ends: a product never enters a category that is being retired at the
 * same moment. SQLite's write transactions already run one at a time; PostgreSQL needs the lock.
 */
export async function lockCategory(db: Db, id: number): Promise<{ retiredAt: string | null } | undefined> {
  let query = db.selectFrom('category').select('retiredAt').where('id', '=', id);
  if (db.getExecutor().adapter.constructor.name === 'PostgresAdapter') query = query.forUpdate();
  return query.executeTakeFirst();
}
