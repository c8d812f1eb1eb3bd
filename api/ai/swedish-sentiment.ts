/**
 * Swedish sentiment of a review text, on `@nlpjs/lang-sv` (normalizer, tokenizer, AFINN lexicon) and
 * `@nlpjs/sentiment` (the scoring), with three things added that wine reviews need:
 *
 * 1. The diacritics fix. The Swedish normalizer folds å/ä/ö to a/a/o before tokens are looked up, but 1,063 keys
 *    of the shipped lexicon keep them, so 'tyvärr', 'trött' and 'härlig' never matched. Every key is folded with
 *    the same normalizer when the lexicon is registered. Where two keys fold to one ('stor'/'stör'), the key that
 *    had no diacritics wins, else the first in the lexicon; a key that would fold into a Swedish stopword is
 *    dropped ('öm', +3, would otherwise score every 'om').
 * 2. Vinpressen's wine vocabulary (wine-lexicon.ts), including multi-word expressions ('kort eftersmak'); the
 *    shipped lexicon's own multi-word keys ('är sämre') become matchable the same way.
 * 3. Negation with a reach. nlpjs turns around every word after a negation up to the end of the text; here a
 *    negation ('inte', 'aldrig', 'ingen' …) turns around only the first sentiment word within the next three
 *    words of the same clause ('inte särskilt bra' → negative, 'inte dyrt men gott' → 'gott' stays positive).
 *    A negated positive word counts fully negative; a negated negative word counts half positive, because
 *    'inte dålig' is faint praise, not praise.
 */
import { Container } from '@nlpjs/core';
import { LangSv, SentimentSv } from '@nlpjs/lang-sv';
import { SentimentAnalyzer } from '@nlpjs/sentiment';
import { CLAUSE_BREAKS, INTENSIFIERS, NEGATIONS, WINE_PHRASES, WINE_WORDS } from './wine-lexicon';

/** One word or expression of the text that carried sentiment. */
export interface SentimentTerm {
  /** As the reviewer wrote it, lower-cased ('härlig', 'kort eftersmak'). */
  text: string;
  /** AFINN valence as counted, after negation: −5 … +5. */
  valence: number;
  /** The negation that turned it around, as written ('inte' in 'inte gott'); absent when none did. */
  negatedBy?: string;
}

/** The lexicon sentiment of one text. */
export interface TextSentiment {
  /** Sum of the valences counted (the nlpjs score); negative is unfavourable. */
  score: number;
  /** Sum of the positive valences (≥ 0). */
  positive: number;
  /** Sum of the absolute negative valences (≥ 0). */
  negative: number;
  /** Number of words or expressions (after phrase merging) in the text. */
  words: number;
  /** The terms that counted, in text order. */
  terms: SentimentTerm[];
}

/** The text split into words the way the sentiment sees them. */
export interface Tokens {
  /** Lower-cased words as written (NFC), å/ä/ö kept. */
  raw: string[];
  /** The same words folded by the Swedish normalizer (å/ä/ö → a/a/o), index for index. */
  folded: string[];
}

const NEGATED_SUFFIX = '__neg';
const PHRASE_JOINER = '_';
/** How many words after a negation it can reach. */
const NEGATION_REACH = 3;
/** Clause ends: a negation never reaches past them. */
const CLAUSE_SPLIT = /[.,!?;:\n\r()…"”“]+/u;

interface Engine {
  fold: (text: string) => string;
  split: (text: string) => string[];
  dictionary: Map<string, number>;
  /** Folded multi-word expressions by their number of words, longest first. */
  phraseLengths: number[];
  phrases: Set<string>;
  negations: Set<string>;
  clauseBreaks: Set<string>;
  intensifiers: Set<string>;
  analyzer: SentimentAnalyzer;
}

let engine: Engine | undefined;

/** Builds the nlpjs container and the folded lexicon once; both are read-only afterwards. */
function getEngine(): Engine {
  if (engine) return engine;
  const container = new Container();
  container.use(LangSv);
  const normalizer = container.get('normalizer-sv') as { normalize(text: string): string };
  const tokenizer = container.get('tokenizer-sv') as { innerTokenize(text: string): string[] };
  const fold = (text: string): string => normalizer.normalize(text);
  // innerTokenize, not tokenize: tokenize keeps every text it has seen in a cache for an hour.
  const split = (text: string): string[] =>
    tokenizer
      .innerTokenize(text)
      .flatMap((token) => token.split(/[-–—]+/u))
      .filter((token) => token !== '');
  const phraseKey = (phrase: string): string => fold(phrase).trim().split(/\s+/u).join(PHRASE_JOINER);

  const dictionary = new Map<string, number>();
  const phrases = new Set<string>();
  const phraseLengths = new Set<number>();
  const addPhrase = (phrase: string): string => {
    const key = phraseKey(phrase);
    phrases.add(key);
    phraseLengths.add(key.split(PHRASE_JOINER).length);
    return key;
  };
  const shipped = Object.entries(SentimentSv.afinn);
  // Keys without diacritics first, so that a folded key never replaces a word that is spelt that way.
  const ordered = [...shipped.filter(([key]) => fold(key) === key.toLowerCase()), ...shipped.filter(([key]) => fold(key) !== key.toLowerCase())];
  // Folding must not turn a word into a function word: 'öm' (+3) folds to 'om', 'når' to 'när'/'nar'.
  const stopwords = Object.keys((container.get('stopwords-sv') as { dictionary: Record<string, boolean> }).dictionary);
  const foldedStopwords = new Set(stopwords.map(fold));
  const exactStopwords = new Set(stopwords);
  for (const [key, valence] of ordered) {
    const multiWord = /\s/u.test(key.trim());
    const folded = multiWord ? addPhrase(key) : fold(key);
    if (!multiWord && foldedStopwords.has(folded) && !exactStopwords.has(key.toLowerCase())) continue;
    if (!dictionary.has(folded)) dictionary.set(folded, valence);
  }
  for (const [word, valence] of WINE_WORDS) dictionary.set(fold(word), valence);
  for (const [phrase, valence] of WINE_PHRASES) dictionary.set(addPhrase(phrase), valence);
  for (const [key, valence] of [...dictionary]) {
    if (valence !== 0) dictionary.set(key + NEGATED_SUFFIX, valence > 0 ? -valence : -valence / 2);
  }
  const foldAll = (words: ReadonlySet<string>): Set<string> => new Set([...words].map(fold));
  const negations = foldAll(NEGATIONS);
  // Negations are handled here, by reach; nlpjs must not also turn the rest of the text around.
  for (const word of negations) dictionary.delete(word);
  container.register('sentiment-sv', { afinn: Object.fromEntries(dictionary), negations: { words: [] } }, true);

  engine = {
    fold,
    split,
    dictionary,
    phrases,
    phraseLengths: [...phraseLengths].sort((a, b) => b - a),
    negations,
    clauseBreaks: foldAll(CLAUSE_BREAKS),
    intensifiers: foldAll(INTENSIFIERS),
    analyzer: new SentimentAnalyzer({ container }),
  };
  return engine;
}

/**
 * Folds a text the way the Swedish normalizer does: NFD, diacritics removed, lower case ('Härligt' → 'harligt').
 */
export function foldSwedish(text: string): string {
  return getEngine().fold(text);
}

/**
 * Splits a text into words with the Swedish tokenizer (and at hyphens), as written and folded.
 * Punctuation is dropped. Never throws.
 */
export function tokenize(text: string): Tokens {
  const { fold, split } = getEngine();
  const raw = split(text.normalize('NFC').toLowerCase());
  return { raw, folded: raw.map(fold) };
}

interface Unit {
  raw: string;
  key: string;
}

/** Merges known multi-word expressions into one unit, longest first. */
function mergePhrases(tokens: Tokens, e: Engine): Unit[] {
  const units: Unit[] = [];
  let i = 0;
  while (i < tokens.folded.length) {
    let merged: Unit | undefined;
    for (const length of e.phraseLengths) {
      if (i + length > tokens.folded.length) continue;
      const key = tokens.folded.slice(i, i + length).join(PHRASE_JOINER);
      if (e.phrases.has(key)) {
        merged = { raw: tokens.raw.slice(i, i + length).join(' '), key };
        i += length;
        break;
      }
    }
    if (!merged) {
      merged = { raw: tokens.raw[i] ?? '', key: tokens.folded[i] ?? '' };
      i += 1;
    }
    units.push(merged);
  }
  return units;
}

/**
 * Scores the sentiment of a Swedish text with the folded nlpjs lexicon plus the wine lexicon.
 *
 * @param text any length; an empty text scores 0 with no terms.
 * @returns the score (sum of AFINN valences, −5…+5 per term), its positive and negative parts, the word count
 *   and the terms that counted. Deterministic: the same text always gives the same result.
 */
export async function analyseSentiment(text: string): Promise<TextSentiment> {
  const e = getEngine();
  const nlpTokens: string[] = [];
  const terms: SentimentTerm[] = [];
  let words = 0;
  for (const clause of text.split(CLAUSE_SPLIT)) {
    const units = mergePhrases(tokenize(clause), e);
    words += units.length;
    let reach = 0;
    let negation = '';
    units.forEach((unit, index) => {
      const valence = e.dictionary.get(unit.key) ?? 0;
      if (e.negations.has(unit.key)) {
        reach = NEGATION_REACH;
        negation = unit.raw;
        return;
      }
      if (e.clauseBreaks.has(unit.key)) {
        reach = 0;
        return;
      }
      const next = units[index + 1];
      const nextValence = next ? (e.dictionary.get(next.key) ?? 0) : 0;
      if (valence === 0 || (e.intensifiers.has(unit.key) && nextValence !== 0)) {
        // A plain word, or an intensifier that only strengthens the next word: it uses up negation reach.
        if (reach > 0) reach -= 1;
        return;
      }
      const negated = reach > 0;
      reach = 0;
      const key = negated ? unit.key + NEGATED_SUFFIX : unit.key;
      nlpTokens.push(key);
      const term: SentimentTerm = { text: unit.raw, valence: e.dictionary.get(key) ?? 0 };
      if (negated) term.negatedBy = negation;
      terms.push(term);
    });
  }
  const result = await e.analyzer.process({ locale: 'sv', tokens: nlpTokens });
  let positive = 0;
  let negative = 0;
  for (const term of terms) {
    if (term.valence > 0) positive += term.valence;
    else negative -= term.valence;
  }
  return { score: result.sentiment.score, positive, negative, words, terms };
}
