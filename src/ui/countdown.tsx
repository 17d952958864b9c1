import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { onEverySecond } from '../../machines/booking-window/booking-window.actors.ts';
import type { bookingWindowMachine } from '../../machines/booking-window/booking-window.machine.ts';
import {
  secondsLeftAt,
  selectClosesAt,
  selectIsOpen,
  toCountdownParts,
  type CountdownParts,
} from '../../machines/booking-window/booking-window.selectors.ts';

export type BookingWindowRef = ActorRefFrom<typeof bookingWindowMachine>;

const units = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Mins'],
  ['seconds', 'Secs'],
] as const;

/**
 * Draws the time left now and on every tick of the page's one shared clock, until unmounted or
 * given another date. The digits are written straight into elements React leaves empty: a page
 * of hundreds of countdowns then costs a few text writes a second, not hundreds of React renders
 * (docs/decisions/0031-countdowns-tick-on-one-shared-clock.md).
 */
function useTicking(closesAt: number, draw: (parts: CountdownParts) => void) {
  const drawRef = useRef(draw);
  useLayoutEffect(() => {
    drawRef.current = draw;
  });
  useLayoutEffect(() => {
    const paint = () => drawRef.current(toCountdownParts(secondsLeftAt(closesAt, Date.now())));
    paint();
    return onEverySecond(paint);
  }, [closesAt]);
}

/** "Booking closes in: 3d 4h 5m 6s" (the puja page). */
function InlineCountdown({ closesAt }: { closesAt: number }) {
  const value = useRef<HTMLSpanElement>(null);
  useTicking(closesAt, (parts) => {
    if (value.current)
      value.current.textContent = `${parts.days}d ${parts.hours}h ${parts.minutes}m ${parts.seconds}s`;
  });
  return (
    <p className="countdown countdown--inline">
      Booking closes in: <span ref={value} className="countdown__value" aria-live="off" />
    </p>
  );
}

/** Days, hours, minutes and seconds in four boxes (the puja cards), named in whole hours for screen readers. */
function BoxesCountdown({ closesAt }: { closesAt: number }) {
  const timer = useRef<HTMLDivElement>(null);
  const digits = useRef<(HTMLElement | null)[]>([]);
  useTicking(closesAt, (parts) => {
    units.forEach(([key], i) => {
      const digit = digits.current[i];
      const text = String(parts[key]).padStart(2, '0');
      if (digit && digit.textContent !== text) digit.textContent = text;
    });
    const label = `Booking closes in ${parts.days} days ${parts.hours} hours`;
    if (timer.current && timer.current.getAttribute('aria-label') !== label)
      timer.current.setAttribute('aria-label', label);
  });
  return (
    <div ref={timer} className="countdown countdown--boxes" role="timer">
      {units.map(([key, label], i) => (
        <span key={key} className="countdown__box" aria-hidden="true">
          <strong
            ref={(element) => {
              digits.current[i] = element;
            }}
          />
          <small>{label}</small>
        </span>
      ))}
    </div>
  );
}

/**
 * A booking window's countdown, or "Booking Closed". Only the digits follow the clock, so
 * neither this component nor the card or page around it re-renders every second; the window's
 * closing (one state change) swaps in "Booking Closed".
 */
export function Countdown({
  windowRef,
  variant,
}: {
  windowRef: BookingWindowRef;
  variant: 'boxes' | 'inline';
}) {
  const open = useSelector(windowRef, selectIsOpen);
  const closesAt = useSelector(windowRef, selectClosesAt);
  if (!open) {
    return (
      <p className="countdown countdown--closed" role={variant === 'inline' ? 'status' : undefined}>
        Booking Closed
      </p>
    );
  }
  return variant === 'inline' ? (
    <InlineCountdown closesAt={closesAt} />
  ) : (
    <BoxesCountdown closesAt={closesAt} />
  );
}
