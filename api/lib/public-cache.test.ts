import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { buildWine } from '../test/factories';
import { createTestJobQueue, silentLogger, TEST_KEYS, TEST_ORIGIN, useTestDatabase } from '../test/test-db';
import { swedishYearMonth } from '../contract/dates';
import { PublicCache } from './public-cache';

const getDb = useTestDatabase();
let cache: PublicCache;
let api: ReturnType<typeof request>;
let clears = 0;

beforeAll(async () => {
  const { db, url } = getDb();
  cache = new PublicCache({ connectionString: url, enabled: true, log: silentLogger });
  // Count invalidations (the LISTEN handler calls this.clear()), so tests can wait for them.
  const clear = cache.clear.bind(cache);
  cache.clear = () => {
    clears += 1;
    clear();
  };
  await cache.start();
  api = request(
    createApp({
      db,
      log: silentLogger,
      cache,
      version: 'test',
      jobs: createTestJobQueue(url),
      keys: TEST_KEYS,
      publicUrl: TEST_ORIGIN,
      production: false,
    }).callback(),
  );
});

afterAll(async () => {
  await cache.stop();
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines cascade');
  await settle();
});

/**
 * Waits until the cache has received every notification sent so far: Postgres delivers notifications
 * in commit order, so once a marker sent now has arrived, the earlier ones (the arranged writes) have too.
 * Without it an arranged write's NOTIFY could land after the first read and empty the cache under the test.
 * The marker is repeated because one sent while the cache is reconnecting reaches no listener.
 */
async function settle(ms = 5000) {
  const before = clears;
  const until = Date.now() + ms;
  while (clears === before) {
    if (Date.now() > until) throw new Error('the cache received no notification');
    await getDb().db.raw("select pg_notify('public_data_changed', 'test-marker')");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Changes a wine's price without firing the change trigger (as if the NOTIFY were lost), so a test can
 * tell a cached answer from a fresh one.
 */
async function silentlySetPrice(id: string, price: number) {
  await getDb().db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx('wines').where({ id }).update({ price });
  });
}

/** Polls `read` every 50 ms until `done` holds, for at most `ms`; returns the last value. */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 2000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

const priceOf = async (id: string) => (await api.get(`/api/wines/${id}`)).body.price as number;

describe('PublicCache', () => {
  it('serves the cached answer until a write to wines, then the fresh one', async () => {
    const wine = await buildWine(getDb().db, { price: 100 });
    await settle();
    expect(await priceOf(wine.id)).toBe(100);

    await silentlySetPrice(wine.id, 120);
    const cached = await priceOf(wine.id);
    await getDb().db('wines').where({ id: wine.id }).update({ name: 'Nytt namn' });
    const fresh = await eventually(
      () => api.get(`/api/wines/${wine.id}`),
      (r) => r.body.price === 120,
    );

    expect(cached).toBe(100);
    expect(fresh.body).toMatchObject({ price: 120, name: 'Nytt namn' });
  });

  it('drops cached lists too when a wine is added', async () => {
    const { db } = getDb();
    await buildWine(db, { categories: ['FYND'] });
    await settle();
    const before = await api.get('/api/wines?category=FYND');

    await buildWine(db, { categories: ['FYND'] });
    const after = await eventually(
      () => api.get('/api/wines?category=FYND'),
      (r) => r.body.items.length === 2,
    );

    expect(before.body.items).toHaveLength(1);
    expect(after.body.items).toHaveLength(2);
  });

  it('is invalidated by a write through another connection (another API process, psql)', async () => {
    const wine = await buildWine(getDb().db, { price: 100 });
    await settle();
    await priceOf(wine.id);
    await silentlySetPrice(wine.id, 150);
    expect(await priceOf(wine.id)).toBe(100);

    const other = new pg.Client({ connectionString: getDb().url });
    await other.connect();
    try {
      await other.query('update wines set is_granskad_vinpressen = true where id = $1', [wine.id]);
    } finally {
      await other.end();
    }
    const fresh = await eventually(
      () => api.get(`/api/wines/${wine.id}`),
      (r) => r.body.price === 150,
    );

    expect(fresh.body).toMatchObject({ price: 150, isGranskadVinpressen: true });
  });

  it('is invalidated by a write to the slider', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    await settle();
    const before = await api.get('/api/slider-wines');

    await db('slider_entries').insert({ ...swedishYearMonth(), wine_id: wine.id, position: 1, label: 'Månadens vin' });
    const after = await eventually(
      () => api.get('/api/slider-wines'),
      (r) => r.body.length === 1,
    );

    expect(before.body).toEqual([]);
    expect(after.body[0].label).toBe('Månadens vin');
  });

  it('loads once per key while listening', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { n: loads };
    };

    const first = await cache.get('test:key', load);
    const second = await cache.get('test:key', load);

    expect(loads).toBe(1);
    expect(second).toEqual(first);
    expect(first.etag).toMatch(/^(W\/)?".+"$/);
  });

  it('does not keep an answer loaded across an invalidation', async () => {
    let loads = 0;
    const slowLoad = async () => {
      loads += 1;
      cache.clear(); // a change lands while the answer is being loaded
      return loads;
    };

    await cache.get('test:race', slowLoad);
    await cache.get('test:race', slowLoad);

    expect(loads).toBe(2);
  });

  it('bypasses the cache while its LISTEN connection is down, and recovers', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { price: 100 });
    await settle();
    await priceOf(wine.id);

    await db.raw(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'vinpressen-cache' and datname = current_database()",
    );
    await silentlySetPrice(wine.id, 130);
    const whileDown = await eventually(
      () => priceOf(wine.id),
      (p) => p === 130,
    );
    // After the reconnect (500 ms backoff) answers are cached again.
    await settle();
    await priceOf(wine.id);
    await silentlySetPrice(wine.id, 140);

    expect(whileDown).toBe(130);
    expect(await priceOf(wine.id)).toBe(130);
  });
});

describe('the micro-cache in front of the router', () => {
  it('answers a repeated list request in the encoding asked for, with Vary, a weak ETag and 304', async () => {
    const { db } = getDb();
    await buildWine(db, { categories: ['FYND'], description: 'Fruktig och frisk. '.repeat(80) });
    await settle();
    const url = '/api/wines?category=FYND';
    const identity = await api.get(url).set('Accept-Encoding', 'identity');

    const br = await api.get(url).set('Accept-Encoding', 'gzip, deflate, br');
    const gzip = await api.get(url).set('Accept-Encoding', 'gzip');
    const notModified = await api.get(url).set('If-None-Match', identity.headers.etag as string);

    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [identity, br, gzip]) {
      expect(res.status).toBe(200);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers.etag).toBe(identity.headers.etag);
      expect(res.body).toEqual(identity.body);
    }
    expect(identity.headers.etag).toMatch(/^W\/"/);
    expect(notModified.status).toBe(304);
  });

  it('never answers a different URL (other query) from a cached one', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Fynd', categories: ['FYND'] });
    await buildWine(db, { name: 'Ny', categories: ['NYLANSERAD'] });
    await settle();

    await api.get('/api/wines?category=FYND');
    const other = await api.get('/api/wines?category=NYLANSERAD');
    const bad = await api.get('/api/wines?category=FYND&limit=0');

    expect(other.body.items.map((w: { name: string }) => w.name)).toEqual(['Ny']);
    expect(bad.status).toBe(400);
  });
});

describe('PublicCache disabled', () => {
  it('is a pass-through', async () => {
    const off = new PublicCache({ enabled: false });
    await off.start();
    let loads = 0;
    const load = async () => ++loads;

    await off.get('k', load);
    await off.get('k', load);

    expect(loads).toBe(2);
  });
});
