import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  accountFormMachine,
  type AccountFormResult,
} from '../../../machines/account-form/account-form.machine.ts';
import {
  selectFormError,
  selectFormResult,
  selectIsDone,
  selectIsSending,
} from '../../../machines/account-form/account-form.selectors.ts';
import { inspectOptions } from '../../lib/inspector.ts';

/** One account form's machine, with its API call and what to do on success. */
export function useAccountForm(
  call: (values: unknown, signal: AbortSignal) => Promise<AccountFormResult>,
  succeeded: (result: AccountFormResult) => void = () => {},
) {
  const ref = useActorRef(
    accountFormMachine.provide({
      actors: { submit: fromPromise<AccountFormResult, unknown>(({ input, signal }) => call(input, signal)) },
      actions: { succeeded: (_, result) => succeeded(result) },
    }),
    inspectOptions(),
  );
  return {
    ref,
    error: useSelector(ref, selectFormError),
    result: useSelector(ref, selectFormResult),
    sending: useSelector(ref, selectIsSending),
    done: useSelector(ref, selectIsDone),
    submit: (request: unknown) => ref.send({ type: 'form.submit', request }),
    edited: () => ref.send({ type: 'form.edited' }),
  };
}
