// Real Excel files for the bulk-upload tests, the e2e test and the benchmark (not part of the app): rows from the
// Systembolaget data set (db/data/systembolaget-wines.json) written as the template's columns by SheetJS,
// converted by LibreOffice into genuine .xls files, and zip bombs made byte by byte.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { FOOD_PAIRING_LABELS, OCCASION_LABELS } from '../contract/constants';
import { FOOD_SYMBOL_MAP, SystembolagetRow, tasteClockToScale } from '../services/systembolaget-mapping';
import { EXCEL_COLUMNS } from './columns';

const DATA_FILE = process.env.WINE_DATA_FILE
  ? path.resolve(process.env.WINE_DATA_FILE)
  : path.resolve(import.meta.dirname, '../../db/data/systembolaget-wines.json');

let loaded: SystembolagetRow[] | undefined;

/** The real wines that make a valid partner row: those with a taste text (the description is required). */
export function realWines(): SystembolagetRow[] {
  loaded ??= (JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')) as unknown[])
    .map((r) => SystembolagetRow.safeParse(r))
    .flatMap((p) => (p.success && p.data.taste?.trim() ? [p.data] : []));
  return loaded;
}

/** A row's cells in the template's column order (EXCEL_COLUMNS). */
export type SheetCells = (string | number | null)[];

/** What a valid row must become in the database (columns as stored). */
export interface ExpectedWine {
  name: string;
  description: string;
  price: number;
  vintage: number | null;
  country: string | null;
  region: string | null;
  grape_variety: string | null;
  alcohol_content: number;
  volume_ml: number;
  systembolaget_url: string;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  food_pairings: string[];
  occasions: string[];
}

/** The food pairing values and occasions a Systembolaget wine maps to (as the importer maps them, known values only). */
function listsOf(w: SystembolagetRow): { foodPairings: string[]; occasions: string[] } {
  const foodPairings = new Set<string>();
  const occasions = new Set<string>();
  for (const symbol of w.foodSymbols ?? []) {
    if (symbol === 'Sällskapsdryck') occasions.add('gathering');
    const mapped = FOOD_SYMBOL_MAP[symbol];
    if (mapped) foodPairings.add(mapped);
  }
  return { foodPairings: [...foodPairings], occasions: [...occasions] };
}

/**
 * A real wine as a template row and what it must be stored as. `variant` (the row's index) varies how it is typed,
 * as partners do: even rows give lists as Swedish labels ('Fisk, Ljust kött'), odd rows as values
 * ('fish;light_meat'); every fifth row writes the price as text with a decimal comma ('129,00 kr').
 */
export function rowFor(w: SystembolagetRow, variant: number): { cells: SheetCells; expected: ExpectedWine } {
  const { foodPairings, occasions } = listsOf(w);
  const asLabels = variant % 2 === 0;
  const list = (values: string[], labels: Record<string, string>) => (asLabels ? values.map((v) => labels[v]).join(', ') : values.join(';'));
  const name = [w.name.trim(), w.name2?.trim()].filter(Boolean).join(' ');
  const url = `https://www.systembolaget.se/${w.productNumber}`;
  const expected: ExpectedWine = {
    name,
    description: w.taste!.trim(),
    price: w.price,
    vintage: w.vintage,
    country: w.country,
    region: w.region,
    grape_variety: w.grapes,
    alcohol_content: Math.round(w.alcoholPercent * 10) / 10,
    volume_ml: w.volumeMl,
    systembolaget_url: url,
    sweetness: tasteClockToScale(w.tasteSweetness),
    acidity: tasteClockToScale(w.tasteAcidity),
    body: tasteClockToScale(w.tasteBody),
    tannins: tasteClockToScale(w.tasteRoughness),
    food_pairings: foodPairings,
    occasions,
  };
  const byField: Record<string, string | number | null> = {
    name,
    description: expected.description,
    price: variant % 5 === 0 ? `${w.price.toFixed(2).replace('.', ',')} kr` : w.price,
    rating: null,
    vintage: w.vintage,
    country: w.country,
    region: w.region,
    grapeVariety: w.grapes,
    alcoholContent: w.alcoholPercent,
    volumeMl: w.volumeMl,
    systembolagetUrl: url,
    imageUrl: null,
    sweetness: expected.sweetness,
    acidity: expected.acidity,
    body: expected.body,
    tannins: expected.tannins,
    fruity: null,
    foodPairings: list(foodPairings, FOOD_PAIRING_LABELS) || null,
    occasions: list(occasions, OCCASION_LABELS) || null,
  };
  return { cells: EXCEL_COLUMNS.map((c) => byField[c.field] ?? null), expected };
}

const column = (field: string) => EXCEL_COLUMNS.findIndex((c) => c.field === field);

/** A failed row the upload must report: its Excel row number and a part of its Swedish error. */
export interface ExpectedFailure {
  row: number;
  name: string;
  error: string;
}

/** A sheet (header first) and what uploading it must give. */
export interface BulkFixture {
  aoa: SheetCells[];
  valid: { row: number; wine: ExpectedWine }[];
  failed: ExpectedFailure[];
  /** Non-empty rows under the header. */
  totalRows: number;
}

/**
 * The standard test sheet: the header, then `count` real wines (from `offset` in the data set) of which four are
 * broken on purpose — no name (row 3), price 'gratis' (row 5), rating 9 (row 7), an unknown food pairing 'Fläskkarré'
 * (row 9) — and one empty row (row 8) that must be skipped. Rows are numbered as Excel shows them (header = 1).
 */
export function bulkFixture(count = 12, offset = 0): BulkFixture {
  const wines = realWines().slice(offset, offset + count);
  if (wines.length < 6) throw new Error('bulkFixture needs at least 6 wines');
  const aoa: SheetCells[] = [EXCEL_COLUMNS.map((c) => c.header)];
  const valid: BulkFixture['valid'] = [];
  const failed: ExpectedFailure[] = [];
  let totalRows = 0;
  wines.forEach((w, i) => {
    const { cells, expected } = rowFor(w, i);
    if (aoa.length === 7) aoa.push([]); // row 8 stays empty
    const row = aoa.length + 1;
    if (row === 3) {
      cells[column('name')] = null;
      failed.push({ row, name: '', error: 'Namn: ' });
    } else if (row === 5) {
      cells[column('price')] = 'gratis';
      failed.push({ row, name: expected.name, error: 'Pris: ' });
    } else if (row === 7) {
      cells[column('rating')] = 9;
      failed.push({ row, name: expected.name, error: 'Betyg: ' });
    } else if (row === 9) {
      cells[column('foodPairings')] = 'Fisk, Fläskkarré';
      failed.push({ row, name: expected.name, error: 'Matkombinationer: Okänd matkombination. (Fläskkarré)' });
    } else {
      valid.push({ row, wine: expected });
    }
    aoa.push(cells);
    totalRows++;
  });
  return { aoa, valid, failed, totalRows };
}

/** The sheet as workbook bytes written by SheetJS (.xlsx, .xls BIFF8 or .csv). */
export function workbookBytes(aoa: SheetCells[], bookType: 'xlsx' | 'xls' | 'csv' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Viner');
  if (bookType === 'csv') return Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8');
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/**
 * Converts a workbook with LibreOffice (`soffice --headless --convert-to`), so the tests read a file SheetJS did
 * not write: xls = Excel 97–2003 (BIFF8). Takes a few seconds; each call uses its own LibreOffice profile, so
 * parallel runs never wait for each other's lock.
 * @throws when soffice is missing or fails (install Debian's libreoffice-calc-nogui; .ci/run does)
 */
export async function convertWithLibreOffice(bytes: Buffer, fromExt: 'xlsx' | 'csv', to: 'xls' | 'xlsx'): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-lo-'));
  try {
    const input = path.join(dir, `viner.${fromExt}`);
    fs.writeFileSync(input, bytes);
    const outDir = path.join(dir, 'out');
    const filter = to === 'xls' ? 'xls:MS Excel 97' : 'xlsx:Calc MS Excel 2007 XML';
    await promisify(execFile)(
      process.env.SOFFICE ?? 'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, `profile-${randomUUID()}`)}`,
        '--headless',
        // A CSV is read as comma-separated UTF-8 (76) with a header line; LibreOffice would guess the locale's charset.
        ...(fromExt === 'csv' ? ['--infilter=CSV:44,34,76,1'] : []),
        '--convert-to',
        filter,
        '--outdir',
        outDir,
        input,
      ],
      { timeout: 120_000 },
    );
    return fs.readFileSync(path.join(outDir, `viner.${to}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface RawEntry {
  name: string;
  data: Buffer;
  /** Stored size in the local header and central directory; defaults to the real size. */
  claimedSize?: number;
}

/** A zip built byte by byte (deflate), whose central directory may claim any unpacked size. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const size = e.claimedSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal workbook, for bombs that look like an .xlsx. */
function workbookParts(sheetXml: Buffer): RawEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Viner" sheetId="1"/></sheets></workbook>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
  ];
}

/**
 * Zip bombs shaped like an .xlsx (each far under 10 MB):
 * - declared: the directory claims 4 GB for the sheet (refused from the directory alone);
 * - real: the sheet truly unpacks to 300 MB of spaces while the directory claims 1 kB (found by measuring);
 * - entries: 5,000 tiny entries.
 */
export function zipBomb(kind: 'declared' | 'real' | 'entries'): Buffer {
  const sheet = Buffer.from(
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>',
  );
  if (kind === 'declared') return rawZip(workbookParts(sheet).map((e) => (e.name.endsWith('sheet1.xml') ? { ...e, claimedSize: 0xfffffffe } : e)));
  if (kind === 'real') {
    const huge = Buffer.alloc(300 * 1024 * 1024, 0x20);
    return rawZip(workbookParts(huge).map((e) => (e.name.endsWith('sheet1.xml') ? { ...e, claimedSize: 1024 } : e)));
  }
  const many = Array.from({ length: 5000 }, (_, i) => ({ name: `xl/media/bild${i}.xml`, data: Buffer.from('<a/>') }));
  return rawZip([...workbookParts(sheet), ...many]);
}

/**
 * The sheet as .xlsx with one more cell far away, e.g. 'XFD1048576' (the last cell Excel has). SheetJS's writer
 * walks the whole used range (17 billion cells for that one), so the cell is put into the written sheet XML instead.
 */
export function workbookWithFarCell(aoa: SheetCells[], ref: string): Buffer {
  const cfb = XLSX.CFB.read(workbookBytes(aoa), { type: 'buffer' });
  const entry = XLSX.CFB.find(cfb, '/xl/worksheets/sheet1.xml');
  const xml = Buffer.from(entry.content).toString('utf8');
  const row = XLSX.utils.decode_cell(ref).r + 1;
  const cell = `<c r="${ref}" t="inlineStr"><is><t>x</t></is></c>`;
  // The row goes last when it is below the data, else the cell is appended to its row.
  const patched = new RegExp(`<row r="${row}"[^>]*>`).test(xml)
    ? xml.replace(new RegExp(`(<row r="${row}"[^>]*>[\\s\\S]*?)</row>`), `$1${cell}</row>`)
    : xml.replace('</sheetData>', `<row r="${row}">${cell}</row></sheetData>`);
  const dimension = patched.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:${ref}"/>`);
  entry.content = Buffer.from(dimension, 'utf8');
  return XLSX.CFB.write(cfb, { fileType: 'zip', type: 'buffer', compression: true }) as Buffer;
}

/**
 * A large upload for the benchmark: real wines repeated (name suffixed 'post n', the row's number, so no two rows
 * are the same wine: a repeat would be refused as one) until `rows` rows, every row valid. About 260 bytes of .xlsx per row: 40,000 rows ≈ 10 MB.
 */
export function largeSheet(rows: number): SheetCells[] {
  const wines = realWines();
  const aoa: SheetCells[] = [EXCEL_COLUMNS.map((c) => c.header)];
  const nameAt = column('name');
  for (let i = 0; i < rows; i++) {
    const { cells } = rowFor(wines[i % wines.length]!, i);
    cells[nameAt] = `${String(cells[nameAt])} – post ${i + 1}`;
    aoa.push(cells);
  }
  return aoa;
}
