import { createActor, fromPromise, waitFor } from 'xstate';
import {
  accountFormMachine,
  type AccountFormResult,
} from '../../machines/account-form/account-form.machine.ts';

function formWith(submit: (input: unknown) => Promise<AccountFormResult>) {
  const succeeded = vi.fn();
  const actor = createActor(
    accountFormMachine.provide({
      actors: { submit: fromPromise<AccountFormResult, unknown>(({ input }) => submit(input)) },
      actions: { succeeded: (_, result) => void succeeded(result) },
    }),
  ).start();
  return { actor, succeeded };
}

describe('account form machine', () => {
  it('sends the request, busy while it does, then keeps the answer and reports success once', async () => {
    const submit = vi.fn(() => Promise.resolve({ message: 'Profile updated' }));
    const { actor, succeeded } = formWith(submit);
    actor.send({ type: 'form.submit', request: { name: 'Asha' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit', request: {} })).toBe(false);
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ name: 'Asha' });
    expect(done.context.result).toEqual({ message: 'Profile updated' });
    expect(succeeded).toHaveBeenCalledTimes(1);
    actor.send({ type: 'form.edited' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.result).toBeUndefined();
  });

  it('returns to editing with the error, which the next edit clears; success is not reported', async () => {
    const { actor, succeeded } = formWith(() =>
      Promise.reject(new Error('Your current password is incorrect')),
    );
    actor.send({ type: 'form.submit', request: {} });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined);
    expect(failed.context.error).toEqual({ message: 'Your current password is incorrect' });
    expect(succeeded).not.toHaveBeenCalled();
    actor.send({ type: 'form.edited' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
