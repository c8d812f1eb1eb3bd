// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wine, WineSummary } from '../../../api/contract/wines';
import { WINE_DRAWINGS } from '../../../api/contract/wine-photos';
import { buildWineSummary } from '../../test/wine-fixtures';
import { GranskadBadge } from './granskad-badge';
import { WineCard } from './wine-card';
import { WineMedals } from './wine-medals';

/** A card's data as the lists send it (GET /api/wines). */
function makeWine(overrides: Partial<WineSummary> = {}): WineSummary {
  return buildWineSummary({
    id: '0b8d6a1e-1f6e-5b8a-9c4d-2a3b4c5d6e7f',
    name: 'Porta 6 Tejo',
    description: 'Fruktig smak med inslag av björnbär och vanilj.',
    price: 89,
    country: 'Portugal',
    region: 'Lisboa',
    grapeVariety: 'Tinta Roriz',
    alcoholContent: 13.5,
    systembolagetUrl: 'https://www.systembolaget.se/7294601',
    ...overrides,
  });
}

function renderCard(wine: WineSummary | Wine) {
  return render(
    <MemoryRouter>
      <WineCard wine={wine} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('WineCard', () => {
  it('shows the name with the vintage, the facts line and the price', () => {
    renderCard(makeWine());
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Porta 6 Tejo 2020');
    expect(screen.getByText('Lisboa • Tinta Roriz • 13,5 %')).toBeTruthy();
    expect(screen.getByText('89 kr')).toBeTruthy();
  });

  it('shows the volume, the price per litre and the date of the price', () => {
    renderCard(makeWine({ price: 89, volumeMl: 750, pricePerLitre: 119, priceDate: '2026-08-22' }));
    expect(screen.getByText('75 cl · 119 kr/l')).toBeTruthy();
    expect(screen.getByText('pris 2026-08-22')).toBeTruthy();
  });

  it("shows a FYND's reason, and nothing for a wine without one", () => {
    renderCard(makeWine({ fyndReason: 'Literpris 55 kr – 45 % av medianen för vitt vin (122 kr/l)' }));
    expect(screen.getByText('Literpris 55 kr – 45 % av medianen för vitt vin (122 kr/l)')).toBeTruthy();
    cleanup();
    renderCard(makeWine({ fyndReason: null, categories: [] }));
    expect(screen.queryByText(/Literpris/)).toBeNull();
  });

  it("says 'Utgått' before the date of a wine no longer sold", () => {
    renderCard(makeWine({ isDiscontinued: true, priceDate: '2021-09-21' }));
    expect(screen.getByText('Utgått · pris 2021-09-21')).toBeTruthy();
  });

  it('does not repeat a vintage the name already contains', () => {
    renderCard(makeWine({ name: 'Rioja Reserva 2016', vintage: 2016 }));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Rioja Reserva 2016');
  });

  it("links 'Köp nu' to Systembolaget in a new tab", () => {
    renderCard(makeWine());
    const buy = screen.getByRole('link', { name: /Köp nu/ });
    expect(buy.getAttribute('href')).toBe('https://www.systembolaget.se/7294601');
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('rel')).toBe('noopener noreferrer');
    expect(buy.getAttribute('aria-label')).toContain('Porta 6 Tejo 2020');
    expect(buy.getAttribute('aria-label')).toContain('ny flik');
  });

  it('searches Systembolaget by name when the wine has no systembolagetUrl', () => {
    renderCard(makeWine({ systembolagetUrl: null }));
    expect(screen.getByRole('link', { name: /Köp nu/ }).getAttribute('href')).toBe('https://www.systembolaget.se/sortiment/?q=Porta%206%20Tejo');
  });

  it("links 'Läs mer' to the wine's detail page", () => {
    renderCard(makeWine());
    expect(screen.getByRole('link', { name: /Läs mer/ }).getAttribute('href')).toBe('/wine/0b8d6a1e-1f6e-5b8a-9c4d-2a3b4c5d6e7f');
  });

  it('draws a glass of red when the red wine has no image', () => {
    renderCard(makeWine());
    const img = screen.getByAltText('Porta 6 Tejo') as HTMLImageElement;
    expect(WINE_DRAWINGS.red).toContain(img.getAttribute('src'));
  });

  it('switches to the drawing when the image fails to load', () => {
    renderCard(makeWine({ imageUrl: 'https://example.com/broken.jpg' }));
    const img = screen.getByAltText('Porta 6 Tejo') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://example.com/broken.jpg');
    fireEvent.error(img);
    expect(WINE_DRAWINGS.red).toContain(img.getAttribute('src'));
    // A failing fallback must not start a loop.
    const fallback = img.getAttribute('src');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(fallback);
  });

  it("shows the 'Granskad' badge only for reviewed wines", () => {
    renderCard(makeWine());
    expect(screen.queryByRole('img', { name: 'Granskad av Vinpressen' })).toBeNull();
    cleanup();
    renderCard(makeWine({ isGranskadVinpressen: true }));
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
  });

  it('also takes a full Wine (the slider and detail data)', () => {
    const full: Wine = {
      ...makeWine(),
      sweetness: 2,
      acidity: 3,
      body: 4,
      tannins: 3,
      fruity: null,
      foodPairings: ['meat'],
      occasions: ['dinner'],
      approvalStatus: 'approved',
      producer: 'Vidigal Wines',
      style: null,
      color: null,
      serving: null,
      productNumber: '7294601',
      isOrganic: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      discontinuedOn: null,
      priceHistory: [],
    };
    renderCard(full);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Porta 6 Tejo 2020');
  });

  it('shows one medal per category', () => {
    renderCard(makeWine({ categories: ['FYND', 'FOLKETS_VAL'] }));
    expect(screen.getByRole('img', { name: 'Fynd' }).getAttribute('src')).toBe('/images/medals/fynd.svg');
    expect(screen.getByRole('img', { name: 'Folkets Val' }).getAttribute('src')).toBe('/images/medals/folkets-val.svg');
    expect(screen.queryByRole('img', { name: 'Aktuella Vintips' })).toBeNull();
  });

  it('shows the medal design awarded at approval, drawn by the server, after the category medals', () => {
    renderCard(makeWine({ categories: ['FYND'], isGranskadVinpressen: true, medal: { id: 'arets-fynd', name: 'Årets fynd', category: 'FYND' } }));
    const medals = screen.getAllByRole('listitem').map((li) => li.querySelector('img')!);
    expect(medals.map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Fynd', '/images/medals/fynd.svg'],
      ['Årets fynd', '/api/medal-designs/arets-fynd.svg'],
    ]);
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
  });
});

describe('WineMedals', () => {
  it("names NYLANSERAD 'Aktuella Vintips'", () => {
    render(<WineMedals categories={['NYLANSERAD']} />);
    expect(screen.getByRole('img', { name: 'Aktuella Vintips' }).getAttribute('src')).toBe('/images/medals/aktuella-vintips.svg');
  });

  it('shows a category medal once when the awarded design has its name', () => {
    render(<WineMedals categories={['FYND', 'FOLKETS_VAL']} awarded={{ id: 'fynd', name: 'Fynd', category: 'FYND' }} />);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/images/medals/folkets-val.svg',
      '/api/medal-designs/fynd.svg',
    ]);
  });

  it('shows an awarded medal on a wine without categories', () => {
    render(<WineMedals categories={[]} awarded={{ id: 'granskad-av-vinpressen', name: 'Granskad av Vinpressen', category: 'GRANSKAD' }} />);
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' }).getAttribute('src')).toBe('/api/medal-designs/granskad-av-vinpressen.svg');
  });

  it('renders nothing without categories', () => {
    const { container } = render(<WineMedals categories={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('GranskadBadge', () => {
  it("reads 'Granskad av Vinpressen'", () => {
    render(<GranskadBadge />);
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' }).textContent).toContain('Granskad');
  });
});
