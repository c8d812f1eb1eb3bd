import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AssortmentFile, nameWords, sameProduct } from './assortment-mapping';
import { DEFAULT_ASSORTMENT_FILE } from './assortment-import';
import { SystembolagetRow } from './systembolaget-mapping';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wines = (JSON.parse(fs.readFileSync(path.resolve(ROOT, loadConfig({}).wineDataFile), 'utf8')) as unknown[]).map((r) =>
  SystembolagetRow.parse(r),
);
const assortment = AssortmentFile.parse(JSON.parse(fs.readFileSync(path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE), 'utf8')));

describe('nameWords', () => {
  it('drops accents, case, apostrophes and articles', () => {
    expect(nameWords("Krug'scher Hof Côtes-du-Rhône de la Vallée")).toEqual(['krugscher', 'hof', 'cotes', 'rhone', 'vallee']);
    expect(nameWords('  ')).toEqual([]);
    expect(nameWords(null)).toEqual([]);
  });
});

describe('sameProduct', () => {
  const wine = (name: string, producer: string | null) => ({ name, producer });

  it('matches a reordered or lightly renamed wine of the same producer', () => {
    expect(sameProduct(wine('Grüner Veltliner Pratsch', 'Pratsch'), wine('Pratsch Grüner Veltliner', 'Pratsch'))).toBe(true);
    expect(sameProduct(wine('Louis Roederer Collection 242', 'Louis Roederer'), wine('Louis Roederer Collection 246', 'Louis Roederer'))).toBe(true);
  });

  it('matches the same name under a new owner, but not a half-matching name under another producer', () => {
    expect(sameProduct(wine("Jacob's Creek Organic Chardonnay", 'Orlando'), wine("Jacob's Creek Organic Chardonnay", 'Vinarchy'))).toBe(true);
    expect(
      sameProduct(wine('Substance Cabernet Sauvignon', 'Charles Smith Wines'), wine('Substance CS Cabernet Sauvignon', "O'Neill Vintners")),
    ).toBe(true);
    expect(sameProduct(wine('Cabernet Sauvignon Valley', 'A'), wine('Cabernet Sauvignon Hill', 'B'))).toBe(false);
  });

  it('does not match on generic words alone', () => {
    expect(
      sameProduct(wine('Pesquera Millenium Gran Reserva', 'Fernández Rivera'), wine('Casas Patronales Gran Reserva Carmenère', 'Casas Patronales')),
    ).toBe(false);
    expect(sameProduct(wine('Cap de Faugeres', 'Chateau Cap de Faugeres'), wine('Encostas De Melgaço Alvarinho', 'Quinta da Pigarra'))).toBe(false);
  });

  it('finds 67 reused product numbers in the real 2026-08-22 file (63 of them active)', () => {
    const byNumber = new Map(wines.map((w) => [w.productNumber, w]));
    const mismatched = assortment.rows.filter((r) => {
      const w = byNumber.get(r.productNumber)!;
      return !sameProduct(wine([w.name, w.name2].filter(Boolean).join(' '), w.producer), r);
    });

    expect(mismatched).toHaveLength(67);
    expect(mismatched.filter((r) => r.active)).toHaveLength(63);
    expect(mismatched.map((r) => r.productNumber)).toEqual(expect.arrayContaining(['200901', '281201', '7475601', '9426601']));
    expect(mismatched.map((r) => r.productNumber)).not.toContain('749601');
  });
});
