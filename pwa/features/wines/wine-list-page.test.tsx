// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WineCategory } from '../../../api/contract/constants';
import type { WinePage, WineSummary } from '../../../api/contract/wines';
import { publicPageKey } from '../../lib/api/content';
import { apiError, fakeApi } from '../../test/test-utils';
import { buildWineSummary } from '../../test/wine-fixtures';
import { WineListPage } from './wine-list-page';

/** `count` wines named 'Vin <n>' with ids made from n. */
function makeWines(from: number, count: number, category: WineCategory): WineSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return buildWineSummary({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Vin ${n}`, categories: [category] });
  });
}

function page(items: WineSummary[], total = items.length, offset = 0): WinePage {
  return { items, total, limit: 24, offset };
}

/** Renders the page with its first page already in the query cache (as the infinite query keeps it). */
function renderList(category: WineCategory, first: WinePage | WineSummary[] | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const firstPage = Array.isArray(first) ? page(first) : first;
  if (firstPage) queryClient.setQueryData(['wines', 'infinite', { category }], { pages: [firstPage], pageParams: [0] });
  // No CMS intro (as a 404 answers), known at once like the list: the page waits for both before it shows.
  queryClient.setQueryData(publicPageKey({ FYND: 'fynd', NYLANSERAD: 'nya-viner', FOLKETS_VAL: 'folkets-val' }[category]), null);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WineListPage category={category} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The list asks for its CMS intro (GET /api/pages/<slug>): none here, 404.
beforeEach(() => fakeApi());

afterEach(() => {
  cleanup();
});

describe('WineListPage', () => {
  it("counts the wines in the heading: 'N FYND HITTADE'", () => {
    renderList('FYND', [
      buildWineSummary({ id: '11111111-1111-4111-8111-111111111111', name: 'Chianti', categories: ['FYND'] }),
      buildWineSummary({ id: '22222222-2222-4222-8222-222222222222', name: 'Barbera', categories: ['FYND'] }),
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('FYND!');
    expect(screen.getByRole('heading', { level: 2, name: '2 FYND HITTADE' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(document.title).toBe('Fynd – prisvärda viner på Systembolaget – Vinpressen');
  });

  it("counts Aktuella vintips: 'N AKTUELLA VINTIPS HITTADE'", () => {
    renderList('NYLANSERAD', [buildWineSummary({ id: '11111111-1111-4111-8111-111111111111', name: 'Chianti', categories: ['NYLANSERAD'] })]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AKTUELLA VINTIPS');
    expect(screen.getByRole('heading', { name: '1 AKTUELLA VINTIPS HITTADE' })).toBeTruthy();
  });

  it('states the rules of Aktuella vintips and Fynd under their headings', () => {
    renderList('NYLANSERAD', []);
    expect(
      screen.getByText(/lanserat de senaste fyra månaderna fram till sortimentets datum, eller som har aviserats för lansering därefter/),
    ).toBeTruthy();
    cleanup();
    renderList('FYND', []);
    expect(screen.getByText(/literpriset är högst hälften av medianpriset för samma typ av vin bland de viner som fortfarande säljs/)).toBeTruthy();
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

  it('counts every wine of the category (total), not only the loaded ones', () => {
    renderList('FYND', page(makeWines(1, 24, 'FYND'), 58));
    expect(screen.getByRole('heading', { level: 2, name: '58 FYND HITTADE' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Visar 24 av 58 viner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Visa fler viner' })).toBeTruthy();
  });

  it('shows no "Visa fler viner" when every wine is on the first page', () => {
    renderList('NYLANSERAD', page(makeWines(1, 5, 'NYLANSERAD'), 5));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Visa fler viner' })).toBeNull();
    expect(screen.queryByText(/^Visar \d+ av/)).toBeNull();
  });

  it("'Visa fler viner' loads the next page after the loaded ones and focuses its first card", async () => {
    let answer!: (res: Response) => void;
    const api = fakeApi({ 'GET /api/wines?category=FYND&limit=24&offset=24': () => new Promise<Response>((resolve) => (answer = resolve)) });
    // The intro's request is not part of the paging.
    const urls = () => api.fetchMock.mock.calls.map(([path]) => path).filter((path) => !path.startsWith('/api/pages/'));
    renderList('FYND', page(makeWines(1, 24, 'FYND'), 30));
    const more = screen.getByRole('button', { name: 'Visa fler viner' });
    more.focus();

    fireEvent.click(more);

    await waitFor(() => expect(urls()).toEqual(['/api/wines?category=FYND&limit=24&offset=24']));
    expect(more.textContent).toBe('Laddar…');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    answer(new Response(JSON.stringify(page(makeWines(25, 6, 'FYND'), 30, 24)), { status: 200 }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names.slice(22, 26)).toEqual(['Vin 23 2020', 'Vin 24 2020', 'Vin 25 2020', 'Vin 26 2020']);
    expect(screen.getByRole('heading', { level: 2, name: '30 FYND HITTADE' })).toBeTruthy();
    expect(screen.getByText('Visar 30 av 30 viner')).toBeTruthy();
    // The last page is in: the button goes, and the focus moves on to the first new card, not to the top.
    expect(screen.queryByRole('button', { name: /Visa fler viner|Laddar/ })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Vin 25 2020');
  });

  it('keeps the loaded wines and offers a retry when the next page fails', async () => {
    fakeApi({ 'GET /api/wines?category=FYND&limit=24&offset=24': apiError(500, 'Fel') });
    renderList('FYND', page(makeWines(1, 24, 'FYND'), 30));

    fireEvent.click(screen.getByRole('button', { name: 'Visa fler viner' }));

    expect(await screen.findByText('Fler viner kunde inte hämtas just nu. Försök igen.')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Visa fler viner' })).toBeTruthy();
  });
});
