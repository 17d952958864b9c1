/**
 * The prelude every test file used to copy: a shop made once for the file and closed after it,
 * the SPA's fetch pointed at that shop for each screen test, and a promise a test settles itself.
 * A test file reads as `const shop = shopPerFile(createTestShop);` and then uses `shop` as if it
 * were there already: it is, from the file's first `beforeAll` on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeFetchToApp, type ApiFetchControl } from './api-fetch.ts';
import { createLifecycleShop, type LifecycleShop } from './lifecycle.ts';
import { signInAs, TOKEN_KEY } from './session.ts';
import { createTestDatabase, type TestDatabase, type TestShop } from './test-db.ts';

/**
 * A stand-in for a value made in a hook: reads and writes go to the value once the hook has made
 * it, and using it before (at a file's top level, say) throws, naming what was not ready yet.
 */
export function madeLater<T extends object>(what: string, current: () => T | undefined): T {
  const value = () => {
    const made = current();
    if (made === undefined) throw new Error(`${what} is used before the hook that makes it ran`);
    return made;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const made = value();
      const read: unknown = Reflect.get(made, key);
      return typeof read === 'function' ? (read as (...args: unknown[]) => unknown).bind(made) : read;
    },
    set: (_target, key, next) => Reflect.set(value(), key, next),
    has: (_target, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * A shop (a TestShop or a richer one, such as createLifecycleShop's) made in a `beforeAll` and
 * closed in an `afterAll` of the calling file or describe block. A later `beforeAll` may fill it.
 */
export function shopPerFile<S extends { close: () => Promise<void> }>(make: () => Promise<S>): S {
  let shop: S | undefined;
  beforeAll(async () => {
    shop = await make();
  });
  afterAll(async () => {
    await shop?.close();
    shop = undefined;
  });
  return madeLater('The test shop', () => shop);
}

/**
 * A test database (createTestDatabase) in a fresh temporary folder, its DATA_DIR `dir` (named
 * from `prefix`): made before the file's tests and dropped, folder and all, after them.
 */
export function databasePerFile(prefix: string): TestDatabase & { dir: string } {
  return shopPerFile(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    const database = await createTestDatabase(dir);
    const close = async () => {
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { ...database, dir, close };
  });
}

/** The routed fetch of a screen test, which may also send the rest of a test to another app. */
export interface RoutedFetch extends ApiFetchControl {
  /** From now until the test ends, the SPA's fetch goes to `app` (say, one with other limits). */
  rerouteTo: (app: TestShop['app']) => void;
}

/**
 * For a screen test: before each test (or once for the file, with `{ per: 'file' }`) the SPA's
 * fetch goes to `shop`'s API app (see routeFetchToApp), and after it the real fetch is back.
 * The control answers for the running test.
 */
export function fetchRoutedTo(
  shop: Pick<TestShop, 'app'>,
  { per = 'test' }: { per?: 'test' | 'file' } = {},
): RoutedFetch {
  let net: ApiFetchControl | undefined;
  const route = () => {
    net = routeFetchToApp(shop);
  };
  const restore = () => {
    net?.restore();
    net = undefined;
  };
  if (per === 'file') {
    beforeAll(route);
    afterAll(restore);
  } else {
    beforeEach(route);
    afterEach(restore);
  }
  const rerouteTo = (app: TestShop['app']) => {
    net?.restore();
    net = routeFetchToApp({ app });
  };
  return madeLater('The routed fetch', () => net && { ...net, rerouteTo });
}

/**
 * The shop after the sale (createLifecycleShop) made once for the file; with `clockAtNow`, its
 * clock is set back to the real time before each test.
 */
export function lifecycleShopPerFile({ clockAtNow = false }: { clockAtNow?: boolean } = {}) {
  const shop = shopPerFile(createLifecycleShop);
  if (clockAtNow) beforeEach(() => shop.clock.set(new Date()));
  return shop;
}

/**
 * The prelude of a screen test over the shop after the sale (createLifecycleShop): the shop made
 * once for the file, the SPA's fetch routed to it for each test, and before each test the shop's
 * clock at the real time and the app starting signed out, or signed in as `signedInAs(shop)`.
 */
export function lifecycleScreens({ signedInAs }: { signedInAs?: (shop: LifecycleShop) => string } = {}) {
  const shop = lifecycleShopPerFile({ clockAtNow: true });
  const net = fetchRoutedTo(shop);
  beforeEach(() => {
    localStorage.removeItem(TOKEN_KEY);
    if (signedInAs) signInAs(signedInAs(shop));
  });
  return { shop, net };
}

/** A promise settled from the test, so the machine can be looked at while a call is running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
