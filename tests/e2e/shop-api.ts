import { inject } from 'vitest';
import { apiClient } from './api-client.ts';
import type { LoginResponse } from '../../contract/auth.ts';
import type { PackageListResponse, PujaListResponse } from '../../contract/catalogue.ts';

/**
 * The served shop's JSON API as a browser test's setup calls it (the server that
 * tests/e2e/global-setup.ts starts once for the run): a customer, an order or a booking made
 * before the browser opens the page that shows it.
 */
export type { ApiInit } from './api-client.ts';

/** One request to the served shop (apiClient). */
export const api = apiClient(() => inject('baseUrl'));

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
