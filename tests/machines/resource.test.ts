import { createActor, fromPromise, waitFor } from 'xstate';
import type { Refused } from '../../contract/refusal.ts';
import { resourceMachine } from '../../machines/resource/resource.machine.ts';

function withLoader(load: () => Promise<unknown>) {
  return createActor(resourceMachine.provide({ actors: { load: fromPromise(load) } }));
}

describe('resource machine', () => {
  it('starts loading, tagged busy, and stores the data when the load succeeds', async () => {
    const actor = withLoader(() => Promise.resolve(['Rudrabhishekam'])).start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('loaded'));
    expect(done.context.data).toEqual(['Rudrabhishekam']);
    expect(done.context.error).toBeUndefined();
    expect(done.hasTag('busy')).toBe(false);
  });

  it('keeps the error message when the load fails and loads again on retry', async () => {
    let calls = 0;
    const actor = withLoader(() =>
      ++calls === 1 ? Promise.reject(new Error('Failed to fetch pujas')) : Promise.resolve(42),
    ).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ message: 'Failed to fetch pujas' });
    expect(failed.can({ type: 'resource.reload' })).toBe(false);
    actor.send({ type: 'resource.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toEqual({ data: 42, error: undefined });
    expect(calls).toBe(2);
  });

  it('uses a generic message for a failure without one', async () => {
    const actor = withLoader(() => Promise.reject(new Error(''))).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error?.message).toBe('Something went wrong');
  });

  it('reloads loaded data on resource.reload but ignores retry when nothing failed', async () => {
    let n = 0;
    const actor = withLoader(() => Promise.resolve(++n)).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().can({ type: 'resource.retry' })).toBe(false);
    actor.send({ type: 'resource.reload' });
    const reloaded = await waitFor(actor, (s) => s.matches('loaded') && s.context.data === 2);
    expect(reloaded.context.data).toBe(2);
  });

  it('fails clearly when no loader was provided', async () => {
    const actor = createActor(resourceMachine).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error?.message).toBe('No loader was provided');
  });
});

describe('resource machine: which failures a retry can fix', () => {
  // The API client classifies (src/lib/api.ts, tested in tests/lib/api.test.ts): a load the
  // server refused rejects with its `Refused`; the machine reads no HTTP status.
  const failingWith = (error: unknown) =>
    withLoader(() =>
      Promise.resolve().then(() => {
        throw error;
      }),
    ).start();

  it('a refusal of a record that does not exist is not_found, another refusal is refused: retry is refused', async () => {
    for (const [refusal, code] of [
      [{ kind: 'refused', code: 'order_not_found', message: 'No', notFound: true }, 'not_found'],
      [{ kind: 'refused', message: 'No' }, 'refused'],
    ] as const satisfies readonly (readonly [Refused, string])[]) {
      const failed = await waitFor(failingWith(refusal), (s) => s.matches('failed'));
      expect(failed.context.error).toEqual({ message: 'No', code });
      expect(failed.can({ type: 'resource.retry' })).toBe(false);
    }
  });

  it('anything else (no answer, a 5xx, 408 or 429 as the client classifies them) can be retried', async () => {
    for (const error of [new Error('No'), Object.assign(new Error('No'), { status: 404 })]) {
      const failed = await waitFor(failingWith(error), (s) => s.matches('failed'));
      expect(failed.context.error).toEqual({ message: 'No' });
      expect(failed.can({ type: 'resource.retry' })).toBe(true);
    }
  });
});
