import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createActor, type PromiseActorLogic } from 'xstate';
import { addressMessages, PIN_CODE } from '../../../contract/address.ts';

/** The two fields a PIN code can fill in. */
export interface PincodePlace {
  city: string;
  state: string;
}

/** Looks a complete PIN code up (undefined: not in the directory); src/live/addresses.ts supplies it. */
export type PincodeLookup = PromiseActorLogic<PincodePlace | undefined, string>;

/**
 * A complete PIN code fills in the city and state from the shop's PIN directory
 * (docs/product-rules.md, Addresses): only a field left empty, or still holding what an earlier
 * PIN filled in, is replaced; a city or state the customer typed is kept. `fill` receives the
 * city and state to show (called only when one of them changes). Answers the note for under the
 * PIN field: the place found, or that the PIN is not known; undefined until a complete PIN is
 * looked up, by `lookUp` (run as an actor, stopped when the PIN changes). Used by the address
 * book's form and the gift's recipient form alike.
 */
export function usePincodeFill(
  lookUp: PincodeLookup,
  postalCode: string,
  current: PincodePlace,
  fill: (place: PincodePlace) => void,
): string | undefined {
  const [found, setFound] = useState<{ pin: string; note: string } | undefined>();
  // What the directory last put in each field (undefined where the customer's own text stands).
  const filled = useRef<Partial<PincodePlace>>({});
  const pin = postalCode.trim();

  // Read when the answer arrives, so it sees what the customer has typed meanwhile.
  const apply = useEffectEvent((place: PincodePlace) => {
    const replaceable = (field: keyof PincodePlace) =>
      current[field].trim() === '' || current[field] === filled.current[field];
    const city = replaceable('city');
    const state = replaceable('state');
    filled.current = { city: city ? place.city : undefined, state: state ? place.state : undefined };
    const next = { city: city ? place.city : current.city, state: state ? place.state : current.state };
    if (next.city !== current.city || next.state !== current.state) fill(next);
  });

  useEffect(() => {
    if (!PIN_CODE.test(pin)) return;
    const lookup = createActor(lookUp, { input: pin });
    lookup.subscribe({
      next: (snapshot) => {
        if (snapshot.status !== 'done') return;
        const place = snapshot.output;
        if (!place) {
          setFound({ pin, note: addressMessages.pincodeNotFound });
          return;
        }
        apply(place);
        setFound({ pin, note: `${place.city}, ${place.state}` });
      },
      // A failed lookup says nothing: the customer types the city and state.
      error: () => {},
    });
    lookup.start();
    return () => {
      lookup.stop();
    };
  }, [lookUp, pin]);

  return found?.pin === pin ? found.note : undefined;
}
