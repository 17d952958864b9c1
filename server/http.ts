import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { NumericId } from '../contract/ids.ts';

/** Reads a numeric path parameter, answering 400 {message} when it is not a positive whole number. */
export function idParam(c: Context, name = 'id'): number {
  const result = v.safeParse(NumericId, c.req.param(name));
  if (!result.success) {
    throw new HTTPException(400, { message: `The ${name} must be a positive whole number` });
  }
  return result.output;
}

export function notFound(what: string): never {
  throw new HTTPException(404, { message: `${what} not found` });
}
