/**
 * Quality signals of a review text, independent of its tone: spam, links and contact details, swearing and
 * abuse, a text about something else, shouting, the language, and whether there is enough text to judge. Pure
 * functions of the text: deterministic, no I/O.
 *
 * Like the lexicon, these are general rules for Swedish reviews, written from the tuning set
 * (fixtures/labelled-reviews.ts) and common usage, never from the held-out set (fixtures/held-out-reviews.ts).
 */
import type { ReviewFlag } from '../contract/review-rules';
import { foldSwedish, type Tokens } from './swedish-sentiment';
import { WINE_WORDS } from './wine-lexicon';

/** One signal found: the flag it raises and the Swedish sentence for the moderator. */
export interface Signal {
  flag: ReviewFlag;
  /** Reason code, more precise than the flag ('spam_promo', 'email', 'phone' …). */
  code: string;
  message: string;
}

/** Below this many words, or this many letters, a text is too short to judge (spec: content is required). */
export const MIN_WORDS = 4;
export const MIN_LETTERS = 15;

/** Share of capitals among the letters above which a text shouts; only counted from SHOUT_MIN_LETTERS letters. */
const SHOUT_SHARE = 0.6;
const SHOUT_MIN_LETTERS = 12;

/** Promotion that no one writes about a wine they drank: one is enough. Folded (å/ä/ö → a/a/o), whole words. */
const STRONG_PROMO = [
  'rabattkod',
  'rabattkoden',
  'klicka har',
  'klicka pa lanken',
  'bestall har',
  'bestall nu',
  'anvand koden',
  'kod:',
  'swisha',
  'folj oss',
  'folj mig',
  'kolla in min',
  'kolla min profil',
  'tjana pengar',
  'extrainkomst',
  'casino',
  'kasino',
  'bitcoin',
  'krypto',
  'click here',
  'buy now',
  'use code',
  'discount code',
  'free shipping',
  'order now',
  'promo code',
  'dm for',
  'dm:a',
  'skriv till mig pa',
  'vinn',
  'tavling',
  'tavla om',
];
/** Promotion that a real review may contain once ('köp nu innan den tar slut'): two are needed. */
const WEAK_PROMO = [
  'kop nu',
  'kop har',
  'gratis',
  'erbjudande',
  'kampanj',
  'basta priset',
  'lagsta priset',
  'rea',
  'bonus',
  'superdeal',
  'deal',
  'limited',
  'sale',
  'just nu',
];

const PROFANITY_WORDS = new Set([
  'fan',
  'javla',
  'javlar',
  'javlig',
  'javligt',
  'helvete',
  'helvetes',
  'fitta',
  'fittan',
  'kuk',
  'kuken',
  'hora',
  'horan',
  'satan',
  'skit',
  'skiten',
  'fuck',
  'fucking',
  'fucked',
  'shit',
  'shitty',
  'bullshit',
  'bitch',
  'cunt',
  'asshole',
  'crap',
]);
/** Compounds: 'jävlaskit', 'helvetesvin', 'fuckin'. */
const PROFANITY_PREFIXES = ['javl', 'helvet', 'fuck', 'fitt', 'kukjavl', 'shit'];
/** 'ett stort fan av Rioja' is not swearing. */
const FAN_AS_ADMIRER = new Set(['ett', 'stort', 'stor', 'stora', 'en', 'big', 'huge', 'a']);

/** Insults aimed at people (other reviewers, staff, the maker), folded, whole words: 'abuse'. */
const INSULT_WORDS = new Set([
  'idiot',
  'idioter',
  'idioten',
  'idioterna',
  'idiotisk',
  'idiotiska',
  'efterbliven',
  'efterblivna',
  'efterblivet',
  'mongo',
  'mongon',
  'cp',
  'pucko',
  'puckon',
  'dumskalle',
  'dumskallar',
  'dumhuvud',
  'hjarndod',
  'hjarndoda',
  'tonte',
  'tontar',
  'fjant',
  'fjantar',
  'loser',
  'losers',
  'looser',
  'bedragare',
  'bedragarna',
  'lognare',
  'lognaren',
  'lognarna',
  'oduglingar',
  'odugling',
  'patetiska',
  'ackel',
]);
/** Insulting phrases, folded, matched from the start of a word. */
const INSULT_PHRASES = [
  'dum i huvudet',
  'dumma i huvudet',
  'hall kaften',
  'hall truten',
  'dra at helvete',
  'ni suger',
  'du suger',
  'skam dig',
  'skams pa er',
];

/**
 * Words that tie a text to wine or to drinking it, folded: a review with none of them (and no wine lexicon word)
 * is about something else. Words starting with these count too ('vinet', 'smakade', 'flaskorna', 'drack').
 */
const TOPIC_PREFIXES = [
  'vin',
  'smak',
  'doft',
  'flask',
  'drick',
  'drack',
  'druck',
  'glas',
  'eftersmak',
  'argang',
  'druv',
  'bubb',
  'skum',
  'mousser',
  'kork',
];
const TOPIC_WORDS = new Set(
  [
    'rött',
    'rod',
    'roda',
    'rödvin',
    'vitt',
    'vit',
    'rosé',
    'rose',
    'box',
    'boxen',
    'lådvin',
    'mat',
    'maten',
    'middag',
    'middagen',
    'pris',
    'priset',
    'kr',
    'kronor',
    'köpte',
    'köper',
    'köpa',
    'alkohol',
    'alkoholen',
    'procent',
    'syra',
    'syran',
    'sötma',
    'sötman',
    'tanniner',
    'tanninerna',
    'frukt',
    'frukten',
    'fruktighet',
    'ek',
    'eken',
    'fat',
    'näsa',
    'näsan',
    'munnen',
    'ost',
    'osten',
    'skål',
    'champagne',
    'cava',
    'prosecco',
    'crémant',
    'rioja',
    'barolo',
    'barbaresco',
    'chianti',
    'brunello',
    'amarone',
    'ripasso',
    'valpolicella',
    'bordeaux',
    'bourgogne',
    'chablis',
    'sancerre',
    'riesling',
    'chardonnay',
    'sauvignon',
    'merlot',
    'cabernet',
    'pinot',
    'syrah',
    'shiraz',
    'malbec',
    'tempranillo',
    'grenache',
    'garnacha',
    'primitivo',
    'zinfandel',
    'nebbiolo',
    'sangiovese',
    'barbera',
    'gamay',
    'beaujolais',
    'albariño',
    'gewürztraminer',
    'veltliner',
    'port',
    'portvin',
    'sherry',
    'madeira',
    'lambrusco',
    'rhône',
    'toscana',
    'piemonte',
    'mosel',
    'douro',
  ].map(foldSwedish),
);
/** Below this many words a text is not judged off-topic: 'Gott till maten!' says enough. */
const OFF_TOPIC_MIN_WORDS = 6;

/** Common Swedish words, folded, that an English text lacks. */
const SWEDISH_WORDS = new Set(
  [
    'och',
    'att',
    'det',
    'som',
    'en',
    'ett',
    'är',
    'var',
    'inte',
    'jag',
    'på',
    'med',
    'av',
    'till',
    'den',
    'har',
    'men',
    'om',
    'så',
    'mycket',
    'lite',
    'vinet',
    'vin',
    'kan',
    'vi',
    'hade',
    'eller',
    'när',
    'från',
    'också',
    'även',
    'riktigt',
    'väldigt',
    'ganska',
    'bra',
    'smak',
    'smaken',
    'doft',
    'doften',
    'tycker',
    'tyckte',
    'känns',
    'kändes',
    'mer',
    'nog',
    'kanske',
    'sig',
    'mig',
    'min',
    'mitt',
    'där',
    'här',
    'vad',
    'efter',
    'utan',
    'över',
    'mot',
    'vid',
    'blir',
    'blev',
    'fick',
    'köpte',
    'drack',
    'passar',
    'eftersmak',
    'eftersmaken',
    'ingen',
    'inget',
    'flaskan',
    'glaset',
    'priset',
    'smakar',
    'doftar',
    'lagom',
    'tyvärr',
    'dock',
    'helt',
  ].map(foldSwedish),
);
/** Common English words that Swedish reviews don't use (ambiguous ones like 'i', 'in', 'for', 'man' left out). */
const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'is',
  'was',
  'this',
  'that',
  'it',
  'of',
  'to',
  'with',
  'very',
  'but',
  'my',
  'have',
  'has',
  'you',
  'are',
  'not',
  'great',
  'good',
  'nice',
  'taste',
  'tastes',
  'wine',
  'really',
  'would',
  'will',
  'buy',
  'bad',
  'best',
  'love',
  'a',
  'an',
  'be',
  'been',
  'were',
  'had',
  'me',
  'we',
  'they',
  'what',
  'which',
  'from',
  'too',
  'also',
  'its',
  'dont',
  'on',
  'as',
  'price',
  'bottle',
  'flavor',
  'flavour',
  'smooth',
  'like',
  'should',
  'could',
]);
/** Wine words are Swedish evidence too: 'Fruktig, len, prisvärd.' has no function words. */
const WINE_VOCABULARY = new Set([...WINE_WORDS.keys()].map(foldSwedish));

const WEB_ADDRESS = /\bhttps?:\/\/\S+|\bwww\.[^\s.]+\.\S+/iu;
// Bare domains only in lower case: 'gott.De' (a missing space after a full stop) is not a link.
const TOP_LEVEL_DOMAINS = [
  'se',
  'com',
  'nu',
  'net',
  'org',
  'io',
  'info',
  'biz',
  'shop',
  'store',
  'xyz',
  'ru',
  'dk',
  'no',
  'fi',
  'de',
  'eu',
  'co',
  'uk',
  'app',
  'online',
  'site',
  'link',
  'ly',
];
const BARE_DOMAIN = new RegExp(String.raw`\b[a-z0-9][a-z0-9-]*\.(?:${TOP_LEVEL_DOMAINS.join('|')})\b`, 'u');
const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[a-z]{2,}/iu;
// A Swedish or international number: starts with 0 or +, at least 8 digits; vintages and prices never do.
const PHONE = /(?<![\d])(?:\+\d{1,3}[\s-]?|0)\d(?:[\s-]?\d){6,12}(?!\d)/u;
// Six of one letter in a row ('gooooood' is five); 'mmmmmm' is how people write 'yum', not spam.
const REPEATED_CHARACTERS = /(?!m)([\p{L}$€*])\1{5,}/iu;
// Enthusiasm rather than spam: it counts as shouting.
const REPEATED_PUNCTUATION = /[!?]{6,}/u;
const KEYBOARD_MASH = /asdf|qwer|sdfg|dfgh|fghj|ghjk|hjkl|zxcv|xcvb|wert|jklo/u;
const VOWEL = /[aeiouyåäöéèü]/u;

/** Finds promotion: strong phrases, two weak ones, repeated characters or words, keyboard mashing. */
function spamSignals(content: string, folded: string, tokens: Tokens): Signal[] {
  const signals: Signal[] = [];
  // Words separated by single spaces, so that a phrase only matches from the start of a word.
  const text = ` ${folded.replace(/[^\p{L}\p{N}:]+/gu, ' ')} `;
  const strong = STRONG_PROMO.filter((phrase) => text.includes(` ${phrase} `));
  const weak = WEAK_PROMO.filter((phrase) => text.includes(` ${phrase} `));
  if (strong.length > 0 || weak.length >= 2) {
    signals.push({ flag: 'spam', code: 'spam_promo', message: 'Innehåller reklam eller säljfraser.' });
  }
  let run = 1;
  let longestRun = 1;
  const counts = new Map<string, number>();
  tokens.folded.forEach((word, index) => {
    run = index > 0 && tokens.folded[index - 1] === word ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
    if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
  });
  const mostRepeated = Math.max(0, ...counts.values());
  if (REPEATED_CHARACTERS.test(content) || longestRun >= 3 || (mostRepeated >= 5 && mostRepeated / tokens.folded.length >= 0.25)) {
    signals.push({ flag: 'spam', code: 'spam_repetition', message: 'Innehåller upprepade tecken eller ord.' });
  }
  // Five letters without a vowel is no Swedish word, unless it is a sound ('hmmmm', 'grrrrr': few letters).
  const mashed = tokens.folded.some(
    (word) => KEYBOARD_MASH.test(word) || (word.length >= 5 && /^\p{L}+$/u.test(word) && !VOWEL.test(word) && new Set(word).size >= 3),
  );
  if (mashed) {
    signals.push({ flag: 'spam', code: 'spam_gibberish', message: 'Innehåller meningslösa teckenföljder.' });
  }
  return signals;
}

function contactSignals(content: string): Signal[] {
  const signals: Signal[] = [];
  const withoutEmails = content.replace(new RegExp(EMAIL.source, 'giu'), ' ');
  if (WEB_ADDRESS.test(withoutEmails) || BARE_DOMAIN.test(withoutEmails)) {
    signals.push({ flag: 'link', code: 'link', message: 'Innehåller en länk.' });
  }
  if (EMAIL.test(content)) {
    signals.push({ flag: 'contact', code: 'email', message: 'Innehåller en e-postadress.' });
  }
  if (PHONE.test(content)) {
    signals.push({ flag: 'contact', code: 'phone', message: 'Innehåller ett telefonnummer.' });
  }
  return signals;
}

function profanitySignals(tokens: Tokens): Signal[] {
  const found = tokens.folded.filter((word, index) => {
    if (word === 'fan' && FAN_AS_ADMIRER.has(tokens.folded[index - 1] ?? '')) return false;
    return PROFANITY_WORDS.has(word) || PROFANITY_PREFIXES.some((prefix) => word.startsWith(prefix));
  });
  if (found.length === 0) return [];
  return [{ flag: 'profanity', code: 'profanity', message: 'Innehåller svordomar eller grovt språk.' }];
}

function abuseSignals(folded: string, tokens: Tokens): Signal[] {
  const text = ` ${folded.replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const insult = tokens.folded.some((word) => INSULT_WORDS.has(word)) || INSULT_PHRASES.some((phrase) => text.includes(` ${phrase} `));
  if (!insult) return [];
  return [{ flag: 'abuse', code: 'abuse', message: 'Innehåller påhopp eller förolämpningar mot personer.' }];
}

/**
 * A Swedish text of at least OFF_TOPIC_MIN_WORDS words without one word about wine or drinking it (TOPIC_WORDS,
 * TOPIC_PREFIXES, the wine lexicon): it is about something else.
 */
function offTopicSignals(tokens: Tokens): Signal[] {
  if (tokens.folded.length < OFF_TOPIC_MIN_WORDS) return [];
  const onTopic = tokens.folded.some(
    (word) => TOPIC_WORDS.has(word) || WINE_VOCABULARY.has(word) || TOPIC_PREFIXES.some((prefix) => word.startsWith(prefix)),
  );
  if (onTopic) return [];
  return [{ flag: 'off_topic', code: 'off_topic', message: 'Texten verkar inte handla om vinet.' }];
}

function shoutingSignals(content: string): Signal[] {
  const signals: Signal[] = [];
  const letters = content.match(/\p{L}/gu) ?? [];
  const capitals = content.match(/\p{Lu}/gu) ?? [];
  if (letters.length >= SHOUT_MIN_LETTERS && capitals.length / letters.length >= SHOUT_SHARE) {
    signals.push({ flag: 'shouting', code: 'shouting', message: 'Texten är skriven med mest versaler.' });
  }
  if (REPEATED_PUNCTUATION.test(content)) {
    signals.push({ flag: 'shouting', code: 'exclamations', message: 'Texten har överdrivet många utropstecken.' });
  }
  return signals;
}

/**
 * Guesses whether a text is Swedish from its words: Swedish function and wine words against English ones, and
 * for other languages, whether under a tenth of the words are Swedish ones.
 * Texts under MIN_WORDS words are not judged.
 * @returns 'sv', 'en', 'other' or 'unknown' (too short).
 */
export function guessLanguage(content: string, tokens: Tokens): 'sv' | 'en' | 'other' | 'unknown' {
  if (tokens.folded.length < MIN_WORDS) return 'unknown';
  const swedish = tokens.folded.filter((word) => SWEDISH_WORDS.has(word) || WINE_VOCABULARY.has(word)).length;
  const english = tokens.folded.filter((word) => ENGLISH_WORDS.has(word)).length;
  if (english >= 2 && english > swedish * 1.5) return 'en';
  // German and Finnish have ä and ö too; only å is Swedish (and Norwegian or Danish, which moderators can read).
  const hasAring = /å/iu.test(content);
  if (!hasAring && tokens.folded.length >= 6 && swedish / tokens.folded.length < 0.1) return 'other';
  return 'sv';
}

function languageSignals(content: string, tokens: Tokens): Signal[] {
  const language = guessLanguage(content, tokens);
  if (language === 'en') {
    return [{ flag: 'not_swedish', code: 'not_swedish', message: 'Texten verkar vara skriven på engelska.' }];
  }
  if (language === 'other') {
    return [{ flag: 'not_swedish', code: 'not_swedish', message: 'Texten verkar inte vara skriven på svenska.' }];
  }
  return [];
}

/** True when the text has fewer than MIN_WORDS words or MIN_LETTERS letters. */
export function isTooShort(content: string, tokens: Tokens): boolean {
  const letters = content.match(/\p{L}/gu)?.length ?? 0;
  return tokens.folded.length < MIN_WORDS || letters < MIN_LETTERS;
}

/**
 * Every quality signal of a review text, in a fixed order (spam, contact, profanity, abuse, off-topic, language,
 * shouting, length).
 * @param content the review text as written.
 * @param tokens the same text from tokenize().
 */
export function detectSignals(content: string, tokens: Tokens): Signal[] {
  const folded = foldSwedish(content);
  const language = languageSignals(content, tokens);
  const signals = [
    ...spamSignals(content, folded, tokens),
    ...contactSignals(content),
    ...profanitySignals(tokens),
    ...abuseSignals(folded, tokens),
    // Another language has no Swedish wine words either: one flag is enough.
    ...(language.length > 0 ? [] : offTopicSignals(tokens)),
    ...language,
    ...shoutingSignals(content),
  ];
  if (isTooShort(content, tokens)) {
    signals.push({ flag: 'too_short', code: 'too_short', message: 'Texten är för kort för att bedöma.' });
  }
  return signals;
}
