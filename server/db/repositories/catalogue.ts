import type { TempleScriptName } from '../../../contract/temple-script.ts';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { ProductQuery, PujaQuery } from '../../../contract/catalogue-query.ts';
import { STARTING_SOON_DAYS } from '../../../contract/catalogue-display.ts';
import { HOUR_MS, SANKALP_LOCK_HOURS } from '../../../contract/policy.ts';
import type { Astrologer, Category, Product, Puja, PujaPackage } from '../../../contract/catalogue.ts';
import type { Db } from '../client.ts';
import type { Database } from '../types.ts';
import type { PujaRow } from '../catalogue-types.ts';
import { countOf } from '../queries.ts';
import { placesLeftOf, placesTakenColumn } from './places.ts';
import { AUTHORISATION_COLUMNS, authorisationOf, isInShop } from './puja-authorisation.ts';

/**
 * The columns of the shop's catalogue answers (SPEC.md section 7's shapes): what staff keep
 * beside them (version, script, retired) never leaves through the shop's own routes.
 */
export const PUBLIC_PUJA_COLUMNS = [
  'puja.id',
  'puja.pujaName',
  'puja.place',
  'puja.noDevotes',
  'puja.pujaDate',
  'puja.startDate',
  'puja.image',
  'puja.description',
  'puja.inDemand',
  'puja.benefitTitle1',
  'puja.benefitDesc1',
  'puja.benefitTitle2',
  'puja.benefitDesc2',
  'puja.benefitTitle3',
  'puja.benefitDesc3',
  'puja.benefitTitle4',
  'puja.benefitDesc4',
  'puja.capacity',
  ...AUTHORISATION_COLUMNS,
] as const;
type PublicPujaRow = Pick<
  PujaRow,
  (typeof PUBLIC_PUJA_COLUMNS)[number] extends `puja.${infer C}` ? C & keyof PujaRow : never
>;

const PUBLIC_PACKAGE_COLUMNS = [
  'id',
  'pujaId',
  'title',
  'description',
  'noPersons',
  'price',
  'offerPrice',
] as const;
const PUBLIC_PRODUCT_COLUMNS = [
  'product.id',
  'product.name',
  'product.description',
  'product.price',
  'product.offerPrice',
  'product.image',
  'product.stockQuantity',
  'product.categoryId',
  'product.averageRating',
  'product.totalReviews',
] as const;

/** What every read of a puja row needs to turn it into an answer: its flag, its count, its authorisation. */
type PujaFactsRow = Pick<
  PujaRow,
  | 'inDemand'
  | 'capacity'
  | 'templeName'
  | 'performedBy'
  | 'authorisedBy'
  | 'authorisationRef'
  | 'authorisationDate'
> & { placesTaken: number | string | null };

/**
 * A puja row as the shop and the back office both answer it, the one mapping of the two: "in
 * demand" as a boolean, its places left counted from what its bookings and offers hold
 * (placesTakenColumn), and its authorisation as one value (null: a draft); the rest as it is.
 */
export function pujaFactsOf<R extends PujaFactsRow>({
  inDemand,
  placesTaken,
  templeName,
  performedBy,
  authorisedBy,
  authorisationRef,
  authorisationDate,
  ...row
}: R) {
  return {
    ...row,
    inDemand: inDemand === 1,
    // PostgreSQL answers COUNT as a string.
    placesLeft: placesLeftOf(row.capacity, Number(placesTaken ?? 0)),
    authorisation: authorisationOf({
      templeName,
      performedBy,
      authorisedBy,
      authorisationRef,
      authorisationDate,
    }),
  };
}

const toPuja = (row: PublicPujaRow & { placesTaken: number | string | null }): Puja => pujaFactsOf(row);

/**
 * Pujas in the shop (not retired) with `fromPrice`: the cheapest package's offer price (null
 * when a puja has none).
 */
function pujasWithFromPrice(db: Db) {
  return (
    db
      .selectFrom('puja')
      .select(PUBLIC_PUJA_COLUMNS)
      // Neither a retired puja nor a draft (no temple's authorisation) is in the shop (docs/decisions/0078).
      .where(isInShop)
      .select((eb) =>
        eb
          .selectFrom('pujaPackage')
          .select((inner) => inner.fn.min<number>('pujaPackage.offerPrice').as('minOffer'))
          .whereRef('pujaPackage.pujaId', '=', 'puja.id')
          .as('fromPrice'),
      )
      .select(placesTakenColumn)
  );
}

const toPujaWithPrice = ({
  fromPrice,
  ...row
}: PublicPujaRow & { fromPrice: number | null; placesTaken: number | string | null }): Puja => ({
  ...toPuja(row),
  fromPrice: fromPrice === null ? null : Number(fromPrice),
});

/** A page of a list and how many items the whole (filtered) list holds. */
export interface CataloguePage<T> {
  items: T[];
  total: number;
}

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \\ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const lowerLike = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;

/**
 * A description as the customer reads it, near enough for a search: its two common entities
 * (`&nbsp;`, `&amp;`) read as the characters they show, so "home & family" finds "home &amp;
 * family". Tags are still searched as stored (docs/product-rules.md, Catalogue queries).
 */
const descriptionLike = (column: string, text: string) =>
  sql<boolean>`lower(replace(replace(${sql.ref(column)}, '&nbsp;', ' '), '&amp;', '&')) like ${containsPattern(text)} escape '\\'`;

/** An ISO date and time (`2026-03-01T06:00:00.000Z`): a puja date the date filters can compare. */
const ISO_DATE_PATTERN = '____-__-__T%';

/** SQLite needs a LIMIT before an OFFSET; "no limit" is this many. */
const NO_LIMIT = 2_147_483_647;

function page<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: { limit?: number; offset?: number },
): SelectQueryBuilder<DB, TB, O> {
  if (limit === undefined && offset === undefined) return query;
  return query.limit(limit ?? NO_LIMIT).offset(offset ?? 0);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Pujas soonest open first, then the closed (the default), or as `query` asks (docs/product-rules.md, Catalogue queries):
 * name contains `q` (any case); "from" price within the bounds (a puja without packages has no
 * price and is left out once a bound is given); puja date after `now` (upcoming) or within the
 * "Starting soon" window; sorted by date or price with the id breaking ties; one page of it.
 */
export async function listPujas(
  db: Db,
  query: PujaQuery = {},
  now: Date = new Date(),
): Promise<CataloguePage<Puja>> {
  const filtered = pujasWithFromPrice(db).where((eb: ExpressionBuilder<Database, 'puja'>) => {
    const conditions = [];
    if (query.q) conditions.push(lowerLike('puja.pujaName', query.q));
    const fromPrice = eb
      .selectFrom('pujaPackage')
      .select((inner) => inner.fn.min<number>('pujaPackage.offerPrice').as('minOffer'))
      .whereRef('pujaPackage.pujaId', '=', 'puja.id');
    if (query.minPrice !== undefined) conditions.push(eb(fromPrice, '>=', query.minPrice));
    if (query.maxPrice !== undefined) conditions.push(eb(fromPrice, '<=', query.maxPrice));
    if (query.when) {
      // A missing or unreadable date passes only "all" (docs/product-rules.md, Catalogue display).
      conditions.push(eb('puja.pujaDate', 'like', ISO_DATE_PATTERN));
      conditions.push(eb('puja.pujaDate', '>', now.toISOString()));
      if (query.when === 'starting-soon')
        conditions.push(
          eb('puja.pujaDate', '<=', new Date(now.getTime() + STARTING_SOON_DAYS * DAY_MS).toISOString()),
        );
    }
    return eb.and(conditions);
  });
  const count = await countOf(db.selectFrom(filtered.as('filtered')));
  let ordered = filtered;
  switch (query.sort ?? 'default') {
    case 'date':
      ordered = ordered.orderBy('puja.pujaDate');
      break;
    case 'price-asc':
      ordered = ordered.orderBy('fromPrice');
      break;
    case 'price-desc':
      ordered = ordered.orderBy('fromPrice', 'desc');
      break;
    case 'default': {
      // Soonest open first, then the closed (the most recently closed first), undated last
      // (docs/product-rules.md, Catalogue queries). Open is the booking window: the puja's date
      // beyond the sankalp lock from now (bookingClosesAt). Each key is null outside its own
      // group, so where a database puts nulls never changes the order.
      const date = sql.ref('puja.pujaDate');
      const closesBefore = new Date(now.getTime() + SANKALP_LOCK_HOURS * HOUR_MS).toISOString();
      const dated = sql<boolean>`${date} like ${ISO_DATE_PATTERN}`;
      const open = sql<boolean>`${dated} and ${date} > ${closesBefore}`;
      ordered = ordered
        .orderBy(sql`case when ${open} then 0 when ${dated} then 1 else 2 end`)
        .orderBy(sql`case when ${open} then ${date} end`)
        .orderBy(sql`case when ${dated} and not (${open}) then ${date} end`, 'desc');
      break;
    }
  }
  const rows = await page(ordered.orderBy('puja.id'), query).execute();
  return { items: rows.map(toPujaWithPrice), total: Number(count) };
}

export async function findPuja(db: Db, id: number): Promise<Puja | undefined> {
  const row = await pujasWithFromPrice(db).where('puja.id', '=', id).executeTakeFirst();
  return row && toPujaWithPrice(row);
}

/**
 * The soonest other date of the same puja (same name and place, in the shop) still open for
 * booking at `now`: its sankalp lock (`bookingClosesAt`) is ahead. Null when there is none.
 */
export async function findNextPujaDate(
  db: Db,
  id: number,
  now: Date,
): Promise<{ id: number; date: string } | null> {
  const puja = await db
    .selectFrom('puja')
    .select(['pujaName', 'place'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!puja) return null;
  const opensAfter = new Date(now.getTime() + SANKALP_LOCK_HOURS * HOUR_MS).toISOString();
  const row = await db
    .selectFrom('puja')
    .select(['id', 'pujaDate'])
    .where('id', '!=', id)
    .where(isInShop)
    .where('pujaName', '=', puja.pujaName)
    .where('place', '=', puja.place)
    .where('pujaDate', 'like', ISO_DATE_PATTERN)
    .where('pujaDate', '>', opensAfter)
    .orderBy('pujaDate')
    .orderBy('id')
    .executeTakeFirst();
  return row?.pujaDate ? { id: row.id, date: row.pujaDate } : null;
}

/** The script the puja's temple reads the sankalp in. */
export async function findPujaScript(db: Db, id: number): Promise<TempleScriptName> {
  const row = await db.selectFrom('puja').select('script').where('id', '=', id).executeTakeFirst();
  return row?.script ?? 'devanagari';
}

export function listPackages(db: Db, pujaId: number): Promise<PujaPackage[]> {
  return db
    .selectFrom('pujaPackage')
    .select(PUBLIC_PACKAGE_COLUMNS)
    .where('pujaId', '=', pujaId)
    .orderBy('noPersons')
    .orderBy('id')
    .execute();
}

/** The categories in the shop: a retired one (and it has no products in the shop) is left out. */
export function listCategories(db: Db): Promise<Category[]> {
  return db
    .selectFrom('category')
    .select(['id', 'category', 'name', 'imgUrl'])
    .where('retiredAt', 'is', null)
    .orderBy('id')
    .execute();
}

const productQuery = (db: Db) =>
  db
    .selectFrom('product')
    .innerJoin('category', 'category.id', 'product.categoryId')
    .select(PUBLIC_PRODUCT_COLUMNS)
    .select('category.category as category')
    .where('product.retiredAt', 'is', null);

/**
 * Products newest first (highest id first), or as `query` asks (docs/product-rules.md,
 * Catalogue queries): name or description contains `q` (any case); in one category; selling
 * price (offerPrice) within the bounds, inclusive; by price with the newest first among equals;
 * one page of it.
 */
export async function listProducts(db: Db, query: ProductQuery = {}): Promise<CataloguePage<Product>> {
  const filtered = productQuery(db).where((eb) => {
    const conditions = [];
    if (query.q)
      conditions.push(
        eb.or([lowerLike('product.name', query.q), descriptionLike('product.description', query.q)]),
      );
    if (query.category !== undefined) conditions.push(eb('product.categoryId', '=', query.category));
    if (query.minPrice !== undefined) conditions.push(eb('product.offerPrice', '>=', query.minPrice));
    if (query.maxPrice !== undefined) conditions.push(eb('product.offerPrice', '<=', query.maxPrice));
    return eb.and(conditions);
  });
  const count = await countOf(db.selectFrom(filtered.as('filtered')));
  let ordered = filtered;
  if (query.sort === 'price-asc') ordered = ordered.orderBy('product.offerPrice');
  if (query.sort === 'price-desc') ordered = ordered.orderBy('product.offerPrice', 'desc');
  const items = await page(ordered.orderBy('product.id', 'desc'), query).execute();
  return { items, total: Number(count) };
}

export function findProduct(db: Db, id: number): Promise<Product | undefined> {
  return productQuery(db).where('product.id', '=', id).executeTakeFirst();
}

export async function listAstrologers(db: Db): Promise<Astrologer[]> {
  const rows = await db
    .selectFrom('astrologer')
    .select(['id', 'name', 'photo', 'specializations', 'experience', 'ratePerMinute', 'bio'])
    .where('retiredAt', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, specializations: JSON.parse(row.specializations) as string[] }));
}
