import { useId, useState } from 'react';
import {
  BIRTH_TIME_ZONES,
  DEFAULT_BIRTH_TIME_ZONE,
  type BirthDayStar,
  type BirthStar,
} from '../../../contract/birth-star.ts';
import { HH_MM, isRealDate } from '../../../contract/person.ts';
import {
  nakshatraLabel,
  raashiLabel,
  type Nakshatra,
  type Raashi,
} from '../../../contract/raashi-nakshatra.ts';
import { fetchBirthDayStar, fetchBirthStar } from '../../lib/astro.ts';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import './birth-star.css';

/**
 * "Suggested from the birth details" (docs/product-rules.md, Raashi and nakshatra from birth
 * details): once a date and time of birth are typed, the server works out the raashi and
 * nakshatra on the birth place's clock (India's unless another zone is chosen); the devotee
 * confirms them with one tap or chooses otherwise. Near a boundary both neighbours are offered.
 * With "Birth time not known" ticked, it says what the date alone tells: the raashi and nakshatra
 * the Moon stayed in all that day (one tap to use), or the two or three it passed through.
 */
export function BirthStarSuggestion({
  dateOfBirth,
  birthTime,
  birthTimeNotKnown = false,
  nakshatraNotKnownOffered = true,
  onChoose,
}: {
  dateOfBirth: string;
  birthTime: string;
  /** "Birth time not known" is ticked: the suggestion is what the date alone tells. */
  birthTimeNotKnown?: boolean;
  /** The form has a "Nakshatra not known" box to point to (the family's has none). */
  nakshatraNotKnownOffered?: boolean;
  onChoose: (choice: { raashi?: Raashi; nakshatra?: Nakshatra }) => void;
}) {
  // Which clock the birth date and time were read on: a choice of this form only, never stored.
  const [timeZone, setTimeZone] = useState<string>(DEFAULT_BIRTH_TIME_ZONE);
  const zoneId = useId();
  const ready = isRealDate(dateOfBirth) && HH_MM.test(birthTime);
  const zone = (label: string) => (
    <div className="birth-star__zone field">
      <label htmlFor={zoneId}>{label}</label>
      <select id={zoneId} className="select" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
        {BIRTH_TIME_ZONES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
  if (birthTimeNotKnown) {
    // docs/product-rules.md, Raashi and nakshatra from birth details: no time, the day's answer.
    return (
      <div className="birth-star">
        {zone('Birth date is on the clock of')}
        <div aria-live="polite">
          {isRealDate(dateOfBirth) ? (
            <DaySuggestion
              key={`${dateOfBirth}|${timeZone}`}
              birth={{ dateOfBirth, timeZone }}
              nakshatraNotKnownOffered={nakshatraNotKnownOffered}
              onChoose={onChoose}
            />
          ) : (
            <p className="birth-star__hint">
              Enter the date of birth and we will suggest what it tells of the raashi and nakshatra.
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="birth-star">
      {zone('Birth time is on the clock of')}
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

/** "Working out…" while the raashi and nakshatra are looked up; if that failed, why, with Try again. */
function LookupStatus({ lookup }: { lookup: Resource<unknown> }) {
  if (lookup.status === 'loading')
    return <p className="birth-star__hint">Working out the raashi and nakshatra...</p>;
  return (
    <p className="birth-star__hint">
      {lookup.error}{' '}
      <button type="button" className="button button--small" onClick={lookup.retry}>
        Try again
      </button>
    </p>
  );
}

type Choose = (choice: { raashi?: Raashi; nakshatra?: Nakshatra }) => void;

/** "A, B or C": the names the devotee chooses between. */
const either = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');

function DaySuggestion({
  birth,
  nakshatraNotKnownOffered,
  onChoose,
}: {
  birth: { dateOfBirth: string; timeZone: string };
  nakshatraNotKnownOffered: boolean;
  onChoose: Choose;
}) {
  const day = useResource((signal) => fetchBirthDayStar(birth, signal));
  if (day.status === 'loading' || day.status === 'failed' || !day.data) return <LookupStatus lookup={day} />;
  return (
    <DaySuggested day={day.data} nakshatraNotKnownOffered={nakshatraNotKnownOffered} onChoose={onChoose} />
  );
}

function DaySuggested({
  day,
  nakshatraNotKnownOffered,
  onChoose,
}: {
  day: BirthDayStar;
  nakshatraNotKnownOffered: boolean;
  onChoose: Choose;
}) {
  const [raashi] = day.raashis;
  const [nakshatra] = day.nakshatras;
  const nakshatraChanges = day.nakshatras.length === 3 ? 'changed nakshatra twice' : 'changed nakshatra';
  return (
    <div className="birth-star__result">
      <p className="birth-star__text">Without the birth time, from the date alone:</p>
      {day.raashis.length === 1 && raashi ? (
        <p className="birth-star__text">
          <strong>{raashiLabel(raashi)}</strong> raashi: the Moon stayed in it all that day.
        </p>
      ) : (
        <p className="birth-star__text">
          <strong>{either(day.raashis.map(raashiLabel))}</strong> raashi: the Moon changed sign that day; ask
          the family or choose.
        </p>
      )}
      {day.nakshatras.length === 1 && nakshatra ? (
        <p className="birth-star__text">
          <strong>{nakshatraLabel(nakshatra)}</strong> nakshatra: the Moon stayed in it all that day.
        </p>
      ) : (
        <p className="birth-star__text">
          <strong>{either(day.nakshatras.map(nakshatraLabel))}</strong> nakshatra: the Moon {nakshatraChanges}{' '}
          that day; ask the family or choose.
          {nakshatraNotKnownOffered &&
            ' If no one knows, tick “Nakshatra not known”: the priest recites the name and gothra without it.'}
        </p>
      )}
      <div className="birth-star__choices">
        {/* The day's one name, to use; or each it may be, to choose. */}
        <StarChoices
          noun="raashi"
          choices={day.raashis}
          label={raashiLabel}
          onChoose={(choice) => onChoose({ raashi: choice })}
          useTheOne
        />
        <StarChoices
          noun="nakshatra"
          choices={day.nakshatras}
          label={nakshatraLabel}
          onChoose={(choice) => onChoose({ nakshatra: choice })}
          useTheOne
        />
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
  if (star.status === 'loading' || star.status === 'failed' || !star.data)
    return <LookupStatus lookup={star} />;
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
        {/* At a boundary, both neighbours; the other name then comes alone, as suggested. */}
        <StarChoices
          noun="raashi"
          choices={raashiPair ?? (nakshatraPair ? [star.raashi] : [])}
          label={raashiLabel}
          onChoose={(raashi) => onChoose({ raashi })}
        />
        <StarChoices
          noun="nakshatra"
          choices={nakshatraPair ?? (raashiPair ? [star.nakshatra] : [])}
          label={nakshatraLabel}
          onChoose={(nakshatra) => onChoose({ nakshatra })}
        />
      </div>
    </div>
  );
}

/**
 * One button per name to choose ("Raashi Simha (Leo)"), for the raashi and the nakshatra alike;
 * with `useTheOne`, a single name is offered as "Use Simha (Leo) raashi".
 */
function StarChoices<T extends string>({
  noun,
  choices,
  label,
  onChoose,
  useTheOne = false,
}: {
  noun: 'raashi' | 'nakshatra';
  choices: readonly T[];
  label: (value: T) => string;
  onChoose: (value: T) => void;
  useTheOne?: boolean;
}) {
  const [only] = choices;
  if (useTheOne && choices.length === 1 && only) {
    return (
      <button type="button" className="button button--small" onClick={() => onChoose(only)}>
        Use {label(only)} {noun}
      </button>
    );
  }
  const title = noun === 'raashi' ? 'Raashi' : 'Nakshatra';
  return choices.map((value) => (
    <button key={value} type="button" className="button button--small" onClick={() => onChoose(value)}>
      {title} {label(value)}
    </button>
  ));
}
