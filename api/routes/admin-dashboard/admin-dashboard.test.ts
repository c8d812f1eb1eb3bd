import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminDashboard } from '../../contract/admin-dashboard';
import { recordAudit } from '../../queries/audit-log';
import { buildExpertReview, buildPartner, buildReview, buildUser, buildWine } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let adminUser: Awaited<ReturnType<typeof signedInAgent>>['user'];

const PATH = '/api/admin/dashboard';

beforeAll(async () => {
  app = createTestApp(getDb().db);
  ({ agent: admin, user: adminUser } = await signedInAgent(app, getDb().db, 'admin'));
});

beforeEach(async () => {
  const { db } = getDb();
  await db.raw('truncate wines, admin_audit_log cascade');
  // Every user but the signed-in admin.
  await db('users').whereNot('id', adminUser.id).delete();
});

describe('GET /api/admin/dashboard', () => {
  it('requires an admin', async () => {
    expect((await browserAgent(app).get(PATH)).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.get(PATH)).status).toBe(403);
  });

  it('answers zeros and no average on an empty site', async () => {
    const res = await admin.get(PATH);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminDashboard.parse(res.body)).toEqual({
      counts: { wines: 0, users: 1, pendingReviews: 0, expertReviews: 0 },
      winesByStatus: { draft: 0, pending: 0, approved: 0, rejected: 0 },
      averageRating: null,
      categoryDistribution: {
        FYND: { count: 0, percent: 0 },
        NYLANSERAD: { count: 0, percent: 0 },
        FOLKETS_VAL: { count: 0, percent: 0 },
      },
      recentActivity: [],
    });
  });

  it('counts wines, users and pending reviews, averages the ratings and shares out the categories', async () => {
    const { db } = getDb();
    const a = await buildWine(db, { rating: 4, categories: ['FYND'] });
    await buildWine(db, { rating: 3.5, categories: ['FYND', 'NYLANSERAD'] });
    const { user: partner } = await buildPartner(db);
    const owned = { source: 'partner', owner_user_id: partner.id } as const;
    await buildWine(db, { rating: null, categories: ['FOLKETS_VAL'], approval_status: 'pending', ...owned });
    await buildWine(db, { rating: 5, approval_status: 'draft', ...owned });
    await buildWine(db, { rating: 4, categories: ['FYND'], approval_status: 'rejected', ...owned });
    await buildReview(db, { wine_id: a.id, status: 'pending' });
    await buildReview(db, { wine_id: a.id, status: 'pending' });
    await buildReview(db, { wine_id: a.id, status: 'approved' });
    await buildUser(db, { is_active: false });
    await buildExpertReview(db, { wine_id: a.id });
    await buildExpertReview(db, { wine_id: a.id, is_featured: false });

    const body = AdminDashboard.parse((await admin.get(PATH)).body);

    // users: the admin, the partner, three reviewers and the inactive user; expert reviews featured or not
    expect(body.counts).toEqual({ wines: 5, users: 6, pendingReviews: 2, expertReviews: 2 });
    expect(body.winesByStatus).toEqual({ draft: 1, pending: 1, approved: 2, rejected: 1 });
    // (4 + 3.5 + 5 + 4) / 4 = 4.125 → 4.1; the unrated wine does not count
    expect(body.averageRating).toBe(4.1);
    expect(body.categoryDistribution).toEqual({
      FYND: { count: 3, percent: 60 },
      NYLANSERAD: { count: 1, percent: 20 },
      FOLKETS_VAL: { count: 1, percent: 20 },
    });
  });

  it('rounds the average and the shares to one decimal', async () => {
    const { db } = getDb();
    await buildWine(db, { rating: 4.5, categories: ['FYND'] });
    await buildWine(db, { rating: 4.2 });
    await buildWine(db, { rating: 4.3 });

    const body = AdminDashboard.parse((await admin.get(PATH)).body);

    expect(body.averageRating).toBe(4.3); // 4.333…
    expect(body.categoryDistribution.FYND).toEqual({ count: 1, percent: 33.3 });
  });

  it('lists the ten newest admin actions, newest first', async () => {
    const { db } = getDb();
    for (let i = 1; i <= 12; i++) {
      await recordAudit(db, adminUser, { action: 'wine.create', entityType: 'wine', entityId: `id-${i}`, summary: `Lade till "Vin ${i}"` });
    }

    const { recentActivity } = AdminDashboard.parse((await admin.get(PATH)).body);

    expect(recentActivity).toHaveLength(10);
    expect(recentActivity.map((a) => a.summary)).toEqual(Array.from({ length: 10 }, (_, i) => `Lade till "Vin ${12 - i}"`));
    expect(recentActivity[0]).toEqual({
      id: expect.any(String),
      actorEmail: adminUser.email,
      action: 'wine.create',
      entityType: 'wine',
      entityId: 'id-12',
      summary: 'Lade till "Vin 12"',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('shows an admin write through the API in the recent activity', async () => {
    const created = await admin.post('/api/admin/wines').send({ name: 'Dashboardvin', description: 'Gott.', price: '99 kr' });
    expect(created.status).toBe(201);

    const body = AdminDashboard.parse((await admin.get(PATH)).body);

    expect(body.counts.wines).toBe(1);
    expect(body.recentActivity[0]).toMatchObject({ action: 'wine.create', entityId: created.body.id, summary: 'Lade till "Dashboardvin"' });
  });
});
