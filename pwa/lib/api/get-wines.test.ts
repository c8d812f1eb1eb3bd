// @vitest-environment happy-dom
// (a page's relative /api/ URLs, answered by the MSW server of pwa/test/msw.ts)
import 'fake-indexeddb/auto';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Wine, WinePage, WineSummary } from '../../../api/contract/wines';
import { goOffline, server } from '../../test/msw';
import { buildWineSummary } from '../../test/wine-fixtures';
import { db } from '../db';
import { getWinePage, getWinesByIds, nextWineOffset, winePageUrl } from './get-wines';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

const summary = (id: string, name: string): WineSummary => buildWineSummary({ id, name });

function fullWine(id: string, name: string): Wine {
  return {
    ...summary(id, name),
    sweetness: 2,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    foodPairings: ['meat'],
    occasions: [],
    approvalStatus: 'approved',
    producer: 'Producent',
    style: null,
    color: null,
    serving: null,
    productNumber: null,
    isOrganic: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    discontinuedOn: null,
    priceHistory: [],
  };
}

const PAGE: WinePage = { items: [summary(ID_A, 'A'), summary(ID_B, 'B')], total: 30, limit: 24, offset: 0 };

/** GET /api/wines answers `body`; returns the paths and queries asked for. */
function online(body: WinePage) {
  const asked: string[] = [];
  server.use(
    http.get('/api/wines', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

const offline = goOffline;

beforeEach(async () => {
  await db.wines.clear();
  await db.lists.clear();
});

describe('getWinePage', () => {
  it('asks for the exact page and returns the whole page (not only its items)', async () => {
    const asked = online(PAGE);
    const page = await getWinePage('FYND', { limit: 24, offset: 0 });
    expect(asked).toEqual(['/api/wines?category=FYND&limit=24&offset=0']);
    expect(page).toEqual(PAGE);
  });

  it('keeps the page under its URL and never writes summaries into the wines table', async () => {
    await db.wines.put({ id: ID_A, wine: fullWine(ID_A, 'A'), savedAt: 1 });
    online(PAGE);
    await getWinePage('FYND', { limit: 24, offset: 0 });
    // Stored in the background, after the answer (pwa/lib/offline-read.ts).
    await vi.waitFor(async () => expect((await db.lists.get(winePageUrl('FYND', { limit: 24, offset: 0 })))?.winePage).toEqual(PAGE));
    // The full wine from a detail visit is still whole.
    expect((await db.wines.get(ID_A))?.wine.producer).toBe('Producent');
    expect(await db.wines.count()).toBe(1);
  });

  it('reads the stored page offline, and fails for a page never seen', async () => {
    online(PAGE);
    await getWinePage('FYND', { limit: 24, offset: 0 });
    await vi.waitFor(async () => expect(await db.lists.count()).toBe(1));
    offline();
    expect(await getWinePage('FYND', { limit: 24, offset: 0 })).toEqual(PAGE);
    await expect(getWinePage('FYND', { limit: 24, offset: 24 })).rejects.toThrow('Failed to fetch');
  });
});

describe('getWinesByIds', () => {
  it('asks for the ids in the given order and reads the stored page offline', async () => {
    const asked = online(PAGE);
    await getWinesByIds([ID_A, ID_B]);
    expect(asked).toEqual([`/api/wines?ids=${ID_A},${ID_B}`]);
    await vi.waitFor(async () => expect(await db.lists.count()).toBe(1));
    offline();
    expect((await getWinesByIds([ID_A, ID_B])).items.map((w) => w.name)).toEqual(['A', 'B']);
  });

  it('falls back to the full wines of detail visits when the page was never stored', async () => {
    await db.wines.put({ id: ID_B, wine: fullWine(ID_B, 'B'), savedAt: 1 });
    offline();
    expect((await getWinesByIds([ID_A, ID_B])).items.map((w) => w.id)).toEqual([ID_B]);
  });
});

describe('nextWineOffset', () => {
  it('is the offset after the page while wines remain, else undefined', () => {
    expect(nextWineOffset(PAGE)).toBe(2);
    expect(nextWineOffset({ ...PAGE, total: 2 })).toBeUndefined();
    expect(nextWineOffset({ items: [], total: 30, limit: 24, offset: 24 })).toBeUndefined();
  });
});
