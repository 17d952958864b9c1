import { addressInput } from './addresses.ts';
import type { Address } from '../../contract/address.ts';
import type { App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { call, registerAndLogin, type Customer, type JsonCall } from './accounts.ts';
import { insertLedgerEntry, openStock } from '../../server/db/repositories/stock-ledger.ts';

/** Sends a JSON request with extra headers (call() has none) and reads the JSON answer. */
export async function send(
  app: App,
  method: string,
  path: string,
  { json, token, headers = {} }: { json?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonCall> {
  const all: Record<string, string> = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  if (json !== undefined) all['content-type'] = 'application/json';
  const res = await app.request(path, {
    method,
    headers: all,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

/** Adds a product to the test catalogue (in the first category) and returns its id. */
export async function addProduct(
  db: Db,
  {
    name,
    offerPrice,
    stockQuantity,
    price = offerPrice + 100,
  }: {
    name: string;
    offerPrice: number;
    stockQuantity: number;
    price?: number;
  },
): Promise<number> {
  const category = await db.selectFrom('category').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('product')
    .values({
      name,
      description: `${name} for the order tests`,
      price,
      offerPrice,
      image: `/images/products/test-${name.toLowerCase().replace(/\W+/g, '-')}.svg`,
      stockQuantity,
      categoryId: category.id,
      averageRating: 4.5,
      totalReviews: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its stock opens its ledger, as every product's does (docs/decisions/0033-stock-is-a-ledger.md).
  await openStock(db, id, stockQuantity, new Date().toISOString());
  return id;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product')
    .select('stockQuantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stockQuantity;
}

/** Sets a product's stock as a stock count would: an adjustment entry in its ledger. */
export async function setStock(db: Db, productId: number, stockQuantity: number): Promise<void> {
  const before = await stockOf(db, productId);
  if (before === stockQuantity) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('product').set({ stockQuantity }).where('id', '=', productId).execute();
    await insertLedgerEntry(trx, {
      productId,
      quantity: stockQuantity - before,
      reason: 'adjusted',
      note: 'Set by a test',
      balance: stockQuantity,
      at: new Date().toISOString(),
    });
  });
}

/** Orders in the database: all, or those holding a line of the given product. */
export async function countOrders(db: Db, productId?: number): Promise<number> {
  let query = db.selectFrom('orders').select((eb) => eb.fn.count<number>('orders.id').distinct().as('n'));
  if (productId !== undefined)
    query = query
      .innerJoin('orderItems', 'orderItems.orderId', 'orders.id')
      .where('orderItems.productId', '=', productId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

export async function timesUsed(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('coupons')
    .select('timesUsed')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.timesUsed;
}

/** Saves an address for the customer through the API. */
export async function addAddress(app: App, customer: Customer, street = 'MG Road 100'): Promise<Address> {
  const res = await call(app, 'POST', '/api/addresses', {
    token: customer.token,
    json: addressInput({ street, area: 'Gandhi Nagar', postalCode: '560001' }),
  });
  if (res.status !== 201) throw new Error(`address failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { address: Address }).address;
}

/** The two customers of an order or booking test: Asha (me) and Ravi (other), each with an address of their own. */
export async function ashaAndRavi(app: App) {
  const me = await registerAndLogin(app, { name: 'Asha Rao' });
  const myAddress = await addAddress(app, me, '12, 4th Cross, Jayanagar');
  const other = await registerAndLogin(app, { name: 'Ravi Kumar' });
  const otherAddress = await addAddress(app, other, 'Temple Street 7');
  return { me, myAddress, other, otherAddress };
}
