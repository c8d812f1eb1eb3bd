import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLEAN_TEXT, TEXT_MESSAGES, forbiddenCharacterIndex, isCleanText, printable } from './text-rules';

// The one text rule (api/contract/text-rules.ts): which characters no input may contain.

const code = (n: number) => String.fromCharCode(n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the text rule', () => {
  it('forbids every C0 control but tab, line feed and carriage return, DEL and every C1 control', () => {
    const forbidden = [...range(0x00, 0x1f).filter((n) => ![0x09, 0x0a, 0x0d].includes(n)), 0x7f, ...range(0x80, 0x9f)];
    for (const n of forbidden) {
      expect(isCleanText(`vin${code(n)}namn`), `U+${n.toString(16).padStart(4, '0')}`).toBe(false);
      expect(forbiddenCharacterIndex(`vin${code(n)}namn`)).toBe(3);
    }
  });

  it('allows tab, line feed, carriage return, Swedish and other letters, emoji and the no-break space', () => {
    for (const text of ['Rad ett\r\nRad två\tkolumn', 'Åsa Öberg på Ängsgården', 'Château Lafite – 2 000 kr', '🍷 Rött', 'Crème brûlée\u00a0!', '']) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(true);
      expect(forbiddenCharacterIndex(text)).toBe(-1);
    }
  });

  it('forbids a lone surrogate, high or low, but not a pair', () => {
    expect(isCleanText('a\ud83cb')).toBe(false);
    expect(isCleanText('a\udf77b')).toBe(false);
    expect(isCleanText('slut\ud83c')).toBe(false);
    expect(forbiddenCharacterIndex('ab\udf77')).toBe(2);
    expect(isCleanText('a\ud83c\udf77b')).toBe(true);
  });

  it('writes forbidden characters as \\uXXXX for quoting them back', () => {
    expect(printable('a\u0000b\u001bc\u0085d\ud800')).toBe('a\\u0000b\\u001Bc\\u0085d\\uD800');
    expect(printable('Vin 🍷\n')).toBe('Vin 🍷\n');
  });

  it('is a zod refinement with the Swedish message', () => {
    const schema = z
      .string()
      .refine(...CLEAN_TEXT)
      .trim();
    expect(schema.safeParse(' Bordeaux ').data).toBe('Bordeaux');
    const refused = schema.safeParse('Bor\u0000deaux');
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe(TEXT_MESSAGES.forbiddenCharacters);
    expect(TEXT_MESSAGES.forbiddenCharacters).toBe('Texten innehåller otillåtna tecken (kontrolltecken).');
  });
});
