/**
 * How a search text becomes the terms both catalogue searches match (docs/catalogue.md 'Words'): the server's
 * (GET /api/wines/search, Postgres) and the device's (pwa/lib/catalogue/search.ts, MiniSearch) use these same
 * functions, so that a search finds the same wines online and offline. No zod here: the offline search loads it.
 */

/** At most this many words of a search text are searched (the rest is ignored); each at most 50 characters. */
export const MAX_SEARCH_WORDS = 12;
export const MAX_SEARCH_WORD_LENGTH = 50;

/**
 * Letters that Postgres' `unaccent` (the server's folding) rewrites but Unicode decomposition leaves as they are
 * ('ø' is not an 'o' with a mark): the device folds them the same way.
 */
const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŀ: 'l' };
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * Lower case without accents, rings or dots, as the server's `wine_fold` (lower(unaccent())): 'Château' → 'chateau',
 * 'Grüner' → 'gruner', 'Rosé' → 'rose', 'Blaufränkisch' → 'blaufrankisch', 'Ørsted' → 'orsted'.
 */
export function foldSwedish(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter]!);
}

/**
 * The words of a text as both searches index and search them: runs of letters and digits (after NFKC, so '½' is
 * '1', '2'); every other character, including all of tsquery's syntax (`!&|:*()'"\`), only separates words.
 */
export function textWords(text: string): string[] {
  return text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The most edits (Levenshtein: a letter added, dropped or changed) by which a folded search word may differ from a
 * word of the wine and still match it: none below 4 letters, else one per five letters, rounded (4–7 letters: 1,
 * 8–12: 2, 13–17: 3), at most 6. 'blnc' finds 'blanc'; 'sauvignn' finds 'sauvignon'.
 */
export function maxTypoEdits(foldedWord: string): number {
  const length = [...foldedWord].length;
  return length < 4 ? 0 : Math.min(6, Math.round(length / 5));
}

/** One word of a search: folded, and how many edits it tolerates (maxTypoEdits). */
export interface SearchTerm {
  term: string;
  maxEdits: number;
}

/**
 * The terms of a search text `q` (absent or no letters or digits: none): its words (textWords), at most
 * MAX_SEARCH_WORDS of at most MAX_SEARCH_WORD_LENGTH characters, folded (foldSwedish). A wine matches when every term
 * begins a word of its search text or is within `maxEdits` edits of one (docs/catalogue.md).
 */
export function searchTerms(q: string | undefined): SearchTerm[] {
  return textWords(q ?? '')
    .slice(0, MAX_SEARCH_WORDS)
    .flatMap((word) => textWords(foldSwedish(word.slice(0, MAX_SEARCH_WORD_LENGTH))))
    .map((term) => ({ term, maxEdits: maxTypoEdits(term) }));
}
