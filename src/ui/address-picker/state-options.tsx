import { INDIAN_STATES } from '../../../contract/address.ts';

/** The states of India as a select's options, for the address book's form and the gift's (docs/product-rules.md, Addresses). */
export function StateOptions() {
  return INDIAN_STATES.map((state) => (
    <option key={state} value={state}>
      {state}
    </option>
  ));
}
