import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { CatalogueImageResponse, type ImageSlot } from '../../../contract/admin/images.ts';
import { ApiError } from '../api.ts';
import { uploadPhoto } from '../uploads.ts';
import { staffSend } from './client.ts';

/** A photo for a catalogue slot: uploaded (sniffed by the server), then resized for the slot. */
export async function uploadCatalogueImage(
  file: Blob,
  slot: ImageSlot,
  signal?: AbortSignal,
): Promise<string> {
  const upload = await uploadPhoto(file, signal).catch((error: unknown) => {
    // Staff may upload video for a puja's proof; a catalogue slot takes photos only, and says so.
    if (error instanceof ApiError && error.code === 'upload_not_image')
      throw new ApiError(catalogueMessages.imageNotImage, error.status, error.code);
    throw error;
  });
  const { image } = await staffSend(
    'POST',
    '/api/admin/images',
    { uploadId: upload.id, slot },
    CatalogueImageResponse,
    signal,
  );
  return image.url;
}
