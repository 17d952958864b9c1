import { fromCallback } from 'xstate';
import { COUNTDOWN_TICK_MS } from '../../contract/catalogue-display.ts';

/**
 * One clock for every countdown on the page (docs/product-rules.md, Booking window and
 * countdowns): a single timer that wakes on each whole second of the device's clock and tells
 * everyone listening (the countdowns on screen, the booking windows waiting for their last
 * second), instead of a timer per countdown. It runs only while something listens.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** The setTimeout the pending timer was set with (tests swap in fake timers and back). */
let timerSetWith: typeof setTimeout | undefined;

function schedule() {
  timerSetWith = setTimeout;
  timer = setTimeout(tick, COUNTDOWN_TICK_MS - (Date.now() % COUNTDOWN_TICK_MS));
}

function tick() {
  timer = undefined;
  // A copy: a listener that stops (its window closed) or starts during the tick is not skipped or repeated.
  for (const listener of [...listeners]) listener();
  if (listeners.size > 0 && timer === undefined) schedule();
}

/** Calls `listener` on every whole second until the returned function is called. */
export function onEverySecond(listener: () => void): () => void {
  listeners.add(listener);
  // A timer set under other timers (a test's fake clock, since uninstalled) will never fire.
  if (timer === undefined || timerSetWith !== setTimeout) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

/**
 * Listens to the shared clock for a booking window and sends `window.lastSecondStarted` once the
 * window has a second or less left, so the window itself does nothing on the seconds before.
 */
export const lastSecondAlarm = fromCallback<{ type: 'window.lastSecondStarted' }, { closesAt: number }>(
  ({ sendBack, input }) =>
    onEverySecond(() => {
      if (input.closesAt - Date.now() <= COUNTDOWN_TICK_MS) sendBack({ type: 'window.lastSecondStarted' });
    }),
);
