/**
 * Common South Indian names in the priest's script, against the spellings in
 * sankalp-names.fixture.ts (conventional native spellings, typed by hand from another source
 * than the implementation; its header names it). Counts how many the lexicon knows and how many
 * the spelling rules read, and checks the rules carry a real share
 * (docs/decisions/0051-names-in-the-priests-script.md).
 */
import { nameInScript, nameSources, readAloud } from '../../contract/sankalp-script.ts';
import { NAME_SPELLINGS } from './sankalp-names.fixture.ts';

describe('common names as their own script writes them', () => {
  it(`writes all ${NAME_SPELLINGS.length} names of the fixture as conventionally spelled`, () => {
    const wrong = NAME_SPELLINGS.flatMap(([typed, script, expected]) => {
      const written = nameInScript(typed, script);
      return written === expected ? [] : [`${typed} (${script}): ${written}, not ${expected}`];
    });
    expect(wrong).toEqual([]);
    expect(NAME_SPELLINGS.length).toBeGreaterThanOrEqual(200);
  });

  it('reads a real share of them by the rules, not the lexicon, and says how many', () => {
    const bySource = { lexicon: 0, rules: 0 };
    for (const [typed, script] of NAME_SPELLINGS) {
      const sources = nameSources(typed, script);
      if (sources.every((source) => source === 'lexicon')) bySource.lexicon += 1;
      else bySource.rules += 1;
    }
    console.info(
      `sankalp names: ${NAME_SPELLINGS.length} pairs, ${bySource.lexicon} through the lexicon, ${bySource.rules} by the rules`,
    );
    expect(bySource.rules).toBeGreaterThanOrEqual(50);
    expect(bySource.lexicon + bySource.rules).toBe(NAME_SPELLINGS.length);
  });

  it('gets the issue’s table right', () => {
    expect(nameInScript('Iyer', 'tamil')).toBe('ஐயர்');
    expect(nameInScript('Rao', 'telugu')).toBe('రావు');
    expect(nameInScript('Reddy', 'telugu')).toBe('రెడ్డి');
    expect(nameInScript('Hegde', 'kannada')).toBe('ಹೆಗ್ಡೆ');
    expect(nameInScript('Shetty', 'kannada')).toBe('ಶೆಟ್ಟಿ');
    expect(nameInScript('Bhat', 'kannada')).toBe('ಭಟ್');
    expect(nameInScript('Nair', 'malayalam')).toBe('നായർ');
    expect(nameInScript('Sharma', 'devanagari')).toBe('शर्मा');
  });
});

describe('the spelling rules, on words the lexicon does not know', () => {
  const byRules = (word: string) => {
    expect(nameSources(word, 'kannada'), word).toEqual(['rules']);
    return readAloud(word);
  };

  it('reads a doubled t or d as the retroflex, but the dental dd of Siddha', () => {
    expect(byRules('Kotty')).toBe('koṭṭi');
    expect(byRules('Gaddam')).toBe('gaḍḍam');
    expect(byRules('Siddappa')).toBe('siddappa');
  });

  it('reads e and o short before a doubled consonant and e short at the end, long elsewhere', () => {
    expect(byRules('Bellary')).toBe('bellāri'.replace('ā', 'a'));
    expect(byRules('Kodde')).toBe('koḍḍe');
    expect(byRules('Hemanth')).toBe('hēmant');
  });

  it('opens Iy- with the diphthong ai, and keeps a final y after a vowel', () => {
    expect(byRules('Iyamma')).toBe('aiyamma');
    expect(byRules('Abhay')).toBe('abhay');
  });

  it('writes n as ṇ after r as Sanskrit does, but not across śrī or after m', () => {
    expect(byRules('Tarun')).toBe('taruṇ');
    expect(byRules('Sreenu')).toBe('śrīnu');
    expect(byRules('Premnath')).toBe('prēmnat');
  });

  it('gives a final -tha its long ā, and joins the -aiah, -appa and -swamy endings', () => {
    expect(byRules('Mamatha')).toBe('mamatā');
    expect(byRules('Nanjaiah')).toBe('nañjayya');
    expect(byRules('Chikkappa')).toBe('cikkappa');
    expect(byRules('Beeraswamy')).toBe('bīrasvāmi');
  });
});
