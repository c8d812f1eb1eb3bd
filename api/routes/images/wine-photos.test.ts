import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageSize } from 'image-size';
import pino from 'pino';
import type request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WINE_PHOTO_MESSAGES as PM } from '../../contract/wine-photos';
import { Wine } from '../../contract/wines';
import { WinePhotoSource } from '../../lib/wine-photos';
import { expectError } from '../../test/expect-error';
import { buildWine } from '../../test/factories';
import { type PhotoStandIn, type StandInBehaviour, startPhotoStandIn } from '../../test/photo-stand-in';
import { browserAgent, createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();

// The stand-in's products (api/test/photo-stand-in.ts): the real Systembolaget ids of two wines of db/data, and one id
// for each way upstream can fail.
const PHOTO = '24594663';
const WEBP_PHOTO = '1234567';
const MISSING = '999001';
const SLOW = '999002';
const BROKEN = '999003';
const NOT_AN_IMAGE = '999004';
const BEHAVIOURS: Record<string, StandInBehaviour> = {
  [PHOTO]: 'photo',
  [WEBP_PHOTO]: 'photo',
  [SLOW]: 'slow',
  [BROKEN]: 'error',
  [NOT_AN_IMAGE]: 'not-an-image',
};
const TIMEOUT_MS = 300;

let standIn: PhotoStandIn;
let cacheDir: string;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  standIn = await startPhotoStandIn((id) => BEHAVIOURS[id] ?? 'missing');
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-photos-'));
  standIn.requests.length = 0;
});
afterEach(() => {
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

function photoSource(opts: Partial<ConstructorParameters<typeof WinePhotoSource>[0]> = {}) {
  return new WinePhotoSource({ source: standIn.url, cacheDir, timeoutMs: TIMEOUT_MS, cacheMaxBytes: 10 * 1024 * 1024, log: silent, ...opts });
}
const appWith = (winePhotos?: WinePhotoSource) => createTestApp(getDb().db, { winePhotos });

/** Reads a binary answer as a Buffer (supertest leaves image bodies unparsed otherwise). */
function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
const getPhoto = (app: ReturnType<typeof appWith>, file: string) =>
  browserAgent(app).get(`/api/images/systembolaget/${file}`).buffer(true).parse(binary);

describe('GET /api/images/systembolaget/{productId}_{size}.{format}', () => {
  it("answers a known product's photo from the configured source, with its type, a strong ETag, 30 days' caching and nosniff", async () => {
    const app = appWith(photoSource());

    const res = await getPhoto(app, `${PHOTO}_200.png`);

    expect(res.status).toBe(200);
    const bytes = res.body as Buffer;
    expect(imageSize(bytes)).toMatchObject({ width: 200, height: 200, type: 'png' });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(bytes).digest('base64url')}"`);
    // The one request upstream: the configured base, then the product's path.
    expect(standIn.requests).toEqual([`/productimages/${PHOTO}/${PHOTO}_200.png`]);
  });

  it('passes a WebP on as image/webp', async () => {
    const res = await getPhoto(appWith(photoSource()), `${WEBP_PHOTO}_400.webp`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('serves the photo again from its disk cache without asking the source, also in a new process on the same directory', async () => {
    const app = appWith(photoSource());
    const first = await getPhoto(app, `${PHOTO}_400.png`);

    const again = await getPhoto(app, `${PHOTO}_400.png`);
    const restarted = await getPhoto(appWith(photoSource()), `${PHOTO}_400.png`);

    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(restarted.status).toBe(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(Buffer.compare(restarted.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(standIn.requests).toHaveLength(1);
    expect(fs.readdirSync(cacheDir)).toEqual([`${PHOTO}_400.png`]);
  });

  it('fetches a photo asked for by many at once only once', async () => {
    const app = appWith(photoSource());
    const answers = await Promise.all(Array.from({ length: 5 }, () => getPhoto(app, `${PHOTO}_300.png`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers 304 without a body when If-None-Match holds its ETag', async () => {
    const app = appWith(photoSource());
    const first = await getPhoto(app, `${PHOTO}_200.png`);

    const res = await browserAgent(app).get(`/api/images/systembolaget/${PHOTO}_200.png`).set('If-None-Match', first.headers.etag!);

    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(first.headers.etag);
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
  });

  it('answers 400 in the one error shape for a malformed address, naming each wrong part, and never asks the source', async () => {
    const app = appWith(photoSource());
    const cases: [string, string[]][] = [
      ['abc_200.png', ['params.file.productId']],
      ['24594663_250.png', ['params.file.size']],
      ['24594663_200.gif', ['params.file.format']],
      ['24594663_200.PNG', ['params.file.format']],
      ['x1_20.svg', ['params.file.productId', 'params.file.size', 'params.file.format']],
      ['1234567890123_200.png', ['params.file.productId']],
      ['24594663.png', ['params.file']],
      ['24594663_200', ['params.file']],
      ['..%2F..%2Fetc_200.png', ['params.file.productId']],
      ['%2F%2Fevil.example%2Fx_200.png', ['params.file.productId']],
      ['24594663_0200.png', ['params.file.size']],
    ];
    for (const [file, paths] of cases) {
      const res = await browserAgent(app).get(`/api/images/systembolaget/${file}`);
      expect(res.status, file).toBe(400);
      const error = expectError(res.body);
      expect(error.code, file).toBe('validation_failed');
      expect(
        error.details?.map((d) => d.path),
        file,
      ).toEqual(paths);
    }
    expect(expectError((await browserAgent(app).get('/api/images/systembolaget/abc_200.png')).body).message).toBe(PM.badProductId);
    expect(standIn.requests).toEqual([]);
  });

  it('answers 404 when the source has no photo (the page then draws the wine), and asks the source only once for a while', async () => {
    const app = appWith(photoSource());

    const res = await getPhoto(app, `${MISSING}_200.png`);
    const again = await getPhoto(app, `${MISSING}_200.png`);

    for (const r of [res, again]) {
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(expectError(JSON.parse((r.body as Buffer).toString()))).toMatchObject({ code: 'wine_photo_not_found', message: PM.notFound });
    }
    expect(standIn.requests).toEqual([`/productimages/${MISSING}/${MISSING}_200.png`]);
    expect(fs.readdirSync(cacheDir)).toEqual([]);
  });

  it('answers 504 when the source does not answer within the timeout, without waiting for it, and asks again only after a short while', async () => {
    const app = appWith(photoSource({ failureTtlMs: 200 }));

    const started = performance.now();
    const res = await getPhoto(app, `${SLOW}_200.png`);
    const elapsed = performance.now() - started;
    const soon = await getPhoto(app, `${SLOW}_200.png`);

    expect(res.status).toBe(504);
    expect(expectError(JSON.parse((res.body as Buffer).toString()))).toMatchObject({ code: 'wine_photo_timeout', message: PM.timeout });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(soon.status).toBe(504);
    expect(standIn.requests).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 250));
    expect((await getPhoto(app, `${SLOW}_200.png`)).status).toBe(504);
    expect(standIn.requests).toHaveLength(2);
  });

  it('answers 502 when the source fails or sends something that is no image, and caches none of it', async () => {
    const app = appWith(photoSource());
    for (const id of [BROKEN, NOT_AN_IMAGE]) {
      const res = await getPhoto(app, `${id}_200.png`);
      expect(res.status, id).toBe(502);
      expect(expectError(JSON.parse((res.body as Buffer).toString()))).toMatchObject({ code: 'wine_photo_failed', message: PM.failed });
    }
    expect(fs.readdirSync(cacheDir)).toEqual([]);
  });

  it('answers 404 for every photo when the source is off, and asks nobody', async () => {
    const res = await getPhoto(appWith(undefined), `${PHOTO}_200.png`);
    expect(res.status).toBe(404);
    expect(expectError(JSON.parse((res.body as Buffer).toString())).code).toBe('wine_photo_not_found');
    expect(standIn.requests).toEqual([]);
  });

  it("with ?fallback= sends the browser to the wine's drawing instead of an error: an hour for no photo, not kept after a failure", async () => {
    const app = appWith(photoSource());
    const cases = [
      [MISSING, '/images/drawings/white.svg', 'public, max-age=3600'],
      [SLOW, '/images/wine-fallback-2.svg', 'no-store'],
      [BROKEN, '/images/drawings/box.svg', 'no-store'],
    ] as const;
    for (const [id, drawing, cacheControl] of cases) {
      const res = await browserAgent(app)
        .get(`/api/images/systembolaget/${id}_200.png?fallback=${encodeURIComponent(drawing)}`)
        .redirects(0);
      expect(res.status, id).toBe(302);
      expect(res.headers.location, id).toBe(drawing);
      expect(res.headers['cache-control'], id).toBe(cacheControl);
    }
    // Photos off: the drawing too.
    const off = await browserAgent(appWith(undefined))
      .get(`/api/images/systembolaget/${PHOTO}_200.png?fallback=%2Fimages%2Fdrawings%2Frose.svg`)
      .redirects(0);
    expect([off.status, off.headers.location]).toEqual([302, '/images/drawings/rose.svg']);
    // A photo there is answered as always; the fallback changes nothing.
    const photo = await getPhoto(app, `${PHOTO}_200.png?fallback=%2Fimages%2Fdrawings%2Fwhite.svg`);
    expect([photo.status, photo.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('refuses a fallback that is not one of the drawings (no open redirect), in the one error shape', async () => {
    const app = appWith(photoSource());
    for (const fallback of [
      'https://evil.example/x.svg',
      '//evil.example/x.svg',
      '/images/drawings/../../api/admin',
      '/images/drawings/white.svg\u0000',
      '',
    ]) {
      const res = await browserAgent(app)
        .get(`/api/images/systembolaget/${MISSING}_200.png?fallback=${encodeURIComponent(fallback)}`)
        .redirects(0);
      expect(res.status, fallback).toBe(400);
      expect(res.headers.location, fallback).toBeUndefined();
      expect(expectError(res.body).details?.[0]?.path, fallback).toBe('query.fallback');
    }
  });

  it('fetches a photo again once it is old, and serves the old one while the source fails', async () => {
    const app = appWith(photoSource({ refreshAfterMs: 0 }));
    const first = await getPhoto(app, `${PHOTO}_500.png`);
    BEHAVIOURS[PHOTO] = 'error';
    try {
      const stale = await getPhoto(app, `${PHOTO}_500.png`);

      expect(stale.status).toBe(200);
      expect(Buffer.compare(stale.body as Buffer, first.body as Buffer)).toBe(0);
      expect(standIn.requests).toEqual([`/productimages/${PHOTO}/${PHOTO}_500.png`, `/productimages/${PHOTO}/${PHOTO}_500.png`]);
    } finally {
      BEHAVIOURS[PHOTO] = 'photo';
    }
  });

  it('keeps its disk cache within its bound, dropping the least recently used photo first', async () => {
    // 200 px photos are a little over 1 KB, the 100 px ones under: room for about two.
    const small = await getPhoto(appWith(photoSource()), `${PHOTO}_200.png`);
    const bound = (small.body as Buffer).length * 2 + 100;
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const app = appWith(photoSource({ cacheMaxBytes: bound }));

    await getPhoto(app, `${PHOTO}_200.png`);
    await getPhoto(app, `${WEBP_PHOTO}_200.webp`);
    await getPhoto(app, `${PHOTO}_200.png`); // used again: now the newest
    await getPhoto(app, `${WEBP_PHOTO}_300.webp`);
    await getPhoto(app, `${PHOTO}_300.png`);

    const files = fs.readdirSync(cacheDir).sort();
    const total = files.reduce((sum, f) => sum + fs.statSync(path.join(cacheDir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(bound);
    expect(files).toContain(`${PHOTO}_300.png`);
    expect(files).not.toContain(`${WEBP_PHOTO}_200.webp`);
  });
});

describe("the wines' imageUrl", () => {
  it('names the Systembolaget photo through our origin when photos are on and the wine has no image of its own; null when they are off', async () => {
    const db = getDb().db;
    const photographed = await buildWine(db, { product_id: PHOTO, source: 'systembolaget', product_number: '203401' });
    const own = await buildWine(db, { product_id: '7654321', image_url: '/images/egen.png' });
    const partnerWine = await buildWine(db, { product_id: null });

    const on = appWith(photoSource());
    const off = appWith(undefined);
    const imageUrl = async (app: ReturnType<typeof appWith>, id: string) =>
      Wine.parse((await browserAgent(app).get(`/api/wines/${id}`)).body).imageUrl;

    expect(await imageUrl(on, photographed.id)).toBe(`/api/images/systembolaget/${PHOTO}_200.png`);
    expect(await imageUrl(on, own.id)).toBe('/images/egen.png');
    expect(await imageUrl(on, partnerWine.id)).toBeNull();
    expect(await imageUrl(off, photographed.id)).toBeNull();
    expect(await imageUrl(off, own.id)).toBe('/images/egen.png');

    const list = await browserAgent(on).get(`/api/wines?ids=${photographed.id},${partnerWine.id}`);
    expect(Object.fromEntries(list.body.items.map((w: { id: string; imageUrl: string | null }) => [w.id, w.imageUrl]))).toEqual({
      [photographed.id]: `/api/images/systembolaget/${PHOTO}_200.png`,
      [partnerWine.id]: null,
    });
    expect(standIn.requests).toEqual([]); // naming a photo fetches nothing
  });
});
