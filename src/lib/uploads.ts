import { lifecycleMessages, UploadResponse, type Upload } from '../../contract/lifecycle.ts';
import { callApi } from './api.ts';
import { apiBase } from './config.ts';

/**
 * POST /api/uploads (bearer): a photo's bytes as they are; the server decides what they are
 * (docs/product-rules.md, Orders and bookings after the sale) and answers the upload's id.
 */
export function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<Upload> {
  return callApi('/api/uploads', {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    schema: UploadResponse,
    bearer: true,
    fallback: lifecycleMessages.uploadFailed,
    signal,
  }).then(({ upload }) => upload);
}

/** Where the browser loads an upload from (the API's base before the path). */
export const uploadUrl = (path: string) => `${apiBase}${path}`;
