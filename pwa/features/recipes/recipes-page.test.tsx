// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { WinePage, WineSummary } from '../../../api/contract/wines';
import { apiError, fakeApi, json } from '../../test/test-utils';
import { RECIPES } from '../../../api/test/recipes';
import { RecipesPage } from './recipes-page';
import { publicPageKey } from '../../lib/api/content';

const FIRST = RECIPES[0]!;
const WINE_ID = FIRST.wineIds[0]!;

const WINE = {
  id: WINE_ID,
  name: 'Testbubbel Brut',
  price: 129,
  vintage: null,
  imageUrl: null,
} as WineSummary;

function renderPage() {
  fakeApi(); // The page's CMS intro, GET /api/pages/recept: none here (404).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The page asks for every recommended wine in one call, in recipe order; the cache holds the API's page.
  const allIds = [...new Set(RECIPES.flatMap((r) => r.wineIds))];
  const winePage: WinePage = { items: [WINE], total: 1, limit: allIds.length, offset: 0 };
  queryClient.setQueryData(['wines', { ids: allIds }], winePage);
  // No CMS intro (as a 404 answers), known at once: the page waits for it before it shows.
  queryClient.setQueryData(publicPageKey('recept'), null);
  queryClient.setQueryData(['recipes'], RECIPES);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/recept']}>
        <RecipesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('RecipesPage', () => {
  it('lists every recipe with the count line', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('RECEPT & VINMATCHNING');
    expect(screen.getByText(`Visar ${RECIPES.length} av ${RECIPES.length} recept`)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(RECIPES.length);
  });

  it('shows at most 3 tags and the recommended wine with its price', () => {
    renderPage();
    const card = screen.getByRole('heading', { name: FIRST.title }).closest('article')!;
    expect(within(card).getByRole('list', { name: 'Taggar' }).children.length).toBeLessThanOrEqual(3);
    expect(within(card).getByText('Rekommenderat vin:')).toBeTruthy();
    const link = within(card).getByRole('link', { name: /Testbubbel Brut/ });
    expect(link.getAttribute('href')).toBe(`/wine/${WINE_ID}`);
    expect(within(link).getByText('129 kr')).toBeTruthy();
    expect(within(card).getByText(`${FIRST.cookingTime} min`)).toBeTruthy();
    expect(within(card).getByText(`${FIRST.servings} port`)).toBeTruthy();
  });

  it('filters by search text and shows the empty state when nothing matches', () => {
    renderPage();
    expect(screen.getByRole('search')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Sök recept' });
    expect(search.getAttribute('placeholder')).toBe('Sök recept, ingredienser eller taggar...');
    fireEvent.change(search, { target: { value: FIRST.title } });
    expect(screen.getByRole('heading', { name: FIRST.title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(new RegExp(`^Visar \\d+ av ${RECIPES.length} recept$`));

    // Enter submits the search form: it must not leave (reload) the page.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    search.closest('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    fireEvent.change(search, { target: { value: 'zzzxxy' } });
    expect(screen.getByText(`Visar 0 av ${RECIPES.length} recept`)).toBeTruthy();
    expect(screen.getByText('Inga recept hittades')).toBeTruthy();
    expect(screen.getByText('Prova att ändra dina sökkriterier eller filtrera på något annat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Visa alla recept' }));
    expect(screen.getAllByRole('article')).toHaveLength(RECIPES.length);
  });

  it('filters by category and difficulty with pressed toggle buttons', () => {
    renderPage();
    const category = screen.getByRole('group', { name: 'Kategori' });
    const dessert = within(category).getByRole('button', { name: 'Dessert' });
    expect(within(category).getByRole('button', { name: 'Alla' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(dessert);
    expect(dessert.getAttribute('aria-pressed')).toBe('true');
    const desserts = RECIPES.filter((r) => r.category === 'Dessert');
    expect(screen.getAllByRole('article')).toHaveLength(desserts.length);

    const difficulty = screen.getByRole('group', { name: 'Svårighetsgrad' });
    fireEvent.click(within(difficulty).getByRole('button', { name: 'Svår' }));
    const both = desserts.filter((r) => r.difficulty === 'Svår');
    expect(screen.getByText(`Visar ${both.length} av ${RECIPES.length} recept`)).toBeTruthy();
  });

  it('opens the full recipe in a dialog', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: `Visa recept: ${FIRST.title}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: FIRST.title })).toBeTruthy();
    expect(within(dialog).getByText(FIRST.ingredients[0]!)).toBeTruthy();
    expect(within(dialog).getByText(FIRST.steps[0]!)).toBeTruthy();
    expect(within(dialog).getByText(FIRST.wineNote)).toBeTruthy();
  });

  it('reads the recipes from GET /api/recipes, and says so with a retry when that fails', async () => {
    let fail = true;
    const api = fakeApi({
      'GET /api/recipes': () => (fail ? apiError(503, 'Tjänsten är inte tillgänglig', 'unavailable') : json(200, { items: RECIPES })),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(publicPageKey('recept'), null);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/recept']}>
          <RecipesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Recepten kunde inte laddas.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(RECIPES.length));
    expect(screen.getByText(`Visar ${RECIPES.length} av ${RECIPES.length} recept`)).toBeTruthy();
    expect(api.calls('GET /api/recipes')).toHaveLength(2);
  });
});
