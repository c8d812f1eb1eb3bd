// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Facet, FacetValue, WineSearchPage } from '../../../api/contract/wine-search';
import type { WineSummary } from '../../../api/contract/wines';
import { realCatalogue, realCatalogueWines } from '../../../api/services/test-fixtures';
import { searchCatalogueOffline } from '../../lib/catalogue/search';
import { db } from '../../lib/db';
import { server } from '../../test/msw';
import { resetAfterEach } from '../../test/reset-after-each';
import { apiError, fakeApi, renderApp } from '../../test/test-utils';
import { buildWineSummary } from '../../test/wine-fixtures';

/** `count` wines named 'Vin <n>' with ids made from n. */
function makeWines(from: number, count: number): WineSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return buildWineSummary({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Vin ${n}`, vintage: null });
  });
}

const COUNTRIES = ['Italien', 'Frankrike', 'Spanien', 'Tyskland', 'Portugal', 'Chile', 'Argentina', 'Sydafrika'];

const FACETS: Partial<Record<Facet, FacetValue[]>> = {
  type: [
    { value: 'red', label: 'Rött', count: 412 },
    { value: 'white', label: 'Vitt', count: 301 },
    { value: 'rose', label: 'Rosé', count: 1 },
    { value: 'fortified', label: 'Starkvin', count: 0 },
  ],
  country: COUNTRIES.map((c, i) => ({ value: c, label: c, count: 100 - i })),
  food: [
    { value: 'fish', label: 'Fisk', count: 120 },
    { value: 'light_meat', label: 'Ljust kött', count: 80 },
  ],
};

/** A search answer: `items` from `offset`, `total` in all, the facets above unless given. */
function searchPage(items: WineSummary[], { total = items.length, offset = 0, facets = FACETS } = {}): WineSearchPage {
  return {
    items,
    total,
    limit: 24,
    offset,
    facets: facets as WineSearchPage['facets'],
    ranges: { price: { min: 59, max: 1299 }, pricePerLitre: { min: 79, max: 1732 } },
  };
}

type Answer = (url: URL) => Response | Promise<Response>;

/**
 * Answers GET /api/wines/search with `answer` (by default two wines) and records each request's query string
 * (without the leading '?').
 */
function fakeSearch(answer: Answer = () => HttpResponse.json(searchPage(makeWines(1, 2)))) {
  const queries: string[] = [];
  fakeApi();
  server.use(
    http.get('/api/wines/search', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search.slice(1));
      return answer(url);
    }),
  );
  return queries;
}

/** The address of the memory router (path and query). */
const addressOf = (router: ReturnType<typeof renderApp>) => `${router.state.location.pathname}${router.state.location.search}`;
/** The filters' sidebar (the phone's dialog holds the same panel). */
const sidebar = () => screen.getByRole('complementary', { name: 'Filtrera' });

beforeEach(() => {
  fakeSearch();
});

resetAfterEach();

describe('/viner (Alla viner)', () => {
  it('asks the API for what the address says, in the contract’s names, with pages of 24', async () => {
    const queries = fakeSearch();
    renderApp('/viner?sort=price_asc&type=red&q=chianti&type=white&priceMax=150&bodyMin=3&organic=true&food=fish&discontinued=include');

    expect(await screen.findByRole('heading', { level: 2, name: '2 viner' })).toBeTruthy();
    expect(queries).toEqual([
      'q=chianti&type=red&type=white&priceMax=150&bodyMin=3&food=fish&organic=true&discontinued=include&sort=price_asc&limit=24&offset=0',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ALLA VINER');
    expect(document.title).toBe('”chianti” – Alla viner – Vinpressen');
    expect(screen.getByRole('searchbox', { name: 'Sökord' })).toHaveProperty('value', 'chianti');
    expect(within(sidebar()).getByRole('checkbox', { name: 'Rött (412 viner)' })).toHaveProperty('checked', true);
    expect(within(sidebar()).getByRole('combobox', { name: 'Fyllighet från' })).toHaveProperty('value', '3');
    expect(within(sidebar()).getByRole('spinbutton', { name: 'Till – pris i kr' })).toHaveProperty('value', '150');
    expect(within(sidebar()).getByRole('checkbox', { name: 'Visa utgångna viner' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Sortera' })).toHaveProperty('value', 'price_asc');
    // The chosen filters as chips, with the facets' labels.
    expect(screen.getAllByRole('button', { name: /^Ta bort filtret/ }).map((b) => b.textContent)).toEqual([
      'Rött',
      'Vitt',
      'Fisk',
      'Pris: högst 150 kr',
      'Fyllighet: minst 3',
      'Bara ekologiska viner',
      'Visa utgångna viner',
    ]);
  });

  it('leaves out what the API would refuse (unknown names, bad values), so an edited link still shows wines', async () => {
    const queries = fakeSearch();
    renderApp('/viner?type=blue&type=red&priceMin=-5&bodyMax=9&sort=cheapest&organic=yes&vintage=1850&limit=500&foo=bar');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    expect(queries).toEqual(['type=red&limit=24&offset=0']);
  });

  it("shows each choice's count, hides choices that would leave no wine, and collapses long lists behind 'Visa fler'", async () => {
    renderApp('/viner');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    const panel = sidebar();
    expect(within(panel).getByRole('checkbox', { name: 'Rött (412 viner)' })).toHaveProperty('checked', false);
    expect(within(panel).getByRole('checkbox', { name: 'Rosé (1 vin)' })).toBeTruthy();
    expect(within(panel).queryByRole('checkbox', { name: /Starkvin/ })).toBeNull();
    // The food codes come with their Swedish labels.
    expect(within(panel).getByRole('checkbox', { name: 'Ljust kött (80 viner)' })).toBeTruthy();

    const countries = within(panel).getByRole('group', { name: 'Land' });
    expect(within(countries).getAllByRole('checkbox')).toHaveLength(6);
    const more = within(countries).getByRole('button', { name: 'Visa fler (2) – land' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(countries).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(countries).getByRole('button', { name: 'Visa färre – land' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("counts one wine as '1 vin'", async () => {
    fakeSearch(() => HttpResponse.json(searchPage(makeWines(1, 1))));
    renderApp('/viner?q=barolo');
    expect(await screen.findByRole('heading', { level: 2, name: '1 vin' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('a ticked filter goes into the address and the request; back brings the earlier search back', async () => {
    const queries = fakeSearch((url) =>
      HttpResponse.json(url.searchParams.getAll('type').includes('white') ? searchPage(makeWines(1, 3)) : searchPage(makeWines(1, 2))),
    );
    const router = renderApp('/viner?type=red');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });

    fireEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Vitt (301 viner)' }));

    await screen.findByRole('heading', { level: 2, name: '3 viner' });
    expect(addressOf(router)).toBe('/viner?type=red&type=white');
    expect(queries.at(-1)).toBe('type=red&type=white&limit=24&offset=0');
    expect(within(sidebar()).getByRole('checkbox', { name: /^Vitt/ })).toHaveProperty('checked', true);
    // The count is announced.
    expect(screen.getByRole('status').textContent).toBe('3 viner matchar');

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    expect(addressOf(router)).toBe('/viner?type=red');
    expect(within(sidebar()).getByRole('checkbox', { name: /^Vitt/ })).toHaveProperty('checked', false);

    // Unticking takes the value out again.
    fireEvent.click(within(sidebar()).getByRole('checkbox', { name: /^Rött/ }));
    await waitFor(() => expect(addressOf(router)).toBe('/viner'));
  });

  it('the price fields apply when left or on Enter; the taste selects and toggles at once', async () => {
    const queries = fakeSearch();
    const router = renderApp('/viner');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    const panel = sidebar();

    const from = within(panel).getByRole('spinbutton', { name: 'Från – pris i kr' });
    expect(from.getAttribute('placeholder')).toBe('59');
    fireEvent.change(from, { target: { value: '100' } });
    expect(addressOf(router)).toBe('/viner');
    fireEvent.blur(from);
    await waitFor(() => expect(addressOf(router)).toBe('/viner?priceMin=100'));

    const perLitre = within(panel).getByRole('spinbutton', { name: 'Till – literpris i kr/l' });
    fireEvent.change(perLitre, { target: { value: '300' } });
    fireEvent.keyDown(perLitre, { key: 'Enter' });
    await waitFor(() => expect(addressOf(router)).toBe('/viner?priceMin=100&pricePerLitreMax=300'));

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Strävhet till' }), { target: { value: '2' } });
    await waitFor(() => expect(addressOf(router)).toBe('/viner?priceMin=100&pricePerLitreMax=300&tanninsMax=2'));

    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Bara Granskad av Vinpressen' }));
    await waitFor(() => expect(addressOf(router)).toBe('/viner?priceMin=100&pricePerLitreMax=300&tanninsMax=2&granskad=true'));
    await waitFor(() => expect(queries.at(-1)).toBe('priceMin=100&pricePerLitreMax=300&tanninsMax=2&granskad=true&limit=24&offset=0'));

    // A chip removes its filter, and the focus goes on to the chip now in its place; 'Rensa alla' removes the rest
    // and leaves the focus on the count.
    const priceChip = screen.getByRole('button', { name: 'Ta bort filtret Pris: minst 100 kr' });
    priceChip.focus();
    fireEvent.click(priceChip);
    await waitFor(() => expect(addressOf(router)).toBe('/viner?pricePerLitreMax=300&tanninsMax=2&granskad=true'));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Ta bort filtret Literpris: högst 300 kr/l'));
    // The field follows the address.
    expect(within(panel).getByRole('spinbutton', { name: 'Från – pris i kr' })).toHaveProperty('value', '');
    const clear = screen.getByRole('button', { name: 'Rensa alla' });
    clear.focus();
    fireEvent.click(clear);
    await waitFor(() => expect(addressOf(router)).toBe('/viner'));
    expect(screen.queryByRole('button', { name: /^Ta bort filtret/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '2 viner' })));
  });

  it("sorts by the select's choice; 'Relevans' is the default and leaves the address", async () => {
    const queries = fakeSearch();
    const router = renderApp('/viner?q=rioja');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    const select = screen.getByRole('combobox', { name: 'Sortera' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevans', 'Pris (lägst först)', 'Pris (högst först)', 'Literpris (lägst först)', 'Nyast', 'Betyg', 'Namn']);

    fireEvent.change(select, { target: { value: 'price_per_litre' } });
    await waitFor(() => expect(queries.at(-1)).toBe('q=rioja&sort=price_per_litre&limit=24&offset=0'));
    expect(addressOf(router)).toBe('/viner?q=rioja&sort=price_per_litre');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sortera' }), { target: { value: 'relevance' } });
    await waitFor(() => expect(addressOf(router)).toBe('/viner?q=rioja'));
  });

  it("'Visa fler viner' loads the next 24 after the loaded ones and focuses the first new card", async () => {
    let release!: () => void;
    const queries = fakeSearch(async (url) => {
      const offset = Number(url.searchParams.get('offset'));
      if (offset === 0) return HttpResponse.json(searchPage(makeWines(1, 24), { total: 30 }));
      await new Promise<void>((resolve) => (release = resolve));
      return HttpResponse.json(searchPage(makeWines(25, 6), { total: 30, offset: 24 }));
    });
    renderApp('/viner?type=red');
    await screen.findByRole('heading', { level: 2, name: '30 viner' });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Visar 24 av 30 viner')).toBeTruthy();

    const more = screen.getByRole('button', { name: 'Visa fler viner' });
    more.focus();
    fireEvent.click(more);
    await waitFor(() => expect(queries.at(-1)).toBe('type=red&limit=24&offset=24'));
    expect(more.textContent).toBe('Laddar…');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    release();

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.getByText('Visar 30 av 30 viner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Visa fler viner|Laddar/ })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Vin 25');
  });

  it("says 'Inga viner matchar…' when nothing matches, and 'Rensa alla filter' keeps the words", async () => {
    fakeSearch((url) => HttpResponse.json(url.searchParams.has('country') ? searchPage([], { facets: {} }) : searchPage(makeWines(1, 2))));
    const router = renderApp('/viner?q=pinot&country=Chile&sort=name');
    expect(await screen.findByText('Inga viner matchar din sökning')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '0 viner' })).toBeTruthy();
    // A chosen value the answer doesn't list stays in the filters, so it can be unticked.
    expect(within(sidebar()).getByRole('checkbox', { name: 'Chile (0 viner)' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Rensa alla filter' }));
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    expect(addressOf(router)).toBe('/viner?q=pinot&sort=name');
  });

  it("offers 'Sök även bland utgångna viner' when nothing sold matches: the wine may be one no longer sold", async () => {
    const queries = fakeSearch((url) =>
      HttpResponse.json(url.searchParams.get('discontinued') === 'include' ? searchPage(makeWines(1, 1)) : searchPage([], { facets: {} })),
    );
    const router = renderApp('/viner?q=vernissage');
    expect(await screen.findByText('Inga viner matchar din sökning')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sök även bland utgångna viner' }));
    await screen.findByRole('heading', { level: 2, name: '1 vin' });
    expect(addressOf(router)).toBe('/viner?q=vernissage&discontinued=include');
    expect(queries.at(-1)).toContain('discontinued=include');
    expect(screen.queryByRole('button', { name: 'Sök även bland utgångna viner' })).toBeNull();
  });

  it('shows a Swedish error with “Försök igen” when the search fails, and the API’s message for a refused value', async () => {
    let fail = true;
    fakeSearch(() => (fail ? apiError(500, 'Internt fel', 'internal') : HttpResponse.json(searchPage(makeWines(1, 2)))));
    renderApp('/viner');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Något gick fel när vi hämtade vinerna. Försök igen om en stund.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { level: 2, name: '2 viner' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the refused value in the error (a 400 from the API)', async () => {
    fakeSearch(() => apiError(400, 'Högst 50 värden per filter', 'validation_error'));
    renderApp('/viner?grape=Merlot');
    expect((await screen.findByRole('alert')).textContent).toContain('Sökningen kunde inte göras: Högst 50 värden per filter');
  });

  it('says when the device is offline', async () => {
    fakeSearch(() => HttpResponse.error());
    renderApp('/viner');
    expect((await screen.findByRole('alert')).textContent).toContain('du verkar vara offline');
  });

  it('searches the device’s catalogue copy when offline, and says the copy’s date', async () => {
    const wines = realCatalogueWines();
    await db.catalogue.put({ key: 'current', catalogue: realCatalogue(wines), etag: 'W/"c"', savedAt: 1, checkedAt: 1 });
    const queries = fakeSearch(() => HttpResponse.error());
    renderApp('/viner?q=chateau&type=red');
    const expected = await searchCatalogueOffline({ q: 'chateau', type: ['red'] });
    expect(expected.total).toBeGreaterThan(1);
    expect(await screen.findByRole('heading', { name: `${expected.total} viner` })).toBeTruthy();
    expect(await screen.findByText('Sparad katalog från 2021-09-21')).toBeTruthy();
    expect(queries).toEqual(['q=chateau&type=red&limit=24&offset=0']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the page's search field changes the words and keeps the filters", async () => {
    const queries = fakeSearch();
    const router = renderApp('/viner?type=red&q=rioja');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    const form = screen.getByRole('search', { name: 'Sök bland vinerna' });
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Sökord' }), { target: { value: '  tempranillo ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sök' }));
    await waitFor(() => expect(addressOf(router)).toBe('/viner?type=red&q=tempranillo'));
    await waitFor(() => expect(queries.at(-1)).toBe('q=tempranillo&type=red&limit=24&offset=0'));
  });

  it("on a phone the filters open in a dialog whose 'Visa N viner' closes it", async () => {
    const router = renderApp('/viner');
    await screen.findByRole('heading', { level: 2, name: '2 viner' });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtrera' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fisk (120 viner)' }));
    await waitFor(() => expect(addressOf(router)).toBe('/viner?food=fish'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Visa 2 viner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button counts the chosen filters.
    expect(screen.getByRole('button', { name: 'Filtrera (1)' })).toBeTruthy();
  });
});

describe("the masthead's search box", () => {
  it('is on every public page and sends the words to /viner?q=…', async () => {
    const queries = fakeSearch();
    const router = renderApp('/om-oss');
    const form = await screen.findByRole('search');
    const box = within(form).getByRole('searchbox', { name: 'Sök vin' });
    expect(box.getAttribute('placeholder')).toBe('Sök bland alla viner');

    fireEvent.change(box, { target: { value: 'Barolo 2019' } });
    fireEvent.submit(form);

    await waitFor(() => expect(addressOf(router)).toBe('/viner?q=Barolo+2019'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ALLA VINER' })).toBeTruthy();
    await waitFor(() => expect(queries).toEqual(['q=Barolo+2019&limit=24&offset=0']));
  });

  it('with no words goes to every wine', async () => {
    const router = renderApp('/fynd');
    fireEvent.click(within(await screen.findByRole('search')).getByRole('button', { name: 'Sök' }));
    await waitFor(() => expect(addressOf(router)).toBe('/viner'));
  });

  it("'Alla viner' is in the navigation", async () => {
    renderApp('/viner');
    const nav = screen.getAllByRole('navigation', { name: 'Huvudmeny' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Alla viner' }).getAttribute('href')).toBe('/viner');
  });
});
