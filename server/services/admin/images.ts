import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { IMAGE_SLOTS, type CatalogueImage, type ImageInput } from '../../../contract/admin/images.ts';
import { IMAGE_TYPES } from '../../../contract/lifecycle.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { openUpload } from '../uploads.ts';
import type { Deps } from './records.ts';

/**
 * Catalogue images (docs/product-rules.md, Roles and the back office): a photo staff uploaded
 * through POST /api/uploads (sniffed from its bytes there: JPEG, PNG or WebP, at most 5 MB,
 * docs/decisions/0024) is decoded by sharp, turned upright, stripped of its metadata (a phone's
 * GPS position included) and written as WebP at the widths its slot shows
 * (`IMAGE_SLOTS`), never wider than it was. The files are named by the photo's hash, the slot
 * and the width, so a name always means the same bytes: they are served with a year's immutable
 * caching under /images/catalogue/ (app.ts). SVG and anything else never get this far.
 */

/** Decoding stops beyond this many pixels (a "decompression bomb" of a small file). */
const MAX_INPUT_PIXELS = 50_000_000;
export const CATALOGUE_IMAGE_PREFIX = '/images/catalogue/';

export async function makeCatalogueImage(
  { db, actor, now }: Deps,
  { uploadsDir, imagesDir }: { uploadsDir: string; imagesDir: string },
  input: ImageInput,
): Promise<CatalogueImage> {
  const upload = await openUpload(db, uploadsDir, input.uploadId);
  if (!upload) throw Refusal.of('upload_not_found');
  if (!(IMAGE_TYPES as readonly string[]).includes(upload.row.contentType))
    throw Refusal.of('image_not_image');
  const slot = IMAGE_SLOTS[input.slot];
  let width: number;
  let height: number;
  try {
    const meta = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
      throw new Error('not a photo');
    // EXIF orientations 5-8 turn the picture a quarter: its upright width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    throw Refusal.of('image_unreadable');
  }
  if (width < slot.minWidth)
    throw new Refusal('image_too_small', catalogueMessages.imageTooSmall(slot.minWidth));

  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 24);
  const widths = [
    ...new Set([...slot.widths].sort((a, b) => a - b).map((target) => Math.min(target, width))),
  ];
  // Every size is made in memory before any is stored: a photo whose header reads but whose
  // pixels do not (a truncated PNG) is refused here, with nothing written.
  let made: { width: number; name: string; bytes: Buffer }[];
  try {
    made = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        name: `${hash}-${input.slot}-${w}.webp`,
        bytes: await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    throw Refusal.of('image_unreadable');
  }
  await fs.mkdir(imagesDir, { recursive: true });
  const sizes: CatalogueImage['sizes'] = [];
  for (const { width: w, name, bytes } of made) {
    const file = path.join(imagesDir, name);
    const exists = await fs.stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) {
      // Written under a temporary name and renamed: a file is whole or absent.
      await fs.writeFile(`${file}.part`, bytes, { mode: 0o644 });
      await fs.rename(`${file}.part`, file);
    }
    sizes.push({ width: w, url: `${CATALOGUE_IMAGE_PREFIX}${name}` });
  }
  const image: CatalogueImage = {
    url: sizes[sizes.length - 1]!.url,
    sizes,
    width: Math.min(width, Math.max(...slot.widths)),
    height: Math.round((height * Math.min(width, Math.max(...slot.widths))) / width),
  };
  await inTransaction(db, (trx) =>
    audit(trx, actor, now, {
      action: 'image.create',
      entity: 'image',
      entityId: hash,
      summary: `Added a ${slot.label.toLowerCase()} (${image.width}×${image.height})`,
      after: image,
    }),
  );
  return image;
}

/** Where catalogue images are written: beside the uploads, under DATA_DIR. */
export const catalogueImagesDirOf = (uploadsDir: string) =>
  path.join(path.dirname(uploadsDir), 'catalogue-images');
