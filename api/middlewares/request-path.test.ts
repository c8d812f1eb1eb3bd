import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../contract/errors';
import { isSiteRoute } from '../contract/site-routes';
import { createTestApp, useTestDatabase } from '../test/test-db';
import { MALFORMED_PATH_MESSAGE } from './request-path';

// Bad percent-encoding in the path ('%E0%A4%A' is a cut-off UTF-8 sequence, '%ZZ' no escape at all, '%C0%AF' an
// overlong '/') is the client's mistake on every path: 400 in the one JSON error shape, never a 500 (a URIError).
const getDb = useTestDatabase();
const INDEX = '<!doctype html><html lang="sv"><body><div id="root"></div></body></html>';
let dir: string;
let site: ReturnType<typeof request>;
let apiOnly: ReturnType<typeof request>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-path-'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  site = request(createTestApp(getDb().db, { staticDir: dir }).callback());
  apiOnly = request(createTestApp(getDb().db).callback());
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const BAD = [
  '/%E0%A4%A',
  '/wine/%ZZ',
  '/api/wines/%E0%A4%A',
  '/%C0%AF',
  '/artiklar/%E0%A4%A',
  '/assets/%ZZ.js',
  '/api/%FF',
  '/api/medal-designs/%E0%A4%A.svg',
  '/admin/page-editor/%',
];

describe('paths with bad percent-encoding', () => {
  it.each(BAD)('answers %s with 400 and the JSON error shape, with the built PWA served', async (url) => {
    const res = await site.get(url);
    expect(res.status).toBe(400);
    const parsed = ErrorBody.strict().safeParse(res.body);
    expect(parsed.success, res.text).toBe(true);
    expect(parsed.data!.error).toMatchObject({ code: 'bad_request', message: MALFORMED_PATH_MESSAGE });
  });

  it.each(BAD)('answers %s with 400 in the API-only app too, for any method', async (url) => {
    expect((await apiOnly.get(url)).status).toBe(400);
    expect((await apiOnly.post(url).send({})).status).toBe(400);
  });

  it('still serves good encodings: an escaped Swedish letter is a page, an escaped id an API answer', async () => {
    expect((await site.get('/nya-viner')).status).toBe(200);
    expect((await site.get(`/${encodeURIComponent('smörgåsbord')}`)).status).toBe(404);
    expect((await site.get('/wine/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f')).status).toBe(200);
    expect((await site.get('/api/wines/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f')).status).toBe(404);
  });

  it('leaves the query string to its parser: what it cannot decode is kept as text and validated as such', async () => {
    const res = await site.get('/api/wines?limit=%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'query.limit', message: 'limit måste vara ett heltal' }]);
  });

  it('is no PWA route, and checking it throws nothing (the PWA uses isSiteRoute too)', () => {
    expect(isSiteRoute('/wine/%ZZ')).toBe(false);
    expect(isSiteRoute('/%E0%A4%A')).toBe(false);
    expect(isSiteRoute('/wine/abc%20def')).toBe(true);
  });
});
