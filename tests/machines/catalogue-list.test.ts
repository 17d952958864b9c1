import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  catalogueListMachine,
  compactQuery,
  sameQuery,
  type CatalogueListInput,
  type ListPage,
  type ListQuery,
  type LoadPageInput,
} from '../../machines/catalogue-list/catalogue-list.machine.ts';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectIsFirstLoad,
  selectItems,
  selectMoreFailure,
  selectRemaining,
  selectTotal,
} from '../../machines/catalogue-list/catalogue-list.selectors.ts';

/** A request the machine made: what it asked for, whether it was cancelled, and how to answer it. */
interface Call {
  input: LoadPageInput;
  signal: AbortSignal;
  answer: (page: ListPage) => Promise<void>;
  fail: (error: Error) => Promise<void>;
}

const SETTLE_MS = 250;

/** A catalogue of `size` numbered items, answered a page at a time like the server. */
const pageOf = (size: number, { offset, limit }: LoadPageInput): ListPage => ({
  items: Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => offset + i + 1),
  total: size,
});

function start(input: Partial<CatalogueListInput> = {}) {
  const calls: Call[] = [];
  const written: ListQuery[] = [];
  const machine = catalogueListMachine.provide({
    actors: {
      loadPage: fromPromise<ListPage, LoadPageInput>(
        ({ input: asked, signal }) =>
          new Promise<ListPage>((resolve, reject) => {
            const settle = async (fn: () => void) => {
              fn();
              // Let the actor take the answer in.
              await Promise.resolve();
              await Promise.resolve();
            };
            calls.push({
              input: asked,
              signal,
              answer: (page) => settle(() => resolve(page)),
              fail: (error) => settle(() => reject(error)),
            });
          }),
      ),
    },
    actions: { writeQuery: (_, query) => written.push(query) },
  });
  const actor = createActor(machine, {
    input: { query: {}, base: {}, pageSize: 3, ...input },
  }).start();
  const last = () => calls[calls.length - 1]!;
  return { actor, calls, written, last };
}

describe('catalogue list machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the first page of the route query, then shows it with the total', async () => {
    const { actor, calls, last } = start({ query: { q: 'rudra', sort: 'price-asc', minPrice: '' } });
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(true);
    // The empty price box is not part of the question.
    expect(calls.map((c) => c.input)).toEqual([
      { query: { q: 'rudra', sort: 'price-asc' }, offset: 0, limit: 3 },
    ]);
    await last().answer(pageOf(7, last().input));
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ showing: 'idle' });
    expect(selectItems<number>(s)).toEqual([1, 2, 3]);
    expect(selectTotal(s)).toBe(7);
    expect(selectRemaining(s)).toBe(4);
    expect(selectIsFirstLoad(s)).toBe(false);
    expect(selectDraft(s)).toEqual({ q: 'rudra', sort: 'price-asc', minPrice: '' });
  });

  it('"Show more" asks for the next page from where the list ends and appends it, until none is left', async () => {
    const { actor, calls, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.more' });
    expect(last().input).toEqual({ query: {}, offset: 3, limit: 3 });
    // A second press while the page is on its way asks nothing more.
    actor.send({ type: 'list.more' });
    expect(calls).toHaveLength(2);
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.more' });
    await last().answer(pageOf(7, last().input));
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(selectRemaining(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'list.more' });
    expect(calls).toHaveLength(3);
  });

  it('waits for typing to pause: one request for a word typed a letter at a time, written to the route', async () => {
    const { actor, calls, written, last } = start();
    await last().answer(pageOf(7, last().input));
    for (const q of ['r', 'ru', 'rud']) {
      actor.send({ type: 'list.edit', changes: { q } });
      // The box shows every letter at once; the list waits.
      expect(selectDraft(actor.getSnapshot())).toEqual({ q });
      vi.advanceTimersByTime(SETTLE_MS - 1);
    }
    expect(calls).toHaveLength(1);
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1, 2, 3]);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(last().input).toEqual({ query: { q: 'rud' }, offset: 0, limit: 3 });
    expect(written).toEqual([{ q: 'rud' }]);
    await last().answer(pageOf(1, last().input));
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1]);
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
  });

  it('cancels a request whose answer is no longer wanted, and only the newest answer is shown', async () => {
    const { actor, calls, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.filter', changes: { sort: 'price-asc' } });
    const stale = last();
    actor.send({ type: 'list.filter', changes: { sort: 'price-desc' } });
    expect(stale.signal.aborted).toBe(true);
    expect(last().signal.aborted).toBe(false);
    await last().answer({ items: ['newest'], total: 1 });
    await stale.answer({ items: ['stale'], total: 1 });
    expect(selectItems(actor.getSnapshot())).toEqual(['newest']);
    expect(calls.map((c) => c.input.query)).toEqual([{}, { sort: 'price-asc' }, { sort: 'price-desc' }]);
  });

  it('typing cancels the request on its way: its answer would be stale', () => {
    const { actor, last } = start();
    const first = last();
    actor.send({ type: 'list.edit', changes: { q: 'mala' } });
    expect(first.signal.aborted).toBe(true);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(last().input.query).toEqual({ q: 'mala' });
  });

  it('a word typed and taken back before the pause asks nothing and keeps the pages shown', async () => {
    const { actor, calls, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.more' });
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.edit', changes: { q: 'x' } });
    actor.send({ type: 'list.edit', changes: { q: '' } });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ showing: 'idle' });
    expect(selectItems<number>(actor.getSnapshot())).toHaveLength(6);
  });

  it('a choice applies at once, with any text still being typed; the same choice again asks nothing', async () => {
    const { actor, calls, written, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.edit', changes: { q: 'gem' } });
    actor.send({ type: 'list.filter', changes: { category: '2' } });
    expect(last().input.query).toEqual({ q: 'gem', category: '2' });
    expect(written).toEqual([{ category: '2', q: 'gem' }]);
    await last().answer(pageOf(2, last().input));
    actor.send({ type: 'list.filter', changes: { category: '2' } });
    expect(calls).toHaveLength(2);
    // The pause after the typing finds nothing new to ask.
    vi.advanceTimersByTime(SETTLE_MS);
    expect(calls).toHaveLength(2);
  });

  it('Reset goes back to the route’s own filters', async () => {
    const { actor, written, last } = start({ query: { category: '3', q: 'x' }, base: { category: '3' } });
    await last().answer(pageOf(2, last().input));
    actor.send({ type: 'list.reset' });
    expect(selectDraft(actor.getSnapshot())).toEqual({ category: '3' });
    expect(last().input.query).toEqual({ category: '3' });
    expect(written).toEqual([{ category: '3' }]);
  });

  it('follows a route changed from outside, and ignores the route it wrote itself', async () => {
    const { actor, calls, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.filter', changes: { sort: 'price-asc' } });
    await last().answer(pageOf(7, last().input));
    // The route now says what the list wrote: nothing to do.
    actor.send({ type: 'list.routed', query: { sort: 'price-asc' }, base: {} });
    expect(calls).toHaveLength(2);
    // Back to /products/5 (a category link): the list, the form and Reset follow it.
    actor.send({ type: 'list.routed', query: { category: '5' }, base: { category: '5' } });
    expect(last().input.query).toEqual({ category: '5' });
    expect(selectDraft(actor.getSnapshot())).toEqual({ category: '5' });
    await last().answer(pageOf(1, last().input));
    actor.send({ type: 'list.reset' });
    expect(last().input.query).toEqual({ category: '5' });
  });

  it('a failed first page shows the error, and Retry asks again', async () => {
    const { actor, calls, last } = start();
    await last().fail(new Error('Failed to fetch products'));
    expect(selectFailure(actor.getSnapshot())).toEqual({ message: 'Failed to fetch products' });
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.retry' });
    expect(calls).toHaveLength(2);
    await last().answer(pageOf(2, last().input));
    expect(selectFailure(actor.getSnapshot())).toBeUndefined();
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1, 2]);
  });

  it('a failed next page keeps the pages shown, says so, and Retry asks for it again', async () => {
    const { actor, last } = start();
    await last().answer(pageOf(7, last().input));
    actor.send({ type: 'list.more' });
    await last().fail(new Error('Failed to fetch products'));
    expect(selectMoreFailure(actor.getSnapshot())).toEqual({ message: 'Failed to fetch products' });
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1, 2, 3]);
    actor.send({ type: 'list.retry' });
    expect(last().input.offset).toBe(3);
    await last().answer(pageOf(7, last().input));
    expect(selectItems<number>(actor.getSnapshot())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selectMoreFailure(actor.getSnapshot())).toBeUndefined();
  });
});

describe('list queries', () => {
  it('leave out empty texts and compare whatever the order of their names', () => {
    expect(compactQuery({ sort: 'price-asc', q: '', category: '2' })).toEqual({
      category: '2',
      sort: 'price-asc',
    });
    expect(sameQuery({ a: '1', b: '' }, { a: '1' })).toBe(true);
    expect(sameQuery({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameQuery({ a: '1' }, { a: '2' })).toBe(false);
  });
});
