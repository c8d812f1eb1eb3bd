// The one rule for characters no text may contain, for every input of the API. No zod here: the PWA may import this
// file at run time, and a zod schema uses it through CLEAN_TEXT (`z.string().refine(...CLEAN_TEXT)`).
//
// Why: Postgres refuses U+0000 in text and jsonb (a 500 before this rule), the other control characters are invisible,
// change how text is shown or logged (ESC starts terminal sequences, U+0085 is a line break to some tools) and are never
// typed by a person; a lone UTF-16 surrogate is not a character at all (Postgres and JSON encoders refuse or mangle it).

/** The Swedish message for a text with a forbidden character. */
export const TEXT_MESSAGES = {
  forbiddenCharacters: 'Texten innehåller otillåtna tecken (kontrolltecken).',
} as const;

/**
 * Forbidden: the C0 controls U+0000–U+001F except tab (U+0009), line feed (U+000A) and carriage return (U+000D);
 * DEL (U+007F); the C1 controls U+0080–U+009F; a high surrogate not followed by a low one; a low surrogate not preceded
 * by a high one. Matched per UTF-16 code unit (no `u` flag), so lone surrogates are seen.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is this rule's purpose.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The UTF-16 index of the first forbidden character in `text` (see FORBIDDEN above: C0 controls but tab, line feed
 * and carriage return; DEL; C1 controls; lone surrogates), or -1 when it has none.
 */
export function forbiddenCharacterIndex(text: string): number {
  return text.search(FORBIDDEN);
}

/** True when `text` contains no forbidden character (forbiddenCharacterIndex is -1). */
export function isCleanText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

/**
 * `text` with each forbidden character written as the six characters `\uXXXX` (its UTF-16 code unit in hex), for
 * quoting input back in a message or a detail's path without passing the character on.
 */
export function printable(text: string): string {
  return text.replace(FORBIDDEN_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * The refinement of a zod string that refuses forbidden characters with TEXT_MESSAGES.forbiddenCharacters:
 * `z.string().refine(...CLEAN_TEXT)`. Put it before `.trim()`, so the text is checked as it was sent.
 */
export const CLEAN_TEXT = [isCleanText, { message: TEXT_MESSAGES.forbiddenCharacters }] as const;
