import { createActor, fromPromise, waitFor } from 'xstate';
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
  const failingWith = (status: number | undefined) =>
    withLoader(() => Promise.reject(Object.assign(new Error('No'), { status }))).start();

  it('a 404 is not_found and a 400 is refused: retry is refused', async () => {
    for (const [status, code] of [
      [404, 'not_found'],
      [400, 'refused'],
    ] as const) {
      const failed = await waitFor(failingWith(status), (s) => s.matches('failed'));
      expect(failed.context.error).toEqual({ message: 'No', code });
      expect(failed.can({ type: 'resource.retry' })).toBe(false);
    }
  });

  it('no answer, a 5xx, 408 or 429 can be retried', async () => {
    for (const status of [undefined, 500, 503, 408, 429]) {
      const failed = await waitFor(failingWith(status), (s) => s.matches('failed'));
      expect(failed.context.error).toEqual({ message: 'No' });
      expect(failed.can({ type: 'resource.retry' })).toBe(true);
    }
  });
});
