import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Lone surrogates and control characters other than tab, newline and carriage return: never
 * meaningful in our forms, and a lone surrogate cannot even be stored as UTF-8 faithfully.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\p{Cs}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** The path of the first string in `value` holding unsafe characters, if any. */
function findUnsafeText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Keys that name JavaScript object internals. JSON.parse stores them as plain own properties, so
 * they pollute nothing here, but code that merges a body into an object could be tricked by them
 * and no field of ours has such a name: a body holding one anywhere is refused.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The first forbidden key anywhere in `value`, walked without recursion (deep nesting is cheap in JSON). */
function findForbiddenKey(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) {
      if (!Array.isArray(item) && FORBIDDEN_KEYS.has(key)) return key;
      pending.push(child);
    }
  }
  return undefined;
}

function bad(message: string): never {
  throw new HTTPException(400, { message });
}

/**
 * Reads and validates a JSON request body. Answers (by throwing HTTPException, which the app
 * turns into {message}): 415 when it is not sent as JSON, 400 when it is not valid JSON or not
 * an object, 400 with the schema's first message (which names the field) when validation fails,
 * 400 when a kept string holds control characters or lone surrogates, 400 when any key anywhere
 * is `__proto__`, `constructor` or `prototype`. Other unknown keys are dropped by the schema and
 * never checked or stored.
 */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new HTTPException(415, {
      message: 'Please send the request body as JSON (Content-Type: application/json)',
    });
  }
  const text = await c.req.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    bad('The request body is not valid JSON');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    bad('The request body must be a JSON object');
  const forbidden = findForbiddenKey(data);
  if (forbidden !== undefined) bad(`The request body contains a key that is not allowed: "${forbidden}"`);

  // Only the first issue is answered; stopping there also keeps a body of 10,000 bad items cheap.
  const result = v.safeParse(schema, data, { abortEarly: true });
  if (!result.success) bad(result.issues[0].message);
  const output = result.output;

  const unsafe = findUnsafeText(output);
  if (unsafe) bad(`The field "${unsafe.join('.')}" contains characters that are not allowed`);
  return output;
}

/**
 * Reads and validates a request's query string (the first value of each parameter): 400 with
 * the schema's first message when a value is bad, or when a kept text holds control characters
 * or lone surrogates. Parameters the schema does not name are ignored.
 */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query(), { abortEarly: true });
  if (!result.success) bad(result.issues[0].message);
  const unsafe = findUnsafeText(result.output);
  if (unsafe) bad(`The parameter "${unsafe.join('.')}" contains characters that are not allowed`);
  return result.output;
}
