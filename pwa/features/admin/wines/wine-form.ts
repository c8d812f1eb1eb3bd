import { z } from 'zod';
import { AdminWineCreate, AdminWineUpdate, currentSwedishYear, type AdminWine } from '../../../../api/contract/admin-wines';
import { TASTE_SCALES, type TasteKey } from '../../../../api/contract/constants';
import type { AdminWineBody } from './api';

// The admin wine form's values and rules (spec 001 §3, §5 'Admin wine form'). The form keeps what the admin
// typed as text; the contract's own zod schema (the one the server runs) checks it before it is sent, so the
// messages on the fields are the server's Swedish messages.

/**
 * What the form holds, keyed as the API names the fields (so a message of the server's schema lands on its
 * field): the body's text fields as typed ('299 kr', '13,5', '' = empty), and each taste scale as '1'…'5' or
 * '' for 'Ej angivet'.
 */
export type WineFormValues = Omit<AdminWineBody, TasteKey> & Record<TasteKey, string>;

/** Rating of a new wine (spec 001 §3, §9). */
export const DEFAULT_RATING = 4;

/** A new wine's form: rating 4, vintage the current year, approved, everything else empty (spec 001 §3, §5). */
export function emptyWineForm(now: Date = new Date()): WineFormValues {
  return {
    name: '',
    description: '',
    price: '',
    rating: String(DEFAULT_RATING),
    categories: [],
    vintage: String(currentSwedishYear(now)),
    country: '',
    region: '',
    grapeVariety: '',
    alcoholContent: '',
    systembolagetUrl: '',
    imageUrl: null,
    foodPairings: [],
    occasions: [],
    sweetness: '',
    acidity: '',
    body: '',
    tannins: '',
    fruity: '',
    approvalStatus: 'approved',
    isGranskadVinpressen: false,
  };
}

/** A number as a Swede types it: 13.5 → '13,5'; null → ''. */
function decimalText(n: number | null): string {
  return n === null ? '' : String(n).replace('.', ',');
}

/** A stored price as the form shows it: 299 → '299', 129.5 → '129,50'. */
export function priceText(sek: number): string {
  return Number.isInteger(sek) ? String(sek) : sek.toFixed(2).replace('.', ',');
}

/** The form filled from a stored wine, for editing. */
export function wineFormFrom(wine: AdminWine): WineFormValues {
  const taste = Object.fromEntries(TASTE_SCALES.map(({ key }) => [key, wine[key] === null ? '' : String(wine[key])])) as Record<TasteKey, string>;
  return {
    name: wine.name,
    description: wine.description,
    price: priceText(wine.price),
    rating: decimalText(wine.rating),
    categories: [...wine.categories],
    vintage: wine.vintage === null ? '' : String(wine.vintage),
    country: wine.country ?? '',
    region: wine.region ?? '',
    grapeVariety: wine.grapeVariety ?? '',
    alcoholContent: decimalText(wine.alcoholContent),
    systembolagetUrl: wine.systembolagetUrl ?? '',
    imageUrl: wine.imageUrl,
    foodPairings: [...wine.foodPairings],
    occasions: [...wine.occasions],
    ...taste,
    approvalStatus: wine.approvalStatus,
    isGranskadVinpressen: wine.isGranskadVinpressen,
  };
}

/** The request body for the form's values (text as typed; the server parses it, e.g. '299 kr' → 299). */
export function wineBodyFrom(values: WineFormValues): AdminWineBody {
  const scale = (key: TasteKey) => (values[key] === '' ? null : Number(values[key]));
  return {
    name: values.name,
    description: values.description,
    price: values.price,
    rating: values.rating,
    categories: values.categories,
    vintage: values.vintage,
    country: values.country,
    region: values.region,
    grapeVariety: values.grapeVariety,
    alcoholContent: values.alcoholContent,
    systembolagetUrl: values.systembolagetUrl,
    imageUrl: values.imageUrl,
    sweetness: scale('sweetness'),
    acidity: scale('acidity'),
    body: scale('body'),
    tannins: scale('tannins'),
    fruity: scale('fruity'),
    foodPairings: values.foodPairings,
    occasions: values.occasions,
    approvalStatus: values.approvalStatus,
    isGranskadVinpressen: values.isGranskadVinpressen,
  };
}

/**
 * The form's schema for react-hook-form: the values as they will be sent (wineBodyFrom), checked with the
 * server's own schema (AdminWineCreate for a new wine, AdminWineUpdate when editing): name, description and
 * price required, price readable ('299 kr'), rating 1–5, vintage 1900 to this year, alcohol 0–100, URLs. Its
 * issues' paths are the API's field names, which the form's fields share. The categories are labelled required
 * but not enforced (spec 001 §5). Which food pairings are allowed is the server's call.
 */
export function wineFormSchema(mode: 'create' | 'edit') {
  const values = z.custom<WineFormValues>();
  // The body is what the server parses (its input type is wider: it also takes numbers for '299 kr' or '13,5').
  // A new wine is never a draft (the form does not offer it); the create schema would refuse one with its message.
  return mode === 'create'
    ? values.transform((v) => wineBodyFrom(v) as z.input<typeof AdminWineCreate>).pipe(AdminWineCreate)
    : values.transform((v): z.input<typeof AdminWineUpdate> => wineBodyFrom(v)).pipe(AdminWineUpdate);
}
