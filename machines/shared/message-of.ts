/**
 * The words of what an actor threw: the API client's errors and the server's refusals carry the
 * message to show; anything else, or a blank message, shows the caller's fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('message' in error)) return fallback;
  const { message } = error;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
