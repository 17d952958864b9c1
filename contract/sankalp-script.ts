import Sanscript from '@indic-transliteration/sanscript';
import type { TempleScriptName } from './temple-script.ts';

/*
 * Names and gothras typed in Latin letters, as the temple's priest reads them in his script
 * (docs/product-rules.md, The sankalp in the temple's script;
 * docs/decisions/0020-the-sankalp-in-the-temples-script.md).
 *
 * Devotees type casually: "Lakshmi Narayanan", "Sreenivas", "Kashyap". Casual spelling loses
 * vowel length, retroflexes and the three sibilants, so each word is first read into ISO 15919
 * (the precise romanisation Sanscript reads):
 *   1. from a lexicon of common South Indian name parts and gothras, matched loosely
 *      ("Srinivas", "Shreenivas", "Sreenivaas" are one key), with the -a, -an and -am endings and
 *      compounds of two or three parts ("Lakshminarayanan");
 *   2. otherwise by rules for the common spelling habits ("th" is the dental t, "sh" ś, "ee" ī,
 *      "oo" ū, "e" and "o" long, "n" before k/g is ṅ, before c/j ñ);
 * then written in the script by @indic-transliteration/sanscript, and tidied to each script's
 * usual spelling (anusvara in Kannada and Telugu, chillu letters in Malayalam, ன and ஷ in Tamil).
 *
 * This module carries the whole Sanscript library (about 32 KB gzipped): the SPA imports it
 * lazily, only where a sankalp is read back.
 */

/* ------------------------------------------------------------------------------------------
 * The lexicon: ISO 15919 spellings (ṛ is written here for vocalic r), keyed by their loose form
 * ---------------------------------------------------------------------------------------- */

/**
 * Name parts. Each is found by its own loose spelling; variants that do not fold to it are
 * listed after a "|" ("lakṣmī|laxmi" is not needed: x folds to ks).
 */
const NAME_PARTS = `
  lakṣmī nārāyaṇa śrīnivāsa śrī veṅkaṭa veṅkaṭēśa vēṅkaṭa|venkatta ramēśa surēśa mahēśa gaṇēśa
  dinēśa rājēśa umēśa narēśa lōkēśa girīśa satīśa harīśa jagadīśa kṛṣṇa rāma ramaṇa rāmanātha
  rāmacandra rājagōpāla gōpāla gōvinda mādhava kēśava vāsudēva subrahmaṇya|subramanya
  subrahmaṇyam|subramaniam|subramanyam subrahmaṇyan|subramanian|subramanyan kārtika kārtikēya
  ananta padmanābha pārthasārathi mūrti svāmi hari śiva kumāra vijaya rāja sundara mīnākṣī
  pārvatī sarasvatī sāvitrī gāyatrī gītā sītā rādhā latā kavitā sujātā lalitā uṣā āśā anitā
  sunitā savitā śānti prīti jyōti kamalā padmā sudhā rēkhā dēvī gaurī bhavānī jānakī añjali dīpā
  divyā sandhyā saṅgītā śōbhā śāradā kalyāṇī nandinī vasanta aśōka ānanda aravinda prakāśa
  prasāda prasanna rāghava raghu viṣṇu vinaya vivēka sañjaya śrīdhara śrīrāma śrīkānta śrīnātha
  naṭarāja nāgarāja bālāji bāla jagannātha mañjunātha ravi ravīndra raṅganātha raṅga śēṣādri
  śēṣa śaṅkara śēkhara candra guru dattātrēya viṭṭhala hanumanta mallikārjuna kaṇṇan muttu
  aḻagu sūrya nārāyaṇī aiśvarya vēṇu gōpī mōhana madhu sumati vasudhā hariṇī pūjā
  kṛttikā rōhiṇī bhārati bhāratī anasūyā vatsalā kāvēri|cauvery tulasī yamunā gaṅgā nanda kiraṇa
`;

/** Gothras, as recited: always the full stem ("Kashyap" is kāśyapa). */
const GOTHRAS = `
  kāśyapa bhāradvāja vāsiṣṭha|vashista śrīvatsa ātrēya gautama kauśika viśvāmitra hārita
  kauṇḍinya śāṇḍilya jāmadagnya|jamadagni āgastya bhṛgu āṅgirasa pārāśara vādhūla naidhruva
  maudgalya mudgala garga kautsa|kutsa upamanyu vatsa sāṅkṛti|sankruti maitrēya kāṇva|kanwa
  dhanañjaya gōtra|gothra
`;

/** English letter names, for initials ("K. Srinivas"): read as the priest would say them. */
const LETTER_NAMES: Record<string, string> = {
  a: 'ē',
  b: 'bī',
  c: 'sī',
  d: 'ḍī',
  e: 'ī',
  f: 'eph',
  g: 'jī',
  h: 'hec',
  i: 'ai',
  j: 'jē',
  k: 'kē',
  l: 'el',
  m: 'em',
  n: 'en',
  o: 'ō',
  p: 'pī',
  q: 'kyū',
  r: 'ār',
  s: 'es',
  t: 'ṭī',
  u: 'yū',
  v: 'vī',
  w: 'ḍabalyū',
  x: 'eks',
  y: 'vai',
  z: 'jeḍ',
};

/* ------------------------------------------------------------------------------------------
 * Loose keys
 * ---------------------------------------------------------------------------------------- */

const stripMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The loose form of a word, under which casual spellings of one name meet: lower case, no
 * diacritics, aspiration and doubled vowels dropped (th → t, sh → s, ee → i, oo → u, aa → a),
 * x → ks, w → v, z → j (zh → l, Tamil ḻ), ow and ou → au, a final y after a consonant → i.
 */
export function looseKey(word: string): string {
  return stripMarks(word.toLowerCase())
    .replace(/[^a-z]/g, '')
    .replace(/zh/g, 'l')
    .replace(/z/g, 'j')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/f/g, 'p')
    .replace(/ou|ow/g, 'au')
    .replace(/w/g, 'v')
    .replace(/([kgcjtdpbs])h/g, '$1')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/([^aeiou])y$/, '$1i');
}

/** The lexicon's loose keys: each entry's own spelling (ṛ also as ri and ru) and its variants. */
function lexicon(entries: string): Map<string, string> {
  const index = new Map<string, string>();
  for (const entry of entries.trim().split(/\s+/)) {
    const [iso, ...variants] = entry.split('|') as [string, ...string[]];
    // A vocalic r is typed ri or ru ("Krishna", "Krushna").
    const spellings = /ṛ/.test(iso) ? [iso.replace(/ṛ/g, 'ri'), iso.replace(/ṛ/g, 'ru')] : [iso];
    for (const spelling of [...spellings, ...variants])
      if (!index.has(looseKey(spelling))) index.set(looseKey(spelling), iso);
  }
  return index;
}

const names = lexicon(NAME_PARTS);
const gothras = lexicon(GOTHRAS);

/**
 * A whole word from the lexicon: as it is, or (names) without its final -a ("Srinivas"), or with
 * the Tamil and Malayalam -n and -m endings ("Srinivasan", "Sundaram"). Gothras always read
 * with their -a ("Kashyap" is kāśyapa).
 */
function fromLexicon(key: string, index: Map<string, string>, gothra: boolean): string | undefined {
  const exact = index.get(key);
  if (exact) return exact;
  const withA = index.get(`${key}a`);
  if (withA?.endsWith('a')) return gothra ? withA : withA.slice(0, -1);
  if (!gothra && /[nm]$/.test(key)) {
    const stem = index.get(key.slice(0, -1));
    if (stem?.endsWith('a')) return stem + key.slice(-1);
  }
  return undefined;
}

/** A compound of two or three lexicon parts ("Lakshminarayanan", "Venkataramana"). */
function compound(key: string, index: Map<string, string>, parts = 3): string | undefined {
  if (parts === 1) return fromLexicon(key, index, false);
  for (let cut = key.length - 3; cut >= 3; cut--) {
    const head = index.get(key.slice(0, cut));
    if (!head) continue;
    const tail = compound(key.slice(cut), index, parts - 1) ?? fromLexicon(key.slice(cut), index, false);
    if (tail) return head + tail;
  }
  return undefined;
}

/* ------------------------------------------------------------------------------------------
 * Rules for words the lexicon does not know
 * ---------------------------------------------------------------------------------------- */

/** Casual Latin to ISO 15919, longest first. "th" is the dental t (South Indian habit). */
const RULES: [RegExp, string][] = [
  [/^ksh|^x/, 'kṣ'],
  [/^shr/, 'śr'],
  [/^sh/, 'ś'],
  [/^chh/, 'ch'],
  [/^ch/, 'c'],
  [/^th/, 't'],
  [/^(dh|bh|gh|kh|jh|ph)/, '$1'],
  [/^f/, 'ph'],
  [/^zh/, 'ḻ'],
  [/^z/, 'j'],
  [/^w/, 'v'],
  [/^q/, 'k'],
  [/^c/, 'k'],
  [/^aa/, 'ā'],
  [/^(ee|ii)/, 'ī'],
  [/^(oo|uu)/, 'ū'],
  [/^(ai|au)/, '$1'],
  [/^(ou|ow)/, 'au'],
  [/^e/, 'ē'],
  [/^o/, 'ō'],
  [/^n(?=[kg])/, 'ṅ'],
  [/^n(?=[cj])/, 'ñ'],
  [/^y$/, 'i'],
];

function byRules(word: string): string {
  let rest = word.toLowerCase();
  let out = '';
  while (rest) {
    // A final y after a consonant is a vowel: "Murthy", "Swamy".
    if (rest === 'y' && out && !/[aeiouāīūēō]$/.test(out)) {
      out += 'i';
      break;
    }
    const rule = RULES.find(([pattern]) => pattern.test(rest));
    if (rule) {
      const match = rule[0].exec(rest)!;
      out += rule[1].replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '');
      rest = rest.slice(match[0].length);
    } else {
      out += rest[0];
      rest = rest.slice(1);
    }
  }
  return out;
}

/* ------------------------------------------------------------------------------------------
 * Reading a whole name or gothra
 * ---------------------------------------------------------------------------------------- */

/** Letters that only a precise romanisation (IAST or ISO) uses. */
const PRECISE = /[āīūṛṝḷḹēōṅñṭḍṇśṣṃṁḥ]/;

/** One word in ISO 15919. */
function readWord(word: string, gothra: boolean): string {
  if (/^[A-Za-z]$/.test(word)) return LETTER_NAMES[word.toLowerCase()]!;
  // Typed in IAST already ("Śrīnivāsa"): trusted, its e and o long as in IAST.
  if (PRECISE.test(word.toLowerCase()))
    return word.toLowerCase().normalize('NFC').replace(/e/g, 'ē').replace(/o/g, 'ō').replace(/ṃ/g, 'ṁ');
  const key = looseKey(word);
  const index = gothra ? gothras : names;
  return fromLexicon(key, index, gothra) ?? (gothra ? undefined : compound(key, index)) ?? byRules(word);
}

/**
 * A name (or, with `gothra`, a gothra) as the priest reads it, in ISO 15919: "Lakshmi Narayanan"
 * is "lakṣmī nārāyaṇan". Only Latin words are read; spaces, initials' full stops, hyphens and
 * anything in another script are kept as they are.
 */
export function readAloud(text: string, { gothra = false } = {}): string {
  return text.normalize('NFC').replace(/(?:[A-Za-zÀ-žḀ-ỿ]\p{M}*)+/gu, (word) => readWord(word, gothra));
}

/* ------------------------------------------------------------------------------------------
 * Writing it in the temple's script
 * ---------------------------------------------------------------------------------------- */

/** Not followed by another letter of the same script: the end of a word. */
const wordEnd = (block: string) => `(?![${block}])`;

const KANNADA = '\u0C80-\u0CFF';
const TELUGU = '\u0C00-\u0C7F';
const MALAYALAM = '\u0D00-\u0D7F';
const TAMIL = '\u0B80-\u0BFF';

/**
 * Kannada and Telugu print a nasal before a stop of its own class as the anusvara (ವೆಂಕಟೇಶ,
 * శంకర), and a final m too (ಸುಂದರಂ, సుందరం).
 */
function anusvara(text: string, block: string, base: number): string {
  const c = (offset: number) => String.fromCharCode(base + offset);
  const virama = c(0x4d);
  const dot = c(0x02);
  const classes: [number, number[]][] = [
    [0x19, [0x15, 0x16, 0x17, 0x18]], // ṅ before k kh g gh
    [0x1e, [0x1a, 0x1b, 0x1c, 0x1d]], // ñ before c ch j jh
    [0x23, [0x1f, 0x20, 0x21, 0x22]], // ṇ before ṭ ṭh ḍ ḍh
    [0x28, [0x24, 0x25, 0x26, 0x27]], // n before t th d dh
    [0x2e, [0x2a, 0x2b, 0x2c, 0x2d]], // m before p ph b bh
  ];
  let out = text;
  for (const [nasal, stops] of classes)
    out = out.replace(new RegExp(`${c(nasal)}${virama}(?=[${stops.map(c).join('')}])`, 'g'), dot);
  return out.replace(new RegExp(`${c(0x2e)}${virama}${wordEnd(block)}`, 'g'), dot);
}

/** Stops doubled after r, as Malayalam and Tamil spell them (മൂർത്തി, மூர்த்தி): [stop, its unaspirated twin]. */
function doubleAfterR(text: string, r: string, virama: string, stops: [string, string][]): string {
  let out = text;
  for (const [stop, plain] of stops)
    out = out.replace(new RegExp(`${r}${stop}(?!${virama})`, 'g'), `${r}${plain}${virama}${stop}`);
  return out;
}

/**
 * Modern Malayalam spelling: chillu letters for a final n, ṇ, l, ḷ and for r before a consonant,
 * ം for a final m, a stop doubled after r, ൗ for au, and a short final i (ലക്ഷ്മി).
 */
function malayalam(text: string): string {
  const end = wordEnd(MALAYALAM);
  const chillus = text
    .replace(/ര്(?![യ\u200d])/g, 'ർ')
    .replace(new RegExp(`ന്${end}`, 'g'), 'ൻ')
    .replace(new RegExp(`ണ്${end}`, 'g'), 'ൺ')
    .replace(new RegExp(`ല്${end}`, 'g'), 'ൽ')
    .replace(new RegExp(`ള്${end}`, 'g'), 'ൾ')
    .replace(new RegExp(`മ്${end}`, 'g'), 'ം')
    .replace(/ൌ/g, 'ൗ')
    .replace(new RegExp(`ീ${end}`, 'g'), 'ി');
  return doubleAfterR(chillus, 'ർ', '്', [
    ['ക', 'ക'],
    ['ഖ', 'ക'],
    ['ച', 'ച'],
    ['ഛ', 'ച'],
    ['ട', 'ട'],
    ['ഠ', 'ട'],
    ['ത', 'ത'],
    ['ഥ', 'ത'],
    ['പ', 'പ'],
    ['ഫ', 'പ'],
  ]);
}

/**
 * Tamil spelling: ந only at the start of a word and before த, ன elsewhere (நாராயணன்); ś as ஷ
 * (the Grantha ஶ is rarely printed) but śrī as ஸ்ரீ; a stop doubled after r (மூர்த்தி); a short
 * final i (லக்ஷ்மி); no apostrophe after a vocalic r.
 */
function tamil(text: string): string {
  const spelled = text
    .replace(/ஶ்ரீ/g, 'ஸ்ரீ')
    .replace(/ஶ/g, 'ஷ')
    .replace(new RegExp(`(?<=[${TAMIL}])ந(?!்த)`, 'g'), 'ன')
    .replace(new RegExp(`(?<=[${TAMIL}])'`, 'g'), '')
    .replace(new RegExp(`ீ${wordEnd(TAMIL)}`, 'g'), 'ி');
  return doubleAfterR(spelled, 'ர்', '்', [
    ['க', 'க'],
    ['ச', 'ச'],
    ['ட', 'ட'],
    ['த', 'த'],
    ['ப', 'ப'],
  ]);
}

/** ISO 15919 as Sanscript's "iso" scheme has it: vocalic r as r̥. */
const toSanscriptIso = (iso: string) => iso.replace(/ṛ/g, 'r̥').replace(/ṝ/g, 'r̥̄');

/** ISO 15919 text in a temple's script, spelled as that script usually spells it. */
export function writeInScript(iso: string, script: TempleScriptName): string {
  const source = toSanscriptIso(iso);
  switch (script) {
    case 'kannada':
      return anusvara(Sanscript.t(source, 'iso', 'kannada'), KANNADA, 0x0c80);
    case 'telugu':
      return anusvara(Sanscript.t(source, 'iso', 'telugu'), TELUGU, 0x0c00);
    case 'malayalam':
      return malayalam(Sanscript.t(source, 'iso', 'malayalam'));
    case 'tamil':
      return tamil(Sanscript.t(source, 'iso', 'tamil'));
    case 'devanagari':
      // Sanskrit has no short e or o.
      return Sanscript.t(source.replace(/e/g, 'ē').replace(/o/g, 'ō'), 'iso', 'devanagari');
  }
}

/** A person's name as the priest reads it in `script`: "Lakshmi Narayanan" → ಲಕ್ಷ್ಮೀ ನಾರಾಯಣನ್. */
export function nameInScript(name: string, script: TempleScriptName): string {
  return writeInScript(readAloud(name), script);
}

/** A gothra as recited, in `script`: "Kashyap" → ಕಾಶ್ಯಪ. */
export function gothraInScript(gothra: string, script: TempleScriptName): string {
  return writeInScript(readAloud(gothra, { gothra: true }), script);
}

/** The read-back of one person for the sankalp: each field in Latin (as typed) and in the script. */
export function sankalpReading(
  person: { name: string; gothra: string },
  script: TempleScriptName,
): { name: { latin: string; script: string }; gothra: { latin: string; script: string } } {
  return {
    name: { latin: person.name, script: nameInScript(person.name, script) },
    gothra: { latin: person.gothra, script: gothraInScript(person.gothra, script) },
  };
}
