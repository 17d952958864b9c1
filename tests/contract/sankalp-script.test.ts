/**
 * The sankalp read back in the temple's script (docs/product-rules.md, The sankalp in the
 * temple's script): names and gothras as devotees type them, against spellings written out by
 * hand for each of the five scripts.
 */
import * as v from 'valibot';
import {
  gothraInScript,
  looseKey,
  nameInScript,
  readAloud,
  sankalpReading,
} from '../../contract/sankalp-script.ts';
import { TEMPLE_SCRIPTS, TempleScript, type TempleScriptName } from '../../contract/temple-script.ts';

type Expected = Record<TempleScriptName, string>;

/** Names as typed, and how each script spells them (written by hand, not generated). */
const NAMES: [string, Expected][] = [
  [
    'Lakshmi Narayanan',
    {
      kannada: 'ಲಕ್ಷ್ಮಿ ನಾರಾಯಣನ್',
      tamil: 'லக்ஷ்மி நாராயணன்',
      telugu: 'లక్ష్మి నారాయణన్',
      malayalam: 'ലക്ഷ്മി നാരായണൻ',
      devanagari: 'लक्ष्मी नारायणन्',
    },
  ],
  [
    'Srinivas',
    {
      kannada: 'ಶ್ರೀನಿವಾಸ್',
      tamil: 'ஸ்ரீனிவாஸ்',
      telugu: 'శ్రీనివాస్',
      malayalam: 'ശ്രീനിവാസ്',
      devanagari: 'श्रीनिवास्',
    },
  ],
  [
    'Venkatesh',
    {
      kannada: 'ವೆಂಕಟೇಶ್',
      tamil: 'வெங்கடேஷ்',
      telugu: 'వెంకటేష్',
      malayalam: 'വെങ്കടേഷ്',
      devanagari: 'वेङ्कटेश्',
    },
  ],
  [
    'Krishnan',
    {
      kannada: 'ಕೃಷ್ಣನ್',
      tamil: 'க்ருஷ்ணன்',
      telugu: 'కృష్ణన్',
      malayalam: 'കൃഷ്ണൻ',
      devanagari: 'कृष्णन्',
    },
  ],
  ['Geetha', { kannada: 'ಗೀತಾ', tamil: 'கீதா', telugu: 'గీత', malayalam: 'ഗീത', devanagari: 'गीता' }],
  ['Gowri', { kannada: 'ಗೌರಿ', tamil: 'கௌரி', telugu: 'గౌరి', malayalam: 'ഗൗരി', devanagari: 'गौरी' }],
  [
    'K. Srinivasa Murthy',
    {
      kannada: 'ಕೇ. ಶ್ರೀನಿವಾಸ ಮೂರ್ತಿ',
      tamil: 'கே. ஸ்ரீனிவாஸா மூர்த்தி',
      telugu: 'కే. శ్రీనివాస మూర్తి',
      malayalam: 'കേ. ശ്രീനിവാസ മൂർത്തി',
      devanagari: 'के. श्रीनिवास मूर्ति',
    },
  ],
  [
    'Lakshminarayana',
    {
      kannada: 'ಲಕ್ಷ್ಮೀನಾರಾಯಣ',
      tamil: 'லக்ஷ்மீனாராயணா',
      telugu: 'లక్ష్మీనారాయణ',
      malayalam: 'ലക്ഷ്മീനാരായണ',
      devanagari: 'लक्ष्मीनारायण',
    },
  ],
  [
    'Ramachandran',
    {
      kannada: 'ರಾಮಚಂದ್ರನ್',
      tamil: 'ராமசந்த்ரன்',
      telugu: 'రామచంద్రన్',
      malayalam: 'രാമചന്ദ്രൻ',
      devanagari: 'रामचन्द्रन्',
    },
  ],
  [
    'Meenakshi Sundaram',
    {
      kannada: 'ಮೀನಾಕ್ಷಿ ಸುಂದರಂ',
      tamil: 'மீனாக்ஷி ஸுந்தரம்',
      telugu: 'మీనాక్షి సుందరం',
      malayalam: 'മീനാക്ഷി സുന്ദരം',
      devanagari: 'मीनाक्षी सुन्दरम्',
    },
  ],
  [
    'Parthasarathy',
    {
      kannada: 'ಪಾರ್ಥಸಾರಥಿ',
      tamil: 'பார்த்தஸாரதி',
      telugu: 'పార్థసారథి',
      malayalam: 'പാർത്ഥസാരഥി',
      devanagari: 'पार्थसारथि',
    },
  ],
  ['Anjali', { kannada: 'ಅಂಜಲಿ', tamil: 'அஞ்ஜலி', telugu: 'అంజలి', malayalam: 'അഞ്ജലി', devanagari: 'अञ्जलि' }],
  [
    'Karthik',
    {
      kannada: 'ಕಾರ್ತಿಕ್',
      tamil: 'கார்த்திக்',
      telugu: 'కార్తిక్',
      malayalam: 'കാർത്തിക്',
      devanagari: 'कार्तिक्',
    },
  ],
  ['Shankar', { kannada: 'ಶಂಕರ್', tamil: 'ஷங்கர்', telugu: 'శంకర్', malayalam: 'ശങ്കർ', devanagari: 'शङ्कर्' }],
  // Not in the lexicon: read by the spelling rules (ee is ī, dh aspirated, a final consonant).
  ['Sudheer', { kannada: 'ಸುಧೀರ್', tamil: 'ஸுதீர்', telugu: 'సుధీర్', malayalam: 'സുധീർ', devanagari: 'सुधीर्' }],
  ['Naveen', { kannada: 'ನವೀನ್', tamil: 'நவீன்', telugu: 'నవీన్', malayalam: 'നവീൻ', devanagari: 'नवीन्' }],
];

/** Gothras as typed, and as recited (always with their -a), by hand. */
const GOTHRAS: [string, Expected][] = [
  ['Kashyap', { kannada: 'ಕಾಶ್ಯಪ', tamil: 'காஷ்யப', telugu: 'కాశ్యప', malayalam: 'കാശ്യപ', devanagari: 'काश्यप' }],
  [
    'Bharadwaj',
    { kannada: 'ಭಾರದ್ವಾಜ', tamil: 'பாரத்வாஜ', telugu: 'భారద్వాజ', malayalam: 'ഭാരദ്വാജ', devanagari: 'भारद्वाज' },
  ],
  [
    'Vasishta',
    { kannada: 'ವಾಸಿಷ್ಠ', tamil: 'வாஸிஷ்ட', telugu: 'వాసిష్ఠ', malayalam: 'വാസിഷ്ഠ', devanagari: 'वासिष्ठ' },
  ],
  [
    'Srivatsa',
    { kannada: 'ಶ್ರೀವತ್ಸ', tamil: 'ஸ்ரீவத்ஸ', telugu: 'శ్రీవత్స', malayalam: 'ശ്രീവത്സ', devanagari: 'श्रीवत्स' },
  ],
  ['Athreya', { kannada: 'ಆತ್ರೇಯ', tamil: 'ஆத்ரேய', telugu: 'ఆత్రేయ', malayalam: 'ആത്രേയ', devanagari: 'आत्रेय' }],
  ['Gowtham', { kannada: 'ಗೌತಮ', tamil: 'கௌதம', telugu: 'గౌతమ', malayalam: 'ഗൗതമ', devanagari: 'गौतम' }],
  ['Kaushik', { kannada: 'ಕೌಶಿಕ', tamil: 'கௌஷிக', telugu: 'కౌశిక', malayalam: 'കൗശിക', devanagari: 'कौशिक' }],
  [
    'Vishwamitra',
    {
      kannada: 'ವಿಶ್ವಾಮಿತ್ರ',
      tamil: 'விஷ்வாமித்ர',
      telugu: 'విశ్వామిత్ర',
      malayalam: 'വിശ്വാമിത്ര',
      devanagari: 'विश्वामित्र',
    },
  ],
  [
    'Koundinya',
    { kannada: 'ಕೌಂಡಿನ್ಯ', tamil: 'கௌண்டின்ய', telugu: 'కౌండిన్య', malayalam: 'കൗണ്ഡിന്യ', devanagari: 'कौण्डिन्य' },
  ],
  [
    'Shandilya',
    { kannada: 'ಶಾಂಡಿಲ್ಯ', tamil: 'ஷாண்டில்ய', telugu: 'శాండిల్య', malayalam: 'ശാണ്ഡില്യ', devanagari: 'शाण्डिल्य' },
  ],
];

describe('names in the temple’s script', () => {
  for (const script of TEMPLE_SCRIPTS) {
    it(`writes ${NAMES.length} names in ${script} as its readers spell them`, () => {
      for (const [typed, expected] of NAMES)
        expect(nameInScript(typed, script), typed).toBe(expected[script]);
    });
    it(`writes ${GOTHRAS.length} gothras in ${script} as they are recited`, () => {
      for (const [typed, expected] of GOTHRAS)
        expect(gothraInScript(typed, script), typed).toBe(expected[script]);
    });
  }
});

describe('reading casual spellings', () => {
  it('reads the common spellings of one name alike', () => {
    const spellings = ['Srinivas', 'Shrinivas', 'Sreenivas', 'Shreenivaas', 'SRINIVAS', 'srinivas'];
    expect(new Set(spellings.map((s) => looseKey(s)))).toEqual(new Set(['srinivas']));
    for (const spelling of spellings) expect(readAloud(spelling), spelling).toBe('śrīnivās');
    expect(['Lakshmi', 'Laxmi', 'Lakshmee'].map((s) => readAloud(s))).toEqual(['lakṣmī', 'lakṣmī', 'lakṣmī']);
  });

  it('keeps the ending as typed: -a, none, the Tamil -an and the Malayalam -am', () => {
    const typed = ['Srinivasa', 'Srinivasan', 'Sundaram', 'Krishna', 'Krushna'];
    expect(typed.map((name) => readAloud(name))).toEqual([
      'śrīnivāsa',
      'śrīnivāsan',
      'sundaram',
      'kṛṣṇa',
      'kṛṣṇa',
    ]);
  });

  it('reads compounds of known parts', () => {
    const typed = ['Lakshminarayanan', 'Venkataramana', 'Gopalakrishnan', 'Ramaswamy'];
    expect(typed.map((name) => readAloud(name))).toEqual([
      'lakṣmīnārāyaṇan',
      'veṅkaṭaramaṇa',
      'gōpālakṛṣṇan',
      'rāmasvāmi',
    ]);
  });

  it('reads unknown words by the South Indian spelling habits', () => {
    const typed = ['Preethi', 'Sharath', 'Sangeeth', 'Poornima', 'Ranjith', 'Chinnappa'];
    expect(typed.map((name) => readAloud(name))).toEqual([
      'prīti',
      'śarat',
      'saṅgīt',
      'pūrṇima',
      'rañjit',
      'cinnappa',
    ]);
  });

  it('reads a gothra with its full stem, and a name that is also a gothra as typed', () => {
    expect(readAloud('Kashyap', { gothra: true })).toBe('kāśyapa');
    expect(readAloud('Kasyapa', { gothra: true })).toBe('kāśyapa');
    expect(readAloud('Kashyapa gothra', { gothra: true })).toBe('kāśyapa gōtra');
    expect(readAloud('Gautam')).toBe('gautam');
  });

  it('says initials by their letter names and keeps punctuation', () => {
    expect(readAloud('K.S. Lakshmi')).toBe('kē.es. lakṣmī');
    expect(readAloud('Radha-Krishna')).toBe('rādhā-kṛṣṇa');
  });

  it('trusts a name typed with diacritics (IAST), and leaves other scripts as they are', () => {
    expect(readAloud('Śrīnivāsa Rāghavan')).toBe('śrīnivāsa rāghavan');
    expect(nameInScript('Śeṣādri', 'devanagari')).toBe('शेषाद्रि');
    expect(nameInScript('ಲಕ್ಷ್ಮೀ', 'tamil')).toBe('ಲಕ್ಷ್ಮೀ');
    expect(nameInScript('', 'kannada')).toBe('');
  });
});

describe('the sankalp read-back', () => {
  it('gives each person’s name and gothra in Latin, as typed, and in the script', () => {
    expect(sankalpReading({ name: 'Lakshmi Narayanan', gothra: 'Kashyap' }, 'kannada')).toEqual({
      name: { latin: 'Lakshmi Narayanan', script: 'ಲಕ್ಷ್ಮಿ ನಾರಾಯಣನ್' },
      gothra: { latin: 'Kashyap', script: 'ಕಾಶ್ಯಪ' },
    });
  });

  it('knows the five temple scripts and no other', () => {
    for (const script of TEMPLE_SCRIPTS) expect(v.parse(TempleScript, script)).toBe(script);
    for (const bad of ['Kannada', 'bengali', '', null, 3]) {
      const result = v.safeParse(TempleScript, bad);
      expect(result.success, String(bad)).toBe(false);
      if (!result.success)
        expect(result.issues[0].message).toBe(
          'script must be one of kannada, tamil, telugu, malayalam, devanagari',
        );
    }
  });
});
