import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import { readHeader, rowToInput, splitList } from './columns';
import { detectContainer, inspectXlsx, readCentralDirectory } from './container';
import { ExcelFileError } from './errors';
import { DEFAULT_PARSE_LIMITS, readFirstSheet } from './read-workbook';
import { bulkFixture, rawZip, workbookBytes, zipBomb } from './test-fixtures';

// The Excel reader's parts on their own, with limits the route never lowers (the route tests cover the defaults).

async function refusal(promise: Promise<unknown>): Promise<ExcelFileError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExcelFileError);
  return err as ExcelFileError;
}

describe('container', () => {
  it('tells an .xlsx (zip) and an .xls (OLE compound file) by their first bytes, and nothing else', () => {
    expect(detectContainer(workbookBytes(bulkFixture().aoa))).toBe('zip');
    expect(detectContainer(workbookBytes(bulkFixture().aoa, 'xls'))).toBe('cfb');
    expect(detectContainer(workbookBytes(bulkFixture().aoa, 'csv'))).toBeNull();
    expect(detectContainer(Buffer.from('PK'))).toBeNull();
  });

  it('measures the real unpacked size of a workbook', async () => {
    const facts = await inspectXlsx(workbookBytes(bulkFixture().aoa));
    expect(facts.entries).toBeGreaterThan(3);
    expect(facts.unpackedBytes).toBeGreaterThan(5000);
  });

  it('refuses by the directory alone: too many entries, or a claimed size over the limit', async () => {
    expect(() => readCentralDirectory(zipBomb('entries'), 1000)).toThrow(ExcelFileError);
    expect((await refusal(inspectXlsx(zipBomb('declared')))).kind).toBe('tooComplex');
  });

  it('refuses by measuring when the directory lies about the size', async () => {
    const bomb = zipBomb('real');
    expect(readCentralDirectory(bomb, 10).find((e) => e.name.endsWith('sheet1.xml'))!.declaredSize).toBe(1024);
    expect((await refusal(inspectXlsx(bomb))).kind).toBe('tooComplex');
  });

  it('refuses absolute and backslash entry names as unreadable', async () => {
    for (const name of ['/etc/passwd', 'xl\\..\\x.xml', 'C:/x.xml']) {
      const zip = rawZip([
        { name: 'xl/workbook.xml', data: Buffer.from('<w/>') },
        { name, data: Buffer.from('x') },
      ]);
      expect((await refusal(inspectXlsx(zip))).kind).toBe('unreadable');
    }
  });
});

describe('readFirstSheet (worker)', () => {
  it('gives the non-empty rows with their Excel row numbers', async () => {
    const rows = await readFirstSheet(workbookBytes([['Namn', 'Pris'], [], ['Vin', 99]]));
    expect(rows).toEqual([
      [1, ['Namn', 'Pris']],
      [3, ['Vin', 99]],
    ]);
  });

  it('refuses a sheet longer than maxRows as too complex', async () => {
    const aoa = [['Namn'], ...Array.from({ length: 30 }, (_, i) => [`Vin ${i}`])];
    expect((await readFirstSheet(workbookBytes(aoa), { ...DEFAULT_PARSE_LIMITS, maxRows: 31 })).length).toBe(31);
    expect((await refusal(readFirstSheet(workbookBytes(aoa), { ...DEFAULT_PARSE_LIMITS, maxRows: 30 }))).message).toBe(M.fileTooComplex);
  });

  it('stops a parse that takes longer than its time limit', async () => {
    const err = await refusal(readFirstSheet(workbookBytes(bulkFixture(200).aoa), { ...DEFAULT_PARSE_LIMITS, timeoutMs: 1 }));
    expect(err.kind).toBe('tooComplex');
  });

  it('stops a parse that needs more memory than its heap limit', { timeout: 60_000 }, async () => {
    const rows = bulkFixture(400).aoa;
    const big = workbookBytes(rows.concat(...Array.from({ length: 110 }, () => rows.slice(1))));
    // Asked for 2 MB, the worker still gets MIN_WORKER_HEAP_MB to start (less kills the whole process in Node 24), and
    // 44,000 rows need more than that.
    const err = await refusal(readFirstSheet(big, { ...DEFAULT_PARSE_LIMITS, maxHeapMb: 2 }));
    expect(err.kind).toBe('tooComplex');
  });

  it('answers unreadable for bytes SheetJS cannot read', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2000, 7)]);
    expect((await refusal(readFirstSheet(cfb))).kind).toBe('unreadable');
  });
});

describe('columns', () => {
  it('matches headers without case, stars and units, and names the missing required ones', () => {
    const { columns, missing } = readHeader(['PRIS (KR)*', 'okänd', 'druva']);
    expect([...columns]).toEqual([
      ['price', 0],
      ['grapeVariety', 2],
    ]);
    expect(missing).toEqual(['Namn*', 'Beskrivning*']);
  });

  it('splits lists on commas and semicolons and reads values or Swedish labels', () => {
    expect(splitList('foodPairings', 'Skaldjur; FISH , light meat,,Ljust kött')).toEqual(['seafood', 'fish', 'light_meat', 'light_meat']);
    expect(splitList('occasions', 'Mys;okänt')).toEqual(['cozy_evening', 'okänt']);
  });

  it('leaves empty cells out so the schema defaults apply, and sends numbers typed in text columns as text', () => {
    const { columns } = readHeader(['Namn', 'Beskrivning', 'Pris', 'Betyg']);
    expect(rowToInput([1865, 'Torr.', '129,50 kr', null], columns)).toEqual({ name: '1865', description: 'Torr.', price: '129,50 kr' });
  });
});
