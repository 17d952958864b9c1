import { sql, type Kysely } from 'kysely';

/** The catalogue: pujas and their packages, product categories and products, astrologers. */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
  const id = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('puja')
    .addColumn('id', idType, id)
    .addColumn('puja_name', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('no_devotes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('puja_date', 'text')
    .addColumn('start_date', 'text')
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('in_demand', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('benefit_title1', 'text', (c) => c.notNull())
    .addColumn('benefit_desc1', 'text', (c) => c.notNull())
    .addColumn('benefit_title2', 'text', (c) => c.notNull())
    .addColumn('benefit_desc2', 'text', (c) => c.notNull())
    .addColumn('benefit_title3', 'text', (c) => c.notNull())
    .addColumn('benefit_desc3', 'text', (c) => c.notNull())
    .addColumn('benefit_title4', 'text', (c) => c.notNull())
    .addColumn('benefit_desc4', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('puja_package')
    .addColumn('id', idType, id)
    .addColumn('puja_id', 'integer', (c) => c.notNull().references('puja.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('no_persons', 'integer', (c) => c.notNull().check(sql`no_persons >= 1`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('offer_price', 'integer', (c) => c.notNull().check(sql`offer_price >= 0`))
    .execute();
  await db.schema.createIndex('puja_package_puja_id').on('puja_package').column('puja_id').execute();

  await db.schema
    .createTable('category')
    .addColumn('id', idType, id)
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('img_url', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('offer_price', 'integer', (c) => c.notNull().check(sql`offer_price >= 0`))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('stock_quantity', 'integer', (c) => c.notNull().check(sql`stock_quantity >= 0`))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id'))
    .addColumn('average_rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_category_id').on('product').column('category_id').execute();

  await db.schema
    .createTable('astrologer')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('photo', 'text', (c) => c.notNull())
    .addColumn('specializations', 'text', (c) => c.notNull())
    .addColumn('experience', 'integer', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['astrologer', 'product', 'category', 'puja_package', 'puja']) {
    await db.schema.dropTable(table).execute();
  }
}
