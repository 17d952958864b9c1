import type { Kysely } from 'kysely';

/**
 * The temple's authorisation on every puja (docs/product-rules.md, The temple's authorisation):
 * the temple, who performs it, the office that authorised it, its letter or reference and date,
 * and an optional photo of the letter (an upload). A puja without them is a draft, kept out of
 * the shop. Nothing is filled in here: the shop never claims an authorisation it was not given
 * (docs/decisions/0078). Also the bookings one account may hold of a date (Places at the temple).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    'temple_name',
    'performed_by',
    'authorised_by',
    'authorisation_ref',
    'authorisation_date',
  ])
    await db.schema.alterTable('puja').addColumn(column, 'text').execute();
  await db.schema.alterTable('puja').addColumn('authorisation_image_id', 'text').execute();
  await db.schema.alterTable('puja').addColumn('max_per_account', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'max_per_account',
    'authorisation_image_id',
    'authorisation_date',
    'authorisation_ref',
    'authorised_by',
    'performed_by',
    'temple_name',
  ])
    await db.schema.alterTable('puja').dropColumn(column).execute();
}
