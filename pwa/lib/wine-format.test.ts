import { describe, expect, it } from 'vitest';
import {
  buyUrl,
  fallbackImageFor,
  FALLBACK_IMAGES,
  formatAlcohol,
  formatPrice,
  formatVolume,
  nameWithVintage,
  packLine,
  wineFactsLine,
} from './wine-format';

describe('formatPrice', () => {
  it('shows whole kronor without decimals', () => expect(formatPrice(89)).toBe('89 kr'));
  it('shows fractional prices with two decimals', () => expect(formatPrice(89.5)).toBe('89.50 kr'));
  it('strips non-numeric characters first', () => expect(formatPrice('299 kr')).toBe('299 kr'));
  it('reads a Swedish decimal comma', () => expect(formatPrice('129,9')).toBe('129.90 kr'));
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

describe('fallbackImageFor', () => {
  it('picks one of the two fallback images, the same one every time for a wine', () => {
    const a = fallbackImageFor('b55c134b-54f7-54d6-86de-6ec5be549255');
    expect(FALLBACK_IMAGES).toContain(a);
    expect(fallbackImageFor('b55c134b-54f7-54d6-86de-6ec5be549255')).toBe(a);
  });
  it('uses both images across wines', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, i) => fallbackImageFor(`wine-${i}`)));
    expect(seen.size).toBe(2);
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
