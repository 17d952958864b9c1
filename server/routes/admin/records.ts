import type { Context, Hono } from 'hono';
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
export function editRoute<S extends v.GenericSchema<unknown, { version: number }>, T, B>(
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
