import type { ReactNode } from 'react';
import type { PujaDate } from '../../../contract/catalogue.ts';
import { fetchOtherDates } from '../../lib/catalogue.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ResourceView } from '../status.tsx';

/**
 * The other open dates of a puja as radios named `pujaId` (docs/product-rules.md, Rescheduling),
 * for the customer's "Change date" and staff's: each with its places left when they are counted,
 * and a date without places for the booking's persons never chosen and not choosable.
 */

/** How many places a date has left, when it counts them. */
const placesText = (date: PujaDate) =>
  date.placesLeft === null
    ? ''
    : date.placesLeft === 0
      ? ' · fully booked'
      : ` · ${date.placesLeft} ${date.placesLeft === 1 ? 'place' : 'places'} left`;

/** A date has too few places for `persons`. */
export const fullFor = (date: PujaDate, persons: number) =>
  date.placesLeft !== null && date.placesLeft < persons;

/** The first date with places for `persons`: the one chosen to begin with (none when all are full). */
export const firstOpenDate = (dates: PujaDate[], persons: number) =>
  dates.find((date) => !fullFor(date, persons))?.id ?? null;

export const personsText = (n: number) => (n === 1 ? '1 person' : `${n} persons`);

export function DateRadios({
  dates,
  persons,
  chosen,
  onChoose,
  extra,
}: {
  dates: PujaDate[];
  persons: number;
  chosen: number | null;
  onChoose: (id: number) => void;
  /** More about each date (staff see its lowest price). */
  extra?: (date: PujaDate) => string;
}) {
  return (
    <fieldset className="after-sale__dates">
      <legend>New date</legend>
      {dates.map((date) => (
        <label key={date.id} className="action-dialog__check">
          <input
            type="radio"
            name="pujaId"
            value={date.id}
            checked={chosen === date.id}
            disabled={fullFor(date, persons)}
            onChange={() => onChoose(date.id)}
            required
          />
          {formatDateTime(date.pujaDate)}
          {placesText(date)}
          {extra?.(date)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The other open dates of the booking's puja (GET /pujas/{id}/dates), handed to `children`, or
 * "There is no other date of this puja open for booking now." when it has none.
 */
export function OtherOpenDates({
  pujaId,
  children,
}: {
  pujaId: number;
  children: (dates: PujaDate[]) => ReactNode;
}) {
  const dates = useResource((signal) => fetchOtherDates(pujaId, signal));
  return (
    <ResourceView resource={dates} loadingLabel="Loading the other dates...">
      {(list) =>
        list.length === 0 ? (
          <p role="status">There is no other date of this puja open for booking now.</p>
        ) : (
          children(list)
        )
      }
    </ResourceView>
  );
}
