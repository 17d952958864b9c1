import { createActor } from 'xstate';
import {
  staffRecordMachine,
  type StaffAction,
  type StaffActionResult,
} from '../../machines/staff-record/staff-record.machine.ts';
import {
  selectActionError,
  selectActionErrorCode,
  selectDoneAction,
  selectIsSending,
  selectOpenAction,
  selectRecordLoadError,
  selectStaffRecord,
} from '../../machines/staff-record/staff-record.selectors.ts';
import { pendingCalls } from './pending-calls.ts';

const processing = { id: 12, orderStatus: 'processing', allowedEvents: ['order.pack', 'order.cancel'] };
const packed = { id: 12, orderStatus: 'packed', allowedEvents: ['order.ship'] };
const shipped = { id: 12, orderStatus: 'shipped', allowedEvents: ['order.deliver'] };
const shipRequest = { carrier: 'India Post', trackingNumber: 'EK1234IN' };

function startRecord(id = 12) {
  const load = pendingCalls<unknown, { id: number }>();
  const send = pendingCalls<StaffActionResult, { id: number; action: StaffAction; request: unknown }>();
  const machine = staffRecordMachine.provide({ actors: { loadRecord: load.logic, sendAction: send.logic } });
  const actor = createActor(machine, { input: { id } }).start();
  return { actor, load, send };
}

async function readyRecord(record: unknown = packed) {
  const started = startRecord();
  await started.load.last().resolve(record);
  expect(started.actor.getSnapshot().value).toEqual({ ready: 'idle' });
  return started;
}

/** The ship dialog open and sent: the request is waiting for its answer. */
async function shipping() {
  const started = await readyRecord(packed);
  started.actor.send({ type: 'action.open', action: 'order.ship' });
  started.actor.send({ type: 'action.submit', request: shipRequest });
  expect(started.actor.getSnapshot().value).toEqual({ ready: 'sending' });
  return started;
}

describe('staff record machine: loading', () => {
  it('reads the record by its id, busy until it comes', async () => {
    const { actor, load } = startRecord(12);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(load.last().input).toEqual({ id: 12 });
    expect(actor.getSnapshot().can({ type: 'action.open', action: 'order.pack' })).toBe(false);

    await load.last().resolve(processing);
    const ready = actor.getSnapshot();
    expect(ready.value).toEqual({ ready: 'idle' });
    expect(ready.hasTag('busy')).toBe(false);
    expect(selectStaffRecord(ready)).toEqual(processing);
    expect(selectRecordLoadError(ready)).toBeNull();
  });

  it('fails with the message and loads again on retry', async () => {
    const { actor, load } = startRecord();
    await load.last().reject(new Error('Order not found'));
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(selectRecordLoadError(failed)).toBe('Order not found');
    expect(failed.can({ type: 'record.reload' })).toBe(false);

    actor.send({ type: 'record.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    await load.last().resolve(processing);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.loadError).toBeNull();
    expect(selectRecordLoadError(actor.getSnapshot())).toBeNull();
  });

  it('says it failed to load when the error has no message', async () => {
    const { actor, load } = startRecord();
    await load.last().reject(new Error(''));
    expect(selectRecordLoadError(actor.getSnapshot())).toBe('Failed to load');
  });

  it('reads the record again when the page asks, staying on the record when that fails', async () => {
    const { actor, load } = await readyRecord(processing);
    expect(actor.getSnapshot().can({ type: 'record.retry' })).toBe(false);
    actor.send({ type: 'record.reload' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'refreshing' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await load.last().resolve(packed);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectStaffRecord(actor.getSnapshot())).toEqual(packed);

    actor.send({ type: 'record.reload' });
    await load.last().reject(new Error('Failed to fetch'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectStaffRecord(actor.getSnapshot())).toEqual(packed);
    expect(selectOpenAction(actor.getSnapshot())).toBeNull();
  });
});

describe('staff record machine: a step taken through its dialog', () => {
  it('opens one action at a time and closes it without sending anything', async () => {
    const { actor, send } = await readyRecord();
    expect(actor.getSnapshot().can({ type: 'action.submit', request: {} })).toBe(false);
    actor.send({ type: 'action.open', action: 'order.ship' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(selectOpenAction(actor.getSnapshot())).toBe('order.ship');
    expect(actor.getSnapshot().can({ type: 'action.open', action: 'order.cancel' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'record.reload' })).toBe(false);

    actor.send({ type: 'action.close' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectOpenAction(actor.getSnapshot())).toBeNull();
    expect(send.calls).toHaveLength(0);
  });

  it('sends the step with the request, busy; the record after it replaces the old and the dialog closes', async () => {
    const { actor, send } = await shipping();
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(send.last().input).toEqual({ id: 12, action: 'order.ship', request: shipRequest });
    expect(actor.getSnapshot().can({ type: 'action.close' })).toBe(false);

    await send.last().resolve({ kind: 'updated', record: shipped });
    const done = actor.getSnapshot();
    expect(done.value).toEqual({ ready: 'idle' });
    expect(selectStaffRecord(done)).toEqual(shipped);
    expect(selectOpenAction(done)).toBeNull();
    expect(selectDoneAction(done)).toBe('order.ship');
    expect(selectActionError(done)).toBeUndefined();
    expect(selectIsSending(done)).toBe(false);

    // The next dialog forgets the last step taken.
    actor.send({ type: 'action.open', action: 'order.deliver' });
    expect(selectDoneAction(actor.getSnapshot())).toBeNull();
  });

  it('an action on one item of the record travels as an object, its target named, never a string to split', async () => {
    const { actor, send } = await readyRecord();
    actor.send({ type: 'action.open', action: { type: 'package.edit', id: 7 } });
    expect(selectOpenAction(actor.getSnapshot())).toEqual({ type: 'package.edit', id: 7 });
    actor.send({ type: 'action.submit', request: { title: 'For two' } });
    expect(send.last().input).toEqual({
      id: 12,
      action: { type: 'package.edit', id: 7 },
      request: { title: 'For two' },
    });
    await send.last().resolve({ kind: 'updated', record: packed });
    expect(selectDoneAction(actor.getSnapshot())).toEqual({ type: 'package.edit', id: 7 });
  });

  it('a refusal keeps the dialog with its reason and code while the record is read again', async () => {
    const { actor, send, load } = await shipping();
    await send.last().resolve({
      kind: 'refused',
      message: 'Someone else changed this order',
      code: 'edit_conflict',
    });
    const refreshing = actor.getSnapshot();
    expect(refreshing.value).toEqual({ ready: 'refreshing' });
    expect(refreshing.hasTag('busy')).toBe(true);
    expect(selectOpenAction(refreshing)).toBe('order.ship');
    expect(selectActionError(refreshing)).toBe('Someone else changed this order');
    expect(selectActionErrorCode(refreshing)).toBe('edit_conflict');
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({ id: 12 });

    await load.last().resolve(shipped);
    const editing = actor.getSnapshot();
    expect(editing.value).toEqual({ ready: 'editing' });
    expect(selectStaffRecord(editing)).toEqual(shipped);
    expect(selectOpenAction(editing)).toBe('order.ship');
    expect(selectActionError(editing)).toBe('Someone else changed this order');
    expect(selectDoneAction(editing)).toBeNull();
  });

  it('reports a step taken to the page, with the record after it; a refusal reports nothing', async () => {
    const steps: { action: StaffAction; record: unknown }[] = [];
    const load = pendingCalls<unknown, { id: number }>();
    const send = pendingCalls<StaffActionResult, { id: number; action: StaffAction; request: unknown }>();
    const machine = staffRecordMachine.provide({ actors: { loadRecord: load.logic, sendAction: send.logic } });
    const actor = createActor(machine, { input: { id: 12 } });
    actor.on('record.stepTaken', ({ action, record }) => steps.push({ action, record }));
    actor.start();
    await load.last().resolve(packed);
    actor.send({ type: 'action.open', action: 'order.ship' });
    actor.send({ type: 'action.submit', request: shipRequest });
    await send.last().resolve({ kind: 'refused', message: 'A tracking number is needed' });
    await load.last().resolve(packed);
    expect(steps).toEqual([]);
    actor.send({ type: 'action.submit', request: shipRequest });
    await send.last().resolve({ kind: 'updated', record: shipped });
    expect(steps).toEqual([{ action: 'order.ship', record: shipped }]);
  });

  it('a refusal without a code keeps no code', async () => {
    const { actor, send } = await shipping();
    await send.last().resolve({ kind: 'refused', message: 'A tracking number is needed' });
    expect(actor.getSnapshot().context.actionError).toEqual({ message: 'A tracking number is needed' });
    expect(selectActionErrorCode(actor.getSnapshot())).toBeUndefined();
  });

  it('when the record cannot be read again after a refusal, the dialog stays with the refusal', async () => {
    const { actor, send, load } = await shipping();
    await send.last().resolve({ kind: 'refused', message: 'Orders ship once packed', code: 'lifecycle_wrong_state' });
    await load.last().reject(new Error('Failed to fetch'));
    const editing = actor.getSnapshot();
    expect(editing.value).toEqual({ ready: 'editing' });
    expect(selectStaffRecord(editing)).toEqual(packed);
    expect(selectActionError(editing)).toBe('Orders ship once packed');
  });

  it('closing the dialog while the record is read again lands on the record, the dialog closed', async () => {
    const { actor, send, load } = await shipping();
    await send.last().resolve({ kind: 'refused', message: 'Orders ship once packed' });
    actor.send({ type: 'action.close' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'refreshing' });
    expect(selectOpenAction(actor.getSnapshot())).toBeNull();
    expect(selectActionError(actor.getSnapshot())).toBeUndefined();
    await load.last().resolve(shipped);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectStaffRecord(actor.getSnapshot())).toEqual(shipped);
  });

  it('closing it while the reread fails lands on the record as it was', async () => {
    const { actor, send, load } = await shipping();
    await send.last().resolve({ kind: 'refused', message: 'Orders ship once packed' });
    actor.send({ type: 'action.close' });
    await load.last().reject(new Error('Failed to fetch'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectStaffRecord(actor.getSnapshot())).toEqual(packed);
  });

  it('no answer keeps the dialog open with the error, to send again', async () => {
    const { actor, send } = await shipping();
    await send.last().reject(new Error('Failed to fetch'));
    const editing = actor.getSnapshot();
    expect(editing.value).toEqual({ ready: 'editing' });
    expect(selectActionError(editing)).toBe('Failed to fetch');
    expect(selectActionErrorCode(editing)).toBeUndefined();
    expect(selectStaffRecord(editing)).toEqual(packed);

    actor.send({ type: 'action.submit', request: shipRequest });
    expect(send.calls).toHaveLength(2);
    await send.last().reject(new Error(''));
    expect(selectActionError(actor.getSnapshot())).toBe('Failed to update. Please try again.');

    actor.send({ type: 'action.submit', request: shipRequest });
    await send.last().resolve({ kind: 'updated', record: shipped });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectActionError(actor.getSnapshot())).toBeUndefined();
    expect(selectDoneAction(actor.getSnapshot())).toBe('order.ship');
  });
});
