import type { SnapshotFrom } from 'xstate';
import type { imageUploadMachine } from './image-upload.machine.ts';

type Snapshot = SnapshotFrom<typeof imageUploadMachine>;

export const selectIsUploading = (s: Snapshot | undefined) => s?.hasTag('busy') ?? false;
export const selectUploadError = (s: Snapshot | undefined) => s?.context.error ?? null;
export const selectCanRetryUpload = (s: Snapshot | undefined) => s?.matches('failed') ?? false;
