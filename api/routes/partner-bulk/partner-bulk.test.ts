import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as W } from '../../contract/admin-wines';
import { BulkUploadResult } from '../../contract/partner';
import { BULK_UPLOAD_MAX_BYTES, PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { TEXT_MESSAGES } from '../../contract/text-rules';
import { isClientWineId } from '../../contract/wine-id';
import { EXCEL_COLUMNS } from '../../excel/columns';
import { TEMPLATE_SHEETS } from '../../excel/template';
import {
  bulkFixture,
  convertWithLibreOffice,
  rawZip,
  workbookBytes,
  workbookWithFarCell,
  zipBomb,
  type BulkFixture,
} from '../../excel/test-fixtures';
import { buildImage } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';
import { BULK_UPLOAD_PATH, TEMPLATE_PATH } from './router';
import { expectError } from '../../test/expect-error';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let partner: Awaited<ReturnType<typeof signedInPartner>>;

beforeAll(async () => {
  app = createTestApp(getDb().db);
  partner = await signedInPartner(app, getDb().db);
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines cascade');
});

type Agent = ReturnType<typeof browserAgent>;
const upload = (agent: Agent, bytes: Buffer, filename: string) =>
  agent.post(BULK_UPLOAD_PATH).set('X-Vinpressen-Upload', '1').attach('excel', bytes, filename);

const wineCount = async () => Number((await getDb().db('wines').count({ n: '*' }))[0]!.n);

/** Checks an upload's answer and the saved rows against what the fixture says it must give. */
async function expectImported(body: unknown, fixture: BulkFixture) {
  const { results } = BulkUploadResult.parse(body);
  expect(results.totalRows).toBe(fixture.totalRows);
  expect(results.successCount).toBe(fixture.valid.length);
  expect(results.failureCount).toBe(fixture.failed.length);
  expect(results.successful.map((s) => [s.row, s.name])).toEqual(fixture.valid.map((v) => [v.row, v.wine.name]));
  expect(results.failed.map((f) => [f.row, f.name])).toEqual(fixture.failed.map((f) => [f.row, f.name]));
  fixture.failed.forEach((f, i) => expect(results.failed[i]!.error).toContain(f.error));

  const rows = await getDb()
    .db('wines')
    .whereIn(
      'id',
      results.successful.map((s) => s.id),
    )
    .select('*');
  expect(rows).toHaveLength(fixture.valid.length);
  expect(await wineCount()).toBe(fixture.valid.length);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  results.successful.forEach((s, i) => {
    const stored = byId.get(s.id)!;
    const want = fixture.valid[i]!.wine;
    expect(stored).toMatchObject({
      owner_user_id: partner.user.id,
      source: 'partner',
      approval_status: 'draft',
      is_granskad_vinpressen: false,
      categories: '{}',
      name: want.name,
      description: want.description,
      vintage: want.vintage,
      country: want.country,
      region: want.region,
      grape_variety: want.grape_variety,
      systembolaget_url: want.systembolaget_url,
      sweetness: want.sweetness,
      acidity: want.acidity,
      body: want.body,
      tannins: want.tannins,
      fruity: null,
      image_url: null,
    });
    expect(Number(stored.price)).toBe(want.price);
    expect(Number(stored.rating)).toBe(4); // the partner default when the cell is empty
    expect(Number(stored.alcohol_content)).toBe(want.alcohol_content);
    expect(stored.food_pairings).toEqual(want.food_pairings);
    expect(stored.occasions).toEqual(want.occasions);
  });
}

describe('SheetJS', () => {
  it('is @e965/xlsx 0.20.3 or newer (0.18.5 from the registry has parsing CVEs)', () => {
    const [major, minor, patch] = XLSX.version.split('.').map(Number) as [number, number, number];
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(20 * 1e3 + 3);
  });
});

describe('GET /api/partner/wines/template', () => {
  it('requires authentication', async () => {
    expect((await browserAgent(app).get(TEMPLATE_PATH)).status).toBe(401);
  });

  it('refuses signed-in users who are not partners', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.get(TEMPLATE_PATH)).status).toBe(403);
  });

  it('downloads vinpressen-mall.xlsx with the header row, an example row and the allowed values', async () => {
    const res = await partner.agent
      .get(TEMPLATE_PATH)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vinpressen-mall.xlsx"');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const wb = XLSX.read(res.body as Buffer, { type: 'buffer' });
    expect(wb.SheetNames).toEqual([TEMPLATE_SHEETS.wines, TEMPLATE_SHEETS.values]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[TEMPLATE_SHEETS.wines]!, { header: 1 });
    expect(rows[0]).toEqual(EXCEL_COLUMNS.map((c) => c.header));
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Namn*', 'Beskrivning*', 'Pris (kr)*', 'Betyg (1-5)', 'Årgång', 'Matkombinationer', 'Tillfällen']),
    );
    expect(rows[1]![0]).toBe('Castelgufo Verdicchio dei Castelli di Jesi');

    const values = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[TEMPLATE_SHEETS.values]!, { header: 1 });
    const pairs = values.map((r) => `${r[0] ?? ''}=${r[1] ?? ''}`);
    for (const pair of [
      'seafood=Skaldjur',
      'light_meat=Ljust kött',
      'cozy_evening=Mys',
      'casual=Vardagsmat',
      'FYND=Fynd',
      'NYLANSERAD=Aktuella vintips',
      'FOLKETS_VAL=Folkets val',
    ]) {
      expect(pairs).toContain(pair);
    }
  });

  it('is a file the upload reads: its example row becomes one draft', async () => {
    const template = (
      await partner.agent
        .get(TEMPLATE_PATH)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
    ).body as Buffer;
    const res = await upload(partner.agent, template, 'vinpressen-mall.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ totalRows: 1, successCount: 1, failureCount: 0 });
    const wine = await getDb().db('wines').first();
    expect(wine).toMatchObject({
      name: 'Castelgufo Verdicchio dei Castelli di Jesi',
      food_pairings: ['fish', 'light_meat'],
      occasions: ['dinner', 'lunch'],
    });
  });
});

describe('POST /api/partner/wines/bulk-upload', () => {
  it('requires authentication', async () => {
    const res = await upload(browserAgent(app), workbookBytes(bulkFixture().aoa), 'viner.xlsx');
    expect(res.status).toBe(401);
    expect(await wineCount()).toBe(0);
  });

  it('refuses signed-in users who are not partners', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    const res = await upload(agent, workbookBytes(bulkFixture().aoa), 'viner.xlsx');
    expect(res.status).toBe(403);
    expect(await wineCount()).toBe(0);
  });

  it('saves the valid rows of a real .xlsx as the partner’s drafts and reports each broken row by its Excel number', async () => {
    const fixture = bulkFixture(12);
    const res = await upload(partner.agent, workbookBytes(fixture.aoa), 'viner.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toMatchObject({ totalRows: 12, successCount: 8, failureCount: 4 });
    await expectImported(res.body, fixture);
    // Each error names its column in Swedish and says what is wrong.
    const errors = Object.fromEntries((res.body as BulkUploadResult).results.failed.map((f) => [f.row, f.error]));
    expect(errors[3]).toMatch(/^Namn: \S/);
    expect(errors[5]).toMatch(/^Pris: \S/);
    expect(errors[7]).toMatch(/^Betyg: \S/);
  });

  it('reads a genuine .xls (Excel 97–2003) made by LibreOffice the same way', { timeout: 120_000 }, async () => {
    const fixture = bulkFixture(12, 40);
    const xls = await convertWithLibreOffice(workbookBytes(fixture.aoa), 'xlsx', 'xls');
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const res = await upload(partner.agent, xls, 'viner.xls');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toMatchObject({ totalRows: 12, successCount: 8, failureCount: 4 });
    await expectImported(res.body, fixture);
  });

  it('reads an .xlsx that LibreOffice wrote from a CSV export', { timeout: 120_000 }, async () => {
    const fixture = bulkFixture(8, 80);
    const xlsx = await convertWithLibreOffice(workbookBytes(fixture.aoa, 'csv'), 'csv', 'xlsx');
    const res = await upload(partner.agent, xlsx, 'export.XLSX');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toMatchObject({ totalRows: 8, successCount: 4, failureCount: 4 });
  });

  it("answers 400 'Fel filtyp' for a workbook whose name is not .xlsx or .xls", async () => {
    const res = await upload(partner.agent, workbookBytes(bulkFixture().aoa), 'viner.csv');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'wrong_file_type', message: M.wrongFileType });
    expect(await wineCount()).toBe(0);
  });

  it("answers 400 'Fel filtyp' for a text file renamed .xlsx (judged by content, not name)", async () => {
    const csv = workbookBytes(bulkFixture().aoa, 'csv');
    const res = await upload(partner.agent, csv, 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'wrong_file_type', message: M.wrongFileType });
    expect(await wineCount()).toBe(0);
  });

  it("answers 400 'Fel filtyp' for a zip that holds no workbook (a .docx renamed)", async () => {
    const docx = rawZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    const res = await upload(partner.agent, docx, 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(M.wrongFileType);
  });

  it('answers 400 for a corrupt .xlsx and saves nothing', async () => {
    const good = workbookBytes(bulkFixture().aoa);
    const corrupt = Buffer.concat([good.subarray(0, 2000), Buffer.alloc(3000, 0x41)]);
    const res = await upload(partner.agent, corrupt, 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'file_unreadable', message: M.fileUnreadable });
    expect(await wineCount()).toBe(0);
  });

  it('answers 400 for a corrupt .xls', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4000, 0x11)]);
    const res = await upload(partner.agent, cfb, 'viner.xls');
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(M.fileUnreadable);
  });

  it("answers 400 for a zip with a '..' entry name", async () => {
    const bytes = rawZip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/../../etc/passwd', data: Buffer.from('x') },
    ]);
    const res = await upload(partner.agent, bytes, 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(M.fileUnreadable);
  });

  it('answers 413 for more than 10 MB and saves nothing', async () => {
    const good = workbookBytes(bulkFixture().aoa);
    const big = Buffer.concat([good, Buffer.alloc(BULK_UPLOAD_MAX_BYTES + 1 - good.length)]);
    const res = await upload(partner.agent, big, 'viner.xlsx');
    expect(res.status).toBe(413);
    expect(expectError(res.body)).toMatchObject({ code: 'payload_too_large', message: M.fileTooLarge });
    expect(await wineCount()).toBe(0);
  });

  it('answers 413 before reading a body that declares more than 10 MB', async () => {
    const res = await partner.agent
      .post(BULK_UPLOAD_PATH)
      .set('X-Vinpressen-Upload', '1')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(BULK_UPLOAD_MAX_BYTES * 2))
      .send('--x\r\n');
    expect(res.status).toBe(413);
    expect(expectError(res.body).message).toBe(M.fileTooLarge);
  });

  for (const kind of ['declared', 'real', 'entries'] as const) {
    it(`answers 413 for a zip bomb (${kind}) and saves nothing`, { timeout: 30_000 }, async () => {
      const bomb = zipBomb(kind);
      expect(bomb.length).toBeLessThan(BULK_UPLOAD_MAX_BYTES);
      const res = await upload(partner.agent, bomb, 'viner.xlsx');
      expect(res.status).toBe(413);
      expect(expectError(res.body)).toMatchObject({ code: 'file_too_complex', message: M.fileTooComplex });
      expect(await wineCount()).toBe(0);
    });
  }

  it('reads a sheet with a stray cell at XFD1048576 quickly: the far cell is ignored, the wines are saved', { timeout: 30_000 }, async () => {
    const fixture = bulkFixture();
    const started = Date.now();
    const res = await upload(partner.agent, workbookWithFarCell(fixture.aoa, 'XFD1048576'), 'viner.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expectImported(res.body, fixture);
  });

  it('ignores a stray cell far to the right (XFD2, in a wine row) and reads the wines', async () => {
    const fixture = bulkFixture();
    const res = await upload(partner.agent, workbookWithFarCell(fixture.aoa, 'XFD2'), 'viner.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectImported(res.body, fixture);
  });

  it('answers 400 naming the missing required headers', async () => {
    const aoa = bulkFixture().aoa.map((row) => row.slice(1, 2)); // only Beskrivning
    const res = await upload(partner.agent, workbookBytes(aoa), 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'headers_missing', message: M.headersMissing('Namn*, Pris (kr)*') });
  });

  it('answers 400 for a sheet with a header and no wine rows', async () => {
    const res = await upload(partner.agent, workbookBytes([EXCEL_COLUMNS.map((c) => c.header), [], []]), 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'file_empty', message: M.fileEmpty });
  });

  it('answers 400 without a file in the field excel', async () => {
    const res = await partner.agent
      .post(BULK_UPLOAD_PATH)
      .set('X-Vinpressen-Upload', '1')
      .attach('file', workbookBytes(bulkFixture().aoa), 'viner.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(M.fileMissing);
  });

  it('reads headers in any order, case and with the field names, and lists by value or label', async () => {
    const res = await upload(
      partner.agent,
      workbookBytes([
        ['PRICE', 'namn', 'beskrivning', 'Matkombinationer', 'tillfällen', 'Betyg'],
        ['129,50 kr', 'Vin ett', 'Torr och frisk.', 'SKALDJUR; cheese ,ljust kött', 'cozy_evening', 4.5],
        [99, 'Vin två', 'Mjuk och fruktig.', '', 'Mys, Middag', null],
      ]),
      'viner.xlsx',
    );
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ totalRows: 2, successCount: 2, failureCount: 0 });
    const wines = await getDb().db('wines').orderBy('name').select('name', 'price', 'rating', 'food_pairings', 'occasions');
    expect(wines.map((w) => ({ ...w, price: Number(w.price), rating: Number(w.rating) }))).toEqual([
      { name: 'Vin ett', price: 129.5, rating: 4.5, food_pairings: ['seafood', 'cheese', 'light_meat'], occasions: ['cozy_evening'] },
      { name: 'Vin två', price: 99, rating: 4, food_pairings: [], occasions: ['cozy_evening', 'dinner'] },
    ]);
  });

  it('refuses the rows with control characters (a NUL was a 500 that saved nothing) and saves the others', async () => {
    const res = await upload(
      partner.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris', 'Region'],
        ['Vin ett', 'Torr och frisk.', 100, 'Rioja'],
        ['Gift\u0000vin', 'Torr och frisk.', 100, 'Rioja'],
        ['Vin tre', 'Mjuk\u0007 och rund.', 110, 'Rioja'],
        ['Vin fyra', 'Rad ett\nRad två', 120, 'Rio\u0085ja'],
        ['Vin fem', 'Rad ett\nRad två', 130, 'Rioja'],
      ]),
      'viner.xlsx',
    );
    expect(res.status).toBe(200);
    const { results } = BulkUploadResult.parse(res.body);
    expect(results).toMatchObject({ totalRows: 5, successCount: 2, failureCount: 3 });
    expect(results.failed.map((f) => f.row)).toEqual([3, 4, 5]);
    for (const f of results.failed) expect(f.error).toContain(TEXT_MESSAGES.forbiddenCharacters);
    const saved = await getDb().db('wines').orderBy('name').select('name', 'description');
    expect(saved).toEqual([
      { name: 'Vin ett', description: 'Torr och frisk.' },
      { name: 'Vin fem', description: 'Rad ett\nRad två' },
    ]);
  });

  it('holds the image column to the rule of the form: a row naming a missing uploaded image fails, in row order', async () => {
    const image = await buildImage(getDb().db);
    const gone = `/api/images/${randomUUID()}`;
    const res = await upload(
      partner.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris', 'Bild-URL'],
        ['Vin ett', 'Torr och frisk.', 100, image.url],
        ['Vin två', 'Torr och frisk.', 110, gone],
        ['Vin tre', 'Torr och frisk.', 'gratis', ''],
        ['Vin fyra', 'Torr och frisk.', 120, 'https://cdn.example.se/fyra.jpg'],
      ]),
      'viner.xlsx',
    );
    expect(res.status).toBe(200);
    const { results } = BulkUploadResult.parse(res.body);
    expect(results).toMatchObject({ totalRows: 4, successCount: 2, failureCount: 2 });
    expect(results.failed.map((f) => [f.row, f.name])).toEqual([
      [3, 'Vin två'],
      [4, 'Vin tre'],
    ]);
    expect(results.failed[0]!.error).toBe(`Bild-URL: ${W.imageMissing}`);
    expect(results.failed[1]!.error).toMatch(/^Pris: /);
    expect(results.successful.map((s) => [s.row, s.name])).toEqual([
      [2, 'Vin ett'],
      [5, 'Vin fyra'],
    ]);
    for (const s of results.successful) expect(isClientWineId(s.id)).toBe(true);
    const saved = await getDb().db('wines').orderBy('name').select('name', 'image_url', 'source', 'approval_status', 'owner_user_id');
    expect(saved).toEqual([
      { name: 'Vin ett', image_url: image.url, source: 'partner', approval_status: 'draft', owner_user_id: partner.user.id },
      { name: 'Vin fyra', image_url: 'https://cdn.example.se/fyra.jpg', source: 'partner', approval_status: 'draft', owner_user_id: partner.user.id },
    ]);
  });

  it('saves nothing when the database refuses a row halfway through (one transaction)', async () => {
    const db = getDb().db;
    await db.raw(`create or replace function refuse_krasch() returns trigger language plpgsql as $$
      begin if new.name = 'Krasch' then raise exception 'refused by test trigger'; end if; return new; end $$`);
    await db.raw('create trigger refuse_krasch before insert on wines for each row execute function refuse_krasch()');
    try {
      const aoa: (string | number)[][] = [['Namn', 'Beskrivning', 'Pris']];
      for (let i = 0; i < 1200; i++) aoa.push([i === 1100 ? 'Krasch' : `Vin ${i}`, 'Beskrivning', 100 + i]);
      const res = await upload(partner.agent, workbookBytes(aoa), 'viner.xlsx');
      expect(res.status).toBe(500);
      expect(await wineCount()).toBe(0);
    } finally {
      await db.raw('drop trigger if exists refuse_krasch on wines');
      await db.raw('drop function if exists refuse_krasch()');
    }
  });
});
