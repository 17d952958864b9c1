import * as v from 'valibot';
import { fetchPuja, fetchPujas } from '../../src/lib/catalogue.ts';
import { ApiError, getJson } from '../../src/lib/api.ts';
import { routeFetchToApp, type ApiFetchControl } from '../support/api-fetch.ts';
import { createTestShop, type TestShop } from '../support/test-db.ts';

let shop: TestShop;
let net: ApiFetchControl;

beforeAll(async () => {
  shop = await createTestShop();
  net = routeFetchToApp(shop);
});
afterAll(async () => {
  net.restore();
  await shop.close();
});
afterEach(() => net.failNetwork(null));

describe('the API client', () => {
  it('shows the server message of a failed call', async () => {
    await expect(fetchPuja('999999')).rejects.toEqual(new ApiError('Puja not found', 404));
    await expect(fetchPuja('abc')).rejects.toMatchObject({
      message: 'The id must be a positive whole number',
      status: 400,
    });
  });

  it('falls back to the spec message when the network fails', async () => {
    net.failNetwork(/^\/pujas/);
    await expect(fetchPujas()).rejects.toMatchObject({ message: 'Failed to fetch pujas' });
    await expect(fetchPuja('1')).rejects.toMatchObject({ message: 'Failed to fetch puja details' });
  });

  it('refuses a response of the wrong shape', async () => {
    await expect(
      getJson('/categories', v.object({ pujas: v.array(v.unknown()) }), { fallback: 'x' }),
    ).rejects.toMatchObject({
      message: 'Invalid data received from server',
    });
  });

  it('reads the real catalogue through the contract schemas', async () => {
    const pujas = await fetchPujas();
    expect(pujas.length).toBeGreaterThan(0);
    expect(
      pujas.every((p) => typeof p.startDate === 'string' && !Number.isNaN(Date.parse(p.startDate))),
    ).toBe(true);
  });
});
