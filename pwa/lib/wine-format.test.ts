import { describe, expect, it } from 'vitest';
import { WINE_DRAWINGS } from '../../api/contract/wine-photos';
import {
  buyUrl,
  formatAlcohol,
  formatPrice,
  formatVolume,
  nameWithVintage,
  packLine,
  wineDrawingFor,
  wineDrawingKind,
  wineFactsLine,
} from './wine-format';

describe('formatPrice', () => {
  it('shows whole kronor without decimals', () => expect(formatPrice(89)).toBe('89 kr'));
  it('shows fractional prices with two decimals and a decimal comma', () => expect(formatPrice(89.5)).toBe('89,50 kr'));
  it('groups thousands the Swedish way', () => {
    expect(formatPrice(1299)).toBe('1\u00a0299 kr');
    expect(formatPrice('1 299,50 kr')).toBe('1\u00a0299,50 kr');
  });
  it('rounds öre to two decimals', () => expect(formatPrice(129.499)).toBe('129,50 kr'));
  it('strips non-numeric characters first', () => expect(formatPrice('299 kr')).toBe('299 kr'));
  it('reads a Swedish decimal comma', () => expect(formatPrice('129,9')).toBe('129,90 kr'));
  it('is empty when nothing numeric is left', () => expect(formatPrice('gratis')).toBe(''));
  it('is empty for null', () => expect(formatPrice(null)).toBe(''));
});

describe('nameWithVintage', () => {
  it('appends the vintage', () => expect(nameWithVintage({ name: 'Porta 6 Tejo', vintage: 2020 })).toBe('Porta 6 Tejo 2020'));
  it('omits a vintage already in the name', () => expect(nameWithVintage({ name: 'Rioja Reserva 2016', vintage: 2016 })).toBe('Rioja Reserva 2016'));
  it('omits a missing vintage', () => expect(nameWithVintage({ name: 'Cava Brut', vintage: null })).toBe('Cava Brut'));
});

describe('wineFactsLine', () => {
  it('joins region, grapes and alcohol with bullets', () =>
    expect(wineFactsLine({ region: 'Tejo', country: 'Portugal', grapeVariety: 'Syrah', alcoholContent: 13.5 })).toBe('Tejo • Syrah • 13,5 %'));
  it('falls back to the country and skips what is missing', () =>
    expect(wineFactsLine({ region: null, country: 'Spanien', grapeVariety: null, alcoholContent: 12 })).toBe('Spanien • 12 %'));
  it('formats numeric text alcohol', () => expect(formatAlcohol('14')).toBe('14 %'));
});

describe('wineDrawingKind', () => {
  it("draws a glass of the wine's type for a bottle (every type in the data)", () => {
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: 'Flaska', volumeMl: 750 })).toBe('red');
    expect(wineDrawingKind({ wineType: 'Vitt vin', packaging: 'Flaska', volumeMl: 750 })).toBe('white');
    expect(wineDrawingKind({ wineType: 'Rosévin', packaging: 'Flaska', volumeMl: 750 })).toBe('rose');
    expect(wineDrawingKind({ wineType: 'Mousserande vin', packaging: 'Flaska', volumeMl: 750 })).toBe('sparkling');
    expect(wineDrawingKind({ wineType: 'Starkvin', packaging: 'Flaska', volumeMl: 500 })).toBe('fortified');
    expect(wineDrawingKind({ wineType: 'Vitt vin', packaging: 'Burk', volumeMl: 250 })).toBe('white');
    expect(wineDrawingKind({ wineType: 'Rosé', packaging: null, volumeMl: 750 })).toBe('rose');
    expect(wineDrawingKind({ wineType: 'Sparkling wine', packaging: null, volumeMl: 750 })).toBe('sparkling');
  });

  it('draws a box for a bag-in-box whatever its type or size, and a carton for a carton', () => {
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: 'Box', volumeMl: 3000 })).toBe('box');
    expect(wineDrawingKind({ wineType: 'Vitt vin', packaging: 'Box', volumeMl: 1500 })).toBe('box');
    expect(wineDrawingKind({ wineType: 'Rosévin', packaging: 'Bag-in-box', volumeMl: 2000 })).toBe('box');
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: 'Burk', volumeMl: 250 })).toBe('red');
    expect(wineDrawingKind({ wineType: 'Vitt vin', packaging: 'Pappförpackning', volumeMl: 1000 })).toBe('carton');
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: 'Tetra Pak', volumeMl: 250 })).toBe('carton');
  });

  it('takes 2 litres or more without a packaging for a box, and a 1.5 l bottle for a bottle', () => {
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: null, volumeMl: 3000 })).toBe('box');
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: null, volumeMl: 2000 })).toBe('box');
    expect(wineDrawingKind({ wineType: 'Rött vin', packaging: null, volumeMl: 1500 })).toBe('red');
    expect(wineDrawingKind({ wineType: 'Vitt vin', packaging: 'Flaska', volumeMl: 1500 })).toBe('white');
  });

  it('draws red for a wine whose type is unknown, as before', () => {
    expect(wineDrawingKind({})).toBe('red');
    expect(wineDrawingKind({ wineType: null, packaging: null, volumeMl: null })).toBe('red');
  });
});

describe('wineDrawingFor', () => {
  it('gives a wine the same drawing every time', () => {
    const wine = { id: 'b55c134b-54f7-54d6-86de-6ec5be549255', wineType: 'Rött vin', packaging: 'Flaska', volumeMl: 750 };
    const a = wineDrawingFor(wine);
    expect(WINE_DRAWINGS.red).toContain(a);
    expect(wineDrawingFor({ ...wine })).toBe(a);
  });

  it('uses both red drawings across red wines, and the one drawing of each other kind', () => {
    const reds = new Set(Array.from({ length: 20 }, (_, i) => wineDrawingFor({ id: `wine-${i}`, wineType: 'Rött vin' })));
    expect(reds).toEqual(new Set(WINE_DRAWINGS.red));
    expect(wineDrawingFor({ id: 'a', wineType: 'Vitt vin' })).toBe('/images/drawings/white.svg');
    expect(wineDrawingFor({ id: 'b', wineType: 'Mousserande vin' })).toBe('/images/drawings/sparkling.svg');
    expect(wineDrawingFor({ id: 'c', wineType: 'Rött vin', packaging: 'Box', volumeMl: 3000 })).toBe('/images/drawings/box.svg');
  });
});

describe('buyUrl', () => {
  it('uses the systembolagetUrl', () =>
    expect(buyUrl({ name: 'X', systembolagetUrl: 'https://www.systembolaget.se/1' })).toBe('https://www.systembolaget.se/1'));
  it('searches the retailer by name when there is none', () =>
    expect(buyUrl({ name: 'Château Ö', systembolagetUrl: null })).toBe('https://www.systembolaget.se/sortiment/?q=Ch%C3%A2teau%20%C3%96'));
});

describe('formatVolume and packLine', () => {
  it('reads volumes like a label', () => {
    expect(formatVolume(750)).toBe('75 cl');
    expect(formatVolume(375)).toBe('37,5 cl');
    expect(formatVolume(3000)).toBe('3 l');
    expect(formatVolume(null)).toBe('');
  });
  it('names the packaging unless it is an ordinary bottle', () => {
    expect(packLine({ volumeMl: 3000, packaging: 'Box' })).toBe('3 l · Box');
    expect(packLine({ volumeMl: 750, packaging: 'Flaska' })).toBe('75 cl');
    expect(packLine({ volumeMl: null, packaging: null })).toBe('');
  });
});
