import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecipeList } from '../../contract/recipes';
import { RECIPES } from '../../queries/recipes';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

describe('GET /api/recipes', () => {
  it('answers the whole collection in its order, in the documented shape', async () => {
    const res = await api.get('/api/recipes').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(RecipeList.parse(res.body)).toEqual({ items: RECIPES });
    expect(res.body.items.map((r: { id: string }) => r.id)[0]).toBe('toast-skagen');
  });

  it('is public and revalidated: an ETag, and 304 when the device already has it', async () => {
    const first = await api.get('/api/recipes').set('Accept-Encoding', 'gzip').expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await api.get('/api/recipes').set('If-None-Match', etag).expect(304);
  });
});
