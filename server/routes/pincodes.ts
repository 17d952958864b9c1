import { Hono } from 'hono';
import { addressMessages, PIN_CODE } from '../../contract/address.ts';
import type { AppEnv } from '../env.ts';
import { lookUpPincode } from '../services/pincodes.ts';

/** A day: PIN codes do not move. */
const CACHE = 'public, max-age=86400';

/**
 * GET /api/pincodes/{pin}: the city and state of an Indian PIN code, for the address form to
 * fill in (docs/product-rules.md, Addresses). Public: it tells nothing about anyone.
 */
export const pincodeRoutes = new Hono<AppEnv>().get('/api/pincodes/:pin', (c) => {
  const pin = c.req.param('pin');
  if (!PIN_CODE.test(pin)) return c.json({ message: addressMessages.postalCodeInvalid }, 400);
  const found = lookUpPincode(pin);
  if (!found) return c.json({ message: addressMessages.pincodeNotFound }, 404, { 'Cache-Control': CACHE });
  return c.json(found, 200, { 'Cache-Control': CACHE });
});
