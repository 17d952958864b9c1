import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { VersionInput } from '../../../contract/admin/catalogue-fields.ts';
import type { AppEnv } from '../../env.ts';
import type { Db } from '../../db/client.ts';
import { idParam, notFound } from '../../http.ts';
import type { Deps } from '../../services/admin/records.ts';
import { readBody } from '../../validate.ts';

/**
 * What the back office's record routes share: the staff member and the clock a write is made
 * with, and the versioned edit, retire and restore every record takes the same way (the
 * answer is the record as it is after; an older version answers 409 with the current one).
 */

/** The database, the staff member and the server's time a write is audited with. */
export const staffDeps = (c: Context<AppEnv>): Deps => ({
  db: c.var.db,
  actor: { id: c.var.user.id },
  now: c.var.now(),
});

type Versioned = v.GenericSchema<unknown, { version: number }>;
type Create<I, T> = (deps: Deps, input: I) => Promise<T>;
type Edit<I, T> = (deps: Deps, id: number, version: number, input: I) => Promise<T>;
type Retire<T> = (deps: Deps, id: number, version: number, retire: boolean) => Promise<T>;

/** GET `path` (…/:id): 200 `answer(record)`, or 404 "`what` not found". */
export function findRoute<T, B>(
  app: Hono<AppEnv>,
  path: string,
  what: string,
  find: (db: Db, id: number) => Promise<T | undefined>,
  answer: (record: T) => B,
) {
  return app.get(path, async (c) => {
    const record = await find(c.var.db, idParam(c));
    if (record === undefined) notFound(what);
    return c.json(answer(record), 200);
  });
}

/** POST `path` with a new record's fields: 201 `answer(record)`. */
export function createRoute<S extends v.GenericSchema, T, B>(
  app: Hono<AppEnv>,
  path: string,
  schema: S,
  create: Create<v.InferOutput<S>, T>,
  answer: (record: T) => B,
) {
  return app.post(path, async (c) => {
    const input = await readBody(c, schema);
    return c.json(answer(await create(staffDeps(c), input)), 201);
  });
}

/** PUT `path` (…/:id) with the record's fields and the version they were read at: 200 `answer(record)`. */
export function editRoute<S extends Versioned, T, B>(
  app: Hono<AppEnv>,
  path: string,
  schema: S,
  edit: Edit<Omit<v.InferOutput<S>, 'version'>, T>,
  answer: (record: T) => B,
) {
  return app.put(path, async (c) => {
    const id = idParam(c);
    const { version, ...input } = await readBody(c, schema);
    return c.json(answer(await edit(staffDeps(c), id, version, input)), 200);
  });
}

/** POST `path` (…/:id/…) with fields for something the record takes (a stock entry, a package): 201 `answer(record)`. */
export function addToRoute<S extends v.GenericSchema, T, B>(
  app: Hono<AppEnv>,
  path: string,
  schema: S,
  add: (deps: Deps, id: number, input: v.InferOutput<S>) => Promise<T>,
  answer: (record: T) => B,
) {
  return app.post(path, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, schema);
    return c.json(answer(await add(staffDeps(c), id, input)), 201);
  });
}

/** POST `base`/:id/retire and /restore with the version they were read at: 200 `answer(record)`. */
export function retireRoutes<T, B>(
  app: Hono<AppEnv>,
  base: string,
  retire: Retire<T>,
  answer: (record: T) => B,
) {
  for (const action of ['retire', 'restore'] as const)
    app.post(`${base}/:id/${action}`, async (c) => {
      const id = idParam(c);
      const { version } = await readBody(c, VersionInput);
      return c.json(answer(await retire(staffDeps(c), id, version, action === 'retire')), 200);
    });
  return app;
}

/**
 * A back-office resource at `path` (a record at `path`/:id): GET `path` answers `list`, and each
 * of `find`, `create`, `edit` and `retire` it has becomes the route above.
 */
export interface RecordResource<T, B, C extends v.GenericSchema, E extends Versioned> {
  path: string;
  answer: (record: T) => B;
  list: (c: Context<AppEnv>) => Promise<object>;
  /** "`what` not found" when there is none. */
  find?: { what: string; read: (db: Db, id: number) => Promise<T | undefined> };
  create?: [schema: C, create: Create<v.InferOutput<C>, T>];
  edit?: [schema: E, edit: Edit<Omit<v.InferOutput<E>, 'version'>, T>];
  retire?: Retire<T>;
}

/** The routes of a back-office resource (see RecordResource), on a new Hono app. */
export function recordRoutes<T, B, C extends v.GenericSchema, E extends Versioned>(
  resource: RecordResource<T, B, C, E>,
): Hono<AppEnv> {
  const { path, answer, find, create, edit, retire } = resource;
  const app = new Hono<AppEnv>().get(path, async (c) => c.json(await resource.list(c), 200));
  if (create) createRoute(app, path, create[0], create[1], answer);
  if (find) findRoute(app, `${path}/:id`, find.what, find.read, answer);
  if (edit) editRoute(app, `${path}/:id`, edit[0], edit[1], answer);
  if (retire) retireRoutes(app, path, retire, answer);
  return app;
}
