// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WineSummary } from '../../../api/contract/wines';
import { WINE_DRAWINGS } from '../../../api/contract/wine-photos';
import { buildWineSummary } from '../../test/wine-fixtures';
import { WineImage } from './wine-image';

const PHOTO = '/api/images/systembolaget/24594663_200.png';

function wine(overrides: Partial<WineSummary> = {}): WineSummary {
  return buildWineSummary({ id: '7e0c9a52-2b0e-5d7a-8f3e-1c2d3e4f5a6b', name: 'Castelgufo Verdicchio', wineType: 'Vitt vin', ...overrides });
}
const image = (name = 'Castelgufo Verdicchio') => screen.getByAltText(name) as HTMLImageElement;

afterEach(cleanup);

describe('WineImage', () => {
  it("shows the wine's photo through our origin with a 2x source, in a reserved 3:4 box, lazily; its drawing is the server's fallback", () => {
    render(<WineImage wine={wine({ imageUrl: PHOTO })} />);

    const img = image();
    // A white wine: without a photo the server sends the browser to the white glass (no error in the console).
    const q = `?fallback=${encodeURIComponent('/images/drawings/white.svg')}`;
    expect(img.getAttribute('src')).toBe(PHOTO + q);
    expect(img.getAttribute('srcset')).toBe(`/api/images/systembolaget/24594663_200.png${q} 1x, /api/images/systembolaget/24594663_400.png${q} 2x`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '400']);
    expect(img.className).toContain('aspect-[3/4]');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('asks for the size the page shows it at, eagerly above the fold', () => {
    render(<WineImage wine={wine({ imageUrl: PHOTO })} photoSize={300} loading="eager" />);

    const img = image();
    const q = '?fallback=%2Fimages%2Fdrawings%2Fwhite.svg';
    expect(img.getAttribute('src')).toBe(`/api/images/systembolaget/24594663_300.png${q}`);
    expect(img.getAttribute('srcset')).toBe(`/api/images/systembolaget/24594663_300.png${q} 1x, /api/images/systembolaget/24594663_600.png${q} 2x`);
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it("falls back to the wine's drawing when the photo fails, and stays there", () => {
    render(<WineImage wine={wine({ imageUrl: PHOTO })} />);

    fireEvent.error(image());

    expect(image().getAttribute('src')).toBe('/images/drawings/white.svg');
    expect(image().getAttribute('srcset')).toBeNull();
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('/images/drawings/white.svg');
  });

  it('draws what the wine is when it has no image: its glass, a box for a bag-in-box, a carton for a carton', () => {
    const cases: [Partial<WineSummary>, string][] = [
      [{ wineType: 'Vitt vin' }, '/images/drawings/white.svg'],
      [{ wineType: 'Rosévin' }, '/images/drawings/rose.svg'],
      [{ wineType: 'Mousserande vin' }, '/images/drawings/sparkling.svg'],
      [{ wineType: 'Starkvin', volumeMl: 500 }, '/images/drawings/fortified.svg'],
      [{ wineType: 'Rött vin', packaging: 'Box', volumeMl: 3000 }, '/images/drawings/box.svg'],
      [{ wineType: 'Vitt vin', packaging: 'Pappförpackning', volumeMl: 1000 }, '/images/drawings/carton.svg'],
    ];
    for (const [facts, src] of cases) {
      render(<WineImage wine={wine(facts)} />);
      expect(image().getAttribute('src'), JSON.stringify(facts)).toBe(src);
      expect(image().getAttribute('srcset')).toBeNull();
      cleanup();
    }
  });

  it('shows an uploaded image or another address as it is, without a 2x source', () => {
    render(<WineImage wine={wine({ imageUrl: '/api/images/5b1c0c39-6a0e-4d4e-9a51-0d0c1f7b9e2a' })} />);
    expect(image().getAttribute('src')).toBe('/api/images/5b1c0c39-6a0e-4d4e-9a51-0d0c1f7b9e2a');
    expect(image().getAttribute('srcset')).toBeNull();
  });

  it("keeps the alt text rule: the wine's name, or none when the name is beside it", () => {
    const { container } = render(<WineImage wine={wine()} alt="" />);
    expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('has every drawing it may choose in the public folder, each a 300×400 picture', () => {
    for (const src of Object.values(WINE_DRAWINGS).flat()) {
      const svg = fs.readFileSync(path.join(process.cwd(), 'pwa/public', src), 'utf8');
      expect(svg, src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 400" width="300" height="400">/);
      expect(svg.length, src).toBeLessThan(4096);
    }
  });
});
