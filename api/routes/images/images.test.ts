import { createHash } from 'node:crypto';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as M, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE_PX, UploadedImage } from '../../contract/admin-wines';
import { unknownId } from '../../test/factories';
import { browserAgent, type createTestApp, signedInAgent, signedInApp, signedInPartner, useTestDatabase } from '../../test/test-db';
import { pngDeclaring, tinyJpeg, tinyPng } from './test-images';
import { expectError } from '../../test/expect-error';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let adminId: string;

const UPLOAD = '/api/admin/images';

beforeAll(async () => {
  const signedIn = await signedInApp(getDb().db, 'admin');
  ({ app, agent: admin } = signedIn);
  adminId = signedIn.user.id;
});

beforeEach(async () => {
  await getDb().db.raw('truncate images, admin_audit_log cascade');
});

const imageCount = async () => Number((await getDb().db('images').count({ n: '*' }))[0]!.n);
const upload = (agent: ReturnType<typeof browserAgent>, bytes: Buffer, filename = 'bild.png', field = 'image') =>
  agent.post(UPLOAD).set('X-Vinpressen-Upload', '1').attach(field, bytes, filename);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Reads a binary answer as a Buffer (supertest leaves image bodies unparsed otherwise). */
function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('POST /api/admin/images', () => {
  it('requires an admin', async () => {
    expect((await upload(browserAgent(app), tinyPng())).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await upload(agent, tinyPng())).status).toBe(403);
    expect(await imageCount()).toBe(0);
  });

  it('stores a PNG in Postgres, answers its URL and records the upload', async () => {
    const png = tinyPng(3, 2);

    const res = await upload(admin, png, 'etikett.png');

    expect(res.status).toBe(201);
    const image = UploadedImage.strict().parse(res.body);
    expect(image).toEqual({ id: image.id, url: `/api/images/${image.id}`, contentType: 'image/png', byteSize: png.length, width: 3, height: 2 });
    expect(res.headers.location).toBe(image.url);
    const row = await getDb().db('images').where('id', image.id).first();
    expect(Buffer.compare(row.bytes, png)).toBe(0);
    expect(row).toMatchObject({ content_type: 'image/png', byte_size: png.length, sha256: sha256(png), created_by: adminId });
    const audit = await getDb().db('admin_audit_log').select('action', 'entity_type', 'entity_id', 'summary');
    expect(audit).toEqual([{ action: 'image.upload', entity_type: 'image', entity_id: image.id, summary: 'Laddade upp en bild (PNG, 1 kB)' }]);
  });

  it('stores a JPEG, judged by its content whatever its name says', async () => {
    const res = await upload(admin, tinyJpeg(), 'foto.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/jpeg', width: 8, height: 8 });
  });

  it('gives the same image for the same bytes uploaded again', async () => {
    const png = tinyPng(4, 4, [1, 2, 3]);
    const first = await upload(admin, png);
    const again = await upload(admin, png, 'kopia.png');

    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await imageCount()).toBe(1);
  });

  it('answers 415 for a text file named .png and stores nothing', async () => {
    const res = await upload(admin, Buffer.from('Det här är ingen bild, bara text.\n'), 'bild.png');

    expect(res.status).toBe(415);
    expect(expectError(res.body)).toMatchObject({ code: 'unsupported_media_type', message: M.imageType });
    expect(await imageCount()).toBe(0);
    expect(await getDb().db('admin_audit_log').select('id')).toEqual([]);
  });

  it('answers 415 for an SVG, which could carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(admin, svg, 'logo.svg');
    expect(res.status).toBe(415);
    expect(await imageCount()).toBe(0);
  });

  it('answers 413 with a Swedish message for more than 5 MB', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await upload(admin, big);
    expect(res.status).toBe(413);
    expect(expectError(res.body)).toMatchObject({ code: 'payload_too_large', message: M.imageTooLarge });
    expect(await imageCount()).toBe(0);
  });

  it('answers 413 before reading an upload that declares far more than 5 MB', async () => {
    const res = await upload(admin, Buffer.concat([tinyPng(), Buffer.alloc(IMAGE_MAX_BYTES + 512 * 1024)]));
    expect(res.status).toBe(413);
    expect(expectError(res.body).message).toBe(M.imageTooLarge);
  });

  it('accepts exactly 5 MB', async () => {
    const png = tinyPng();
    // Bytes after IEND are ignored by decoders; the file is still a PNG.
    const exact = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)]);
    const res = await upload(admin, exact);
    expect(res.status).toBe(201);
    expect(res.body.byteSize).toBe(IMAGE_MAX_BYTES);
  });

  it('answers 413 for a tiny PNG whose header declares 100000 × 100000 pixels, and stores nothing', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    const res = await upload(admin, bomb);
    expect(res.status).toBe(413);
    expect(expectError(res.body)).toMatchObject({ code: 'image_dimensions_too_large', message: M.imageDimensions });
    expect(M.imageDimensions).toBe('Bilden har för många pixlar. Största tillåtna storlek är 8000 × 8000 pixlar och 40 megapixlar.');
    expect(await imageCount()).toBe(0);
    expect(Number((await getDb().db('admin_audit_log').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it.each([
    [IMAGE_MAX_SIDE_PX + 1, 1],
    [1, IMAGE_MAX_SIDE_PX + 1],
    [7000, 7000], // 49 megapixels: each side allowed, the area not
  ])('answers 413 for %i × %i pixels', async (width, height) => {
    const res = await upload(admin, pngDeclaring(width, height));
    expect(res.status).toBe(413);
    expect(expectError(res.body).message).toBe(M.imageDimensions);
  });

  it('accepts the largest allowed image: 8000 px on a side and 40 megapixels in all', async () => {
    expect(IMAGE_MAX_SIDE_PX * (IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE_PX)).toBe(IMAGE_MAX_PIXELS);
    const res = await upload(admin, pngDeclaring(IMAGE_MAX_SIDE_PX, IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE_PX));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 8000, height: 5000 });
  });

  it('answers 400 for a PNG whose header declares no size (the limit cannot be checked)', async () => {
    const res = await upload(admin, pngDeclaring(0, 0));
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(M.imageDimensionsUnreadable);
    expect(await imageCount()).toBe(0);
  });

  it('answers 400 without a file in the field image, and for two files', async () => {
    const wrongField = await upload(admin, tinyPng(), 'bild.png', 'file');
    const noFile = await admin.post(UPLOAD).set('X-Vinpressen-Upload', '1').field('name', 'bild');
    const two = await admin
      .post(UPLOAD)
      .set('X-Vinpressen-Upload', '1')
      .attach('image', tinyPng(1, 1), 'a.png')
      .attach('image', tinyPng(2, 2), 'b.png');

    expect(wrongField.status).toBe(400);
    expect(expectError(wrongField.body).message).toBe(M.imageRequired);
    expect(noFile.status).toBe(400);
    expect(expectError(noFile.body).message).toBe(M.imageRequired);
    expect(two.status).toBe(400);
    expect(expectError(two.body).message).toBe(M.imageOnlyOne);
    expect(await imageCount()).toBe(0);
  });

  it('refuses an upload without the upload header or from another site (CSRF guard)', async () => {
    const noHeader = await admin.post(UPLOAD).attach('image', tinyPng(), 'bild.png');
    const otherSite = await admin
      .post(UPLOAD)
      .set('Origin', 'https://evil.example')
      .set('X-Vinpressen-Upload', '1')
      .attach('image', tinyPng(), 'bild.png');

    expect(noHeader.status).toBe(415);
    expect(otherSite.status).toBe(403);
    expect(await imageCount()).toBe(0);
  });
});

describe('GET /api/images/:id', () => {
  it('serves the bytes to anyone, with their type and year-long immutable caching', async () => {
    const png = tinyPng(5, 5, [200, 10, 10]);
    const { id, url } = (await upload(admin, png)).body as UploadedImage;

    const res = await request(app.callback()).get(url).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, png)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${sha256(png)}"`);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const { url } = (await upload(admin, tinyJpeg(), 'a.jpg')).body as UploadedImage;
    const first = await request(app.callback()).get(url);

    const again = await request(app.callback()).get(url).set('If-None-Match', first.headers.etag!);
    const stale = await request(app.callback()).get(url).set('If-None-Match', '"annan"');

    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text ?? '').toBe('');
    expect(stale.status).toBe(200);
  });

  it('answers 404 JSON for an unknown or malformed id', async () => {
    for (const id of [unknownId(), 'inte-en-bild']) {
      const res = await request(app.callback()).get(`/api/images/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectError(res.body);
    }
  });
});

describe('POST /api/partner/images', () => {
  const PARTNER_UPLOAD = '/api/partner/images';
  const partnerUpload = (agent: ReturnType<typeof browserAgent>, bytes: Buffer, filename = 'foto.jpg') =>
    agent.post(PARTNER_UPLOAD).set('X-Vinpressen-Upload', '1').attach('image', bytes, filename);

  it('requires a partner', async () => {
    expect((await partnerUpload(browserAgent(app), tinyJpeg())).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await partnerUpload(agent, tinyJpeg())).status).toBe(403);
    expect(await imageCount()).toBe(0);
  });

  it("stores a partner's photo under the same rules, unaudited, and the partner's draft can name it", async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const res = await partnerUpload(agent, tinyJpeg());
    expect(res.status).toBe(201);
    const image = UploadedImage.strict().parse(res.body);
    expect(await getDb().db('images').where('id', image.id).first('created_by', 'content_type')).toEqual({
      created_by: user.id,
      content_type: 'image/jpeg',
    });
    expect(Number((await getDb().db('admin_audit_log').count({ n: '*' }))[0]!.n)).toBe(0);

    const wine = await agent.post('/api/partner/wines').send({ name: 'Fotovin', description: 'Torr.', price: 99, imageUrl: image.url });
    expect(wine.status, JSON.stringify(wine.body)).toBe(201);
    expect(wine.body.imageUrl).toBe(image.url);

    expect((await partnerUpload(agent, Buffer.from('inte en bild'), 'foto.jpg')).status).toBe(415);
    const noHeader = await agent.post(PARTNER_UPLOAD).attach('image', tinyJpeg(), 'foto.jpg');
    expect(noHeader.status).toBe(415);
    expect(expectError(noHeader.body).code).toBeTruthy();
  });
});
