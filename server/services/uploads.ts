import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  IMAGE_TYPES,
  isStaffRole,
  lifecycleMessages,
  MAX_CUSTOMER_UPLOADS_PER_DAY,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  uploadPath,
  VIDEO_TYPES,
  type Upload,
  type UploadType,
  type UserRole,
} from '../../contract/lifecycle.ts';
import type { Db } from '../db/client.ts';
import {
  countUploadsSince,
  deleteUpload,
  findUnusedUploads,
  findUpload,
  insertUpload,
} from '../db/repositories/uploads.ts';
import { lockCustomer } from '../db/repositories/coupons.ts';
import { inTransaction } from '../db/transaction.ts';
import type { UploadRow } from '../db/types.ts';
import { Refusal } from './refusal.ts';

/**
 * Photos (damage claims, proof of a puja) and the staff's proof videos (docs/product-rules.md,
 * Orders and bookings after the sale). What a file is comes from its bytes (file-type), never
 * from its name or the type the client declares; only JPEG, PNG and WebP photos (and, from
 * staff, MP4 and WebM videos) are kept, under their size limits, in `dir` (DATA_DIR/uploads) as
 * files named by a random id. They are served with the sniffed type and headers that forbid
 * any other reading (routes/uploads.ts), so an upload can never be served as a page.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const newUploadId = () => `upl_${randomBytes(18).toString('base64url')}`;
const MB = 1024 * 1024;

/** The largest body this role may send to the upload route: staff a video, a customer a photo. */
export const maxUploadBytesFor = (role: UserRole) => (isStaffRole(role) ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES);

const isImage = (type: string): type is (typeof IMAGE_TYPES)[number] =>
  (IMAGE_TYPES as readonly string[]).includes(type);
const isVideo = (type: string): type is (typeof VIDEO_TYPES)[number] =>
  (VIDEO_TYPES as readonly string[]).includes(type);

/** Keeps an upload: sniffed, limited, written under `dir`, recorded as the user's. */
export async function saveUpload({
  db,
  dir,
  user,
  bytes,
  now,
}: {
  db: Db;
  dir: string;
  user: { id: number; role: UserRole };
  bytes: Uint8Array;
  now: Date;
}): Promise<Upload> {
  if (bytes.byteLength === 0) throw Refusal.of('upload_empty');
  const staff = isStaffRole(user.role);
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime ?? '';
  const type: UploadType | undefined = isImage(sniffed) || (staff && isVideo(sniffed)) ? sniffed : undefined;
  if (!type)
    throw new Refusal('upload_not_image', staff ? lifecycleMessages.notAMedia : lifecycleMessages.notAnImage);
  const limit = isImage(type) ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
  if (bytes.byteLength > limit)
    throw new Refusal('upload_too_large', lifecycleMessages.uploadTooLarge(limit / MB));
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  /** A customer's daily cap (staff have none): refused once they made their uploads of the day. */
  const refuseOverCap = async (reader: Db) => {
    if (!staff && (await countUploadsSince(reader, user.id, since)) >= MAX_CUSTOMER_UPLOADS_PER_DAY)
      throw Refusal.of('too_many_uploads');
  };
  // Early, so a customer over the cap costs no file write; the count that decides is below.
  await refuseOverCap(db);

  const id = newUploadId();
  await fs.mkdir(dir, { recursive: true });
  // Written under a temporary name and renamed: a file is either whole or absent.
  const file = path.join(dir, id);
  await fs.writeFile(`${file}.part`, bytes, { mode: 0o640 });
  await fs.rename(`${file}.part`, file);
  const row: UploadRow = {
    id,
    userId: user.id,
    contentType: type,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    createdAt: now.toISOString(),
  };
  try {
    // The count and the insert are one step: in one transaction that holds the customer's row
    // (PostgreSQL) or the database's one writer (SQLite), so parallel uploads cannot all pass
    // a count taken before any of them was recorded.
    await inTransaction(db, async (trx) => {
      await lockCustomer(trx, user.id);
      await refuseOverCap(trx);
      await insertUpload(trx, row);
    });
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { id, url: uploadPath(id), contentType: type, size: row.size };
}

/** An upload's row and bytes, or undefined when there is no such upload. */
export async function openUpload(db: Db, dir: string, id: string) {
  const row = await findUpload(db, id);
  if (!row) return undefined;
  try {
    return { row, bytes: await fs.readFile(path.join(dir, row.id)) };
  } catch {
    return undefined;
  }
}

/** How long an upload may wait for the claim or proof that uses it before it is deleted. */
const UNUSED_UPLOAD_GRACE_MS = DAY_MS;

/**
 * Deletes the uploads nothing came to use within a day (a photo for a claim that was refused or
 * never sent): the file first, then its row, so a row never points at a missing file for
 * long and a crash between the two leaves only a row the next run removes. Returns how many.
 */
export async function pruneUnusedUploads(db: Db, dir: string, now: Date): Promise<number> {
  const ids = await findUnusedUploads(db, new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS).toISOString());
  for (const id of ids) {
    await fs.rm(path.join(dir, id), { force: true });
    await deleteUpload(db, id);
  }
  return ids.length;
}
