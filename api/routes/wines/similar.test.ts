import type { Knex } from 'knex';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimilarWinesAnswer } from '../../contract/similar-wines-contract';
import { similarWineCandidatesQuery } from '../../queries/similar-wines';
import { buildWine, unknownId } from '../../test/factories';
import { expectError } from '../../test/expect-error';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, users cascade');
});

// The factory's wines are red, 750 ml, sweetness 1, acidity 4, body 3, tannins 2.
describe('GET /api/wines/:id/similar', () => {
  it('answers the same type within ±25 % kr/l, nearest taste first, each with its reason', async () => {
    const { db } = getDb();
    const target = await buildWine(db, { name: 'Målet', price: 100 }); // 133.33 kr/l
    await buildWine(db, { name: 'Samma smak', price: 95 }); // 126.67 kr/l, −5 %
    await buildWine(db, { name: 'Fylligare', price: 100, body: 5, tannins: 4 }); // distance 1
    await buildWine(db, { name: 'Box', price: 400, volume_ml: 3000 }); // 133.33 kr/l
    await buildWine(db, { name: 'För dyr', price: 126 }); // +26 %
    await buildWine(db, { name: 'För billig', price: 74 }); // −26 %
    await buildWine(db, { name: 'Vitt', price: 100, wine_type: 'Vitt vin' });
    await buildWine(db, { name: 'Utgått', price: 100, discontinued_on: '2026-08-22' });
    await buildWine(db, { name: 'Utkast', price: 100, approval_status: 'draft', source: 'partner' });

    const res = await api.get(`/api/wines/${target.id}/similar`);

    expect(res.status).toBe(200);
    const body = SimilarWinesAnswer.parse(res.body);
    expect(body.items.map((i) => i.wine.name)).toEqual(['Box', 'Samma smak', 'Fylligare']);
    expect(body.items.map((i) => i.reason)).toEqual([
      'Samma typ, liknande fyllighet, sötma, fruktsyra och strävhet, literpris 133 kr (±0 %)',
      'Samma typ, liknande fyllighet, sötma, fruktsyra och strävhet, literpris 127 kr (\u22125 %)',
      'Samma typ, liknande sötma och fruktsyra, literpris 133 kr (±0 %)',
    ]);
    // Card fields only, as the lists send them.
    expect(Object.keys(res.body.items[0].wine)).not.toContain('sweetness');
  });

  it('answers at most six wines', async () => {
    const { db } = getDb();
    const target = await buildWine(db, { price: 100 });
    for (let i = 0; i < 8; i += 1) await buildWine(db, { price: 100 });

    const res = await api.get(`/api/wines/${target.id}/similar`);

    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(6);
  });

  it('answers an empty list for a wine without a type', async () => {
    const { db } = getDb();
    const target = await buildWine(db, { wine_type: null });
    await buildWine(db, { wine_type: null });

    const res = await api.get(`/api/wines/${target.id}/similar`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it('is a 404 for an unknown or non-public wine and a 404 for a malformed id', async () => {
    const { db } = getDb();
    const draft = await buildWine(db, { approval_status: 'draft', source: 'partner' });

    for (const id of [unknownId(), draft.id, 'not-a-uuid']) {
      const res = await api.get(`/api/wines/${id}/similar`);
      expect(res.status).toBe(404);
      expectError(res.body);
    }
  });

  it('sends an ETag and answers If-None-Match with 304', async () => {
    const { db } = getDb();
    const target = await buildWine(db);
    const first = await api.get(`/api/wines/${target.id}/similar`);
    const again = await api.get(`/api/wines/${target.id}/similar`).set('If-None-Match', first.headers.etag as string);

    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(again.status).toBe(304);
  });

  it('reads its candidates through the type and kr/l index', async () => {
    const { db } = getDb();
    const target = await buildWine(db, { price: 100 });
    const plan = await db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const { sql, bindings } = similarWineCandidatesQuery(trx, target).toSQL();
      const rows = (await trx.raw(`explain ${sql}`, bindings as readonly Knex.Value[])).rows as { 'QUERY PLAN': string }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('wines_type_price_per_litre_idx');
  });
});
