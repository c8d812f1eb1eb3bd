// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { realCatalogue, realCatalogueWines } from '../../../api/services/test-fixtures';
import { fakeApi, json } from '../../test/test-utils';
import { resetAfterEach } from '../../test/reset-after-each';
import { db } from '../db';
import { scheduleCatalogueSync } from './schedule';

resetAfterEach();

describe('scheduleCatalogueSync', () => {
  it('refreshes the copy only some seconds after the page has loaded, and again when the connection comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const api = fakeApi({ 'GET /api/wines/catalogue': json(200, realCatalogue(realCatalogueWines().slice(0, 5)), { ETag: 'W/"s1"' }) });
    scheduleCatalogueSync();

    await vi.advanceTimersByTimeAsync(2000);
    expect(api.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await db.catalogue.get('current'))?.etag).toBe('W/"s1"'));
    expect(api.fetchMock).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(2));
    expect(api.fetchMock.mock.calls[1]![1].headers.get('If-None-Match')).toBe('W/"s1"');
  });
});
