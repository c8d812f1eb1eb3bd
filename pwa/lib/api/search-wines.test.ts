// @vitest-environment happy-dom
// (the page's relative /api/ URLs, answered by the MSW server of pwa/test/msw.ts)
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WineSearchPage } from '../../../api/contract/wine-search';
import { server } from '../../test/msw';
import { ApiError } from '../api-client';
import { searchWines, wineSearchParams } from './search-wines';

const EMPTY: WineSearchPage = {
  items: [],
  total: 0,
  limit: 24,
  offset: 0,
  facets: {} as WineSearchPage['facets'],
  ranges: { price: { min: null, max: null }, pricePerLitre: { min: null, max: null } },
};

describe('wineSearchParams', () => {
  it('writes each field once, a list as the parameter repeated, in the order given; empty values are left out', () => {
    const params = wineSearchParams({
      q: 'röd bourgogne',
      type: ['red', 'white'],
      priceMax: 150,
      country: [],
      region: '',
      organic: 'true',
      grape: undefined,
      limit: 24,
      offset: 48,
    });
    expect(params.toString()).toBe('q=r%C3%B6d+bourgogne&type=red&type=white&priceMax=150&organic=true&limit=24&offset=48');
  });
});

describe('searchWines', () => {
  it('GETs /api/wines/search with the query and answers the page as sent', async () => {
    let asked = '';
    server.use(
      http.get('/api/wines/search', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ ...EMPTY, total: 3 });
      }),
    );
    expect(await searchWines({ food: ['fish', 'seafood'], limit: 24, offset: 0 })).toEqual({ ...EMPTY, total: 3, fromDevice: false });
    expect(asked).toBe('?food=fish&food=seafood&limit=24&offset=0');
  });

  it('throws ApiError with the API’s message on a refused value', async () => {
    server.use(
      http.get('/api/wines/search', () =>
        HttpResponse.json({ error: { code: 'validation_error', message: 'Fyllighet måste vara 1–5' } }, { status: 400 }),
      ),
    );
    const error = await searchWines({ bodyMin: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Fyllighet måste vara 1–5');
  });
});
