import { beforeEach, describe, expect, it } from 'vitest';
import { Catalogue, WineSearchPage } from '../../contract/wine-search';
import { Wine, WinePage } from '../../contract/wines';
import { AdminWine } from '../../contract/admin-wines';
import { up as moveProducerRatings } from '../../../db/migrations/20261127002000_producer_rating';
import { buildPartner, buildUser, buildWine } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';

// 'Folkets betyg' (the public rating) comes only from approved member reviews (README.md 'Reviews'): a partner's own
// rating of its wine (default 4) and the admin form's rating are the wine's own (producer_rating), never published.
// Checked on every public answer that carries a rating (the wine, the lists, the search and its sort, the catalogue,
// the search facts in Postgres), and in the migration that moved the stored ratings.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, reviews, wines, site_settings, admin_audit_log cascade');
  app = createTestApp(getDb().db);
});

/** A partner's wine, sent in with the partner's own rating 4 through the portal's API, then approved in `lists`. */
async function approvedPartnerWine(name: string, lists: string[]) {
  const { db } = getDb();
  const { user } = await buildPartner(db);
  const wine = await buildWine(db, { name, source: 'partner', owner_user_id: user.id, approval_status: 'pending', producer_rating: 4, price: 99 });
  const { agent: admin } = await signedInAgent(app, db, 'admin');
  const res = await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: lists }).expect(200);
  return { wine, admin, approved: AdminWine.parse(res.body) };
}

/** An approved member review of `wineId` with `finalRating`, through the moderation endpoint. */
async function approvedReview(wineId: string, finalRating: number) {
  const { db } = getDb();
  const author = await buildUser(db);
  const [review] = await db('reviews')
    .insert({ wine_id: wineId, user_id: author.id, content: 'Fruktig och god.', price_worth_rating: 4, quality_rating: 4, overall_experience: 4 })
    .returning('id');
  const { agent: moderator } = await signedInAgent(app, db, 'moderator');
  await moderator.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating }).expect(200);
}

describe('Folkets betyg', () => {
  it("never publishes a partner's own rating: the wine, its list, the search, the catalogue and the facts carry none", async () => {
    const { wine, approved } = await approvedPartnerWine('Gårdens Rondo', ['FOLKETS_VAL']);
    // The admin sees the producer's rating as the wine's own, apart from Folkets betyg.
    expect(approved).toMatchObject({ rating: 4, communityRating: null });
    expect(await getDb().db('wines').where({ id: wine.id }).first()).toMatchObject({ producer_rating: 4, rating: null });
    expect((await getDb().db('wine_search_facts').where({ id: wine.id }).first()).rating).toBeNull();

    const guest = browserAgent(app);
    expect(Wine.parse((await guest.get(`/api/wines/${wine.id}`).expect(200)).body).rating).toBeNull();
    const list = WinePage.parse((await guest.get('/api/wines?category=FOLKETS_VAL').expect(200)).body);
    expect(list.items.map((w) => [w.id, w.rating])).toEqual([[wine.id, null]]);
    const search = WineSearchPage.parse((await guest.get('/api/wines/search?q=rondo').expect(200)).body);
    expect(search.items.map((w) => [w.id, w.rating])).toEqual([[wine.id, null]]);
    const catalogue = Catalogue.parse((await guest.get('/api/wines/catalogue').expect(200)).body);
    expect(catalogue.items.find((w) => w.id === wine.id)?.rating).toBeNull();
  });

  it("comes from the approved member reviews alone, and the rating sort and Folkets val follow it, not the partner's 4", async () => {
    const { db } = getDb();
    const { wine: partnerWine } = await approvedPartnerWine('Gårdens Rondo', ['FOLKETS_VAL']);
    const reviewed = await buildWine(db, { name: 'Folkets Rioja', categories: ['FOLKETS_VAL'] });
    await approvedReview(reviewed.id, 3);
    await approvedReview(partnerWine.id, 2);
    await approvedReview(partnerWine.id, 2.5);

    // Partner wine: the mean of 2 and 2.5 → 2.3 (one decimal); its own 4 stays its own.
    expect(await db('wines').where({ id: partnerWine.id }).first()).toMatchObject({ rating: 2.3, producer_rating: 4 });
    expect((await db('wine_search_facts').where({ id: partnerWine.id }).first()).rating).toBe(2.3);
    const guest = browserAgent(app);
    expect((await guest.get(`/api/wines/${partnerWine.id}`).expect(200)).body.rating).toBe(2.3);
    // Best rated first: the wine its members gave 3 before the partner wine rated 4 by its producer.
    const folketsVal = WinePage.parse((await guest.get('/api/wines?category=FOLKETS_VAL').expect(200)).body);
    expect(folketsVal.items.map((w) => [w.name, w.rating])).toEqual([
      ['Folkets Rioja', 3],
      ['Gårdens Rondo', 2.3],
    ]);
    const sorted = WineSearchPage.parse((await guest.get('/api/wines/search?sort=rating').expect(200)).body);
    expect(sorted.items.map((w) => [w.name, w.rating])).toEqual([
      ['Folkets Rioja', 3],
      ['Gårdens Rondo', 2.3],
    ]);
  });

  it("the admin form's rating is the wine's own too: an admin wine rated 5 shows no Folkets betyg", async () => {
    const { agent: admin } = await signedInAgent(app, getDb().db, 'admin');
    const res = await admin.post('/api/admin/wines').send({ name: 'Husets vin', description: 'Gott.', price: '129 kr', rating: 5 }).expect(201);
    expect(AdminWine.parse(res.body)).toMatchObject({ rating: 5, communityRating: null });
    expect(await getDb().db('wines').where({ id: res.body.id }).first()).toMatchObject({ producer_rating: 5, rating: null });
    expect((await browserAgent(app).get(`/api/wines/${res.body.id}`).expect(200)).body.rating).toBeNull();
  });

  it('the migration moves stored partner and admin ratings to producer_rating and recomputes rating from the reviews', async () => {
    const { db } = getDb();
    const partner = await buildWine(db, { name: 'Partnerns', source: 'partner', rating: 4 });
    await buildWine(db, { name: 'Adminens', source: 'admin', rating: 4.5 });
    const imported = await buildWine(db, { name: 'Importerat', source: 'systembolaget', rating: 4 });
    const reviewed = await buildWine(db, { name: 'Recenserat', source: 'partner', rating: 5 });
    const author = await buildUser(db);
    const other = await buildUser(db);
    await db('reviews').insert([
      {
        wine_id: reviewed.id,
        user_id: author.id,
        content: 'A',
        price_worth_rating: 3,
        quality_rating: 3,
        overall_experience: 3,
        status: 'approved',
        final_rating: 3,
      },
      {
        wine_id: reviewed.id,
        user_id: other.id,
        content: 'B',
        price_worth_rating: 3,
        quality_rating: 3,
        overall_experience: 3,
        status: 'approved',
        final_rating: 4.5,
      },
      { wine_id: imported.id, user_id: author.id, content: 'C', price_worth_rating: 3, quality_rating: 3, overall_experience: 3, status: 'pending' },
    ]);

    await moveProducerRatings(db);
    await moveProducerRatings(db); // again: nothing changes

    const rows = await db('wines').orderBy('name').select('name', 'rating', 'producer_rating');
    expect(rows.map((r) => [r.name, r.rating, r.producer_rating])).toEqual([
      ['Adminens', null, 4.5],
      ['Importerat', null, null],
      ['Partnerns', null, 4],
      ['Recenserat', 3.8, 5],
    ]);
    expect((await db('wine_search_facts').where({ id: partner.id }).first()).rating).toBeNull();
  });
});
