/* ------------------------------------------------------------------------------------------
 * docs/product-rules.md, Persons: the raashis and nakshatras, their names and labels.
 * ---------------------------------------------------------------------------------------- */

export const RAASHI_OPTIONS = [
  'Mesh (Aries)',
  'Vrishabh (Taurus)',
  'Mithun (Gemini)',
  'Kark (Cancer)',
  'Simha (Leo)',
  'Kanya (Virgo)',
  'Tula (Libra)',
  'Vrishchik (Scorpio)',
  'Dhanu (Sagittarius)',
  'Makar (Capricorn)',
  'Kumbh (Aquarius)',
  'Meen (Pisces)',
] as const;
export type Raashi = (typeof RAASHI_OPTIONS)[number];

export const NAKSHATRA_OPTIONS = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;
export type Nakshatra = (typeof NAKSHATRA_OPTIONS)[number];

/**
 * The names a South Indian devotee knows them by (docs/product-rules.md, Persons). `south` is
 * shown first, before the spec's name ("Karka / Kark (Cancer)", "Karthigai / Krittika");
 * `aliases` are other spellings (Sanskrit, Tamil, Malayalam, Kannada) that are also understood.
 * The spec's value is what is stored.
 */
export const RAASHI_NAMES: Record<Raashi, { south: string; aliases: readonly string[] }> = {
  'Mesh (Aries)': { south: 'Mesha', aliases: ['Mesham'] },
  'Vrishabh (Taurus)': { south: 'Vrishabha', aliases: ['Rishabam', 'Edavam', 'Vrushabha'] },
  'Mithun (Gemini)': { south: 'Mithuna', aliases: ['Mithunam'] },
  'Kark (Cancer)': { south: 'Karka', aliases: ['Kadagam', 'Karkidakam', 'Karkataka'] },
  'Simha (Leo)': { south: 'Simha', aliases: ['Simham', 'Chingam'] },
  'Kanya (Virgo)': { south: 'Kanya', aliases: ['Kanni'] },
  'Tula (Libra)': { south: 'Tula', aliases: ['Thulam', 'Thula'] },
  'Vrishchik (Scorpio)': { south: 'Vrishchika', aliases: ['Viruchigam', 'Vrischikam', 'Vrushchika'] },
  'Dhanu (Sagittarius)': { south: 'Dhanu', aliases: ['Dhanusu', 'Dhanus'] },
  'Makar (Capricorn)': { south: 'Makara', aliases: ['Magaram', 'Makaram'] },
  'Kumbh (Aquarius)': { south: 'Kumbha', aliases: ['Kumbam', 'Kumbham'] },
  'Meen (Pisces)': { south: 'Meena', aliases: ['Meenam'] },
};

export const NAKSHATRA_NAMES: Record<Nakshatra, { south: string; aliases: readonly string[] }> = {
  Ashwini: { south: 'Aswini', aliases: ['Aswathi', 'Ashvini'] },
  Bharani: { south: 'Bharani', aliases: [] },
  Krittika: { south: 'Karthigai', aliases: ['Karthika', 'Kritika', 'Kruthika'] },
  Rohini: { south: 'Rohini', aliases: [] },
  Mrigashira: { south: 'Mirugasirisham', aliases: ['Makayiram', 'Mrigasira', 'Mrigashirsha'] },
  Ardra: { south: 'Thiruvathirai', aliases: ['Thiruvathira', 'Aridra', 'Arudra'] },
  Punarvasu: { south: 'Punarpoosam', aliases: ['Punartham'] },
  Pushya: { south: 'Poosam', aliases: ['Pooyam', 'Pushyami'] },
  Ashlesha: { south: 'Ayilyam', aliases: ['Aslesha', 'Ashlesha'] },
  Magha: { south: 'Magam', aliases: ['Makam', 'Makha'] },
  'Purva Phalguni': { south: 'Pooram', aliases: ['Pubba', 'Purvaphalguni'] },
  'Uttara Phalguni': { south: 'Uthiram', aliases: ['Uthram', 'Uttara', 'Uttaraphalguni'] },
  Hasta: { south: 'Hastham', aliases: ['Atham', 'Hastam'] },
  Chitra: { south: 'Chithirai', aliases: ['Chithira', 'Chitta', 'Chitta'] },
  Swati: { south: 'Swathi', aliases: ['Chothi', 'Svati'] },
  Vishakha: { south: 'Visakam', aliases: ['Vishakham', 'Visakha'] },
  Anuradha: { south: 'Anusham', aliases: ['Anizham', 'Anusha'] },
  Jyeshtha: { south: 'Kettai', aliases: ['Thrikketta', 'Jyeshta', 'Jyesta'] },
  Mula: { south: 'Moolam', aliases: ['Moola'] },
  'Purva Ashadha': { south: 'Pooradam', aliases: ['Poorvashadha', 'Purvashada'] },
  'Uttara Ashadha': { south: 'Uthiradam', aliases: ['Uthradam', 'Uttarashadha', 'Uttarashada'] },
  Shravana: { south: 'Thiruvonam', aliases: ['Sravana', 'Shravanam', 'Onam'] },
  Dhanishta: { south: 'Avittam', aliases: ['Dhanishtha', 'Shravishta'] },
  Shatabhisha: { south: 'Sathayam', aliases: ['Chathayam', 'Shatabhishak', 'Satabhisha'] },
  'Purva Bhadrapada': { south: 'Poorattathi', aliases: ['Pooruruttathi', 'Poorvabhadra', 'Purvabhadra'] },
  'Uttara Bhadrapada': { south: 'Uthirattathi', aliases: ['Uthrattathi', 'Uttarabhadra'] },
  Revati: { south: 'Revathi', aliases: ['Revathy'] },
};

/**
 * One order for both lists, South Indian name first, then the spec's (docs/product-rules.md,
 * Persons: the shop's devotees know these names first; the spec's name is the stored one):
 * "Karka / Kark (Cancer)", "Karthigai / Krittika", and just the name where the two agree
 * ("Simha (Leo)", "Rohini").
 */
export function raashiLabel(value: Raashi): string {
  const { south } = RAASHI_NAMES[value];
  const [short] = value.split(' (');
  return south === short ? value : `${south} / ${value}`;
}

export function nakshatraLabel(value: Nakshatra): string {
  const { south } = NAKSHATRA_NAMES[value];
  return south === value ? value : `${south} / ${value}`;
}

const fold = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

function nameIndex<T extends string>(
  names: Record<T, { south: string; aliases: readonly string[] }>,
  label: (value: T) => string,
): Map<string, T> {
  const index = new Map<string, T>();
  for (const [value, { south, aliases }] of Object.entries(names) as [T, (typeof names)[T]][]) {
    const short = value.split(' (')[0]!;
    // The old spec-first order too ("Krittika / Karthigai"): a client from before may still send it.
    const spellings = [value, short, south, label(value), `${value} / ${south}`, ...aliases];
    for (const name of spellings) index.set(fold(name), value);
  }
  return index;
}

const raashiIndex = nameIndex(RAASHI_NAMES, raashiLabel);
const nakshatraIndex = nameIndex(NAKSHATRA_NAMES, nakshatraLabel);

/**
 * The stored raashi for any of its names ("Karka", "kadagam", "Kark (Cancer)", the label), or
 * the text unchanged when it names none (the schema then refuses it).
 */
export const canonicalRaashi = (text: string): string => raashiIndex.get(fold(text)) ?? text;
export const canonicalNakshatra = (text: string): string => nakshatraIndex.get(fold(text)) ?? text;
