import type { TestShop } from './test-db.ts';

/** One request as the SPA sent it. */
export interface ApiCall {
  method: string;
  /** The path without the query, e.g. "/api/orders". */
  path: string;
  headers: Headers;
  /** The body when it was text (the JSON the SPA sent), e.g. to see which values it sent. */
  body?: string;
}

export interface ApiFetchControl {
  /** Every path requested, in order (e.g. "/pujas"). */
  requests: string[];
  /** Every path requested with its query, in order (e.g. "/pujas?limit=6"). */
  urls: string[];
  /** Every request in order, with its method and headers (e.g. to read an Idempotency-Key). */
  calls: ApiCall[];
  /** Make requests whose path matches fail like a dropped connection, until cleared. */
  failNetwork: (match: RegExp | null) => void;
  /** Make requests whose path matches answer with this server error status, until cleared. */
  failWith: (match: RegExp | null, status?: number) => void;
  /**
   * Let requests whose path matches reach the API, then lose the answer (the connection drops
   * after the server acted), until cleared: the SPA sees a network failure.
   */
  loseResponse: (match: RegExp | null) => void;
  /**
   * Keep the answers to requests whose path matches waiting (a slow API) until the returned
   * function is called; requests made after that are answered at once again.
   */
  hold: (match: RegExp) => () => void;
  restore: () => void;
}

/**
 * The body as it would cross the network: jsdom's Blob and File (an uploaded photo) are not
 * Node's, so their bytes are read out; anything else goes as it is.
 */
async function wireBody(body: BodyInit | null | undefined): Promise<BodyInit | undefined> {
  if (body && typeof body === 'object' && 'arrayBuffer' in body && typeof body.arrayBuffer === 'function')
    return new Uint8Array(await body.arrayBuffer());
  return body ?? undefined;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * Points the SPA's fetch at the real API app in process (no sockets, no fixtures). Network
 * failures, lost answers and slow answers can be switched on per path to exercise error states.
 */
export function routeFetchToApp(shop: Pick<TestShop, 'app'>): ApiFetchControl {
  const original = globalThis.fetch;
  const requests: string[] = [];
  const urls: string[] = [];
  const calls: ApiCall[] = [];
  let failing: RegExp | null = null;
  let losing: RegExp | null = null;
  let erroring: { match: RegExp; status: number } | null = null;
  const held: { match: RegExp; released: Promise<void> }[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://shop.test');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const signal = init?.signal ?? undefined;
    requests.push(url.pathname);
    urls.push(url.pathname + url.search);
    calls.push({
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
    if (failing?.test(url.pathname)) throw new TypeError('Failed to fetch');
    if (erroring?.match.test(url.pathname)) {
      return new Response(JSON.stringify({ message: 'Service temporarily unavailable' }), {
        status: erroring.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const waits = held.filter((h) => h.match.test(url.pathname)).map((h) => h.released);
    if (waits.length) {
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError());
        signal?.addEventListener('abort', () => reject(abortError()), { once: true });
        void Promise.all(waits).then(() => resolve());
      });
    }
    const response = await shop.app.request(url.pathname + url.search, {
      method,
      headers: init?.headers,
      body: await wireBody(init?.body),
    });
    if (losing?.test(url.pathname)) {
      await response.text();
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
  return {
    requests,
    urls,
    calls,
    failNetwork: (match) => {
      failing = match;
    },
    failWith: (match, status = 503) => {
      erroring = match ? { match, status } : null;
    },
    loseResponse: (match) => {
      losing = match;
    },
    hold: (match) => {
      let release!: () => void;
      const entry = { match, released: new Promise<void>((resolve) => (release = resolve)) };
      held.push(entry);
      return () => {
        held.splice(held.indexOf(entry), 1);
        release();
      };
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
