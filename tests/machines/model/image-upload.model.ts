import { MAX_IMAGE_BYTES } from '../../../contract/lifecycle.ts';
import {
  imageUploadMachine,
  type ImageUploadEvent,
} from '../../../machines/image-upload/image-upload.machine.ts';
import type { EventFixtures, MachineModel } from './coverage.ts';

const events = {
  'upload.retry': [{ type: 'upload.retry' }],
} satisfies EventFixtures<ImageUploadEvent>;

const file = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });

export const imageUploadModel: MachineModel<typeof imageUploadMachine> = {
  name: 'image-upload',
  // The run starts the upload on its own, with no form above it to tell: the report to the parent
  // (a `sendParent`) becomes a no-op. tests/machines/image-upload.test.ts checks the real report.
  machine: imageUploadMachine.provide({ actions: { reportUploaded: () => {} } }),
  inputs: [
    { label: 'a JPEG', input: { field: 'image', slot: 'product', file: file('image/jpeg', 2048) } },
    { label: 'an SVG', input: { field: 'image', slot: 'product', file: file('image/svg+xml', 512) } },
    {
      label: 'a PNG over 5 MB',
      input: { field: 'photo', slot: 'astrologer', file: file('image/png', MAX_IMAGE_BYTES + 1) },
    },
    { label: 'a file of no known type', input: { field: 'image', slot: 'puja', file: file('', 2048) } },
  ],
  events,
  actors: {
    uploadImage: {
      done: ['/media/product/diya-900.webp'],
      // The server's reason, and a failure without one.
      error: [new Error('The image is too small for the shop (at least 300 px wide)'), new Error('')],
    },
  },
  abstract: ({ context }) => ({ url: context.url, error: context.error }),
};
