import { Hono } from 'hono';
import { AddressInput, addressMessages, MAX_ADDRESSES } from '../../contract/address.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import {
  countAddresses,
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '../db/repositories/addresses.ts';
import { idParam, notFound } from '../http.ts';
import { readBody } from '../validate.ts';

/** The signed-in customer's address book. Another customer's address id answers 404. */
export const addressRoutes = new Hono<AppEnv>()
  .get('/api/addresses', requireAuth, async (c) =>
    c.json({ addresses: await listAddresses(c.var.db, c.var.user.id) }, 200),
  )

  .post('/api/addresses', requireAuth, async (c) => {
    const input = await readBody(c, AddressInput);
    if ((await countAddresses(c.var.db, c.var.user.id)) >= MAX_ADDRESSES) {
      return c.json({ message: addressMessages.tooMany }, 409);
    }
    return c.json({ address: await createAddress(c.var.db, c.var.user.id, input) }, 201);
  })

  .put('/api/addresses/:id', requireAuth, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, AddressInput);
    const address = await updateAddress(c.var.db, c.var.user.id, id, input);
    if (!address) notFound('Address');
    return c.json({ address }, 200);
  })

  .delete('/api/addresses/:id', requireAuth, async (c) => {
    if (!(await deleteAddress(c.var.db, c.var.user.id, idParam(c)))) notFound('Address');
    return c.json({ message: addressMessages.deleted }, 200);
  })

  // docs/product-rules.md, Addresses: an empty body; whatever is sent is ignored.
  .put('/api/addresses/:id/default', requireAuth, async (c) => {
    const address = await setDefaultAddress(c.var.db, c.var.user.id, idParam(c));
    if (!address) notFound('Address');
    return c.json({ address }, 200);
  });
