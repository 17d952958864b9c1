import { inject } from 'vitest';
import type { LoginResponse } from '../../contract/auth.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';

/**
 * The served shop's JSON API as a browser test's setup calls it (the server that
 * tests/e2e/global-setup.ts starts once for the run): a customer, an order or a booking made
 * before the browser opens the page that shows it.
 */
export interface ApiInit {
  method?: string;
  json?: unknown;
  token?: string;
}

/** One request; answers the parsed JSON, or throws with the status and body of a refusal. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in over the API and answers the token. */
export const signIn = async (email: string, password: string): Promise<string> =>
  (await api<LoginResponse>('/api/auth/login', { method: 'POST', json: { email, password } })).token;

/** A seeded puja more than three days away and its one-person package, for a booking made over the API. */
export async function onePersonPujaPackage() {
  const { pujas } = await api<PujaListResponse>('/pujas');
  const puja = pujas.find((p) => p.pujaDate && Date.parse(p.pujaDate) > Date.now() + 3 * 86_400_000)!;
  const { packages } = await api<PackageListResponse>(`/packages/${puja.id}`);
  return { puja, pkg: packages.find((p) => p.noPersons === 1)! };
}

/** A product as the served shop lists it, with what the browser tests read of it. */
export interface ApiProduct {
  id: number;
  name: string;
  offerPrice: number;
  price: number;
  stockQuantity: number;
}

/** Registers a customer over the API (the password is 'rudraksha-108') and answers their token. */
export async function registeredToken(name: string, email: string): Promise<string> {
  const password = 'rudraksha-108';
  await api('/api/auth/register', { method: 'POST', json: { name, email, password } });
  return signIn(email, password);
}
