import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as W } from '../../contract/admin-wines';
import { BulkUploadResult } from '../../contract/partner';
import { BULK_UPLOAD_MAX_BYTES, PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { TEXT_MESSAGES } from '../../contract/text-rules';
import { isClientWineId } from '../../contract/wine-id';
import { EXAMPLE_MARKER, EXCEL_COLUMNS } from '../../excel/columns';
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
  expect(results.createdCount).toBe(fixture.valid.length);
  expect(results.updatedCount).toBe(0);
  expect(results.skippedExamples).toEqual([]);
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
    expect(Number(stored.producer_rating)).toBe(4); // the partner default when the cell is empty
    expect(stored.rating).toBeNull(); // Folkets betyg comes only from member reviews
    expect(Number(stored.alcohol_content)).toBe(want.alcohol_content);
    expect(stored.volume_ml).toBe(want.volume_ml);
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
    expect(rows[1]![0]).toBe(EXAMPLE_MARKER);
    expect(rows[1]![1]).toBe('Castelgufo Verdicchio dei Castelli di Jesi');
    expect(wb.Sheets[TEMPLATE_SHEETS.wines]!.A2!.c?.[0]?.t).toMatch(/importeras aldrig/);

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

  it('is a file the upload reads, whose example row is never imported: left alone it is refused as having no wines', async () => {
    const template = await downloadTemplate();
    const res = await upload(partner.agent, template, 'vinpressen-mall.xlsx');
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'file_empty', message: M.fileOnlyExample });
    expect(await wineCount()).toBe(0);
  });
});

/** The template as the partner downloads it. */
async function downloadTemplate(): Promise<Buffer> {
  const res = await partner.agent
    .get(TEMPLATE_PATH)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return res.body as Buffer;
}

/** The template's 'Viner' sheet as rows of cells (header first, then the example row). */
function templateRows(template: Buffer): (string | number | null)[][] {
  const wb = XLSX.read(template, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<(string | number | null)[]>(wb.Sheets[TEMPLATE_SHEETS.wines]!, { header: 1, defval: null });
}

const col = (field: string) => EXCEL_COLUMNS.findIndex((c) => c.field === field);

/** A row in the template's columns: name, description, price and the given other fields. */
function sheetRow(fields: Record<string, string | number | null>): (string | number | null)[] {
  return EXCEL_COLUMNS.map((c) => fields[c.field] ?? null);
}

describe('the example row and drafts uploaded again', () => {
  it('never imports the example row the partner left in above their wines, and lists it as skipped', async () => {
    const rows = templateRows(await downloadTemplate());
    expect(rows[1]![col('example')]).toBe(EXAMPLE_MARKER);
    const aoa = [
      ...rows,
      sheetRow({ name: 'Vin ett', description: 'Torr och frisk.', price: 100 }),
      sheetRow({ name: 'Vin två', description: 'Mjuk och rund.', price: 120 }),
    ];
    const res = await upload(partner.agent, workbookBytes(aoa), 'viner.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { results } = BulkUploadResult.parse(res.body);
    expect(results).toMatchObject({ totalRows: 2, successCount: 2, createdCount: 2, updatedCount: 0, failureCount: 0 });
    expect(results.skippedExamples).toEqual([{ row: 2, name: 'Castelgufo Verdicchio dei Castelli di Jesi' }]);
    const names = (await getDb().db('wines').orderBy('name').select('name')).map((w) => w.name);
    expect(names).toEqual(['Vin ett', 'Vin två']);
  });

  it("skips the example also without its marker column (deleted), and a row marked 'Exempel' in it, but not one marked otherwise", async () => {
    const [header, example] = templateRows(await downloadTemplate());
    const without = (row: (string | number | null)[]) => row.filter((_, i) => i !== col('example'));
    const marked = sheetRow({ example: 'Exempel', name: 'Kopierad rad', description: 'Torr.', price: 90 });
    // Anything else in the column is no mark: the row is a wine.
    const numbered = sheetRow({ example: 'x', name: 'Numrerad rad', description: 'Torr.', price: 91 });
    const res1 = await upload(
      partner.agent,
      workbookBytes([without(header!), without(example!), without(sheetRow({ name: 'Eget vin', description: 'Torr.', price: 99 }))]),
      'viner.xlsx',
    );
    expect(res1.status, JSON.stringify(res1.body)).toBe(200);
    expect(res1.body.results).toMatchObject({ totalRows: 1, createdCount: 1, skippedExamples: [{ row: 2 }] });
    const res2 = await upload(
      partner.agent,
      workbookBytes([header!, marked, sheetRow({ name: 'Annat vin', description: 'Torr.', price: 99 }), numbered]),
      'viner.xlsx',
    );
    expect(res2.body.results).toMatchObject({ totalRows: 2, createdCount: 2, skippedExamples: [{ row: 2, name: 'Kopierad rad' }] });
    const names = (await getDb().db('wines').orderBy('name').select('name')).map((w) => w.name);
    expect(names).toEqual(['Annat vin', 'Eget vin', 'Numrerad rad']);
  });

  it('updates the drafts on the second upload of a corrected file: counts new, updated and refused; a third upload creates nothing', async () => {
    const fixture = bulkFixture(12, 120);
    const first = BulkUploadResult.parse((await upload(partner.agent, workbookBytes(fixture.aoa), 'viner.xlsx')).body).results;
    expect(first).toMatchObject({ totalRows: 12, successCount: 8, createdCount: 8, updatedCount: 0, failureCount: 4 });
    const firstIds = new Map(first.successful.map((s) => [s.row, s.id]));

    // The partner fixes three of the four broken rows, changes one price and one description's spacing stays.
    const corrected = fixture.aoa.map((r) => [...r]);
    const wineAt = (row: number) => corrected[row - 1]!;
    wineAt(3)[col('name')] = 'Rättat namn';
    wineAt(5)[col('price')] = 149;
    wineAt(7)[col('rating')] = 4;
    const changedRow = fixture.valid[0]!.row;
    wineAt(changedRow)[col('price')] = 555;
    // The same wine typed with other case and spaces is still the same draft.
    const respacedRow = fixture.valid[1]!.row;
    wineAt(respacedRow)[col('name')] = `  ${String(wineAt(respacedRow)[col('name')]).toUpperCase().replace(/ /g, '   ')} `;

    const second = BulkUploadResult.parse((await upload(partner.agent, workbookBytes(corrected), 'viner.xlsx')).body).results;
    expect(second).toMatchObject({ totalRows: 12, successCount: 11, createdCount: 3, updatedCount: 8, failureCount: 1 });
    expect(second.failed.map((f) => f.row)).toEqual([9]);
    expect(second.failed[0]!.error).toContain('Matkombinationer: ');
    for (const s of second.successful) {
      if (firstIds.has(s.row)) expect(s).toMatchObject({ id: firstIds.get(s.row), action: 'updated' });
      else expect(s.action).toBe('created');
    }
    expect(second.successful.filter((s) => s.action === 'created').map((s) => s.row)).toEqual([3, 5, 7]);
    expect(await wineCount()).toBe(11);
    const changed = await getDb()
      .db('wines')
      .where({ id: firstIds.get(changedRow) })
      .first();
    expect(Number(changed.price)).toBe(555);
    expect(changed.version).toBe(2);
    const respaced = await getDb()
      .db('wines')
      .where({ id: firstIds.get(respacedRow) })
      .first();
    expect(respaced.name).toBe(String(wineAt(respacedRow)[col('name')]).trim());

    const third = BulkUploadResult.parse((await upload(partner.agent, workbookBytes(corrected), 'viner.xlsx')).body).results;
    expect(third).toMatchObject({ totalRows: 12, createdCount: 0, updatedCount: 11, failureCount: 1 });
    expect(await wineCount()).toBe(11);
    const drafts = await getDb().db('wines').where({ owner_user_id: partner.user.id, approval_status: 'draft' }).count({ n: '*' });
    expect(Number(drafts[0]!.n)).toBe(11);
  });

  it('matches name, vintage and volume (an unknown volume as 750 ml); another vintage or volume is a new draft', async () => {
    const base = { description: 'Torr.', price: 100 };
    const first = await upload(
      partner.agent,
      workbookBytes([
        EXCEL_COLUMNS.map((c) => c.header),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2020 }),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2021 }),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2020, volumeMl: '3 l' }),
      ]),
      'viner.xlsx',
    );
    expect(first.body.results).toMatchObject({ createdCount: 3, failureCount: 0 });
    const second = await upload(
      partner.agent,
      workbookBytes([
        EXCEL_COLUMNS.map((c) => c.header),
        sheetRow({ ...base, name: 'åsa  röd', vintage: 2020, volumeMl: 750, price: 110 }),
        sheetRow({ ...base, name: 'ÅSA RÖD', vintage: 2021, price: 120 }),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2020, volumeMl: 3000, price: 300 }),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2019 }),
        sheetRow({ ...base, name: 'Åsa Röd', vintage: 2020, volumeMl: 375 }),
      ]),
      'viner.xlsx',
    );
    const { results } = BulkUploadResult.parse(second.body);
    expect(results).toMatchObject({ totalRows: 5, createdCount: 2, updatedCount: 3, failureCount: 0 });
    expect(results.successful.map((s) => s.action)).toEqual(['updated', 'updated', 'updated', 'created', 'created']);
    const stored = await getDb().db('wines').orderBy(['vintage', 'volume_ml']).select('vintage', 'volume_ml', 'price');
    expect(stored.map((w) => [w.vintage, w.volume_ml, Number(w.price)])).toEqual([
      [2019, null, 100],
      [2020, 375, 100],
      [2020, 750, 110],
      [2020, 3000, 300],
      [2021, null, 120],
    ]);
  });

  it("refuses a row naming the same wine as an earlier row, and a row matching a submitted wine; never touches another partner's draft", async () => {
    const other = await signedInPartner(app, getDb().db);
    await upload(
      other.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris'],
        ['Delat namn', 'Den andras.', 50],
      ]),
      'viner.xlsx',
    );
    await upload(
      partner.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris'],
        ['Inskickat vin', 'Torr.', 80],
      ]),
      'viner.xlsx',
    );
    await getDb().db('wines').where({ name: 'Inskickat vin' }).update({ approval_status: 'pending', submitted_at: new Date() });

    const res = await upload(
      partner.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris'],
        ['Delat namn', 'Min egen.', 70],
        ['Dubblett', 'Första.', 60],
        ['dubblett ', 'Andra.', 61],
        ['Inskickat vin', 'Ändrad.', 81],
      ]),
      'viner.xlsx',
    );
    const { results } = BulkUploadResult.parse(res.body);
    expect(results).toMatchObject({ totalRows: 4, createdCount: 2, updatedCount: 0, failureCount: 2 });
    expect(results.failed).toEqual([
      { row: 4, name: 'dubblett', error: M.duplicateInFile(3) },
      { row: 5, name: 'Inskickat vin', error: M.matchesSubmitted('Väntar') },
    ]);
    const theirs = await getDb().db('wines').where({ owner_user_id: other.user.id }).select('name', 'description', 'price');
    expect(theirs.map((w) => [w.name, w.description, Number(w.price)])).toEqual([['Delat namn', 'Den andras.', 50]]);
    const submitted = await getDb().db('wines').where({ name: 'Inskickat vin' }).select('description', 'approval_status');
    expect(submitted).toEqual([{ description: 'Torr.', approval_status: 'pending' }]);
  });

  it('creates each wine once when the same file is uploaded twice at the same moment (the partner’s import lock)', async () => {
    const fixture = bulkFixture(12, 160);
    const answers = await Promise.all([1, 2].map(() => upload(partner.agent, workbookBytes(fixture.aoa), 'viner.xlsx')));
    const results = answers.map((a) => BulkUploadResult.parse(a.body).results);
    expect(results.map((r) => [r.createdCount, r.updatedCount]).sort()).toEqual([
      [0, 8],
      [8, 0],
    ]);
    expect(await wineCount()).toBe(8);
  });

  it('holds an updated draft to the image rule: a new uploaded image must exist, the stored one is not checked again', async () => {
    const kept = await buildImage(getDb().db);
    const header = ['Namn', 'Beskrivning', 'Pris', 'Bild-URL'];
    await upload(partner.agent, workbookBytes([header, ['Vin ett', 'Torr.', 100, kept.url], ['Vin två', 'Torr.', 100, kept.url]]), 'viner.xlsx');
    await getDb()
      .db('images')
      .where({ id: kept.url.split('/').pop() })
      .delete();
    const gone = `/api/images/${randomUUID()}`;
    const res = await upload(
      partner.agent,
      workbookBytes([header, ['Vin ett', 'Ändrad.', 110, kept.url], ['Vin två', 'Ändrad.', 120, gone]]),
      'viner.xlsx',
    );
    const { results } = BulkUploadResult.parse(res.body);
    expect(results).toMatchObject({ createdCount: 0, updatedCount: 1, failureCount: 1 });
    expect(results.failed).toEqual([{ row: 3, name: 'Vin två', error: `Bild-URL: ${W.imageMissing}` }]);
    const stored = await getDb().db('wines').orderBy('name').select('name', 'description', 'image_url', 'version');
    expect(stored).toEqual([
      { name: 'Vin ett', description: 'Ändrad.', image_url: kept.url, version: 2 },
      { name: 'Vin två', description: 'Torr.', image_url: kept.url, version: 1 },
    ]);
  });

  it('refuses a volume it cannot read, naming the column', async () => {
    const res = await upload(
      partner.agent,
      workbookBytes([
        ['Namn', 'Beskrivning', 'Pris', 'Volym (ml)'],
        ['Vin', 'Torr.', 80, 'en flaska'],
      ]),
      'viner.xlsx',
    );
    expect(res.body.results.failed).toEqual([{ row: 2, name: 'Vin', error: `Volym: ${M.volumeInvalid}` }]);
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
    const aoa = bulkFixture().aoa.map((row) => row.slice(col('description'), col('description') + 1)); // only Beskrivning
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
    const wines = await getDb().db('wines').orderBy('name').select('name', 'price', 'producer_rating', 'food_pairings', 'occasions');
    expect(wines.map((w) => ({ ...w, price: Number(w.price), producer_rating: Number(w.producer_rating) }))).toEqual([
      { name: 'Vin ett', price: 129.5, producer_rating: 4.5, food_pairings: ['seafood', 'cheese', 'light_meat'], occasions: ['cozy_evening'] },
      { name: 'Vin två', price: 99, producer_rating: 4, food_pairings: [], occasions: ['cozy_evening', 'dinner'] },
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
