import type { ActorOptions, AnyActorLogic } from 'xstate';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/** Set once by `startInspector`, before the app renders; undefined unless asked for. */
let inspect: Inspect | undefined;

/** `?inspect` in the query, or in the hash route's query (`/#/cart?inspect`). */
export function wantsInspector(location: Pick<Location, 'search' | 'hash'>): boolean {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  return new URLSearchParams(location.search).has('inspect') || new URLSearchParams(hashQuery).has('inspect');
}

const SECRET_KEY = /password|token/i;

/** Passwords and tokens never leave the page, not even for the inspector window. */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecrets(item, depth + 1)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) && item !== null && item !== undefined
        ? '[redacted]'
        : redactSecrets(item, depth + 1),
    ]),
  ) as T;
}

/**
 * Opt-in live inspection (docs/decisions/0009): only under the dev server (`npm run dev`) and
 * only with `?inspect` in the URL, the Stately inspector opens in a new window and every actor
 * created with `inspectOptions()` reports to it. `import.meta.env.DEV` is false in `vite build`,
 * so this body and the @statelyai/inspect chunk are dropped from the production bundle.
 */
export async function startInspector(location: Pick<Location, 'search' | 'hash'>): Promise<void> {
  if (import.meta.env.DEV && wantsInspector(location)) {
    try {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      inspect = createBrowserInspector({
        sanitizeContext: (context) => redactSecrets(context),
        sanitizeEvent: (event) => redactSecrets(event),
      }).inspect;
    } catch (error) {
      console.error('The Stately inspector could not start', error);
    }
  }
}

/** Options for createActor / useActorRef / a Provider: `{ inspect }` when inspecting, else `{}`. */
export function inspectOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
