// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { realCatalogue, realCatalogueWines } from '../../../api/services/test-fixtures';
import { fakeApi, json } from '../../test/test-utils';
import { db } from '../db';
import { getSavedCatalogueInfo, savedCatalogueLabel } from './saved-catalogue';
import { NoSavedCatalogueError, searchCatalogueOffline } from './search';
import { syncCatalogue } from './sync';

// One device through its life in order: nothing stored, the first online visit, an unchanged and a changed
// catalogue, a refresh without a connection. The tests of this file run in sequence on the same device.
const first = realCatalogue(realCatalogueWines().slice(0, 50));
const second = { ...realCatalogue(realCatalogueWines().slice(0, 60)), dataDate: '2026-08-22' };

describe('the device catalogue copy', () => {
  it('has nothing before the first online visit: the offline search says so', async () => {
    expect(await getSavedCatalogueInfo()).toBeNull();
    await expect(searchCatalogueOffline({})).rejects.toBeInstanceOf(NoSavedCatalogueError);
  });

  it('stores the catalogue with its ETag on the first refresh', async () => {
    const api = fakeApi({ 'GET /api/wines/catalogue': json(200, first, { ETag: 'W/"v1"' }) });
    expect(await syncCatalogue()).toBe('saved');
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(api.fetchMock.mock.calls[0]![1].headers.get('If-None-Match')).toBeNull();
    const row = await db.catalogue.get('current');
    expect(row?.etag).toBe('W/"v1"');
    expect(row?.catalogue.items).toHaveLength(50);
    expect((await searchCatalogueOffline({ limit: 100 })).total).toBe(50);
  });

  it('asks with If-None-Match afterwards and keeps the copy on a 304', async () => {
    const before = await db.catalogue.get('current');
    const api = fakeApi({
      'GET /api/wines/catalogue': (req) => (req.headers.get('If-None-Match') === 'W/"v1"' ? json(304, undefined) : json(200, second)),
    });
    expect(await syncCatalogue()).toBe('unchanged');
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    const after = await db.catalogue.get('current');
    expect(after?.savedAt).toBe(before?.savedAt);
    expect(after?.checkedAt).toBeGreaterThanOrEqual(before!.checkedAt);
  });

  it('replaces the copy when the catalogue changed, and the search reads the new one', async () => {
    fakeApi({ 'GET /api/wines/catalogue': json(200, second, { ETag: 'W/"v2"' }) });
    expect(await syncCatalogue()).toBe('saved');
    expect((await db.catalogue.get('current'))?.etag).toBe('W/"v2"');
    expect((await searchCatalogueOffline({ limit: 100 })).total).toBe(60);
    const info = await getSavedCatalogueInfo();
    expect(info).toMatchObject({ dataDate: '2026-08-22', count: 60 });
    expect(savedCatalogueLabel(info!)).toBe('Sparad katalog från 2026-08-22');
    expect(savedCatalogueLabel({ dataDate: null, generatedAt: '2026-11-24T23:30:00.000Z' })).toBe('Sparad katalog från 2026-11-25');
  });

  it('keeps the copy when the refresh fails (offline or a server error)', async () => {
    fakeApi({
      'GET /api/wines/catalogue': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await syncCatalogue()).toBe('failed');
    fakeApi({ 'GET /api/wines/catalogue': json(500, { error: { code: 'internal', message: 'Fel' } }) });
    expect(await syncCatalogue()).toBe('failed');
    expect((await db.catalogue.get('current'))?.catalogue.items).toHaveLength(60);
  });
});
