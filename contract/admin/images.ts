import * as v from 'valibot';
import { recordResponse } from '../envelope.ts';
import { wireText } from '../text.ts';

/**
 * Images of the catalogue: an upload (POST /api/uploads) sniffed, resized for its slot and served
 * for good.
 *
 *   POST /api/admin/images ImageInput -> 201 CatalogueImageResponse
 */

/** Where an image is shown, and the widths made for it (the largest is the one the catalogue names). */
export const IMAGE_SLOTS = {
  puja: { widths: [1200, 600], minWidth: 400, label: 'Puja image' },
  product: { widths: [900, 450], minWidth: 300, label: 'Product image' },
  category: { widths: [480, 240], minWidth: 160, label: 'Category image' },
  astrologer: { widths: [480, 240], minWidth: 160, label: 'Astrologer photo' },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;
export const IMAGE_SLOT_NAMES = Object.keys(IMAGE_SLOTS) as ImageSlot[];

/**
 * A photo kept as the upload it is, named by its id (`upl_…`), not made into catalogue sizes: the
 * photo of a puja's authorisation letter (docs/decisions/0078), which must stay legible as taken.
 */
export const KEPT_UPLOAD = 'upload' as const;
/** Where a chosen photo goes: a catalogue slot (resized, its URL kept) or KEPT_UPLOAD (its id kept). */
export type PhotoSlot = ImageSlot | typeof KEPT_UPLOAD;

/** An uploaded photo (POST /api/uploads) made into a catalogue image for a slot. */
export const ImageInput = v.object({
  uploadId: v.pipe(
    wireText('uploadId must be text'),
    v.regex(/^upl_[A-Za-z0-9_-]{24}$/, 'uploadId must be an upload of this shop (upl_…)'),
  ),
  slot: v.picklist(IMAGE_SLOT_NAMES, `slot must be one of ${IMAGE_SLOT_NAMES.join(', ')}`),
});
export type ImageInput = v.InferOutput<typeof ImageInput>;

export const CatalogueImage = v.object({
  /** The largest size: what the catalogue record names. */
  url: v.string(),
  /** Every size made, smallest first. */
  sizes: v.array(v.object({ width: v.number(), url: v.string() })),
  width: v.number(),
  height: v.number(),
});
export type CatalogueImage = v.InferOutput<typeof CatalogueImage>;
export const CatalogueImageResponse = recordResponse('image', CatalogueImage);
export type CatalogueImageResponse = v.InferOutput<typeof CatalogueImageResponse>;
