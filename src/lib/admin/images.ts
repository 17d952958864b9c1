import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import {
  CatalogueImageResponse,
  KEPT_UPLOAD,
  type ImageSlot,
  type PhotoSlot,
} from '../../../contract/admin/images.ts';
import { ApiError } from '../api.ts';
import { uploadPhoto } from '../uploads.ts';
import { staffSend } from './client.ts';

/** A photo uploaded (sniffed and limited by the server); a video or anything else is refused as not a photo. */
const uploadStill = (file: Blob, signal?: AbortSignal) =>
  uploadPhoto(file, signal).catch((error: unknown) => {
    // Staff may upload video for a puja's proof; a photo field takes photos only, and says so.
    if (error instanceof ApiError && error.code === 'upload_not_image')
      throw new ApiError(catalogueMessages.imageNotImage, error.status, error.code);
    throw error;
  });

/**
 * A photo for a form's image field: for KEPT_UPLOAD the upload as it is, answered by its id (the
 * authorisation letter); for a catalogue slot, resized for it and answered by its URL.
 */
export async function uploadFormPhoto(file: Blob, slot: PhotoSlot, signal?: AbortSignal): Promise<string> {
  if (slot === KEPT_UPLOAD) return (await uploadStill(file, signal)).id;
  return uploadCatalogueImage(file, slot, signal);
}

/** A photo for a catalogue slot: uploaded (sniffed by the server), then resized for the slot. */
export async function uploadCatalogueImage(
  file: Blob,
  slot: ImageSlot,
  signal?: AbortSignal,
): Promise<string> {
  const upload = await uploadStill(file, signal);
  const { image } = await staffSend(
    'POST',
    '/api/admin/images',
    { uploadId: upload.id, slot },
    CatalogueImageResponse,
    signal,
  );
  return image.url;
}
