import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestDatabase } from '../test/test-db';

const getDb = useTestDatabase();
const INDEX = '<!doctype html><html lang="sv"><body><div id="root"></div></body></html>';
let dir: string;
let api: ReturnType<typeof request>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-static-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  await fs.writeFile(path.join(dir, 'assets', 'x.js'), 'console.log("x");');
  await fs.writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  api = request(createTestApp(getDb().db, { staticDir: dir }).callback());
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('static site (the built PWA)', () => {
  it.each([
    '/',
    '/fynd',
    '/aktuella-viner',
    '/nya-viner',
    '/folkets-val',
    '/recept',
    '/om-oss',
    '/medals',
    '/fynd/',
    '/artiklar',
    '/artiklar/nagon-artikel',
  ])('serves index.html with 200 for the PWA route %s', async (route) => {
    const res = await api.get(route);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toBe(INDEX);
  });

  it('serves index.html with 200 for a wine page', async () => {
    const res = await api.get('/wine/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f');

    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });

  it.each(['/no-such-page', '/wine', '/wine/1/2', '/fynd/extra'])(
    'answers the unknown path %s with 404 and still the html (the PWA shows its English 404)',
    async (route) => {
      const res = await api.get(route);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year as immutable', async () => {
    const res = await api.get('/assets/x.js');

    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log("x");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/fynd', '/sw.js'])('makes %s revalidate (no-cache)', async (route) => {
    const res = await api.get(route);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 html, not a file from outside the build', async () => {
    const missing = await api.get('/assets/missing.js');
    const traversal = await api.get('/..%2f..%2fetc%2fpasswd');

    expect(missing.status).toBe(404);
    // koa-send refuses a path that leaves the root with 403.
    expect([403, 404]).toContain(traversal.status);
    expect(traversal.text).not.toContain('root:');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await api.head('/fynd');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('leaves /api paths to the API (JSON 404, never the html)', async () => {
    const res = await api.get('/api/finns-inte');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error.code).toBe('not_found');
  });

  it('still answers the API beside the site', async () => {
    const res = await api.get('/api/health');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });
});
