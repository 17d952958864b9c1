import type { Db } from '../client.ts';
import { astrologers, categories, products, pujas } from './catalogue-data.ts';
import { seedCoupons } from './coupons.ts';
import { openStock } from '../repositories/stock-ledger.ts';
import { scriptForPlace } from '../../../contract/admin-catalogue.ts';

const DAY = 24 * 60 * 60 * 1000;

/** True when the catalogue has never been seeded. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('puja')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Inserts the demo catalogue. Puja dates are set relative to `now`, so a fresh shop always has
 * pujas closing within a week, later ones, and a closed one.
 */
export async function seedCatalogue(db: Db, now: Date = new Date()): Promise<void> {
  const at = (days: number | null) =>
    days === null ? null : new Date(now.getTime() + days * DAY).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { packages, closesInDays, startsInDays, inDemand, ...puja } of pujas) {
      const { id } = await trx
        .insertInto('puja')
        .values({
          ...puja,
          // The temple's script, from its state (the back office can change it).
          script: scriptForPlace(puja.place),
          inDemand: inDemand ? 1 : 0,
          pujaDate: at(closesInDays),
          startDate: at(startsInDays),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const pkg of packages)
        await trx
          .insertInto('pujaPackage')
          .values({ ...pkg, pujaId: id })
          .execute();
    }
    const categoryIds = new Map<string, number>();
    for (const category of categories) {
      const { id } = await trx
        .insertInto('category')
        .values(category)
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.category, id);
    }
    for (const { category, ...product } of products) {
      const categoryId = categoryIds.get(category);
      if (categoryId === undefined)
        throw new Error(`Seed product ${product.name} names unknown category ${category}`);
      const { id } = await trx
        .insertInto('product')
        .values({ ...product, categoryId })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The stock is its ledger's sum from the first unit on (docs/decisions/0030-stock-is-a-ledger.md).
      await openStock(trx, id, product.stockQuantity, now.toISOString());
    }
    for (const { specializations, ...astrologer } of astrologers) {
      await trx
        .insertInto('astrologer')
        .values({ ...astrologer, specializations: JSON.stringify(specializations) })
        .execute();
    }
    await seedCoupons(trx, now);
  });
}
