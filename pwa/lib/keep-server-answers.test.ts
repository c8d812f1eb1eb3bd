// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Wine, WinePage } from '../../api/contract/wines';
import { goOffline } from '../test/msw';
import { resetAfterEach } from '../test/reset-after-each';
import { buildWineSummary } from '../test/wine-fixtures';
import { getSlider } from './api/get-slider';
import {
  getWinePage,
  getWinesByIds,
  infiniteWinesByCategoryQueryOptions,
  winesByIdsQueryOptions,
  winesByCategoryQueryOptions,
} from './api/get-wines';
import { sliderQueryOptions } from './api/get-slider';
import { db } from './db';
import { keepServerAnswers } from './keep-server-answers';

resetAfterEach();

const page = (items: WinePage['items'], offset = 0): WinePage => ({ items, total: 30, limit: items.length, offset });

describe('keepServerAnswers', () => {
  it("keeps a server-rendered page's answers where the browser's own reads look for them offline", async () => {
    // A whole wine as GET /api/wines/{id} answers it (the card's fields are enough here).
    const wine = buildWineSummary({ id: 'w-1', name: 'Serverns vin' }) as unknown as Wine;
    const first = page([buildWineSummary({ id: 'a', name: 'Fynd A' })]);
    const second = page([buildWineSummary({ id: 'b', name: 'Fynd B' })], 24);
    const shown = page([buildWineSummary({ id: 'c', name: 'Hemma C' })]);
    const byIds = page([buildWineSummary({ id: 'd', name: 'Recept D' })]);
    const slider = [{ id: 's', label: 'Månadens vin', position: 1, wine: buildWineSummary({ id: 'e' }) }];
    // A query cache as the server fills it (pwa/app/server-routes.ts), with the same query options.
    const client = new QueryClient();
    // The wine page's query key (pwa/features/wines/api/get-wine.ts wineQueryOptions).
    client.setQueryData(['wine', 'w-1'], wine);
    client.setQueryData(infiniteWinesByCategoryQueryOptions('FYND').queryKey, { pages: [first, second], pageParams: [0, 24] });
    client.setQueryData(winesByCategoryQueryOptions('NYLANSERAD', { limit: 3 }).queryKey, shown);
    client.setQueryData(winesByIdsQueryOptions(['d']).queryKey, byIds);
    client.setQueryData(sliderQueryOptions().queryKey, slider as never);
    client.setQueryData(['content', 'page', 'fynd'], { title: 'Fynd' });

    await keepServerAnswers(dehydrate(client));
    goOffline();

    expect((await db.wines.get('w-1'))?.wine).toMatchObject({ name: 'Serverns vin' });
    expect(await getWinePage('FYND', { limit: 24, offset: 0 })).toEqual(first);
    expect(await getWinePage('FYND', { limit: 24, offset: 24 })).toEqual(second);
    expect(await getWinePage('NYLANSERAD', { limit: 3, offset: 0 })).toEqual(shown);
    expect(await getWinesByIds(['d'])).toEqual(byIds);
    expect(await getSlider()).toEqual(slider);
  });

  it('keeps nothing for a page without such answers, and never fails the page', async () => {
    const client = new QueryClient();
    client.setQueryData(['content', 'page', 'om-oss'], null);
    await expect(keepServerAnswers(dehydrate(client))).resolves.toBeUndefined();
  });
});
