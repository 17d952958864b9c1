import type { Kysely } from 'kysely';

/**
 * A booked person's name and gothra in the temple's script, when the devotee or staff corrected
 * the spelling by hand (docs/product-rules.md, The sankalp in the temple's script): null means
 * the sheet works it out from the Latin spelling.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_persons').addColumn('name_in_script', 'text').execute();
  await db.schema.alterTable('booking_persons').addColumn('gothra_in_script', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_persons').dropColumn('gothra_in_script').execute();
  await db.schema.alterTable('booking_persons').dropColumn('name_in_script').execute();
}
