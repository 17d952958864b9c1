import type * as v from 'valibot';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { callApi } from './api.ts';

/** POST a step of one of the customer's own records' life (bearer): the record as the server answers it after. */
export function postOwnEvent<S extends v.GenericSchema>(
  path: string,
  event: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<v.InferOutput<S>> {
  return callApi(path, {
    method: 'POST',
    body: event,
    schema,
    bearer: true,
    fallback: lifecycleMessages.sendFailed,
    signal,
  });
}
