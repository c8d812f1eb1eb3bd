import { describe, expect, it } from 'vitest';
import { pricePerLitre, similarWines, tasteDistance, type SimilarWineFields } from './similar-wines';

let n = 0;
function wine(over: Partial<SimilarWineFields> = {}): SimilarWineFields {
  n += 1;
  return {
    id: `w${n}`,
    name: `Vin ${n}`,
    price: 150,
    volumeMl: 750,
    wineType: 'Rött vin',
    sweetness: 1,
    acidity: 3,
    body: 4,
    tannins: 3,
    ...over,
  };
}

describe('pricePerLitre', () => {
  it('is price × 1000 / volume, with 750 ml for an unknown volume', () => {
    expect(pricePerLitre({ price: 99, volumeMl: 750 })).toBeCloseTo(132);
    expect(pricePerLitre({ price: 249, volumeMl: 3000 })).toBeCloseTo(83);
    expect(pricePerLitre({ price: 150, volumeMl: null })).toBe(200);
  });
});

describe('tasteDistance', () => {
  it('averages over the scales both wines have, and is null when they share none', () => {
    const a = wine({ sweetness: 1, acidity: 3, body: 4, tannins: null });
    expect(tasteDistance(a, wine({ sweetness: 2, acidity: 3, body: 2, tannins: 5 }))).toBe(1); // (1 + 0 + 2) / 3
    expect(tasteDistance(a, wine({ sweetness: null, acidity: null, body: null, tannins: 1 }))).toBeNull();
  });
});

describe('similarWines', () => {
  const target = wine({ id: 'target', price: 150 }); // 200 kr/l

  it('keeps the same type within ±25 % kr/l and leaves out the wine itself', () => {
    const inBand = [wine({ price: 112.5 }), wine({ price: 187.5 }), wine({ price: 300, volumeMl: 1500 })]; // −25 %, +25 %, ±0 %
    const out = [
      wine({ price: 112 }), // −25.3 %
      wine({ price: 188 }), // +25.3 %
      wine({ wineType: 'Vitt vin' }),
      wine({ price: 150, volumeMl: 500 }), // 300 kr/l
      { ...target },
    ];
    const ids = similarWines(target, [...out, ...inBand]).map((s) => s.wine.id);
    expect(ids.sort()).toEqual(inBand.map((w) => w.id).sort());
  });

  it('orders by taste distance, then the closer kr/l, then name', () => {
    const far = wine({ name: 'Långt bort', body: 1, acidity: 5 });
    const nearCheap = wine({ name: 'B', price: 135, body: 5 }); // distance 0.25, −10 %
    const nearClose = wine({ name: 'C', price: 146, body: 3 }); // distance 0.25, −3 %
    const sameA = wine({ name: 'Ö', price: 153 }); // 204 kr/l
    const sameB = wine({ name: 'Å', price: 147 }); // 196 kr/l: the same distance (0) and kr/l gap, so Å before Ö (Swedish order)
    const noScales = wine({ name: 'Okänd smak', sweetness: null, acidity: null, body: null, tannins: null });
    const result = similarWines(target, [far, noScales, nearCheap, sameA, nearClose, sameB]);
    expect(result.map((s) => s.wine.name)).toEqual(['Å', 'Ö', 'C', 'B', 'Långt bort', 'Okänd smak']);
  });

  it('answers at most the limit (6 by default)', () => {
    const many = Array.from({ length: 10 }, () => wine());
    expect(similarWines(target, many)).toHaveLength(6);
    expect(similarWines(target, many, 2)).toHaveLength(2);
  });

  it('leaves out discontinued wines when the data says so', () => {
    const gone = wine({ isDiscontinued: true });
    const sold = wine({ isDiscontinued: false });
    const unknown = wine();
    expect(similarWines(target, [gone, sold, unknown]).map((s) => s.wine.id)).toEqual([sold.id, unknown.id]);
  });

  it('has none for a wine without a type or a price', () => {
    expect(similarWines({ ...target, wineType: null }, [wine({ wineType: null })])).toEqual([]);
    expect(similarWines({ ...target, price: 0 }, [wine()])).toEqual([]);
  });

  it('gives a Swedish reason naming the close scales and the kr/l against the wine', () => {
    const t = wine({ id: 't', price: 107.25, body: 4, sweetness: 1, acidity: 3, tannins: 3 }); // 143 kr/l
    const s = wine({ price: 99, body: 5, sweetness: 3, acidity: 3, tannins: 5 }); // 132 kr/l
    expect(similarWines(t, [s])[0]?.reason).toBe('Samma typ, liknande fyllighet och fruktsyra, literpris 132 kr (\u22128 %)');
    const all = wine({ price: 121, body: 4, sweetness: 1, acidity: 3, tannins: 3 });
    expect(similarWines(t, [all])[0]?.reason).toBe('Samma typ, liknande fyllighet, sötma, fruktsyra och strävhet, literpris 161 kr (+13 %)');
    const same = wine({ price: 107.25, body: 1, sweetness: 5, acidity: null, tannins: null });
    expect(similarWines(t, [same])[0]?.reason).toBe('Samma typ, närmaste smakprofil i prisklassen, literpris 143 kr (±0 %)');
    const none = wine({ price: 100, body: null, sweetness: null, acidity: null, tannins: null });
    expect(similarWines(t, [none])[0]?.reason).toBe('Samma typ, smakprofil saknas, literpris 133 kr (\u22127 %)');
  });

  it('writes large kr/l the Swedish way', () => {
    const t = wine({ id: 't', price: 1000 });
    expect(similarWines(t, [wine({ price: 1050 })])[0]?.reason).toMatch(/literpris 1\u00a0400 kr \(\+5 %\)$/);
  });
});
