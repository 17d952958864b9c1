import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Insertable } from 'kysely';
import type { PujaOfferingTable } from '../catalogue-types.ts';
import { isPostgres, type Db } from '../client.ts';
import { isDatabaseBusy } from '../errors.ts';
import { MIGRATION_WAIT_MS, SEED_LOCK_KEY } from '../migration-lock.ts';
import { inTransaction } from '../transaction.ts';
import { astrologers, categories, products, pujaRepeats, pujas } from './catalogue-data.ts';
import { seedCoupons } from './coupons.ts';
import { openStock } from '../repositories/stock-ledger.ts';
import { scriptForPlace } from '../../../contract/admin/pujas.ts';
import { countOf } from '../queries.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The chadhava offerings every demo puja has (docs/product-rules.md, Chadhava offerings). */
const DEMO_OFFERINGS: Omit<Insertable<PujaOfferingTable>, 'pujaId'>[] = [
  {
    name: 'Flower garland',
    description: 'A garland of jasmine and marigold offered to the deity during the puja.',
    unit: 'garland',
    price: 151,
    delivery: 'temple',
    maxQuantity: 5,
  },
  {
    name: 'Ghee lamp',
    description: 'A lamp of pure ghee lit in your name before the sanctum.',
    unit: 'lamp',
    price: 51,
    delivery: 'temple',
    maxQuantity: 11,
  },
  {
    name: 'Vastra',
    description: 'A silk-bordered cloth offered to the deity, then sent to you with the prasad.',
    unit: 'vastra',
    price: 501,
    delivery: 'prasad',
    maxQuantity: 2,
  },
  {
    name: 'Annadanam',
    description: 'A meal served to devotees at the temple in your name.',
    unit: 'person',
    price: 60,
    delivery: 'temple',
    maxQuantity: 500,
  },
];

/**
 * The one-off step that gave a demo shop seeded before authorisations its pujas' own
 * (authoriseDemoPujas). A shop seeded since has them from the start, so seeding records it too.
 */
const DEMO_AUTHORISATIONS_STEP = 'demo-authorisations';

/**
 * Records the seed's one-off step `name` as taken at `at`: true when this call took it, false when
 * it was taken before (the shop's seed_steps row), so a step runs once in a shop's life.
 */
async function takeSeedStep(db: Db, name: string, at: Date): Promise<boolean> {
  const result = await db
    .insertInto('seedSteps')
    .values({ name, doneAt: at.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when the catalogue has never been seeded. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  return (await countOf(db.selectFrom('puja'))) === 0;
}

/**
 * Inserts the demo catalogue. Puja dates are set relative to `now`, so a fresh shop always has
 * pujas closing within a week, later ones, and a closed one.
 */
export async function seedCatalogue(db: Db, now: Date = new Date()): Promise<void> {
  const at = (days: number | null) =>
    days === null ? null : new Date(now.getTime() + days * DAY).toISOString();
  await inTransaction(db, async (trx) => {
    const seeded = new Map<string, number>();
    const withDates = [
      ...pujas,
      // A repeat is its puja again on a later date, in the first date's series.
      ...pujaRepeats.map(({ of, closesInDays }) => ({
        ...pujas.find((p) => p.pujaName === of)!,
        closesInDays,
        startsInDays: closesInDays,
      })),
    ];
    for (const { packages, closesInDays, startsInDays, inDemand, ...puja } of withDates) {
      const { id } = await trx
        .insertInto('puja')
        .values({
          ...puja,
          // The temple's script, from its state (the back office can change it).
          script: scriptForPlace(puja.place),
          inDemand: inDemand ? 1 : 0,
          pujaDate: at(closesInDays),
          startDate: at(startsInDays),
          seriesId: seeded.get(puja.pujaName) ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!seeded.has(puja.pujaName)) seeded.set(puja.pujaName, id);
      for (const pkg of packages)
        await trx
          .insertInto('pujaPackage')
          .values({ ...pkg, pujaId: id })
          .execute();
      await trx
        .insertInto('pujaOffering')
        .values(DEMO_OFFERINGS.map((offering) => ({ ...offering, pujaId: id })))
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
      // The stock is its ledger's sum from the first unit on (docs/decisions/0033-stock-is-a-ledger.md).
      await openStock(trx, id, product.stockQuantity, now.toISOString());
    }
    for (const { specializations, ...astrologer } of astrologers) {
      await trx
        .insertInto('astrologer')
        .values({ ...astrologer, specializations: JSON.stringify(specializations) })
        .execute();
    }
    await seedCoupons(trx, now);
    // Its pujas carry their authorisations already: the step for older shops is never needed here.
    await takeSeedStep(trx, DEMO_AUTHORISATIONS_STEP, now);
  });
}

/**
 * A shop seeded before pujas carried their temple's authorisation gets the demo's own, on the
 * demo's own pujas only: a row with the seed's name, place and image and no authorisation at all
 * (docs/decisions/0078). A puja staff made, or one whose authorisation staff began, is left as it is.
 * Run once in a shop's life (seedIfEmpty, DEMO_AUTHORISATIONS_STEP): an authorisation staff later
 * empty on purpose stays empty across restarts.
 */
export async function authoriseDemoPujas(db: Db): Promise<void> {
  for (const {
    pujaName,
    place,
    image,
    templeName,
    performedBy,
    authorisedBy,
    authorisationRef,
    authorisationDate,
  } of pujas) {
    if (!templeName || !performedBy || !authorisedBy || !authorisationRef || !authorisationDate) continue;
    await db
      .updateTable('puja')
      .set({ templeName, performedBy, authorisedBy, authorisationRef, authorisationDate })
      .where('pujaName', '=', pujaName)
      .where('place', '=', place)
      .where('image', '=', image)
      .where('templeName', 'is', null)
      .where('performedBy', 'is', null)
      .where('authorisedBy', 'is', null)
      .where('authorisationRef', 'is', null)
      .where('authorisationDate', 'is', null)
      .execute();
  }
}

/**
 * Seeds the demo catalogue into an empty shop, once, even when several processes start
 * together: the check and the seeding are one transaction under the seed lock (PostgreSQL: an
 * advisory transaction lock, waited for as long as another process seeds; SQLite: the write
 * lock that the shop's transactions take up front, waited out when busy). A shop seeded before
 * coupons existed gets the demo coupons once, and its demo pujas their authorisations once in its
 * life (authoriseDemoPujas). Returns whether this call seeded the catalogue.
 */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) {
          await sql`select set_config('lock_timeout', ${String(MIGRATION_WAIT_MS)}, true)`.execute(trx);
          await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK_KEY)})`.execute(trx);
        }
        if (await isCatalogueEmpty(trx)) {
          await seedCatalogue(trx, now);
          return true;
        }
        await seedCoupons(trx, now);
        if (await takeSeedStep(trx, DEMO_AUTHORISATIONS_STEP, now)) await authoriseDemoPujas(trx);
        return false;
      });
    } catch (err) {
      if (!isDatabaseBusy(err) || Date.now() > deadline) throw err;
      await sleep(50);
    }
  }
}
