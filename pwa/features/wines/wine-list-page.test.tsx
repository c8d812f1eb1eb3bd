// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { WineCategory } from '../../../api/contract/constants';
import type { Wine } from '../../../api/contract/wines';
import { WineListPage } from './wine-list-page';

function makeWine(id: string, name: string, categories: WineCategory[]): Wine {
  return {
    id,
    name,
    description: 'Fruktig smak.',
    price: 99,
    rating: null,
    categories,
    vintage: 2020,
    country: 'Italien',
    region: 'Toscana',
    grapeVariety: 'Sangiovese',
    alcoholContent: 13,
    systembolagetUrl: null,
    imageUrl: null,
    sweetness: null,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    foodPairings: [],
    occasions: [],
    isGranskadVinpressen: false,
    approvalStatus: 'approved',
    producer: null,
    volumeMl: 750,
    wineType: 'Rött vin',
    packaging: null,
    style: null,
    color: null,
    serving: null,
    productNumber: null,
    isOrganic: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderList(category: WineCategory, wines: Wine[] | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (wines) queryClient.setQueryData(['wines', { category }], wines);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WineListPage category={category} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('WineListPage', () => {
  it("counts the wines in the heading: 'N FYND HITTADE'", () => {
    renderList('FYND', [
      makeWine('11111111-1111-4111-8111-111111111111', 'Chianti', ['FYND']),
      makeWine('22222222-2222-4222-8222-222222222222', 'Barbera', ['FYND']),
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('FYND!');
    expect(screen.getByRole('heading', { level: 2, name: '2 FYND HITTADE' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(document.title).toBe('Fynd – Vinpressen');
  });

  it("counts Aktuella vintips: 'N AKTUELLA VINTIPS HITTADE'", () => {
    renderList('NYLANSERAD', [makeWine('11111111-1111-4111-8111-111111111111', 'Chianti', ['NYLANSERAD'])]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AKTUELLA VINTIPS');
    expect(screen.getByRole('heading', { name: '1 AKTUELLA VINTIPS HITTADE' })).toBeTruthy();
  });

  it("shows 'N VINER FRÅN GEMENSKAPEN' and the empty text for Folkets val", () => {
    renderList('FOLKETS_VAL', []);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('FOLKETS VAL');
    expect(screen.getByRole('heading', { name: '0 VINER FRÅN GEMENSKAPEN' })).toBeTruthy();
    expect(screen.getByText('Inga viner från gemenskapen ännu')).toBeTruthy();
    expect(screen.getByText('Bli den första att lämna en recension!')).toBeTruthy();
  });

  it("shows 'Inga fynd för tillfället' with a link home when there are no bargains", () => {
    renderList('FYND', []);
    expect(screen.getByText('Inga fynd för tillfället')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Inga aktuella vintips just nu' when the list is empty", () => {
    renderList('NYLANSERAD', []);
    expect(screen.getByText('Inga aktuella vintips just nu')).toBeTruthy();
  });
});
