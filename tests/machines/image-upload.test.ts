import { createActor, setup, type ActorRefFrom } from 'xstate';
import { MAX_IMAGE_BYTES } from '../../contract/lifecycle.ts';
import {
  imageUploadMachine,
  imageUploadMessages,
  type ImageUploadInput,
  type ImageUploadReport,
} from '../../machines/image-upload/image-upload.machine.ts';
import {
  selectCanRetryUpload,
  selectIsUploading,
  selectUploadError,
} from '../../machines/image-upload/image-upload.selectors.ts';
import { pendingCalls } from './pending-calls.ts';

const photo = (type = 'image/jpeg', size = 2048, name = 'diya.jpg') =>
  new File([new Uint8Array(size)], name, { type });

/**
 * The upload as the edit form runs it: a child of a parent that collects what it is told. The
 * child's `uploadImage` waits for the test to answer.
 */
function startUpload(file: File | Blob, field = 'image') {
  const upload = pendingCalls<string, ImageUploadInput>();
  const reports: ImageUploadReport[] = [];
  const parentMachine = setup({
    types: { events: {} as ImageUploadReport },
    actors: { imageUpload: imageUploadMachine.provide({ actors: { uploadImage: upload.logic } }) },
  }).createMachine({
    invoke: { id: 'upload', src: 'imageUpload', input: { field, slot: 'product', file } },
    on: { 'image.uploaded': { actions: ({ event }) => reports.push(event) } },
  });
  const parent = createActor(parentMachine).start();
  const child = parent.getSnapshot().children.upload as ActorRefFrom<typeof imageUploadMachine>;
  return { child, upload, reports };
}

describe('image upload machine: what the browser says of the file', () => {
  it('refuses a file that is not a JPEG, PNG or WebP without uploading it', () => {
    for (const type of ['image/svg+xml', 'image/gif', 'application/pdf']) {
      const { child, upload, reports } = startUpload(photo(type, 100, 'logo'));
      const snapshot = child.getSnapshot();
      expect(snapshot.value).toBe('rejected');
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.error).toBe(imageUploadMessages.notAPhoto);
      expect(selectUploadError(snapshot)).toBe('Please choose a JPEG, PNG or WebP photo');
      expect(selectCanRetryUpload(snapshot)).toBe(false);
      expect(upload.calls).toHaveLength(0);
      expect(reports).toEqual([]);
    }
  });

  it('refuses a photo over 5 MB, and takes one of exactly 5 MB', () => {
    const large = startUpload(photo('image/png', MAX_IMAGE_BYTES + 1));
    expect(large.child.getSnapshot().value).toBe('rejected');
    expect(large.child.getSnapshot().context.error).toBe('The photo is too large (at most 5 MB)');
    expect(large.upload.calls).toHaveLength(0);

    const limit = startUpload(photo('image/png', MAX_IMAGE_BYTES));
    expect(limit.child.getSnapshot().value).toBe('uploading');
    expect(limit.upload.calls).toHaveLength(1);
  });

  it('says the type is wrong before the size, when both are', () => {
    const { child } = startUpload(photo('image/tiff', MAX_IMAGE_BYTES + 1));
    expect(child.getSnapshot().context.error).toBe(imageUploadMessages.notAPhoto);
  });

  it('uploads a file the browser gives no type for: the server decides from the bytes', () => {
    const { child, upload } = startUpload(new Blob([new Uint8Array(10)]));
    expect(child.getSnapshot().value).toBe('uploading');
    expect(upload.calls).toHaveLength(1);
  });
});

describe('image upload machine: uploading', () => {
  it('uploads the file for its field and slot, busy meanwhile, then tells the form the URL', async () => {
    const file = photo('image/webp');
    const { child, upload, reports } = startUpload(file, 'photo');
    const uploading = child.getSnapshot();
    expect(uploading.value).toBe('uploading');
    expect(selectIsUploading(uploading)).toBe(true);
    expect(upload.last().input).toEqual({ field: 'photo', slot: 'product', file });
    expect(reports).toEqual([]);

    await upload.last().resolve('/media/product/abc-900.webp');
    const uploaded = child.getSnapshot();
    expect(uploaded.value).toBe('uploaded');
    expect(uploaded.status).toBe('done');
    expect(uploaded.context).toMatchObject({ url: '/media/product/abc-900.webp', error: null });
    expect(selectIsUploading(uploaded)).toBe(false);
    expect(reports).toEqual([{ type: 'image.uploaded', field: 'photo', url: '/media/product/abc-900.webp' }]);
  });

  it('fails with the reason, offers Retry, and a retry uploads the same file again', async () => {
    const file = photo();
    const { child, upload, reports } = startUpload(file);
    expect(child.getSnapshot().can({ type: 'upload.retry' })).toBe(false);

    await upload.last().reject(new Error('The image is too small for the shop (at least 300 px wide)'));
    const failed = child.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(selectUploadError(failed)).toBe('The image is too small for the shop (at least 300 px wide)');
    expect(selectCanRetryUpload(failed)).toBe(true);
    expect(selectIsUploading(failed)).toBe(false);
    expect(reports).toEqual([]);

    child.send({ type: 'upload.retry' });
    expect(child.getSnapshot().value).toBe('uploading');
    expect(upload.calls).toHaveLength(2);
    expect(upload.last().input.file).toBe(file);

    await upload.last().resolve('/media/product/second-900.webp');
    expect(child.getSnapshot().value).toBe('uploaded');
    expect(child.getSnapshot().context.error).toBeNull();
    expect(reports).toEqual([
      { type: 'image.uploaded', field: 'image', url: '/media/product/second-900.webp' },
    ]);
  });

  it('says the upload failed when the error has no message of its own', async () => {
    const { child, upload } = startUpload(photo());
    await upload.last().reject(new Error(''));
    expect(child.getSnapshot().context.error).toBe('The photo could not be uploaded');
    expect(child.getSnapshot().context.error).toBe(imageUploadMessages.failed);
  });

  it('selectors read a form field with no upload yet as idle', () => {
    expect(selectIsUploading(undefined)).toBe(false);
    expect(selectUploadError(undefined)).toBeNull();
    expect(selectCanRetryUpload(undefined)).toBe(false);
  });
});
