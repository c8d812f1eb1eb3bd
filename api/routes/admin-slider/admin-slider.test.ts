import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminSliderEntry, AdminSliderMonth, currentStockholmYear, SLIDER_MESSAGES as M } from '../../contract/admin-slider';
import { swedishYearMonth } from '../../contract/dates';
import { buildSliderEntry, buildWine, unknownId } from '../../test/factories';
import { type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let adminId: string;

const BASE = '/api/admin/slider-entries';
const YEAR = currentStockholmYear();
/** A month that no other test row uses by accident. */
const MONTH = { year: YEAR, month: 3 };

beforeAll(async () => {
  const signedIn = await signedInApp(getDb().db, 'admin');
  ({ app, agent: admin } = signedIn);
  adminId = signedIn.user.id;
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, admin_audit_log cascade');
});

async function auditActions() {
  return (await getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_id', 'summary', 'actor_id')) as {
    action: string;
    entity_id: string;
    summary: string;
    actor_id: string;
  }[];
}

async function positionsOf(year: number, month: number) {
  return (await getDb().db('slider_entries').where({ year, month }).orderBy('position').select('label', 'position')).map(
    (r: { label: string; position: number }) => [r.position, r.label],
  );
}

describe('GET /api/admin/slider-entries', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.get(BASE)).status).toBe(403);
  });

  it("lists the month's entries in position order with each wine's card fields and status", async () => {
    const { db } = getDb();
    const b = await buildWine(db, { name: 'Bärigt rött', categories: ['FYND'], price: 89.5 });
    const a = await buildWine(db, { name: 'Alldeles vitt', approval_status: 'pending' });
    await buildSliderEntry(db, { ...MONTH, position: 4, wine_id: b.id, label: 'Månadens röda' });
    await buildSliderEntry(db, { ...MONTH, position: 2, wine_id: a.id, label: 'Månadens vita' });
    await buildSliderEntry(db, { year: YEAR, month: 4, position: 1, label: 'April' });

    const res = await admin.get(BASE).query(MONTH);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminSliderMonth.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.year).toBe(YEAR);
    expect(res.body.month).toBe(3);
    expect(res.body.items.map((e: AdminSliderEntry) => [e.position, e.label, e.wine.name, e.wine.approvalStatus])).toEqual([
      [2, 'Månadens vita', 'Alldeles vitt', 'pending'],
      [4, 'Månadens röda', 'Bärigt rött', 'approved'],
    ]);
    expect(res.body.items[1]).toMatchObject({ wineId: b.id, wine: { price: 89.5, categories: ['FYND'] } });
    expect(res.body.items[1].wine).not.toHaveProperty('serving');
  });

  it('defaults to the current month (Swedish time)', async () => {
    const now = swedishYearMonth();
    await buildSliderEntry(getDb().db, { ...now, position: 1, label: 'Nu' });
    const res = await admin.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: now.year, month: now.month, items: [{ label: 'Nu' }] });
  });

  it('answers an empty list for an empty month', async () => {
    const res = await admin.get(BASE).query({ year: YEAR + 2, month: 12 });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });

  it.each([
    [{ year: YEAR - 3, month: 1 }, 'query.year', `Året måste vara mellan ${YEAR - 2} och ${YEAR + 2}`],
    [{ year: YEAR + 3, month: 1 }, 'query.year', `Året måste vara mellan ${YEAR - 2} och ${YEAR + 2}`],
    [{ year: 'i år', month: 1 }, 'query.year', 'Året måste vara ett heltal'],
    [{ year: YEAR, month: 0 }, 'query.month', 'Månaden måste vara ett heltal mellan 1 och 12'],
    [{ year: YEAR, month: 13 }, 'query.month', 'Månaden måste vara ett heltal mellan 1 och 12'],
  ])('answers 400 for %o', async (query, path, message) => {
    const res = await admin.get(BASE).query(query);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });
});

describe('POST /api/admin/slider-entries', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await agent.post(BASE).send({})).status).toBe(403);
  });

  it('adds a published wine at a free position, stores it and audits it', async () => {
    const wine = await buildWine(getDb().db, { name: 'Château Test' });
    const res = await admin.post(BASE).send({ ...MONTH, wineId: wine.id, position: 3, label: '  Månadens fynd ' });

    expect(res.status).toBe(201);
    expect(AdminSliderEntry.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ ...MONTH, position: 3, label: 'Månadens fynd', wineId: wine.id, wine: { name: 'Château Test' } });
    const row = await getDb().db('slider_entries').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ year: YEAR, month: 3, position: 3, label: 'Månadens fynd', wine_id: wine.id });
    expect(await auditActions()).toEqual([
      {
        action: 'slider.create',
        entity_id: res.body.id,
        actor_id: adminId,
        summary: `Lade till "Château Test" i slidern för mars ${YEAR} (position 3)`,
      },
    ]);
  });

  it('takes an empty label when none is given', async () => {
    const wine = await buildWine(getDb().db);
    const res = await admin.post(BASE).send({ ...MONTH, wineId: wine.id, position: 1 });
    expect(res.status).toBe(201);
    expect(res.body.label).toBe('');
  });

  it('answers 409 with a Swedish message when the position is taken, and stores nothing', async () => {
    const { db } = getDb();
    await buildSliderEntry(db, { ...MONTH, position: 2, label: 'Redan här' });
    const wine = await buildWine(db);
    const res = await admin.post(BASE).send({ ...MONTH, wineId: wine.id, position: 2, label: 'Ny' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'slider_position_taken', message: M.positionTaken(2, `mars ${YEAR}`) });
    expect(res.body.error.message).toContain('Position 2 är redan upptagen');
    expect(await positionsOf(YEAR, 3)).toEqual([[2, 'Redan här']]);
    expect(await auditActions()).toEqual([]);
  });

  it('answers 409 when the wine is already in that month', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    await buildSliderEntry(db, { ...MONTH, position: 1, wine_id: wine.id });
    const res = await admin.post(BASE).send({ ...MONTH, wineId: wine.id, position: 2 });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'slider_wine_taken', message: M.wineTaken(`mars ${YEAR}`) });
  });

  it('allows the same position in another month', async () => {
    const { db } = getDb();
    await buildSliderEntry(db, { ...MONTH, position: 2 });
    const wine = await buildWine(db);
    expect((await admin.post(BASE).send({ year: YEAR, month: 4, wineId: wine.id, position: 2 })).status).toBe(201);
  });

  it('answers 400 for an unknown wine and for a wine that is not published', async () => {
    const draft = await buildWine(getDb().db, { approval_status: 'draft', source: 'partner' });
    const unknown = await admin.post(BASE).send({ ...MONTH, wineId: unknownId(), position: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ path: 'body.wineId', message: M.wineNotFound }]);
    const unpublished = await admin.post(BASE).send({ ...MONTH, wineId: draft.id, position: 1 });
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.error.message).toBe(M.wineNotPublished);
    expect(await getDb().db('slider_entries').count('* as n').first()).toEqual({ n: 0 });
  });

  it.each([
    [{ position: 0 }, 'body.position', 'Positionen måste vara ett heltal mellan 1 och 10'],
    [{ position: 11 }, 'body.position', 'Positionen måste vara ett heltal mellan 1 och 10'],
    [{ position: 2.5 }, 'body.position', 'Positionen måste vara ett heltal mellan 1 och 10'],
    [{ position: '3' }, 'body.position', 'Positionen måste vara ett heltal mellan 1 och 10'],
    [{ year: YEAR - 3 }, 'body.year', `Året måste vara mellan ${YEAR - 2} och ${YEAR + 2}`],
    [{ year: YEAR + 3 }, 'body.year', `Året måste vara mellan ${YEAR - 2} och ${YEAR + 2}`],
    [{ month: 13 }, 'body.month', 'Månaden måste vara ett heltal mellan 1 och 12'],
    [{ wineId: 'inte-ett-id' }, 'body.wineId', 'Välj ett vin'],
    [{ label: 'x'.repeat(61) }, 'body.label', 'Etiketten får vara högst 60 tecken'],
  ])('answers 400 for %o', async (change, path, message) => {
    const wine = await buildWine(getDb().db);
    const res = await admin.post(BASE).send({ ...MONTH, wineId: wine.id, position: 1, label: 'Ok', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });

  it('accepts the edges: position 1 and 10, years current −2 and +2', async () => {
    const { db } = getDb();
    for (const [year, position] of [
      [YEAR - 2, 1],
      [YEAR + 2, 10],
    ] as const) {
      const wine = await buildWine(db);
      expect((await admin.post(BASE).send({ year, month: 1, wineId: wine.id, position })).status).toBe(201);
    }
  });
});

describe('PUT /api/admin/slider-entries/:id', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.put(`${BASE}/${unknownId()}`).send({ position: 1 })).status).toBe(403);
  });

  it('changes position and label, and audits it', async () => {
    const wine = await buildWine(getDb().db, { name: 'Rioja' });
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 1, wine_id: wine.id, label: 'Gammal' });
    const res = await admin.put(`${BASE}/${entry.id}`).send({ position: 5, label: 'Ny etikett' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: entry.id, position: 5, label: 'Ny etikett' });
    expect(await positionsOf(YEAR, 3)).toEqual([[5, 'Ny etikett']]);
    expect(await auditActions()).toEqual([
      expect.objectContaining({
        action: 'slider.update',
        entity_id: entry.id,
        summary: `Ändrade "Rioja" i slidern för mars ${YEAR} (position 1 → 5, etikett "Ny etikett")`,
      }),
    ]);
  });

  it('changes only the label when only the label is given', async () => {
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 7, label: 'Gammal' });
    const res = await admin.put(`${BASE}/${entry.id}`).send({ label: 'Bara etiketten' });
    expect(res.status).toBe(200);
    expect(await positionsOf(YEAR, 3)).toEqual([[7, 'Bara etiketten']]);
  });

  it('answers 409 when the new position is taken, and changes nothing', async () => {
    const { db } = getDb();
    const one = await buildSliderEntry(db, { ...MONTH, position: 1, label: 'Ett' });
    await buildSliderEntry(db, { ...MONTH, position: 2, label: 'Två' });
    const res = await admin.put(`${BASE}/${one.id}`).send({ position: 2, label: 'Ändrad' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('slider_position_taken');
    expect(await positionsOf(YEAR, 3)).toEqual([
      [1, 'Ett'],
      [2, 'Två'],
    ]);
  });

  it('keeps its own position without a conflict', async () => {
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 4 });
    expect((await admin.put(`${BASE}/${entry.id}`).send({ position: 4, label: 'Samma plats' })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await admin.put(`${BASE}/${unknownId()}`).send({ position: 1 })).status).toBe(404);
    expect((await admin.put(`${BASE}/nej`).send({ position: 1 })).status).toBe(404);
  });

  it.each([
    [{}, 'body', 'Ange position eller etikett'],
    [{ position: 11 }, 'body.position', 'Positionen måste vara ett heltal mellan 1 och 10'],
    [{ label: 'x'.repeat(61) }, 'body.label', 'Etiketten får vara högst 60 tecken'],
  ])('answers 400 for %o', async (body, path, message) => {
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 1 });
    const res = await admin.put(`${BASE}/${entry.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });
});

describe('DELETE /api/admin/slider-entries/:id', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.delete(`${BASE}/${unknownId()}`)).status).toBe(403);
  });

  it('removes the entry (not the wine) and audits it', async () => {
    const wine = await buildWine(getDb().db, { name: 'Kvar' });
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 1, wine_id: wine.id });
    const res = await admin.delete(`${BASE}/${entry.id}`);
    expect(res.status).toBe(204);
    expect(await getDb().db('slider_entries').where({ id: entry.id }).first()).toBeUndefined();
    expect(await getDb().db('wines').where({ id: wine.id }).first()).toBeDefined();
    expect(await auditActions()).toEqual([
      expect.objectContaining({ action: 'slider.delete', entity_id: entry.id, summary: `Tog bort "Kvar" från slidern för mars ${YEAR}` }),
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await admin.delete(`${BASE}/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'slider_entry_not_found', message: M.notFound, requestId: expect.any(String) });
  });
});

describe('POST /api/admin/slider-entries/:id/move', () => {
  async function threeEntries(month = MONTH) {
    const { db } = getDb();
    const a = await buildSliderEntry(db, { ...month, position: 1, label: 'A' });
    const b = await buildSliderEntry(db, { ...month, position: 4, label: 'B' });
    const c = await buildSliderEntry(db, { ...month, position: 7, label: 'C' });
    return { a, b, c };
  }

  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.post(`${BASE}/${unknownId()}/move`).send({ direction: 'up' })).status).toBe(403);
  });

  it('swaps with the neighbour above (positions with gaps keep their numbers) and audits it', async () => {
    const { c } = await threeEntries();
    const res = await admin.post(`${BASE}/${c.id}/move`).send({ direction: 'up' });
    expect(res.status).toBe(200);
    expect(AdminSliderMonth.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((e: AdminSliderEntry) => [e.position, e.label])).toEqual([
      [1, 'A'],
      [4, 'C'],
      [7, 'B'],
    ]);
    expect(await positionsOf(YEAR, 3)).toEqual([
      [1, 'A'],
      [4, 'C'],
      [7, 'B'],
    ]);
    expect(await auditActions()).toEqual([expect.objectContaining({ action: 'slider.move', entity_id: c.id })]);
    expect((await auditActions())[0]!.summary).toMatch(/^Flyttade ".+" upp i slidern för mars \d{4} \(position 7 → 4\)$/);
  });

  it('swaps with the neighbour below', async () => {
    const { a } = await threeEntries();
    const res = await admin.post(`${BASE}/${a.id}/move`).send({ direction: 'down' });
    expect(res.status).toBe(200);
    expect(await positionsOf(YEAR, 3)).toEqual([
      [1, 'B'],
      [4, 'A'],
      [7, 'C'],
    ]);
  });

  it('answers 409 for the first entry moving up and the last moving down, and changes nothing', async () => {
    const { a, c } = await threeEntries();
    const up = await admin.post(`${BASE}/${a.id}/move`).send({ direction: 'up' });
    expect(up.status).toBe(409);
    expect(up.body.error).toMatchObject({ code: 'slider_cannot_move', message: M.alreadyFirst });
    const down = await admin.post(`${BASE}/${c.id}/move`).send({ direction: 'down' });
    expect(down.status).toBe(409);
    expect(down.body.error.message).toBe(M.alreadyLast);
    expect(await positionsOf(YEAR, 3)).toEqual([
      [1, 'A'],
      [4, 'B'],
      [7, 'C'],
    ]);
  });

  it('only moves within its own month', async () => {
    const { db } = getDb();
    await buildSliderEntry(db, { year: YEAR, month: 4, position: 1, label: 'April' });
    const only = await buildSliderEntry(db, { ...MONTH, position: 2, label: 'Mars' });
    expect((await admin.post(`${BASE}/${only.id}/move`).send({ direction: 'up' })).status).toBe(409);
  });

  it('keeps the positions unique when many moves run at once', async () => {
    const { a, b, c } = await threeEntries();
    const moves = [a, b, c, a, b, c].map((e, i) => admin.post(`${BASE}/${e.id}/move`).send({ direction: i % 2 ? 'up' : 'down' }));
    const statuses = (await Promise.all(moves)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const positions = (await positionsOf(YEAR, 3)).map(([p]) => p);
    expect(positions).toEqual([1, 4, 7]);
  });

  it('answers 404 for an unknown id and 400 for a bad direction', async () => {
    expect((await admin.post(`${BASE}/${unknownId()}/move`).send({ direction: 'up' })).status).toBe(404);
    const { a } = await threeEntries();
    const res = await admin.post(`${BASE}/${a.id}/move`).send({ direction: 'sidledes' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.direction', message: "Riktningen måste vara 'up' eller 'down'" }]);
  });

  it('changes the order of the public GET /api/slider-wines of the current month', async () => {
    const { db } = getDb();
    const now = swedishYearMonth();
    const first = await buildWine(db, { name: 'Först' });
    const second = await buildWine(db, { name: 'Sedan' });
    await buildSliderEntry(db, { ...now, position: 1, wine_id: first.id, label: 'Ett' });
    const moving = await buildSliderEntry(db, { ...now, position: 2, wine_id: second.id, label: 'Två' });
    const names = async () => (await admin.get('/api/slider-wines')).body.map((i: { wine: { name: string } }) => i.wine.name);
    expect(await names()).toEqual(['Först', 'Sedan']);

    expect((await admin.post(`${BASE}/${moving.id}/move`).send({ direction: 'up' })).status).toBe(200);

    expect(await names()).toEqual(['Sedan', 'Först']);
  });
});

describe('unknown fields', () => {
  it('are refused in Swedish', async () => {
    const entry = await buildSliderEntry(getDb().db, { ...MONTH, position: 1 });
    const res = await admin.put(`${BASE}/${entry.id}`).send({ position: 2, wineId: unknownId() });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body', message: 'Okänt fält: wineId' }]);
  });
});
