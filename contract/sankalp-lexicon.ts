import type { TempleScriptName } from './temple-script.ts';
import type { Nakshatra, Raashi } from './raashi-nakshatra.ts';

/*
 * The lexicon of the sankalp's transliteration (contract/sankalp-script.ts; docs/product-rules.md,
 * The sankalp in the temple's script; docs/decisions/0020 and 0051): common South Indian given
 * names, surnames and name parts, and the gothras, with their precise spelling in ISO 15919
 * (ṛ for vocalic r, ē and ō long, e and o short, ṟ and ḻ for the Dravidian r and zh). A word the
 * lexicon does not know is read by the spelling rules in sankalp-script.ts.
 *
 * Written by hand from the names' usual spelling in the Dravidian languages and Sanskrit. The
 * tests' list of names (tests/contract/sankalp-names.fixture.ts) is a separate source and is not
 * read here.
 */

/**
 * Name parts, each found by its own loose spelling; variants that do not fold to it are listed
 * after a "|". A part ending in -a is also found without it ("Srinivas") and with the Tamil and
 * Malayalam -n and -m ("Srinivasan", "Sundaram"); two or three parts make a compound.
 */
export const NAME_PARTS = `
  lakṣmī nārāyaṇa śrīnivāsa śrī veṅkaṭa veṅkaṭēśa vēṅkaṭa|venkatta ramēśa surēśa mahēśa gaṇēśa
  dinēśa rājēśa umēśa narēśa lōkēśa girīśa satīśa harīśa jagadīśa kṛṣṇa rāma ramaṇa rāmanātha
  rāmacandra rājagōpāla gōpāla gōvinda mādhava kēśava vāsudēva subrahmaṇya|subramanya
  subrahmaṇyam|subramaniam|subramanyam subrahmaṇyan|subramanian|subramanyan kārtika kārtikēya
  ananta padmanābha pārthasārathi mūrti svāmi hari śiva kumāra vijaya rāja sundara mīnākṣī pārvatī
  sarasvatī sāvitrī gāyatrī gītā sītā rādhā latā kavitā sujātā lalitā uṣā āśā anitā sunitā savitā
  śānti prīti jyōti kamalā padmā sudhā rēkhā dēvī gaurī bhavānī jānakī añjali dīpā divyā sandhyā
  saṅgītā śōbhā śāradā kalyāṇī nandinī vasanta aśōka ānanda aravinda prakāśa prasāda prasanna
  rāghava raghu viṣṇu vinaya vivēka sañjaya śrīdhara śrīrāma śrīkānta śrīnātha naṭarāja nāgarāja
  bālāji bāla jagannātha mañjunātha ravi ravīndra raṅganātha raṅga śēṣādri śēṣa śaṅkara śēkhara
  candra guru dattātrēya viṭṭhala hanumanta mallikārjuna kaṇṇan muttu|muthu aḻagu sūrya nārāyaṇī
  aiśvarya vēṇu gōpī mōhana madhu sumati vasudhā hariṇī pūjā kṛttikā rōhiṇī bhārati bhāratī anasūyā
  vatsalā kāvēri|cauvery tulasī yamunā gaṅgā nanda kiraṇa

  rāman rāghavēndra santōṣa|santhosh|santosh basava jaya satya rāmu rāmulu rāju gōpinātha
  prabhākara divākara sudhākara bhāskara śaśi śaśidhara candraśēkhara sōmaśēkhara rājaśēkhara
  guruprasāda śivaprasāda varaprasāda hariprasāda dēvaprasāda nāgārjuna bālakṛṣṇa rādhākṛṣṇa
  gōpālakṛṣṇa uṇṇikṛṣṇa satyanārāyaṇa veṅkaṭēśvara veṅkaṭēśvarlu|venkateswarlu āñjanēya
  āñjanēyulu|anjaneyulu padmāvatī annapūrṇā durgā kāmākṣī rājēśvarī bhuvanēśvarī vijayalakṣmī
  rājalakṣmī dhanalakṣmī mahālakṣmī bhāgyalakṣmī śrāvaṇi|sravani śrāvaṇī śirīṣa|sirisha svapna
  kalyāṇa sāmbaśiva sāmba yādava gauḍ|goud gauḍa|gowda|gouda nāyak|nayak nāyaka kāmat|kamath
  ācārya|acharya upādhyāya upādhya kulakarṇi|kulkarni dēśapāṇḍe|deshpande pāṭīl|patil hebbār|hebbar
  kāranta|karanth aḍiga|adiga hoḷḷa|holla pūjāri|poojary|poojari kiṇi|kini malya|mallya
  śeṇai|shenoy|shenai bhaṭ|bhat bhaṭṭ|bhatt hegḍe|hegde rāv|rao nāyuḍu|naidu
  caudari|chowdary|choudary caudhari|chaudhari śāstri|sastry|shastry|sastri|shastri
  śarmā|sharma|sarma varmā|varma|verma guptā|gupta mehtā|mehta sinhā|sinha śuklā|shukla
  tivāri|tiwari|tewari trivēdi|trivedi caturvēdi|chaturvedi dvivēdi|dwivedi|dvivedi pāṇḍe|pande
  pāṇḍēya|pandey aiyar|iyer|aiyer aiyaṅkār|iyengar|iyangar piḷḷai|pillai|pillay
  mutaliyār|mudaliar|mudaliyar ceṭṭiyār|chettiar|chettiyar nāṭār|nadar kavuṇṭar|gounder|goundar
  nāyar|nair|nayar paṇikkar|panicker|panikkar nampyār|nambiar|nambiyar
  nampūtiri|namboothiri|nambudiri|namboodiri vāryar|warrier|variar uṇṇi|unni murukan|murugan
  āṟumukam|arumugam paḻani|palani iḷaṅkō|ilango vaḷḷi|valli maṇi|mani śaravaṇa|saravana kumār|kumar
  centil|senthil selvam selvi kaṇṇa ayyappa aiyappa|iyappan aiyappan pōṟṟi|potti
  bhaṭṭāttiri|bhattathiri nambi tampi|thampi tampuran kaimaḷ|kaimal ramya|remya dīpti|deepthi
  dhanya vidyā vāṇī|vani kṛṣṇavēṇi vēṇugōpāla śivarāma śivakumāra rāmakṛṣṇa mahādēva vāsu dēva
  dēvadāsa śivadāsa haridāsa rāmadāsa mōhanadāsa kṛṣṇadāsa paṭṭābhi|pattabhi uttama|uttam
  datta|dutta siddhārtha|siddharth karuṇā karṇa bhūṣaṇa dharmarāja yōgēśa naṭēśa mahēśvara
  paramēśvara rāmēśvara sarvēśvara viśvanātha kāśīnātha sītārāma rājārāma paṭṭābhirāma kōdaṇḍa
  kōdaṇḍarāma śrīrāmulu rāmayya subbayya subbarāv lakṣmaṇa bharata śatrughna hanumān mārutī
`;

/** Gothras, as recited: always the full stem ("Kashyap" is kāśyapa). */
export const GOTHRAS = `
  kāśyapa bhāradvāja vāsiṣṭha|vashista śrīvatsa ātrēya gautama kauśika viśvāmitra hārita
  kauṇḍinya śāṇḍilya jāmadagnya|jamadagni āgastya bhṛgu āṅgirasa pārāśara vādhūla naidhruva
  maudgalya mudgala garga kautsa|kutsa upamanyu vatsa sāṅkṛti|sankruti maitrēya kāṇva|kanwa
  dhanañjaya gōtra|gothra
`;

/**
 * Words a script writes its own way, not as the letters of their ISO spelling would give,
 * keyed by the loose form of the word (looseKey): Tamil names with the Tamil letters and their
 * Tamil ending (Senthil செந்தில், not ஸெந்தில்), Telugu's -u on Rao, Malayalam's Pillai without its
 * -ai, Hindi surnames' long final ī.
 */
export const SCRIPT_SPELLINGS: Record<string, Partial<Record<TempleScriptName, string>>> = {
  rao: { telugu: 'రావు', malayalam: 'റാവു', devanagari: 'राव' },
  pillai: { malayalam: 'പിള്ള' },
  pillay: { malayalam: 'പിള്ള' },
  gaunder: { tamil: 'கவுண்டர்' },
  gaundar: { tamil: 'கவுண்டர்' },
  sentil: { tamil: 'செந்தில்' },
  selvam: { tamil: 'செல்வம்' },
  selvi: { tamil: 'செல்வி' },
  saravanan: { tamil: 'சரவணன்' },
  ramanatan: { tamil: 'ராமநாதன்' },
  ponnusami: { tamil: 'பொன்னுசாமி', kannada: 'ಪೊನ್ನುಸಾಮಿ', malayalam: 'പൊന്നുസാമി' },
  ponusami: { tamil: 'பொன்னுசாமி' },
  kandasami: { tamil: 'கந்தசாமி' },
  karupasami: { tamil: 'கருப்பசாமி' },
  karuppasami: { tamil: 'கருப்பசாமி' },
  sellapan: { tamil: 'செல்லப்பன்' },
  sellappan: { tamil: 'செல்லப்பன்' },
  josi: { devanagari: 'जोशी' },
  mehta: { devanagari: 'मेहता' },
  tivari: { devanagari: 'तिवारी' },
  tevari: { devanagari: 'तिवारी' },
  trivedi: { devanagari: 'त्रिवेदी' },
  caturvedi: { devanagari: 'चतुर्वेदी' },
  dvivedi: { devanagari: 'द्विवेदी' },
  pande: { devanagari: 'पांडे' },
  pandey: { devanagari: 'पाण्डेय' },
};

/** English letter names, for initials ("K. Srinivas"): read as the priest would say them. */
export const LETTER_NAMES: Record<string, string> = {
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

/** The twelve raashis by their Sanskrit names, in ISO 15919, as the sankalp recites them. */
export const RAASHI_ISO: Record<Raashi, string> = {
  'Mesh (Aries)': 'mēṣa',
  'Vrishabh (Taurus)': 'vṛṣabha',
  'Mithun (Gemini)': 'mithuna',
  'Kark (Cancer)': 'karkaṭa',
  'Simha (Leo)': 'siṁha',
  'Kanya (Virgo)': 'kanyā',
  'Tula (Libra)': 'tulā',
  'Vrishchik (Scorpio)': 'vṛścika',
  'Dhanu (Sagittarius)': 'dhanus',
  'Makar (Capricorn)': 'makara',
  'Kumbh (Aquarius)': 'kumbha',
  'Meen (Pisces)': 'mīna',
};

/** The twenty-seven nakshatras by their Sanskrit names, in ISO 15919. */
export const NAKSHATRA_ISO: Record<Nakshatra, string> = {
  Ashwini: 'aśvinī',
  Bharani: 'bharaṇī',
  Krittika: 'kṛttikā',
  Rohini: 'rōhiṇī',
  Mrigashira: 'mṛgaśirā',
  Ardra: 'ārdrā',
  Punarvasu: 'punarvasu',
  Pushya: 'puṣya',
  Ashlesha: 'āślēṣā',
  Magha: 'maghā',
  'Purva Phalguni': 'pūrvaphalgunī',
  'Uttara Phalguni': 'uttaraphalgunī',
  Hasta: 'hasta',
  Chitra: 'citrā',
  Swati: 'svātī',
  Vishakha: 'viśākhā',
  Anuradha: 'anurādhā',
  Jyeshtha: 'jyēṣṭhā',
  Mula: 'mūla',
  'Purva Ashadha': 'pūrvāṣāḍhā',
  'Uttara Ashadha': 'uttarāṣāḍhā',
  Shravana: 'śravaṇa',
  Dhanishta: 'dhaniṣṭhā',
  Shatabhisha: 'śatabhiṣā',
  'Purva Bhadrapada': 'pūrvabhādrapadā',
  'Uttara Bhadrapada': 'uttarabhādrapadā',
  Revati: 'rēvatī',
};
