import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { onEverySecond } from '../../machines/booking-window/booking-window.actors.ts';
import { bookingWindowMachine } from '../../machines/booking-window/booking-window.machine.ts';
import {
  secondsLeftAt,
  selectClosesAt,
  selectIsOpen,
  toCountdownParts,
} from '../../machines/booking-window/booking-window.selectors.ts';

const NOW = new Date('2026-03-01T06:00:00.000Z').getTime();
const at = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();

function start(closesAt: string | null | undefined) {
  const actor = createActor(bookingWindowMachine, { input: { closesAt } });
  actor.start();
  return actor;
}

/** The top-level state (open or closed), whether it is bookable, and the seconds a countdown shows now. */
const view = (actor: ReturnType<typeof start>) => {
  const snapshot = actor.getSnapshot();
  const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return {
    open: selectIsOpen(snapshot),
    state,
    secondsLeft: selectIsOpen(snapshot) ? secondsLeftAt(selectClosesAt(snapshot), Date.now()) : 0,
  };
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
    actor.stop();
  });

  it('a page of windows runs one timer, and no window does anything until its last second', () => {
    const windows = Array.from({ length: 500 }, (_, i) => start(at(60_000 + i * 1_000)));
    expect(vi.getTimerCount()).toBe(1);
    const changes = windows.map(() => 0);
    windows.forEach((w, i) => w.subscribe(() => (changes[i] = changes[i]! + 1)));
    const before = windows.map((w) => view(w).secondsLeft);
    vi.advanceTimersByTime(5_000);
    expect(windows.map((w) => view(w).secondsLeft)).toEqual(before.map((s) => s - 5));
    expect(changes.every((n) => n === 0)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    for (const w of windows) w.stop();
    // Nobody listens: the clock stops too.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes exactly when the date is reached, even between two ticks of the clock', () => {
    const actor = start(at(3_500));
    vi.advanceTimersByTime(2_999);
    expect(view(actor)).toMatchObject({ open: true, state: 'open', secondsLeft: 1 });
    vi.advanceTimersByTime(1);
    // The last second: the window times it exactly.
    expect(actor.getSnapshot().value).toEqual({ open: 'closing' });
    vi.advanceTimersByTime(499);
    expect(view(actor).open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(view(actor)).toEqual({ open: false, state: 'closed', secondsLeft: 0 });
    // Closed is final for this date: no more timers run.
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it('goes straight to its last second when it opens with a second or less left', () => {
    const actor = start(at(400));
    expect(actor.getSnapshot().value).toEqual({ open: 'closing' });
    vi.advanceTimersByTime(400);
    expect(view(actor).state).toBe('closed');
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
    vi.advanceTimersByTime(59_999);
    expect(view(actor)).toEqual({ open: true, state: 'open', secondsLeft: 1 });
    vi.advanceTimersByTime(1);
    expect(view(actor).state).toBe('closed');
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

describe('the shared second clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW + 250);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks on every whole second of the device's clock, once for all its listeners, and stops when none is left", () => {
    const heard: number[][] = [[], []];
    const stops = heard.map((list) => onEverySecond(() => list.push(Date.now() - NOW)));
    vi.advanceTimersByTime(749);
    expect(heard).toEqual([[], []]);
    vi.advanceTimersByTime(2_001);
    expect(heard).toEqual([
      [1_000, 2_000, 3_000],
      [1_000, 2_000, 3_000],
    ]);
    stops[0]!();
    expect(vi.getTimerCount()).toBe(1);
    stops[1]!();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a listener that stops during a tick stops at once and does not disturb the others', () => {
    const heard: string[] = [];
    const stopA = onEverySecond(() => {
      heard.push('a');
      stopA();
    });
    const stopB = onEverySecond(() => heard.push('b'));
    vi.advanceTimersByTime(3_000);
    expect(heard).toEqual(['a', 'b', 'b', 'b']);
    stopB();
  });
});

describe('secondsLeftAt', () => {
  it('rounds up to whole seconds and is 0 once the date is reached or without a date', () => {
    expect(secondsLeftAt(NOW + 10_500, NOW)).toBe(11);
    expect(secondsLeftAt(NOW + 1, NOW)).toBe(1);
    expect(secondsLeftAt(NOW, NOW)).toBe(0);
    expect(secondsLeftAt(NOW - 5, NOW)).toBe(0);
    expect(secondsLeftAt(NaN, NOW)).toBe(0);
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
