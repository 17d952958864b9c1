import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bookingWindowMachine } from '../../machines/booking-window/booking-window.machine.ts';
import {
  selectIsOpen,
  selectSecondsLeft,
  toCountdownParts,
} from '../../machines/booking-window/booking-window.selectors.ts';

export type BookingWindowRef = ActorRefFrom<typeof bookingWindowMachine>;

const units = [
  ['days', 'd', 'Days'],
  ['hours', 'h', 'Hours'],
  ['minutes', 'm', 'Mins'],
  ['seconds', 's', 'Secs'],
] as const;

/**
 * Renders a booking window's countdown. Only this component subscribes to the ticking
 * seconds, so the card or page around it does not re-render every second.
 */
export function Countdown({
  windowRef,
  variant,
}: {
  windowRef: BookingWindowRef;
  variant: 'boxes' | 'inline';
}) {
  const open = useSelector(windowRef, selectIsOpen);
  const secondsLeft = useSelector(windowRef, selectSecondsLeft);
  if (!open) {
    return (
      <p className="countdown countdown--closed" role={variant === 'inline' ? 'status' : undefined}>
        Booking Closed
      </p>
    );
  }
  const parts = toCountdownParts(secondsLeft);
  if (variant === 'inline') {
    return (
      <p className="countdown countdown--inline">
        Booking closes in:{' '}
        <span className="countdown__value" aria-live="off">
          {parts.days}d {parts.hours}h {parts.minutes}m {parts.seconds}s
        </span>
      </p>
    );
  }
  return (
    <div
      className="countdown countdown--boxes"
      role="timer"
      aria-label={`Booking closes in ${parts.days} days ${parts.hours} hours`}
    >
      {units.map(([key, , label]) => (
        <span key={key} className="countdown__box" aria-hidden="true">
          <strong>{String(parts[key]).padStart(2, '0')}</strong>
          <small>{label}</small>
        </span>
      ))}
    </div>
  );
}
