import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bookingWindowMachine } from '../../machines/booking-window/booking-window.machine.ts';
import {
  selectIsOpen,
  selectSecondsLeft,
  toCountdownParts,
} from '../../machines/booking-window/booking-window.selectors.ts';

const NOW = new Date('2026-03-01T06:00:00.000Z').getTime();
const at = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();

function start(closesAt: string | null | undefined) {
  const actor = createActor(bookingWindowMachine, { input: { closesAt } });
  actor.start();
  return actor;
}

const view = (actor: ReturnType<typeof start>) => {
  const snapshot = actor.getSnapshot();
  return { open: selectIsOpen(snapshot), state: snapshot.value, secondsLeft: selectSecondsLeft(snapshot) };
};

describe('booking window machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is open with the remaining time when the date is in the future', () => {
    const actor = start(at(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000));
    expect(view(actor)).toEqual({
      open: true,
      state: 'open',
      secondsLeft: 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5,
    });
    expect(actor.getSnapshot().context.remainingMs).toBe(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000);
    actor.stop();
  });

  it('ticks every second, aligned to the second boundary', () => {
    const actor = start(at(10_500));
    expect(view(actor).secondsLeft).toBe(11);

    // The first tick lands on the whole second (500 ms), then one every 1000 ms.
    vi.advanceTimersByTime(499);
    expect(view(actor).secondsLeft).toBe(11);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.remainingMs).toBe(10_000);
    expect(view(actor).secondsLeft).toBe(10);

    for (let expected = 9; expected >= 5; expected -= 1) {
      vi.advanceTimersByTime(1000);
      expect(actor.getSnapshot().context.remainingMs).toBe(expected * 1000);
      expect(view(actor)).toMatchObject({ open: true, secondsLeft: expected });
    }
    actor.stop();
  });

  it('does not tick faster than once a second', () => {
    const actor = start(at(5_000));
    const seen: number[] = [];
    actor.subscribe((snapshot) => seen.push(selectSecondsLeft(snapshot)));
    vi.advanceTimersByTime(3_000);
    expect(seen).toEqual([4, 3, 2]);
    actor.stop();
  });

  it('closes exactly when the date is reached', () => {
    const actor = start(at(3_000));
    vi.advanceTimersByTime(2_999);
    expect(view(actor)).toMatchObject({ open: true, state: 'open', secondsLeft: 1 });
    vi.advanceTimersByTime(1);
    expect(view(actor)).toEqual({ open: false, state: 'closed', secondsLeft: 0 });
    // Closed is final for this date: no more timers run.
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it.each([
    ['a past date', at(-1_000)],
    ['the current instant', at(0)],
    ['null', null],
    ['undefined', undefined],
    ['an invalid string', 'not a date'],
    ['an empty string', ''],
  ])('is closed from the start for %s', (_label, closesAt) => {
    const actor = start(closesAt);
    expect(view(actor)).toEqual({ open: false, state: 'closed', secondsLeft: 0 });
    vi.advanceTimersByTime(5_000);
    expect(view(actor).state).toBe('closed');
    actor.stop();
  });

  it('window.reset re-opens a closed window with a new future date', () => {
    const actor = start(null);
    expect(view(actor).open).toBe(false);
    actor.send({ type: 'window.reset', closesAt: at(60_000) });
    expect(view(actor)).toEqual({ open: true, state: 'open', secondsLeft: 60 });
    vi.advanceTimersByTime(1_000);
    expect(view(actor).secondsLeft).toBe(59);
    actor.stop();
  });

  it('window.reset closes an open window with a past date', () => {
    const actor = start(at(60_000));
    expect(view(actor).open).toBe(true);
    actor.send({ type: 'window.reset', closesAt: at(-60_000) });
    expect(view(actor)).toEqual({ open: false, state: 'closed', secondsLeft: 0 });
    vi.advanceTimersByTime(120_000);
    expect(view(actor).state).toBe('closed');
    actor.stop();
  });

  it('window.reset re-measures against the current time', () => {
    const actor = start(at(60_000));
    vi.advanceTimersByTime(10_000);
    actor.send({ type: 'window.reset', closesAt: at(30_000) });
    expect(view(actor).secondsLeft).toBe(20);
    actor.stop();
  });
});

describe('toCountdownParts', () => {
  it.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [59, { days: 0, hours: 0, minutes: 0, seconds: 59 }],
    [60, { days: 0, hours: 0, minutes: 1, seconds: 0 }],
    [3_599, { days: 0, hours: 0, minutes: 59, seconds: 59 }],
    [3_600, { days: 0, hours: 1, minutes: 0, seconds: 0 }],
    [86_399, { days: 0, hours: 23, minutes: 59, seconds: 59 }],
    [86_400, { days: 1, hours: 0, minutes: 0, seconds: 0 }],
    [90_061, { days: 1, hours: 1, minutes: 1, seconds: 1 }],
    [45 * 86_400 + 7 * 3_600 + 30 * 60 + 15, { days: 45, hours: 7, minutes: 30, seconds: 15 }],
  ])('splits %i seconds into days, hours, minutes and seconds', (total, parts) => {
    expect(toCountdownParts(total)).toEqual(parts);
  });
});
