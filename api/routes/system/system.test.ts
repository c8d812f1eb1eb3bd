import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/errors';
import { ROUTE_REGISTRY } from '../../lib/route';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

describe('GET /api/health', () => {
  it('answers 200 with status ok and the version, never cached', async () => {
    const res = await api.get('/api/health');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: 'test', uptimeSeconds: expect.any(Number) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await api.get('/api/health').set('X-Request-Id', 'test-request-0001');
    const made = await api.get('/api/health').set('X-Request-Id', 'bad id <script>');

    expect(given.headers['x-request-id']).toBe('test-request-0001');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/ready', () => {
  it('answers 200 with the database ok', async () => {
    const res = await api.get('/api/ready');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });
  });
});

describe('GET /api/docs', () => {
  it('is an OpenAPI 3.1 document listing every registered route', async () => {
    const res = await api.get('/api/docs');

    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toMatchObject({ title: expect.any(String), version: 'test' });
    expect(ROUTE_REGISTRY.length).toBeGreaterThanOrEqual(7);
    for (const route of ROUTE_REGISTRY) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(res.body.paths[path], `${route.method} ${path}`).toHaveProperty(route.method);
      expect(res.body.paths[path][route.method].responses).toBeTypeOf('object');
    }
    const documented = Object.entries(res.body.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented).toHaveLength(ROUTE_REGISTRY.length);
  });

  it('documents the public endpoints the PWA calls (spec 000 §7)', async () => {
    const res = await api.get('/api/docs');

    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/wines',
        '/api/wines/{id}',
        '/api/wines/{id}/reviews',
        '/api/slider-wines',
        '/api/expert-reviews/featured',
        '/api/newsletter',
      ]),
    );
    expect(res.body.paths['/api/wines/{id}'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  });

  it('documents only routes that answer, with a status they document', async () => {
    for (const route of ROUTE_REGISTRY.filter((r) => r.method === 'get' && !r.path.includes(':'))) {
      const res = await api.get(route.path);
      expect(Object.keys(route.responses).map(Number), route.path).toContain(res.status);
      expect(res.status, route.path).not.toBe(500);
    }
  });
});

describe('unknown /api paths', () => {
  it.each(['/api/finns-inte', '/api/wines/extra/segment/here', '/api'])('answers %s with a JSON 404 error', async (path) => {
    const res = await api.get(path);

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const parsed = ErrorBody.strict().safeParse(res.body);
    expect(parsed.success, JSON.stringify(res.body)).toBe(true);
    expect(parsed.data!.error.code).toBe('not_found');
  });
});
