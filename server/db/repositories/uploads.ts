import { sql } from 'kysely';
import type { Db } from '../client.ts';
import type { UploadRow } from '../types.ts';
import { countOf } from '../queries.ts';

/** Uploaded photos and videos: data access only (the files themselves are server/services/uploads.ts's). */

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUpload(db: Db, upload: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

/** How many uploads the user made since `since` (ISO 8601). */
export async function countUploadsSince(db: Db, userId: number, since: string): Promise<number> {
  return countOf(db.selectFrom('uploads').where('userId', '=', userId).where('createdAt', '>', since));
}

/**
 * Uploads made before `before` (ISO 8601) that nothing refers to: no order's damage claim, no
 * booking's proof photos or video, no puja's authorisation letter. A photo sent for a claim that was then refused, or never
 * sent, is one of these.
 */
export async function findUnusedUploads(db: Db, before: string, limit = 500): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads as u')
    .select('u.id')
    .where('u.createdAt', '<', before)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.claimPhotoId', '=', 'u.id'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .where((inner) =>
              inner.or([
                inner('b.proofPhotoIds', 'like', sql<string>`'%"' || u.id || '"%'`),
                inner('b.proofVideoUrl', 'like', sql<string>`'%' || u.id`),
              ]),
            ),
        ),
      ),
    )
    // A photo of a temple's authorisation letter (docs/product-rules.md, The temple's authorisation).
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('puja as p').select('p.id').whereRef('p.authorisationImageId', '=', 'u.id')),
      ),
    )
    .orderBy('u.createdAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}
