// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WineCategory } from '../../../api/contract/constants';
import type { WinePage, WineSummary } from '../../../api/contract/wines';
import { useSlider } from '../../lib/api/get-slider';
import { useWinesByCategory } from '../../lib/api/get-wines';
import { buildWineSummary } from '../../test/wine-fixtures';
import { HomePage } from './home-page';

vi.mock('../../lib/api/get-wines', () => ({ useWinesByCategory: vi.fn() }));
vi.mock('../../lib/api/get-slider', () => ({ useSlider: vi.fn() }));

/** Wine number `i` ('Vin <i>', 100 + i kr, no vintage, so its heading is the name alone) in `categories`. */
const wine = (i: number, categories: WineCategory[]): WineSummary =>
  buildWineSummary({
    id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    name: `Vin ${i}`,
    price: 100 + i,
    vintage: null,
    categories,
  });

type QueryState = { data?: WinePage; isPending?: boolean; isError?: boolean; error?: unknown };

const EMPTY_PAGE: WinePage = { items: [], total: 0, limit: 3, offset: 0 };

function renderHome(states: Partial<Record<WineCategory, QueryState>>) {
  vi.mocked(useSlider).mockReturnValue({ data: EMPTY_PAGE, isPending: false, isError: false } as unknown as ReturnType<typeof useSlider>);
  vi.mocked(useWinesByCategory).mockImplementation(
    (category) =>
      ({ data: EMPTY_PAGE, isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...states[category] }) as unknown as ReturnType<
        typeof useWinesByCategory
      >,
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <HomePage newsletter={<h2>Nyhetsbrevets plats</h2>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

afterEach(cleanup);

describe('HomePage', () => {
  it('shows the hero, the three sections and the newsletter the app gives it, in order', () => {
    renderHome({});
    expect(screen.getByRole('heading', { level: 1, name: 'Upptäck månadens mest aktuella viner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Utforska vintips' }).getAttribute('href')).toBe('/aktuella-viner');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Månadens viner', 'FOLKETS VAL', 'FYND!', 'AKTUELLA VINTIPS', 'Nyhetsbrevets plats']);
    expect(within(section('FOLKETS VAL')).getByText('Viner som gemenskapen recenserar och betygsätter')).toBeTruthy();
    expect(within(section('FYND!')).getByText('Exceptionella viner med bästa pris-kvalitet förhållandet')).toBeTruthy();
    expect(within(section('AKTUELLA VINTIPS')).getByText('Smarta vintips och rekommendationer')).toBeTruthy();
  });

  it("links each section's 'Se alla' to its list page", () => {
    renderHome({});
    expect(
      within(section('FOLKETS VAL'))
        .getByRole('link', { name: /Se alla/ })
        .getAttribute('href'),
    ).toBe('/folkets-val');
    expect(
      within(section('FYND!'))
        .getByRole('link', { name: /Se alla/ })
        .getAttribute('href'),
    ).toBe('/fynd');
    expect(
      within(section('AKTUELLA VINTIPS'))
        .getByRole('link', { name: /Se alla/ })
        .getAttribute('href'),
    ).toBe('/aktuella-viner');
  });

  it('shows the empty texts of the spec', () => {
    renderHome({});
    expect(within(section('FOLKETS VAL')).getByText('Inga "Folkets Val" viner ännu')).toBeTruthy();
    expect(within(section('FOLKETS VAL')).getByText('Bli den första att lämna en recension!')).toBeTruthy();
    expect(within(section('FYND!')).getByText('Inga fynd tillgängliga för tillfället.')).toBeTruthy();
    expect(within(section('AKTUELLA VINTIPS')).getByText('Inga nylanserade viner tillgängliga för tillfället.')).toBeTruthy();
  });

  it('asks for the first three wines of each category and shows at most three', () => {
    const items = [1, 2, 3, 4, 5].map((i) => wine(i, ['FYND']));
    renderHome({ FYND: { data: { items, total: 58, limit: 3, offset: 0 } } });
    const names = within(section('FYND!'))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Vin 1', 'Vin 2', 'Vin 3']);
    for (const category of ['FOLKETS_VAL', 'FYND', 'NYLANSERAD'] as const) {
      expect(vi.mocked(useWinesByCategory)).toHaveBeenCalledWith(category, { limit: 3 });
    }
  });

  it('shows placeholders while loading and a message with a retry on error', () => {
    renderHome({ FYND: { isPending: true, data: undefined }, NYLANSERAD: { isError: true, data: undefined, error: new Error('500: fel') } });
    expect(within(section('FYND!')).getByLabelText('Laddar viner')).toBeTruthy();
    expect(within(section('AKTUELLA VINTIPS')).getByRole('alert').textContent).toContain('Vinerna kunde inte hämtas just nu.');
    expect(within(section('AKTUELLA VINTIPS')).getByRole('button', { name: 'Försök igen' })).toBeTruthy();
  });
});
