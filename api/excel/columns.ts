import type { z } from 'zod';
import { FOOD_PAIRING_LABELS, OCCASION_LABELS } from '../contract/constants';
import { BulkWineRow, type BulkWineRowRaw } from '../contract/partner';

// The Excel template's columns and how a sheet row becomes a PartnerWineInput (spec 001 §2 'Bulk-upload', §5).
// The template (template.ts) and the upload (bulk-import.ts) both read this table, so they cannot drift apart.

/** A value read from one cell: text, a number, a boolean (TRUE/FALSE cells) or nothing. */
export type CellValue = string | number | boolean | null;

/** A wine field a column fills, or 'example': the template's marker column of its example row. */
type Field = keyof BulkWineRowRaw | 'example';

interface ColumnDef {
  /** The BulkWineRow field the column fills ('example': the marker column, no field). */
  field: Field;
  /** The template's header; '*' marks a required column. */
  header: string;
  /** text: sent as a string; number: a number cell as it is, text as typed (the schema reads '129,50 kr', '13,5'); list: split on , or ; */
  kind: 'text' | 'number' | 'list';
  /** Other headers read as this column (lower case, without '*' and parentheses), e.g. the field name itself. */
  aliases?: string[];
  /** The template's example value. */
  example: string | number;
  /** Column width in the template (characters). */
  width: number;
}

/** What the template's example row says in its marker column 'Exempelrad'. */
export const EXAMPLE_MARKER = 'EXEMPEL – importeras inte';

/**
 * The template's columns in order (spec 001 §3 'Wine', §5). Partners set neither categories nor the review mark. The
 * first, 'Exempelrad', marks the template's example row, which is never imported (isExampleRow).
 */
export const EXCEL_COLUMNS: readonly ColumnDef[] = [
  { field: 'example', header: 'Exempelrad', kind: 'text', aliases: ['exempel'], example: EXAMPLE_MARKER, width: 26 },
  { field: 'name', header: 'Namn*', kind: 'text', aliases: ['vinnamn', 'name'], example: 'Castelgufo Verdicchio dei Castelli di Jesi', width: 36 },
  {
    field: 'description',
    header: 'Beskrivning*',
    kind: 'text',
    aliases: ['description'],
    example: 'Fruktig smak med fatkaraktär, inslag av gula päron, kryddor, mandel och citrusskal.',
    width: 60,
  },
  { field: 'price', header: 'Pris (kr)*', kind: 'number', aliases: ['pris kr', 'price'], example: 79, width: 12 },
  { field: 'rating', header: 'Betyg (1-5)', kind: 'number', aliases: ['rating'], example: 4, width: 12 },
  { field: 'vintage', header: 'Årgång', kind: 'number', aliases: ['vintage'], example: 2020, width: 10 },
  { field: 'country', header: 'Land', kind: 'text', aliases: ['country'], example: 'Italien', width: 14 },
  { field: 'region', header: 'Region', kind: 'text', aliases: ['region'], example: 'Marche', width: 16 },
  {
    field: 'grapeVariety',
    header: 'Druva',
    kind: 'text',
    aliases: ['druvor', 'druvsort', 'grapevariety', 'grape variety'],
    example: 'Verdicchio',
    width: 18,
  },
  { field: 'volumeMl', header: 'Volym (ml)', kind: 'number', aliases: ['volym', 'volume', 'volumeml'], example: 750, width: 11 },
  { field: 'alcoholContent', header: 'Alkoholhalt (%)', kind: 'number', aliases: ['alkohol', 'alcoholcontent'], example: 12.5, width: 15 },
  {
    field: 'systembolagetUrl',
    header: 'Systembolaget-länk',
    kind: 'text',
    aliases: ['systembolaget', 'systembolagetlänk', 'systembolageturl'],
    example: 'https://www.systembolaget.se/produkt/vin/castelgufo-203401/',
    width: 40,
  },
  { field: 'imageUrl', header: 'Bild-URL', kind: 'text', aliases: ['bild', 'bildurl', 'imageurl'], example: '', width: 30 },
  { field: 'sweetness', header: 'Sötma (1-5)', kind: 'number', aliases: ['sötma', 'sweetness'], example: 1, width: 11 },
  { field: 'acidity', header: 'Syra (1-5)', kind: 'number', aliases: ['acidity'], example: 4, width: 11 },
  { field: 'body', header: 'Fyllighet (1-5)', kind: 'number', aliases: ['body'], example: 3, width: 14 },
  { field: 'tannins', header: 'Strävhet (1-5)', kind: 'number', aliases: ['tannins'], example: '', width: 13 },
  { field: 'fruity', header: 'Fruktighet (1-5)', kind: 'number', aliases: ['fruity'], example: 4, width: 15 },
  { field: 'foodPairings', header: 'Matkombinationer', kind: 'list', aliases: ['mat', 'foodpairings'], example: 'Fisk, Ljust kött', width: 24 },
  { field: 'occasions', header: 'Tillfällen', kind: 'list', aliases: ['tillfälle', 'occasions'], example: 'Middag, Lunch', width: 20 },
];

/** The headers a sheet must have (spec 001 §5: name, description and price are required). */
export const REQUIRED_FIELDS: readonly Field[] = ['name', 'description', 'price'];

/** A header cell's text, compared without case, '*', parentheses' contents and extra spaces: 'Pris (kr)*' → 'pris'. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\*/g, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/[\s_]+/g, ' ')
    .trim();
}

const HEADER_TO_FIELD = new Map<string, Field>();
for (const col of EXCEL_COLUMNS) {
  for (const name of [col.header, col.field, ...(col.aliases ?? [])]) HEADER_TO_FIELD.set(normaliseHeader(name), col.field);
}
const COLUMN_BY_FIELD = new Map(EXCEL_COLUMNS.map((c) => [c.field, c]));

/** The Swedish column name of a field for messages ('Pris'), from the template header without '*' and units. */
export function fieldLabel(field: string): string {
  const header = COLUMN_BY_FIELD.get(field as Field)?.header;
  return header
    ? header
        .replace(/\*/g, '')
        .replace(/\s*\([^)]*\)/g, '')
        .trim()
    : field;
}

/** Which column (0-based) holds which field: the first column whose header names it wins. */
export type HeaderMap = Map<Field, number>;

/**
 * Reads the header row: each cell's text is matched to a field by the template's header, the field's own name or an
 * alias, ignoring case, '*' and units in parentheses. Unknown columns are ignored.
 * @returns the columns found and the template headers of required fields that are missing (empty when all are there)
 */
export function readHeader(cells: readonly CellValue[]): { columns: HeaderMap; missing: string[] } {
  const columns: HeaderMap = new Map();
  cells.forEach((cell, index) => {
    if (typeof cell !== 'string') return;
    const field = HEADER_TO_FIELD.get(normaliseHeader(cell));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  const missing = REQUIRED_FIELDS.filter((f) => !columns.has(f)).map((f) => COLUMN_BY_FIELD.get(f)!.header);
  return { columns, missing };
}

/** Lower-case value or Swedish label → the stored value, for one list column. */
function listLookup(labels: Record<string, string>): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const [value, label] of Object.entries(labels)) {
    lookup.set(value.toLowerCase(), value);
    lookup.set(label.toLowerCase(), value);
    // 'light_meat' may be typed 'light meat'.
    lookup.set(value.toLowerCase().replace(/_/g, ' '), value);
  }
  return lookup;
}
const LIST_LOOKUPS: Partial<Record<Field, Map<string, string>>> = {
  foodPairings: listLookup(FOOD_PAIRING_LABELS),
  occasions: listLookup(OCCASION_LABELS),
};

/**
 * A list cell ('Fisk, Ljust kött' or 'seafood;cheese') → the list of values: split on commas and semicolons, each
 * item matched case-insensitively to a value or its Swedish label (spec 000 §3). Unknown items stay as typed, so
 * the schema refuses them with its own message.
 */
export function splitList(field: Field, cell: CellValue): string[] {
  if (cell === null || cell === '') return [];
  const lookup = LIST_LOOKUPS[field];
  return String(cell)
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => lookup?.get(item.toLowerCase()) ?? item);
}

/** True when a row has no value in any cell (such rows are skipped, spec: empty rows are not wines). */
export function isEmptyRow(cells: readonly CellValue[]): boolean {
  return cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
}

/** The template's example row as its cells give it (name and description), for rows whose marker column was removed. */
const EXAMPLE_NAME = String(EXCEL_COLUMNS.find((c) => c.field === 'name')!.example);
const EXAMPLE_DESCRIPTION = String(EXCEL_COLUMNS.find((c) => c.field === 'description')!.example);

/**
 * True for the template's example row, which is never imported, also when the partner leaves it in (or copies it):
 * a row whose 'Exempelrad' cell begins with 'exempel' (any case; the template says 'EXEMPEL – importeras inte'), or —
 * when that column was deleted — a row whose name and description are the template's example's (compared without case
 * and extra spaces). Anything else in that column ('x', a row number) is not a mark: the row is a wine.
 */
export function isExampleRow(cells: readonly CellValue[], columns: HeaderMap): boolean {
  const at = (field: Field) => {
    const index = columns.get(field);
    const cell = index === undefined ? null : (cells[index] ?? null);
    return cell === null || cell === false ? '' : String(cell).trim();
  };
  if (matchKeyText(at('example')).startsWith('exempel')) return true;
  return matchKeyText(at('name')) === matchKeyText(EXAMPLE_NAME) && matchKeyText(at('description')) === matchKeyText(EXAMPLE_DESCRIPTION);
}

/** Text compared case- and space-insensitively: Unicode NFC, lower case, runs of white space as one space, trimmed. */
export function matchKeyText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * One sheet row → the raw BulkWineRow the schema reads (the marker column is left out): empty cells are left out (so the schema's defaults
 * apply: rating 4, the rest null or []); text columns as strings (a number typed in the name column is its digits);
 * number columns as numbers or the text typed; list columns split by `splitList`.
 */
export function rowToInput(cells: readonly CellValue[], columns: HeaderMap): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, index] of columns) {
    if (field === 'example') continue;
    const cell = cells[index] ?? null;
    if (cell === null || (typeof cell === 'string' && cell.trim() === '')) continue;
    const kind = COLUMN_BY_FIELD.get(field)!.kind;
    if (kind === 'list') input[field] = splitList(field, cell);
    else if (kind === 'number') input[field] = typeof cell === 'boolean' ? String(cell) : cell;
    else input[field] = String(cell);
  }
  return input;
}

/**
 * The schema's complaints about one row as one Swedish text, each prefixed by its column ('Pris: Priset går inte att
 * läsa …'); a refused list item names the item ('Matkombinationer: Okänd matkombination. (Fläsk)'). Joined by '; '.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const issue of issues) {
    const [field, index] = issue.path;
    const label = fieldLabel(String(field ?? ''));
    let text = `${label}: ${issue.message}`;
    const list = input[String(field)];
    if (typeof index === 'number' && Array.isArray(list) && typeof list[index] === 'string') text += ` (${list[index]})`;
    if (!parts.includes(text)) parts.push(text);
  }
  return parts.join('; ');
}

/** The outcome of checking one row with BulkWineRow (the partner form's schema and the volume, spec 001 §5). */
export type CheckedRow = { ok: true; wine: BulkWineRow } | { ok: false; error: string };

/** Validates one mapped row with BulkWineRow. */
export function checkRow(input: Record<string, unknown>): CheckedRow {
  const parsed = BulkWineRow.safeParse(input);
  if (parsed.success) return { ok: true, wine: parsed.data };
  return { ok: false, error: describeIssues(parsed.error.issues, input) };
}

/** The name to show for a row in the result (the name cell as typed, trimmed; '' when missing). */
export function rowName(input: Record<string, unknown>): string {
  const name = input.name;
  return typeof name === 'string' ? name.trim().slice(0, 200) : '';
}
