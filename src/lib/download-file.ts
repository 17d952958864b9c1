import { bearerFailure, bearerHeaders, http, type GetOptions } from './api.ts';

/**
 * GET a file the API makes for the signed-in user (a CSV export) and hand it to the browser as a
 * download: a link cannot carry the bearer token, so the bytes come through the client.
 */
export async function downloadFile(
  path: string,
  filename: string,
  { fallback, signal }: GetOptions,
): Promise<void> {
  let blob: Blob;
  try {
    blob = await http(path, { responseType: 'blob', headers: bearerHeaders(), signal });
  } catch (error) {
    throw bearerFailure(error, fallback);
  }
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET a bearer path whose answer is a file, not JSON (an .ics): its text, errors mapped as for every call. */
export async function getBearerText(path: string, { fallback, signal }: GetOptions): Promise<string> {
  try {
    return await http<string, 'text'>(path, {
      headers: { ...bearerHeaders(), Accept: 'text/calendar' },
      responseType: 'text',
      signal,
    });
  } catch (error) {
    throw bearerFailure(error, fallback);
  }
}
