import type {
  AdminPuja,
  AdminPujaQuery,
  AdminPujaSummary,
  PujaInput,
} from '../../../../contract/admin/pujas.ts';
import { toCatalogueMarkup } from '../../../../contract/admin/catalogue-fields.ts';
import type { Db } from '../../client.ts';
import { listPackagesForStaff } from './packages.ts';
import { insertRecord, likeAnywhere, updateAtVersion } from './records.ts';
import { countOf, pageOf, rowsWhere } from '../../queries.ts';
import { pujaFactsOf } from '../catalogue.ts';
import { placesLeftOf, placesTaken, placesTakenColumn } from '../places.ts';
import { AUTHORISATION_COLUMNS, authorisationOf, isDraft } from '../puja-authorisation.ts';

/*
 * Pujas as staff read and write them (data access only; the rules, versions and audit rows are
 * server/services/admin/pujas.ts's). Every update is conditional on the version the edit started from
 * (./records.ts).
 */

export async function listPujasForStaff(
  db: Db,
  query: AdminPujaQuery,
  now: Date,
): Promise<{ pujas: AdminPujaSummary[]; total: number }> {
  let filtered = db.selectFrom('puja');
  const state = query.state ?? 'active';
  if (state === 'active') filtered = filtered.where('puja.retiredAt', 'is', null);
  if (state === 'retired') filtered = filtered.where('puja.retiredAt', 'is not', null);
  if (query.q)
    filtered = filtered.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['puja.pujaName']), 'like', likeAnywhere(query.q!)),
        eb(eb.fn('lower', ['puja.place']), 'like', likeAnywhere(query.q!)),
      ]),
    );
  if (query.when === 'upcoming') filtered = filtered.where('puja.pujaDate', '>', now.toISOString());
  if (query.when === 'past') filtered = filtered.where('puja.pujaDate', '<=', now.toISOString());
  const { rows, total } = await pageOf(filtered, query, (q) =>
    q
      .select([
        'puja.id',
        'puja.pujaName',
        'puja.place',
        'puja.pujaDate',
        'puja.image',
        'puja.inDemand',
        'puja.script',
        'puja.retiredAt',
        'puja.capacity',
        ...AUTHORISATION_COLUMNS,
      ])
      .select(placesTakenColumn)
      .select((eb) => [
        eb
          .selectFrom('pujaPackage')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('pujaPackage.pujaId', '=', 'puja.id')
          .as('packageCount'),
        eb
          .selectFrom('pujaPackage')
          .select((sub) => sub.fn.min<number>('pujaPackage.offerPrice').as('n'))
          .whereRef('pujaPackage.pujaId', '=', 'puja.id')
          .as('fromPrice'),
        eb
          .selectFrom('bookings')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('bookings.pujaId', '=', 'puja.id')
          .as('bookingCount'),
      ])
      // The soonest upcoming first when listing what is coming, the latest first otherwise.
      .orderBy('puja.pujaDate', query.when === 'upcoming' ? 'asc' : 'desc')
      .orderBy('puja.id', 'desc'),
  );
  return {
    pujas: rows.map((row) => {
      // The list says draft or not; the authorisation itself is on the puja's own page.
      const { authorisation, ...puja } = pujaFactsOf(row);
      return {
        ...puja,
        draft: authorisation === null,
        packageCount: Number(row.packageCount ?? 0),
        bookingCount: Number(row.bookingCount ?? 0),
        fromPrice: row.fromPrice === null ? null : Number(row.fromPrice),
      };
    }),
    total,
  };
}

/** A puja as staff edit it: its text in the forms' plain markup, its packages, its counts. */
export async function findPujaForStaff(db: Db, id: number): Promise<AdminPuja | undefined> {
  const row = await db.selectFrom('puja').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const packages = await listPackagesForStaff(db, id);
  const n = await countOf(db.selectFrom('bookings').where('pujaId', '=', id));
  const taken = await placesTaken(db, id);
  const prices = packages.map((p) => p.offerPrice);
  return {
    ...row,
    description: toCatalogueMarkup(row.description),
    benefitDesc1: toCatalogueMarkup(row.benefitDesc1),
    benefitDesc2: toCatalogueMarkup(row.benefitDesc2),
    benefitDesc3: toCatalogueMarkup(row.benefitDesc3),
    benefitDesc4: toCatalogueMarkup(row.benefitDesc4),
    placesLeft: placesLeftOf(row.capacity, taken),
    authorisation: authorisationOf(row),
    draft: isDraft(row),
    inDemand: row.inDemand === 1,
    fromPrice: prices.length ? Math.min(...prices) : null,
    bookingCount: Number(n),
    packages,
  };
}

const pujaColumns = (input: PujaInput) => ({ ...input, inDemand: input.inDemand ? 1 : 0 });

export function insertPuja(db: Db, input: PujaInput): Promise<number> {
  return insertRecord(db, 'puja', pujaColumns(input));
}

export function updatePuja(db: Db, id: number, version: number, input: PujaInput): Promise<boolean> {
  return updateAtVersion(db, 'puja', id, version, pujaColumns(input));
}

/** A copy of a puja's row (a new date) and of its packages, unretired, at version 1. */
export async function copyPuja(
  db: Db,
  id: number,
  dates: { pujaDate: string; startDate: string | null },
): Promise<number | undefined> {
  const row = await db.selectFrom('puja').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { id: _id, version: _version, retiredAt: _retired, ...copy } = row;
  const { id: copyId } = await db
    .insertInto('puja')
    // A repeat is another date of the same puja (docs/product-rules.md, Rescheduling).
    .values({ ...copy, ...dates, seriesId: row.seriesId ?? id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packages = await rowsWhere(db, 'pujaPackage', { pujaId: id }, 'id');
  for (const { id: _pkg, version: _v, pujaId: _p, ...pkg } of packages)
    await db
      .insertInto('pujaPackage')
      .values({ ...pkg, pujaId: copyId })
      .execute();
  return copyId;
}
