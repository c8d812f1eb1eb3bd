import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as W } from '../contract/admin-wines';
import { PartnerWineInput } from '../contract/partner';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import { CLIENT_WINE_ID_MESSAGE, isClientWineId, wineIdForProductNumber } from '../contract/wine-id';
import { lockOwnWine, setSyncClient } from '../queries/partner-wines';
import { buildImage, buildPartner, buildWine } from '../test/factories';
import { useTestDatabase } from '../test/test-db';
import {
  createDraft,
  createDrafts,
  deleteDraft,
  duplicateWine,
  lockOwnDraft,
  missingForSubmit,
  PartnerWineRefused,
  reopenRejected,
  requireClientWineId,
  submitDraft,
  updateDraft,
} from './partner-wine-rules';

// The rulebook every partner wine write goes through (REST, offline sync, Excel), on a real Postgres: ownership,
// source 'partner', draft-only edits and deletions, submit readiness, copies, reopening a rejected wine, the image rule
// and the client id rule.
const getDb = useTestDatabase();
const db = () => getDb().db;

beforeEach(async () => {
  await db().raw('truncate users, wines, images cascade');
});

/** A parsed form (the schema's defaults applied), as every path hands it to the rulebook. */
const form = (overrides: Record<string, unknown> = {}) =>
  PartnerWineInput.parse({ name: 'Lind Riesling', description: 'Torr och mineralisk.', price: '129,50 kr', ...overrides });

/** The refusal `work` ends with, with its REST answer; fails the test when it ends otherwise. */
async function refusal(work: Promise<unknown>) {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'expected a PartnerWineRefused').toBeInstanceOf(PartnerWineRefused);
  const refused = err as PartnerWineRefused;
  return { ...refused.refusal, status: refused.status, code: refused.code, message: refused.message, details: refused.details };
}

const inTrx = <T>(work: (trx: Knex.Transaction) => Promise<T>) => db().transaction(work);
const wineRow = (id: string) => db()('wines').where({ id }).first();
const partnerWine = (ownerId: string, overrides: Parameters<typeof buildWine>[1] = {}) =>
  buildWine(db(), { source: 'partner', owner_user_id: ownerId, approval_status: 'draft', ...overrides });

/** Tries to lock wine `id` from another connection without waiting: true when it was free. */
async function lockableElsewhere(id: string): Promise<boolean> {
  return db().transaction(async (other) => {
    try {
      await other.raw('select id from wines where id = ? for update nowait', [id]);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') return false;
      throw err;
    }
  });
}

describe('ownership: lockOwnDraft', () => {
  it("gives the partner's own draft and holds its row lock until the transaction ends", async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id);
    await inTrx(async (trx) => {
      const locked = await lockOwnDraft(trx, user.id, wine.id, 'edit');
      expect(locked).toMatchObject({ id: wine.id, owner_user_id: user.id, source: 'partner', field_versions: {} });
      expect(await lockableElsewhere(wine.id)).toBe(false);
    });
    expect(await lockableElsewhere(wine.id)).toBe(true);
  });

  it("answers another partner's wine exactly like a missing one (404 wine_not_found) and never locks it", async () => {
    const a = await buildPartner(db());
    const b = await buildPartner(db());
    const theirs = await partnerWine(a.user.id);
    await inTrx(async (trx) => {
      const other = await refusal(lockOwnDraft(trx, b.user.id, theirs.id, 'edit'));
      expect(await lockableElsewhere(theirs.id)).toBe(true);
      const missing = await refusal(lockOwnDraft(trx, b.user.id, randomUUID(), 'edit'));
      expect(other).toEqual(missing);
      expect(other).toMatchObject({ kind: 'not_found', status: 404, code: 'wine_not_found', message: M.wineNotFound });
    });
  });

  it("finds only partner wines: the partner's name on a wine of another source is not ownership", async () => {
    const { user } = await buildPartner(db());
    const adminWine = await buildWine(db(), { source: 'admin', owner_user_id: user.id, approval_status: 'draft' });
    await inTrx(async (trx) => {
      expect(await lockOwnWine(trx, user.id, adminWine.id)).toBeUndefined();
      expect(await refusal(lockOwnDraft(trx, user.id, adminWine.id, 'submit'))).toMatchObject({ kind: 'not_found', status: 404 });
    });
  });
});

describe('draft-only edits', () => {
  it.each(['pending', 'approved', 'rejected'] as const)(
    'refuses to edit (409 not_editable) or submit (409 already_submitted) a %s wine',
    async (status) => {
      const { user } = await buildPartner(db());
      const wine = await partnerWine(user.id, { approval_status: status });
      await inTrx(async (trx) => {
        expect(await refusal(lockOwnDraft(trx, user.id, wine.id, 'edit'))).toMatchObject({
          kind: 'not_editable',
          status: 409,
          code: 'not_editable',
          message: M.notEditable,
          wine: { version: 1, approval_status: status },
        });
        expect(await refusal(lockOwnDraft(trx, user.id, wine.id, 'submit'))).toMatchObject({
          kind: 'already_submitted',
          status: 409,
          code: 'already_submitted',
          message: M.alreadySubmitted,
        });
      });
      expect(await wineRow(wine.id)).toMatchObject({ approval_status: status, version: 1 });
    },
  );

  it('updateDraft refuses a wine that is no longer a draft, even when handed the row', async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { approval_status: 'pending' });
    await inTrx(async (trx) => {
      const row = (await lockOwnWine(trx, user.id, wine.id))!;
      expect(await refusal(updateDraft(trx, row, { name: 'Ändrat' }))).toMatchObject({ kind: 'not_editable' });
    });
    expect((await wineRow(wine.id)).name).toBe(wine.name);
  });

  it('updateDraft writes only the given fields, bumps the version, and records who changed what in field_versions', async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { region: 'Mosel' });
    const after = await inTrx(async (trx) => {
      await setSyncClient(trx, 'device-a');
      return updateDraft(trx, await lockOwnDraft(trx, user.id, wine.id, 'edit'), { price: 99, grapeVariety: 'Riesling' });
    });
    expect(after).toEqual({ version: 2, approval_status: 'draft' });
    const row = await wineRow(wine.id);
    expect(row).toMatchObject({ price: 99, grape_variety: 'Riesling', region: 'Mosel', version: 2 });
    expect(row.field_versions).toEqual({ price: { v: 2, c: 'device-a' }, grape_variety: { v: 2, c: 'device-a' } });

    // Without a sync client (the REST form), the change is nobody's device; nothing to change bumps nothing.
    const again = await inTrx(async (trx) => {
      const locked = await lockOwnDraft(trx, user.id, wine.id, 'edit');
      await updateDraft(trx, locked, { region: 'Pfalz' });
      return updateDraft(trx, (await lockOwnWine(trx, user.id, wine.id))!, {});
    });
    expect(again).toEqual({ version: 3, approval_status: 'draft' });
    expect((await wineRow(wine.id)).field_versions.region).toEqual({ v: 3, c: null });
  });
});

describe('submit readiness', () => {
  it('needs name, description, price and rating; blank text counts as missing', async () => {
    const { user } = await buildPartner(db());
    const ready = await partnerWine(user.id, { producer_rating: 4 });
    const blank = await partnerWine(user.id, { description: '   ', producer_rating: null });
    expect(missingForSubmit(await wineRow(ready.id))).toEqual([]);
    expect(missingForSubmit(await wineRow(blank.id))).toEqual(['description', 'rating']);
  });

  it('submitDraft turns a ready draft into pending with the submission time', async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { producer_rating: 4 });
    expect(await inTrx((trx) => submitDraft(trx, user.id, wine.id))).toEqual({ version: 2, approval_status: 'pending' });
    const row = await wineRow(wine.id);
    expect(row.approval_status).toBe('pending');
    expect(Date.now() - row.submitted_at.getTime()).toBeLessThan(60_000);
  });

  it("submitDraft refuses a draft that is not ready (400 submit_not_ready, 'Komplettera först' per field) and keeps it a draft", async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { description: ' ', producer_rating: null });
    expect(await refusal(inTrx((trx) => submitDraft(trx, user.id, wine.id)))).toMatchObject({
      kind: 'submit_not_ready',
      status: 400,
      code: 'submit_not_ready',
      message: M.submitNotReady,
      missing: ['description', 'rating'],
      details: [
        { path: 'description', message: M.submitNotReady },
        { path: 'rating', message: M.submitNotReady },
      ],
      wine: { version: 1, approval_status: 'draft' },
    });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'draft', submitted_at: null, version: 1 });
  });

  it("submitDraft answers another partner's draft as not found and leaves it a draft", async () => {
    const a = await buildPartner(db());
    const b = await buildPartner(db());
    const wine = await partnerWine(a.user.id, { producer_rating: 4 });
    expect(await refusal(inTrx((trx) => submitDraft(trx, b.user.id, wine.id)))).toMatchObject({ kind: 'not_found' });
    expect((await wineRow(wine.id)).approval_status).toBe('draft');
  });
});

describe('client ids', () => {
  it('accepts only random UUIDs (v4) for a wine a client names', () => {
    expect(() => requireClientWineId(randomUUID())).not.toThrow();
    for (const id of [wineIdForProductNumber('105501'), '42', '00000000-0000-0000-0000-000000000000']) {
      expect(() => requireClientWineId(id), id).toThrow(PartnerWineRefused);
    }
  });

  it('createDraft refuses an importer id (v5) with the client id message and writes nothing', async () => {
    const { user } = await buildPartner(db());
    expect(await refusal(inTrx((trx) => createDraft(trx, user.id, form(), wineIdForProductNumber('105501'))))).toMatchObject({
      kind: 'id_not_random',
      status: 400,
      details: [{ path: 'body.id', message: CLIENT_WINE_ID_MESSAGE }],
    });
    expect(await db()('wines').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it("createDraft makes a draft of the partner (source 'partner', version 1), under the client's id or a random one", async () => {
    const { user } = await buildPartner(db());
    const id = randomUUID();
    const named = await inTrx((trx) => createDraft(trx, user.id, form({ foodPairings: ['fish'] }), id));
    const unnamed = await inTrx((trx) => createDraft(trx, user.id, form()));
    expect(named).toMatchObject({ created: true, wine: { id, price: 129.5, food_pairings: ['fish'] } });
    expect(isClientWineId(unnamed.wine.id)).toBe(true);
    for (const { wine } of [named, unnamed]) {
      expect(await wineRow(wine.id)).toMatchObject({ owner_user_id: user.id, source: 'partner', approval_status: 'draft', version: 1 });
    }
  });

  it('createDraft answers a repeated id of the partner with the stored wine, unchanged, whatever its status', async () => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { approval_status: 'pending', name: 'Inskickat' });
    const again = await inTrx((trx) => createDraft(trx, user.id, form({ name: 'Nytt namn' }), wine.id));
    expect(again).toMatchObject({ created: false, wine: { id: wine.id, name: 'Inskickat', approval_status: 'pending' } });
    expect(await wineRow(wine.id)).toMatchObject({ name: 'Inskickat', version: 1 });
  });

  it("createDraft refuses an id another account's wine holds (409 wine_id_taken), changing nothing", async () => {
    const a = await buildPartner(db());
    const b = await buildPartner(db());
    const theirs = await partnerWine(a.user.id, { name: 'A:s vin' });
    const ownButAdmin = await buildWine(db(), { source: 'admin', owner_user_id: b.user.id, name: 'Redaktionens' });
    for (const wine of [theirs, ownButAdmin]) {
      expect(await refusal(inTrx((trx) => createDraft(trx, b.user.id, form({ name: 'Kapning' }), wine.id)))).toMatchObject({
        kind: 'id_taken',
        status: 409,
        code: 'wine_id_taken',
        message: M.wineIdTaken,
      });
      expect((await wineRow(wine.id)).name).toBe(wine.name);
    }
  });
});

describe('the image rule', () => {
  it('createDraft accepts an uploaded image that exists and an https address, and refuses a missing upload (400 on body.imageUrl)', async () => {
    const { user } = await buildPartner(db());
    const image = await buildImage(db());
    await inTrx((trx) => createDraft(trx, user.id, form({ imageUrl: image.url })));
    await inTrx((trx) => createDraft(trx, user.id, form({ imageUrl: 'https://cdn.example.se/flaska.jpg' })));
    expect(await refusal(inTrx((trx) => createDraft(trx, user.id, form({ imageUrl: `/api/images/${randomUUID()}` }))))).toMatchObject({
      kind: 'image_missing',
      status: 400,
      code: 'validation_failed',
      message: W.imageMissing,
      details: [{ path: 'body.imageUrl', message: W.imageMissing }],
    });
    expect(await db()('wines').orderBy('image_url').pluck('image_url')).toEqual([image.url, 'https://cdn.example.se/flaska.jpg']);
  });

  it('updateDraft refuses a changed address of a missing upload but lets a draft keep the one it has', async () => {
    const { user } = await buildPartner(db());
    const gone = `/api/images/${randomUUID()}`;
    const wine = await partnerWine(user.id, { image_url: gone });
    const kept = await inTrx(async (trx) =>
      updateDraft(trx, await lockOwnDraft(trx, user.id, wine.id, 'edit'), { imageUrl: gone, name: 'Nytt namn' }),
    );
    expect(kept.version).toBe(2);
    const other = `/api/images/${randomUUID()}`;
    expect(
      await refusal(inTrx(async (trx) => updateDraft(trx, await lockOwnDraft(trx, user.id, wine.id, 'edit'), { imageUrl: other }))),
    ).toMatchObject({ kind: 'image_missing', wine: { version: 2, approval_status: 'draft' } });
    expect(await wineRow(wine.id)).toMatchObject({ image_url: gone, name: 'Nytt namn', version: 2 });
  });

  it('createDrafts writes each wine under a new random id and refuses only those whose uploaded image is missing', async () => {
    const { user } = await buildPartner(db());
    const image = await buildImage(db());
    const outcomes = await inTrx((trx) =>
      createDrafts(trx, user.id, [
        form({ name: 'Ett' }),
        form({ name: 'Två', imageUrl: `/api/images/${randomUUID()}` }),
        form({ name: 'Tre', imageUrl: image.url.toUpperCase().replace('/API/IMAGES/', '/api/images/') }),
      ]),
    );
    expect(outcomes).toHaveLength(3);
    const [one, two, three] = outcomes;
    expect(two).toMatchObject({ refused: { refusal: { kind: 'image_missing' }, message: W.imageMissing } });
    const ids = [one, three].map((o) => (o as { id: string }).id);
    for (const id of ids) expect(isClientWineId(id)).toBe(true);
    const rows = await db()('wines').whereIn('id', ids).orderBy('name').select('name', 'owner_user_id', 'source', 'approval_status');
    expect(rows).toEqual([
      { name: 'Ett', owner_user_id: user.id, source: 'partner', approval_status: 'draft' },
      { name: 'Tre', owner_user_id: user.id, source: 'partner', approval_status: 'draft' },
    ]);
    expect(await db()('wines').count({ n: '*' }).first()).toEqual({ n: 2 });
  });
});

describe('deleting, copying and reopening', () => {
  it.each(['pending', 'approved', 'rejected'] as const)('deleteDraft refuses a %s wine (409 not_deletable) and keeps it', async (status) => {
    const { user } = await buildPartner(db());
    const wine = await partnerWine(user.id, { approval_status: status });
    expect(await refusal(inTrx((trx) => deleteDraft(trx, user.id, wine.id)))).toMatchObject({
      kind: 'not_deletable',
      status: 409,
      code: 'not_deletable',
      message: M.notDeletable,
      wine: { version: 1, approval_status: status },
    });
    expect(await wineRow(wine.id)).toBeDefined();
  });

  it("deleteDraft deletes the partner's own draft and answers another partner's as not found", async () => {
    const a = await buildPartner(db());
    const b = await buildPartner(db());
    const wine = await partnerWine(a.user.id);
    expect(await refusal(inTrx((trx) => deleteDraft(trx, b.user.id, wine.id)))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await inTrx((trx) => deleteDraft(trx, a.user.id, wine.id))).toMatchObject({ id: wine.id, approval_status: 'draft' });
    expect(await wineRow(wine.id)).toBeUndefined();
  });

  it('duplicateWine copies only the form fields, under a new random id, and never another partner’s wine', async () => {
    const a = await buildPartner(db());
    const b = await buildPartner(db());
    const wine = await partnerWine(a.user.id, {
      approval_status: 'approved',
      is_granskad_vinpressen: true,
      categories: ['FYND'],
      rejection_reason: 'Gammal',
      food_pairings: ['fish'],
    });
    const copyId = await inTrx((trx) => duplicateWine(trx, a.user.id, wine.id));
    expect(isClientWineId(copyId)).toBe(true);
    const [original, copy] = await Promise.all([wineRow(wine.id), wineRow(copyId)]);
    for (const column of ['name', 'description', 'price', 'rating', 'vintage', 'region', 'grape_variety', 'food_pairings', 'sweetness']) {
      expect(copy[column], column).toEqual(original[column]);
    }
    expect(copy).toMatchObject({
      owner_user_id: a.user.id,
      source: 'partner',
      approval_status: 'draft',
      is_granskad_vinpressen: false,
      categories: '{}',
      rejection_reason: null,
      version: 1,
    });
    expect(await refusal(inTrx((trx) => duplicateWine(trx, b.user.id, wine.id)))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('reopenRejected makes a rejected wine a draft again, keeping its reason; anything else is 409 not_rejected', async () => {
    const { user } = await buildPartner(db());
    const rejected = await partnerWine(user.id, { approval_status: 'rejected', rejection_reason: 'Saknar alkoholhalt.' });
    expect(await inTrx((trx) => reopenRejected(trx, user.id, rejected.id))).toEqual({ version: 2, approval_status: 'draft' });
    expect(await wineRow(rejected.id)).toMatchObject({ approval_status: 'draft', rejection_reason: 'Saknar alkoholhalt.' });
    expect(await refusal(inTrx((trx) => reopenRejected(trx, user.id, rejected.id)))).toMatchObject({
      kind: 'not_rejected',
      status: 409,
      message: M.notRejected,
      wine: { version: 2, approval_status: 'draft' },
    });
  });
});
