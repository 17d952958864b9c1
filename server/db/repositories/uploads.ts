import type { Db } from '../client.ts';
import type { UploadRow } from '../types.ts';

/** Uploaded photos and videos: data access only (the files themselves are server/services/uploads.ts's). */

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUpload(db: Db, upload: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

/** How many uploads the user made since `since` (ISO 8601). */
export async function countUploadsSince(db: Db, userId: number, since: string): Promise<number> {
  const { n } = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}
