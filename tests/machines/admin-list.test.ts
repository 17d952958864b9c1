import { createActor } from 'xstate';
import { adminListMachine, type ListQuery } from '../../machines/admin-list/admin-list.machine.ts';
import {
  selectExportError,
  selectIsExporting,
  selectIsListLoading,
  selectListData,
  selectListError,
  selectQuery,
} from '../../machines/admin-list/admin-list.selectors.ts';
import { pendingCalls } from './pending-calls.ts';

const page = (ids: number[], total = ids.length) => ({ items: ids.map((id) => ({ id })), total });

function startList(query: ListQuery = {}) {
  const load = pendingCalls<unknown, { query: ListQuery }>();
  const exporting = pendingCalls<void, { query: ListQuery }>();
  const urls: ListQuery[] = [];
  const machine = adminListMachine.provide({
    actors: { loadList: load.logic, exportList: exporting.logic },
    actions: { syncUrl: (_, synced) => urls.push(synced) },
  });
  const actor = createActor(machine, { input: { query } }).start();
  return { actor, load, exporting, urls };
}

async function readyList(query: ListQuery = {}) {
  const list = startList(query);
  await list.load.last().resolve(page([1, 2, 3], 40));
  expect(list.actor.getSnapshot().value).toEqual({ ready: 'idle' });
  return list;
}

describe('admin list machine: loading', () => {
  it('asks for the query it starts from, without empty filters, busy until the page comes', async () => {
    const { actor, load, urls } = startList({ status: 'processing', q: '', from: '' });
    const loading = actor.getSnapshot();
    expect(loading.value).toBe('loading');
    expect(selectIsListLoading(loading)).toBe(true);
    expect(selectQuery(loading)).toEqual({ status: 'processing' });
    expect(load.last().input).toEqual({ query: { status: 'processing' } });
    expect(loading.can({ type: 'list.export' })).toBe(false);
    expect(loading.can({ type: 'list.page', offset: 20 })).toBe(false);

    await load.last().resolve(page([5, 6]));
    const ready = actor.getSnapshot();
    expect(ready.value).toEqual({ ready: 'idle' });
    expect(selectIsListLoading(ready)).toBe(false);
    expect(selectListData(ready)).toEqual(page([5, 6]));
    expect(selectListError(ready)).toBeUndefined();
    // The address already says what the page opened with: nothing to write.
    expect(urls).toEqual([]);
  });

  it('fails with the message, offers Retry, and a retry loads the same query again', async () => {
    const { actor, load } = startList({ status: 'packed' });
    expect(actor.getSnapshot().can({ type: 'list.retry' })).toBe(false);
    await load.last().reject(new Error('Failed to fetch'));
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(selectListError(failed)).toBe('Failed to fetch');
    expect(failed.can({ type: 'list.reload' })).toBe(false);
    expect(failed.can({ type: 'list.export' })).toBe(false);

    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({ query: { status: 'packed' } });
    await load.last().resolve(page([9]));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(selectListData(actor.getSnapshot())).toEqual(page([9]));
  });

  it('says the list failed to load when the error has no message', async () => {
    const { actor, load } = startList();
    await load.last().reject(new Error(''));
    expect(selectListError(actor.getSnapshot())).toBe('Failed to load the list');
  });

  it('reloads the same query without touching the address', async () => {
    const { actor, load, urls } = await readyList({ status: 'shipped', offset: '20' });
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.last().input).toEqual({ query: { status: 'shipped', offset: '20' } });
    // The page already shown stays until the new one comes.
    expect(selectListData(actor.getSnapshot())).toEqual(page([1, 2, 3], 40));
    await load.last().resolve(page([4]));
    expect(selectListData(actor.getSnapshot())).toEqual(page([4]));
    expect(urls).toEqual([]);
  });
});

describe('admin list machine: filters and pages', () => {
  it('a new filter asks for page 1 of what it matches and writes it to the address', async () => {
    const { actor, load, urls } = await readyList({ status: 'processing', offset: '40' });
    actor.send({ type: 'list.filter', query: { status: 'packed', q: 'DPS-2026', from: '' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectQuery(actor.getSnapshot())).toEqual({ status: 'packed', q: 'DPS-2026' });
    expect(load.last().input).toEqual({ query: { status: 'packed', q: 'DPS-2026' } });
    expect(urls).toEqual([{ status: 'packed', q: 'DPS-2026' }]);
  });

  it('a filter while a page is loading cancels that load: only the new answer is shown', async () => {
    const { actor, load, urls } = startList({ status: 'processing' });
    const first = load.last();
    actor.send({ type: 'list.filter', query: { status: 'delivered' } });
    expect(first.signal.aborted).toBe(true);
    expect(load.calls).toHaveLength(2);
    const second = load.last();
    await first.resolve(page([1]));
    expect(actor.getSnapshot().value).toBe('loading');
    await second.resolve(page([2]));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectListData(actor.getSnapshot())).toEqual(page([2]));
    expect(urls).toEqual([{ status: 'delivered' }]);
  });

  it('a filter after a failed load loads again with the new filter', async () => {
    const { actor, load } = startList({ status: 'processing' });
    await load.last().reject(new Error('Failed to fetch'));
    actor.send({ type: 'list.filter', query: {} });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.last().input).toEqual({ query: {} });
    await load.last().resolve(page([]));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectListError(actor.getSnapshot())).toBeUndefined();
  });

  it('pages keep the filter; page 1 drops the offset from the query and the address', async () => {
    const { actor, load, urls } = await readyList({ status: 'processing' });
    actor.send({ type: 'list.page', offset: 20 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.last().input).toEqual({ query: { status: 'processing', offset: '20' } });
    await load.last().resolve(page([21, 22], 40));

    actor.send({ type: 'list.page', offset: 0 });
    expect(load.last().input).toEqual({ query: { status: 'processing' } });
    expect(urls).toEqual([{ status: 'processing', offset: '20' }, { status: 'processing' }]);
  });
});

describe('admin list machine: export', () => {
  it('exports what the filter shows while the list stays usable, then is idle again', async () => {
    const { actor, exporting } = await readyList({ status: 'processing', q: 'Rudra' });
    actor.send({ type: 'list.export' });
    const running = actor.getSnapshot();
    expect(running.value).toEqual({ ready: 'exporting' });
    expect(selectIsExporting(running)).toBe(true);
    expect(selectIsListLoading(running)).toBe(false);
    expect(selectListData(running)).toEqual(page([1, 2, 3], 40));
    expect(exporting.last().input).toEqual({ query: { status: 'processing', q: 'Rudra' } });
    // One export at a time.
    expect(running.can({ type: 'list.export' })).toBe(false);

    await exporting.last().resolve();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectIsExporting(actor.getSnapshot())).toBe(false);
    expect(selectExportError(actor.getSnapshot())).toBeNull();
  });

  it('a failed export says why; the next export clears it when it starts', async () => {
    const { actor, exporting } = await readyList();
    actor.send({ type: 'list.export' });
    await exporting.last().reject(new Error('Too many rows to export'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectExportError(actor.getSnapshot())).toBe('Too many rows to export');

    actor.send({ type: 'list.export' });
    expect(selectExportError(actor.getSnapshot())).toBeNull();
    await exporting.last().reject(new Error(''));
    expect(selectExportError(actor.getSnapshot())).toBe('The export failed');
  });

  it('paging during an export cancels the export', async () => {
    const { actor, exporting } = await readyList();
    actor.send({ type: 'list.export' });
    actor.send({ type: 'list.page', offset: 20 });
    expect(exporting.last().signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsExporting(actor.getSnapshot())).toBe(false);
  });
});
