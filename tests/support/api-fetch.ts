import type { TestShop } from './test-db.ts';

export interface ApiFetchControl {
  /** Every path requested, in order (e.g. "/pujas"). */
  requests: string[];
  /** Make requests whose path matches fail like a dropped connection, until cleared. */
  failNetwork: (match: RegExp | null) => void;
  restore: () => void;
}

/**
 * Points the SPA's fetch at the real API app in process (no sockets, no fixtures). Network
 * failures can be switched on per path to exercise error states.
 */
export function routeFetchToApp(shop: TestShop): ApiFetchControl {
  const original = globalThis.fetch;
  const requests: string[] = [];
  let failing: RegExp | null = null;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://shop.test');
    requests.push(url.pathname);
    if (failing?.test(url.pathname)) throw new TypeError('Failed to fetch');
    const response = await shop.app.request(url.pathname + url.search, {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      headers: init?.headers,
      body: init?.body as BodyInit | undefined,
    });
    return response;
  };
  return {
    requests,
    failNetwork: (match) => {
      failing = match;
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
