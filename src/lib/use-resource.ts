import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource/resource.machine.ts';
import { selectData, selectErrorMessage, selectStatus } from '../../machines/resource/resource.selectors.ts';
import { inspectOptions } from './inspector.ts';

export interface Resource<T> {
  status: 'loading' | 'loaded' | 'failed';
  data: T | undefined;
  error: string | undefined;
  retry: () => void;
}

/**
 * Runs a resource machine for one API read. `load` is captured once, when the component
 * mounts: give the component a `key` to load something else.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const ref = useActorRef(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(({ signal }) =>
          // A cancelled load (unmount, or StrictMode's double mount) must never settle, or its
          // abort error would be reported as a failure of the page.
          load(signal).catch((error: unknown) => {
            if (signal.aborted) return new Promise<never>(() => {});
            throw error;
          }),
        ),
      },
    }),
    inspectOptions(),
  );
  const status = useSelector(ref, selectStatus);
  const data = useSelector(ref, selectData) as T | undefined;
  const error = useSelector(ref, selectErrorMessage);
  return { status, data, error, retry: () => ref.send({ type: 'resource.retry' }) };
}
