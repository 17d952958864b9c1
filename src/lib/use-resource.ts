import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource/resource.machine.ts';
import {
  selectCanRetry,
  selectData,
  selectErrorCode,
  selectErrorMessage,
  selectStatus,
} from '../../machines/resource/resource.selectors.ts';
import type { ResourceErrorCode } from '../../machines/resource/resource.machine.ts';
import { rejectClassified } from './api.ts';
import { inspectOptions } from './inspector.ts';

export interface Resource<T> {
  status: 'loading' | 'loaded' | 'failed';
  data: T | undefined;
  error: string | undefined;
  /** `not_found` or `refused` when the server said no; undefined for what a retry may fix. */
  errorCode?: ResourceErrorCode | undefined;
  /** Whether Retry is offered: only for failures a retry can fix. */
  canRetry?: boolean;
  retry: () => void;
}

/**
 * Runs a resource machine for one API read. `load` is captured once, when the component
 * mounts: give the component a `key` to load something else.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  // Provided once: `.provide()` builds a new machine, and a render is no reason to.
  const [logic] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(({ signal }) =>
          // A cancelled load (unmount, or StrictMode's double mount) must never settle, or its
          // abort error would be reported as a failure of the page.
          load(signal).catch((error: unknown) => {
            if (signal.aborted) return new Promise<never>(() => {});
            return rejectClassified(error);
          }),
        ),
      },
    }),
  );
  const ref = useActorRef(logic, inspectOptions());
  const status = useSelector(ref, selectStatus);
  const data = useSelector(ref, selectData) as T | undefined;
  const error = useSelector(ref, selectErrorMessage);
  const errorCode = useSelector(ref, selectErrorCode);
  const canRetry = useSelector(ref, selectCanRetry);
  return { status, data, error, errorCode, canRetry, retry: () => ref.send({ type: 'resource.retry' }) };
}
