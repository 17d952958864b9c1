import { useId, useState } from 'react';
import { BIRTH_TIME_ZONES, DEFAULT_BIRTH_TIME_ZONE, type BirthStar } from '../../../contract/birth-star.ts';
import {
  HH_MM,
  isRealDate,
  nakshatraLabel,
  raashiLabel,
  type Nakshatra,
  type Raashi,
} from '../../../contract/booking.ts';
import { fetchBirthStar } from '../../lib/astro.ts';
import { useResource } from '../../lib/use-resource.ts';
import './birth-star.css';

/**
 * "Suggested from the birth details" (docs/product-rules.md, Raashi and nakshatra from birth
 * details): once a date and time of birth are typed, the server works out the raashi and
 * nakshatra on the birth place's clock (India's unless another zone is chosen); the devotee
 * confirms them with one tap or chooses otherwise. Near a boundary both neighbours are offered.
 */
export function BirthStarSuggestion({
  dateOfBirth,
  birthTime,
  birthTimeNotKnown = false,
  onChoose,
}: {
  dateOfBirth: string;
  birthTime: string;
  /** "Birth time not known" is ticked: no suggestion is asked for, and the hint says what to do. */
  birthTimeNotKnown?: boolean;
  onChoose: (choice: { raashi?: Raashi; nakshatra?: Nakshatra }) => void;
}) {
  // Which clock the birth time was read on: a choice of this form only, never stored.
  const [timeZone, setTimeZone] = useState<string>(DEFAULT_BIRTH_TIME_ZONE);
  const zoneId = useId();
  const ready = isRealDate(dateOfBirth) && HH_MM.test(birthTime);
  if (birthTimeNotKnown) {
    // docs/product-rules.md, Raashi and nakshatra from birth details: no time, no suggestion.
    return (
      <div className="birth-star">
        <p className="birth-star__hint" aria-live="polite">
          Without the birth time we cannot work out the nakshatra: the Moon changes nakshatra about once a
          day. Choose the raashi and nakshatra if the family knows them, or tick “Nakshatra not known”: the
          priest recites the name and gothra without it.
        </p>
      </div>
    );
  }
  return (
    <div className="birth-star">
      <div className="birth-star__zone field">
        <label htmlFor={zoneId}>Birth time is on the clock of</label>
        <select id={zoneId} className="select" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
          {BIRTH_TIME_ZONES.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">
        {ready ? (
          <Suggestion
            key={`${dateOfBirth}|${birthTime}|${timeZone}`}
            birth={{ dateOfBirth, birthTime, timeZone }}
            onChoose={onChoose}
          />
        ) : (
          <p className="birth-star__hint">
            Enter the date and time of birth and we will suggest the raashi and nakshatra.
          </p>
        )}
      </div>
    </div>
  );
}

function Suggestion({
  birth,
  onChoose,
}: {
  birth: { dateOfBirth: string; birthTime: string; timeZone: string };
  onChoose: (choice: { raashi?: Raashi; nakshatra?: Nakshatra }) => void;
}) {
  const star = useResource((signal) => fetchBirthStar(birth, signal));
  if (star.status === 'loading')
    return <p className="birth-star__hint">Working out the raashi and nakshatra...</p>;
  if (star.status === 'failed' || !star.data)
    return (
      <p className="birth-star__hint">
        {star.error}{' '}
        <button type="button" className="button button--small" onClick={star.retry}>
          Try again
        </button>
      </p>
    );
  return <Suggested star={star.data} onChoose={onChoose} />;
}

function Suggested({
  star,
  onChoose,
}: {
  star: BirthStar;
  onChoose: (choice: { raashi?: Raashi; nakshatra?: Nakshatra }) => void;
}) {
  const { raashi: raashiPair, nakshatra: nakshatraPair } = star.nearBoundary;
  // "Anuradha or Jyeshtha nakshatra": the two the devotee chooses between, named in the message.
  const neighbours = [
    raashiPair && `${raashiLabel(raashiPair[0])} or ${raashiLabel(raashiPair[1])} raashi`,
    nakshatraPair && `${nakshatraLabel(nakshatraPair[0])} or ${nakshatraLabel(nakshatraPair[1])} nakshatra`,
  ]
    .filter(Boolean)
    .join(', and ');
  return (
    <div className="birth-star__result">
      <p className="birth-star__text">
        Suggested from the birth details: <strong>{raashiLabel(star.raashi)}</strong> raashi,{' '}
        <strong>{nakshatraLabel(star.nakshatra)}</strong> nakshatra.
      </p>
      {raashiPair || nakshatraPair ? (
        <p className="birth-star__text">
          The Moon was at a boundary then, so both neighbours are possible: {neighbours}. Please check with
          your family’s horoscope and choose.
        </p>
      ) : null}
      <div className="birth-star__choices">
        {!raashiPair && !nakshatraPair && (
          <button
            type="button"
            className="button button--small"
            onClick={() => onChoose({ raashi: star.raashi, nakshatra: star.nakshatra })}
          >
            Use these
          </button>
        )}
        {raashiPair
          ? raashiPair.map((raashi) => (
              <button
                key={raashi}
                type="button"
                className="button button--small"
                onClick={() => onChoose({ raashi })}
              >
                Raashi {raashiLabel(raashi)}
              </button>
            ))
          : (nakshatraPair && (
              <button
                type="button"
                className="button button--small"
                onClick={() => onChoose({ raashi: star.raashi })}
              >
                Raashi {raashiLabel(star.raashi)}
              </button>
            )) ||
            null}
        {nakshatraPair
          ? nakshatraPair.map((nakshatra) => (
              <button
                key={nakshatra}
                type="button"
                className="button button--small"
                onClick={() => onChoose({ nakshatra })}
              >
                Nakshatra {nakshatraLabel(nakshatra)}
              </button>
            ))
          : (raashiPair && (
              <button
                type="button"
                className="button button--small"
                onClick={() => onChoose({ nakshatra: star.nakshatra })}
              >
                Nakshatra {nakshatraLabel(star.nakshatra)}
              </button>
            )) ||
            null}
      </div>
    </div>
  );
}
