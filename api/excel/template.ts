import * as XLSX from '@e965/xlsx';
import { FOOD_PAIRING_LABELS, OCCASION_LABELS, WINE_CATEGORY_LABELS } from '../contract/constants';
import { EXCEL_COLUMNS } from './columns';

// The partner's Excel template (spec 001 §2 'Overview: download Excel template', §7 GET /api/partner/wines/template),
// with a sheet of the allowed values for categories, food pairings and occasions.

/** The template's file name in Content-Disposition. */
export const TEMPLATE_FILE_NAME = 'vinpressen-mall.xlsx';
/** The template's sheets: the wines (read by the upload: always the first sheet) and the allowed values. */
export const TEMPLATE_SHEETS = { wines: 'Viner', values: 'Tillåtna värden' } as const;

/**
 * The rows of the 'Tillåtna värden' sheet: food pairings and occasions with value and Swedish label (either may be
 * typed in the wine sheet, comma- or semicolon-separated), then the categories, which Vinpressen sets, for
 * information, and the rules of the number columns.
 */
export function allowedValueRows(): (string | number)[][] {
  const rows: (string | number)[][] = [];
  rows.push(['Matkombinationer (kolumnen Matkombinationer)', '']);
  rows.push(['Värde', 'Etikett']);
  for (const [value, label] of Object.entries(FOOD_PAIRING_LABELS)) rows.push([value, label]);
  rows.push(['', '']);
  rows.push(['Tillfällen (kolumnen Tillfällen)', '']);
  rows.push(['Värde', 'Etikett']);
  for (const [value, label] of Object.entries(OCCASION_LABELS)) rows.push([value, label]);
  rows.push(['', '']);
  rows.push(['Kategorier (sätts av Vinpressen vid granskningen, ingen kolumn i mallen)', '']);
  rows.push(['Värde', 'Etikett']);
  for (const [value, label] of Object.entries(WINE_CATEGORY_LABELS)) rows.push([value, label]);
  rows.push(['', '']);
  rows.push(['Regler', '']);
  rows.push([
    'Exempelrad',
    'Mallens andra rad är ett exempel och importeras aldrig. En rad där kolumnen Exempelrad börjar med ”Exempel” hoppas över.',
  ]);
  rows.push(['Namn, Beskrivning, Pris (kr)', 'Måste fyllas i. Priset i kronor, t.ex. 129 eller 129,50.']);
  rows.push(['Betyg', '1–5 (en decimal), blir 4 om det lämnas tomt.']);
  rows.push(['Sötma, Syra, Fyllighet, Strävhet, Fruktighet', 'Heltal 1–5, eller tomt.']);
  rows.push(['Årgång', `1900 till innevarande år, eller tomt.`]);
  rows.push(['Volym (ml)', 'Flaskans volym i milliliter, t.ex. 750 (eller 75 cl, 0,75 l). Tomt läses som okänd.']);
  rows.push([
    'Samma vin igen',
    'En rad med samma namn, årgång och volym som ett av dina utkast uppdaterar utkastet i stället för att skapa ett nytt.',
  ]);
  rows.push(['Alkoholhalt (%)', '0–100, en decimal, t.ex. 12,5.']);
  rows.push(['Matkombinationer, Tillfällen', 'Flera värden med komma eller semikolon emellan, värde eller etikett.']);
  rows.push(['Bild-URL', 'En https-adress till en bild, eller tomt.']);
  rows.push(['Filen', 'Endast .xlsx eller .xls, högst 10 MB. Varje rad blir ett utkast (eller uppdaterar ett).']);
  return rows;
}

let cached: Buffer | undefined;

/**
 * The template workbook as .xlsx bytes: sheet 'Viner' with the header row (EXCEL_COLUMNS: 'Exempelrad', 'Namn*',
 * 'Beskrivning*', 'Pris (kr)*', …, 'Tillfällen'), one example row marked 'EXEMPEL – importeras inte' in its first
 * column (with a cell comment saying so; the upload never imports it), and column widths; sheet 'Tillåtna värden' (allowedValueRows).
 * Built once per process (a few milliseconds) and kept.
 */
export function buildTemplate(): Buffer {
  if (cached) return cached;
  const wb = XLSX.utils.book_new();
  const wines = XLSX.utils.aoa_to_sheet([EXCEL_COLUMNS.map((c) => c.header), EXCEL_COLUMNS.map((c) => c.example)]);
  wines['!cols'] = EXCEL_COLUMNS.map((c) => ({ wch: c.width }));
  const marker = wines[XLSX.utils.encode_cell({ r: 1, c: EXCEL_COLUMNS.findIndex((c) => c.field === 'example') })];
  if (marker)
    marker.c = [
      { a: 'Vinpressen', t: 'Exempel: den här raden importeras aldrig. Skriv dina viner på raderna under och lämna kolumnen Exempelrad tom.' },
    ];
  XLSX.utils.book_append_sheet(wb, wines, TEMPLATE_SHEETS.wines);
  const values = XLSX.utils.aoa_to_sheet(allowedValueRows());
  values['!cols'] = [{ wch: 48 }, { wch: 70 }];
  XLSX.utils.book_append_sheet(wb, values, TEMPLATE_SHEETS.values);
  cached = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return cached;
}
