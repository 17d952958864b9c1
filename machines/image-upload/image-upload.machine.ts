import { assign, sendParent, setup } from 'xstate';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../contract/lifecycle.ts';
import type { PhotoSlot } from '../../contract/admin/images.ts';
import { errorMessageOr, outputOf, unprovided } from '../shared/actor-events.ts';

export interface ImageUploadInput {
  /** The form field the image is for (`image`, `photo`, `imgUrl`). */
  field: string;
  slot: PhotoSlot;
  file: File | Blob;
}

export interface ImageUploadContext extends ImageUploadInput {
  url: string | null;
  error: string | null;
}

export type ImageUploadEvent = { type: 'upload.retry' };

/** What the parent form is told. */
export type ImageUploadReport = { type: 'image.uploaded'; field: string; url: string };

export const imageUploadMessages = {
  notAPhoto: 'Please choose a JPEG, PNG or WebP photo',
  tooLarge: `The photo is too large (at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`,
  failed: 'The photo could not be uploaded',
} as const;

/**
 * One catalogue image on its way in (docs/product-rules.md, Roles and the back office):
 * `checking` what the browser says of the file (a quick answer for an SVG or a huge file; the
 * server decides from the bytes anyway), `uploading` (the bytes to POST /api/uploads, then made
 * into the slot's sizes), then `uploaded`, telling the form that spawned it the image's URL,
 * or `failed` with the reason and Retry.
 */
export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as ImageUploadInput,
  },
  actors: {
    uploadImage: unprovided<string, ImageUploadInput>('uploadImage not provided'),
  },
  actions: {
    storeError: assign({ error: (_, error: string) => error }),
    storeUrl: assign({ url: (_, url: string) => url, error: null }),
    reportUploaded: sendParent(({ context }) => ({
      type: 'image.uploaded',
      field: context.field,
      url: context.url!,
    })),
  },
  guards: {
    isNotAPhoto: ({ context }) =>
      !!context.file.type && !(IMAGE_TYPES as readonly string[]).includes(context.file.type),
    isTooLarge: ({ context }) => context.file.size > MAX_IMAGE_BYTES,
  },
}).createMachine({
  id: 'imageUpload',
  context: ({ input }) => ({ ...input, url: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        {
          guard: 'isNotAPhoto',
          target: 'rejected',
          actions: { type: 'storeError', params: imageUploadMessages.notAPhoto },
        },
        {
          guard: 'isTooLarge',
          target: 'rejected',
          actions: { type: 'storeError', params: imageUploadMessages.tooLarge },
        },
        { target: 'uploading' },
      ],
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => ({ field: context.field, slot: context.slot, file: context.file }),
        onDone: {
          target: 'uploaded',
          actions: [{ type: 'storeUrl', params: outputOf<string> }, 'reportUploaded'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: errorMessageOr(imageUploadMessages.failed) },
        },
      },
    },
    failed: { on: { 'upload.retry': 'uploading' } },
    rejected: { type: 'final' },
    uploaded: { type: 'final' },
  },
});
