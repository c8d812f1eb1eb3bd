import { foodPairingLabel, occasionLabel } from '../../../../api/contract/constants';
import type { DraftValues } from '../../../lib/db';
import { formatKronor } from '../../../../api/contract/money';

// The Swedish names and readable values of a partner wine's fields, for the outbox list and the conflict view.
// Labels are the wine form's (wine-form-page.tsx, TASTE_SCALES).

/** The wine form's label of each field of DraftValues. */
export const FIELD_LABELS: Readonly<Record<keyof DraftValues, string>> = {
  name: 'Vinnamn',
  description: 'Beskrivning',
  price: 'Pris (kr)',
  rating: 'Betyg',
  vintage: 'Årgång',
  country: 'Land',
  region: 'Region',
  grapeVariety: 'Druvsort',
  alcoholContent: 'Alkoholhalt (%)',
  systembolagetUrl: 'Länk till Systembolaget',
  imageUrl: 'Bildadress',
  sweetness: 'Sötma',
  acidity: 'Syra',
  body: 'Fyllighet',
  tannins: 'Strävhet',
  fruity: 'Fruktighet',
  foodPairings: 'Passar till',
  occasions: 'Tillfällen',
};

/** The form's order of the fields (the order of FIELD_LABELS). */
export const FIELD_ORDER = Object.keys(FIELD_LABELS) as (keyof DraftValues)[];

/** The label of a field name; an unknown name (a newer server) is shown as it is. */
export function fieldLabel(field: string): string {
  return (FIELD_LABELS as Record<string, string>)[field] ?? field;
}

/** Field names in the form's order, unknown ones last. */
export function sortFields<T extends string>(fields: readonly T[]): T[] {
  const rank = (f: string) => {
    const i = FIELD_ORDER.indexOf(f as keyof DraftValues);
    return i === -1 ? FIELD_ORDER.length : i;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** 'Ej angivet': the text of an empty value (null, '', an empty list). */
export const EMPTY_VALUE = 'Ej angivet';

const TASTE_FIELDS = new Set<string>(['sweetness', 'acidity', 'body', 'tannins', 'fruity']);

/**
 * A field's value as a person reads it: price '149 kr', alcohol '13,5 %', rating and taste scales '4 av 5', vintage
 * '2022', food pairings and occasions by their Swedish labels joined with ', ', empty values 'Ej angivet'. Values come
 * from the server's conflict answer, so anything unexpected is shown as text rather than thrown on.
 */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value === 'string') return value.trim() ? value : EMPTY_VALUE;
  if (Array.isArray(value)) {
    if (!value.length) return EMPTY_VALUE;
    const label = field === 'foodPairings' ? foodPairingLabel : field === 'occasions' ? occasionLabel : String;
    return value.map((v) => label(String(v))).join(', ');
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (field === 'price') return formatKronor(value);
    if (field === 'alcoholContent') return `${value.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
    if (field === 'rating' || TASTE_FIELDS.has(field)) return `${value.toLocaleString('sv-SE')} av 5`;
    if (field === 'vintage') return String(value);
    return value.toLocaleString('sv-SE');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
