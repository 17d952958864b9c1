import { fromPromise } from 'xstate';

/** One call of a stubbed promise actor: what it was asked, its abort signal, and how to answer it. */
export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  /** Answers the call and lets the answer reach the machine. */
  resolve: (output: TOutput) => Promise<void>;
  reject: (error: Error) => Promise<void>;
}

/** Lets a settled promise reach the actor waiting for it (a promise actor reports on a later microtask). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/**
 * A promise actor for `.provide({ actors })` whose every call waits until the test answers it, so
 * a test sees the machine while the work is under way and decides how it ends.
 */
export function pendingCalls<TOutput, TInput>() {
  const calls: PendingCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({
          input,
          signal,
          resolve: async (output) => {
            resolve(output);
            await flush();
          },
          reject: async (error) => {
            reject(error);
            await flush();
          },
        });
      }),
  );
  const last = (): PendingCall<TOutput, TInput> => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('the actor was not called');
    return call;
  };
  return { logic, calls, last };
}
