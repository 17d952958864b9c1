import Sanscript from '@indic-transliteration/sanscript';
import type { Nakshatra, Raashi } from './raashi-nakshatra.ts';
import {
  GOTHRAS,
  LETTER_NAMES,
  NAKSHATRA_ISO,
  NAME_PARTS,
  RAASHI_ISO,
  SCRIPT_SPELLINGS,
} from './sankalp-lexicon.ts';
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
  // A variant typed without the final -a ("Santosh" for santōṣa) is read without it.
  if (exact) return !gothra && exact.endsWith('a') && !key.endsWith('a') ? exact.slice(0, -1) : exact;
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
  [/^sr/, 'śr'],
  [/^sh/, 'ś'],
  [/^chh/, 'ch'],
  [/^ch/, 'c'],
  [/^th/, 't'],
  // A doubled t is the retroflex ṭṭ in South Indian names (Shetty, Kutty, Pattabhi).
  [/^tt/, 'ṭṭ'],
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
  // e and o are short before a doubled consonant (Reddy, Hebbar, Holla) and e at the end of a
  // word (Hegde, Gadde), as the Dravidian languages write them; long elsewhere (Ramesh, Menon).
  [/^e(?=([b-df-hj-np-tv-z])\1)/, 'e'],
  [/^o(?=([b-df-hj-np-tv-z])\1)/, 'o'],
  [/^e$/, 'e'],
  [/^e/, 'ē'],
  [/^o/, 'ō'],
  [/^n(?=[kg])/, 'ṅ'],
  [/^n(?=[cj])/, 'ñ'],
];

/**
 * The retroflex ṇ after r or ṣ in one word, as Sanskrit writes it (Praveen pravīṇ, Arun aruṇ,
 * Karna karṇa): only vowels, k, g, p, b, m, y, v and h may stand between, and the n is final or
 * before a vowel. Not after a leading śr ("Sreenu" is śrīnu: śrī is a word of its own) nor
 * straight after m (Premnath is prēm-nāt).
 */
function retroflexN(iso: string): string {
  if (/^śr/.test(iso)) return iso;
  return iso.replace(/([rṛṣ][aāiīuūeēoōṁkgpbmyvh]*?)n(?=[aāiīuūeēoō]|$)/g, (whole, before: string) =>
    /m$/.test(before) ? whole : `${before}ṇ`,
  );
}

/** A word read by the spelling rules alone, in ISO 15919 (the lexicon not asked). */
export function byRules(word: string): string {
  let rest = word.toLowerCase();
  let out = '';
  // "Iy" before a vowel opens with the diphthong ai (Iyer, Iyappan).
  if (/^iy[aeiou]/.test(rest)) {
    out = 'aiy';
    rest = rest.slice(2);
  }
  while (rest) {
    // A final y after a consonant is a vowel: "Murthy", "Swamy".
    if (rest === 'y' && out && !/[aeiouāīūēō]$/.test(out)) {
      out += 'i';
      break;
    }
    // A doubled d is the retroflex ḍḍ (Reddy, Dodda), except the dental dd of Siddha, Buddha.
    if (/^dd(?!h)/.test(rest) && !/[iu]$/.test(out)) {
      out += 'ḍḍ';
      rest = rest.slice(2);
      continue;
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
  // A final -tha is a woman's name's long ā (Shwetha, Mamatha, Nivetha).
  return retroflexN(out).replace(/([aāiīeē][^aāiīuūeēoō]*t)a$/, '$1ā');
}

/* ------------------------------------------------------------------------------------------
 * Reading a whole name or gothra
 * ---------------------------------------------------------------------------------------- */

/** Letters that only a precise romanisation (IAST or ISO) uses. */
const PRECISE = /[āīūṛṝḷḹēōṅñṭḍṇśṣṃṁḥ]/;

/**
 * The endings of Kannada and Telugu names that join a name part (Ramaiah, Krishnappa,
 * Puttaswamy): the part is read as a word of its own, then the ending.
 */
const ENDINGS: [RegExp, string][] = [
  [/^(.{2,}?)a?iah$|^(.{2,}?)ayya$|^(.{2,}?)aiya$/, 'ayya'],
  [/^(.{2,}?)appa$/, 'appa'],
  [/^(.{2,}?)(?:swamy|swami)$/, 'svāmi'],
];

/** How a word was read: from the lexicon (or a script's own spelling), or by the rules. */
export type WordSource = 'lexicon' | 'rules' | 'initial' | 'precise';

/** One word in ISO 15919, and how it was read. */
function readWordWithSource(word: string, gothra: boolean): { iso: string; source: WordSource } {
  if (/^[A-Za-z]$/.test(word)) return { iso: LETTER_NAMES[word.toLowerCase()]!, source: 'initial' };
  // Typed in IAST already ("Śrīnivāsa"): trusted, its e and o long as in IAST.
  if (PRECISE.test(word.toLowerCase()))
    return {
      iso: word.toLowerCase().normalize('NFC').replace(/e/g, 'ē').replace(/o/g, 'ō').replace(/ṃ/g, 'ṁ'),
      source: 'precise',
    };
  const key = looseKey(word);
  const index = gothra ? gothras : names;
  const known = fromLexicon(key, index, gothra) ?? (gothra ? undefined : compound(key, index));
  if (known) return { iso: known, source: 'lexicon' };
  if (!gothra) {
    const lower = word.toLowerCase();
    for (const [pattern, ending] of ENDINGS) {
      const match = pattern.exec(lower);
      const stem = match?.slice(1).find(Boolean);
      if (!stem) continue;
      const head = readWordWithSource(stem, false).iso.replace(/a$/, '');
      // -ayya and -appa take the stem's last consonant (Rama-iah: rāmayya); -svāmi the whole part.
      return {
        iso: ending === 'svāmi' ? `${readWordWithSource(stem, false).iso}${ending}` : head + ending,
        source: 'rules',
      };
    }
  }
  return { iso: byRules(word), source: 'rules' };
}

const readWord = (word: string, gothra: boolean) => readWordWithSource(word, gothra).iso;

/** Latin words, with their diacritics. */
const LATIN_WORD = /(?:[A-Za-zÀ-žḀ-ỿ]\p{M}*)+/gu;

/**
 * A name (or, with `gothra`, a gothra) as the priest reads it, in ISO 15919: "Lakshmi Narayanan"
 * is "lakṣmī nārāyaṇan". Only Latin words are read; spaces, initials' full stops, hyphens and
 * anything in another script are kept as they are.
 */
export function readAloud(text: string, { gothra = false } = {}): string {
  return text.normalize('NFC').replace(LATIN_WORD, (word) => readWord(word, gothra));
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
 * ം for a final m, a stop or m doubled after r (മൂർത്തി, വർമ്മ), ൗ for au, a short final i and a
 * (ലക്ഷ്മി, ഗീത), and a final ś as ഷ് (സുരേഷ്), as names are written in Kerala.
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
    .replace(new RegExp(`ീ${end}`, 'g'), 'ി')
    .replace(new RegExp(`ാ${end}`, 'g'), '')
    .replace(new RegExp(`ശ്${end}`, 'g'), 'ഷ്');
  return doubleAfterR(chillus, 'ർ', '്', [
    ['മ', 'മ'],
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
      // A final ī is written short in Kannada names (ಲಕ್ಷ್ಮಿ, ಗೌರಿ); a final ā stays (ಗೀತಾ).
      return anusvara(Sanscript.t(source, 'iso', 'kannada'), KANNADA, 0x0c80).replace(
        new RegExp(`ೀ${wordEnd(KANNADA)}`, 'g'),
        'ಿ',
      );
    case 'telugu':
      // Telugu writes a final ā and ī short (సీత, లక్ష్మి) and a final ś as ష్ (సురేష్).
      return anusvara(Sanscript.t(source, 'iso', 'telugu'), TELUGU, 0x0c00)
        .replace(new RegExp(`ీ${wordEnd(TELUGU)}`, 'g'), 'ి')
        .replace(new RegExp(`ా${wordEnd(TELUGU)}`, 'g'), '')
        .replace(new RegExp(`శ్${wordEnd(TELUGU)}`, 'g'), 'ష్');
    case 'malayalam':
      return malayalam(Sanscript.t(source, 'iso', 'malayalam'));
    case 'tamil':
      return tamil(Sanscript.t(source, 'iso', 'tamil'));
    case 'devanagari':
      // Sanskrit has no short e or o.
      return Sanscript.t(source.replace(/e/g, 'ē').replace(/o/g, 'ō'), 'iso', 'devanagari');
  }
}

/** Tamil ends a name's final a long (ராஜா, கமலா, ஸ்ரீனிவாஸா), as names are written in Tamil. */
const tamilNameEnding = (text: string) => text.replace(new RegExp(`([க-ஹ])${wordEnd(TAMIL)}`, 'g'), '$1ா');

/**
 * A person's name as the priest reads it in `script`: "Lakshmi Narayanan" → ಲಕ್ಷ್ಮಿ ನಾರಾಯಣನ್.
 * A word the script writes its own way (SCRIPT_SPELLINGS: Rao → రావు) is written so.
 */
export function nameInScript(name: string, script: TempleScriptName): string {
  return name.normalize('NFC').replace(LATIN_WORD, (word) => {
    const own = SCRIPT_SPELLINGS[looseKey(word)]?.[script];
    if (own) return own;
    const written = writeInScript(readWord(word, false), script);
    return script === 'tamil' ? tamilNameEnding(written) : written;
  });
}

/**
 * How each Latin word of a name is read in `script`: from the lexicon (or the script's own
 * spelling of it), by the spelling rules, as an initial, or as typed in IAST.
 */
export function nameSources(name: string, script: TempleScriptName): WordSource[] {
  return [...name.normalize('NFC').matchAll(LATIN_WORD)].map(([word]) =>
    SCRIPT_SPELLINGS[looseKey(word)]?.[script] ? 'lexicon' : readWordWithSource(word, false).source,
  );
}

/** A gothra as recited, in `script`: "Kashyap" → ಕಾಶ್ಯಪ. */
export function gothraInScript(gothra: string, script: TempleScriptName): string {
  return writeInScript(readAloud(gothra, { gothra: true }), script);
}

/** A raashi by its Sanskrit name in `script` (Simha (Leo) → ಸಿಂಹ); text off the list as it is. */
export function raashiInScript(raashi: string, script: TempleScriptName): string {
  const iso = RAASHI_ISO[raashi as Raashi] as string | undefined;
  return iso ? writeInScript(iso, script) : raashi;
}

/** A nakshatra by its Sanskrit name in `script` (Rohini → ರೋಹಿಣಿ); text off the list as it is. */
export function nakshatraInScript(nakshatra: string, script: TempleScriptName): string {
  const iso = NAKSHATRA_ISO[nakshatra as Nakshatra] as string | undefined;
  return iso ? writeInScript(iso, script) : nakshatra;
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
