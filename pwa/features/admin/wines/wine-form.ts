import { AdminWineCreate, AdminWineUpdate, currentSwedishYear, type AdminWine } from '../../../../api/contract/admin-wines';
import { TASTE_SCALES, type TasteKey, type WineCategory } from '../../../../api/contract/constants';
import type { ApprovalStatus } from '../../../../api/contract/enums';
import type { AdminWineBody } from './api';

// The admin wine form's values and rules (spec 001 §3, §5 'Admin wine form'). The form keeps what the admin
// typed as text; the contract's own zod schema (the one the server runs) checks it before it is sent, so the
// messages on the fields are the server's Swedish messages.

/** What the form holds: text fields as typed, '' for an empty scale ('Ej angivet'). */
export interface WineFormValues {
  name: string;
  description: string;
  /** Free text, e.g. '299', '299 kr' or '129,50 kr'. */
  price: string;
  /** 1–5 (one decimal at most); '' = not rated. */
  rating: string;
  categories: WineCategory[];
  /** A year, 1900 to the current year; '' = non-vintage. */
  vintage: string;
  country: string;
  region: string;
  grapeVariety: string;
  /** % by volume, e.g. '13,5'; '' = unknown (sent as null). */
  alcoholContent: string;
  systembolagetUrl: string;
  /** An uploaded image's URL (/api/images/{id}) or the wine's existing https URL; null = none. */
  imageUrl: string | null;
  foodPairings: string[];
  occasions: string[];
  /** Each '1'…'5', or '' for 'Ej angivet'. */
  taste: Record<TasteKey, string>;
  approvalStatus: ApprovalStatus;
  isGranskadVinpressen: boolean;
}

/** The field names a message can belong to (the form's fields, keyed as the API names them). */
export type WineFormErrors = Partial<Record<keyof AdminWineBody, string>>;

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
    taste: { sweetness: '', acidity: '', body: '', tannins: '', fruity: '' },
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
    taste,
    approvalStatus: wine.approvalStatus,
    isGranskadVinpressen: wine.isGranskadVinpressen,
  };
}

/** The request body for the form's values (text as typed; the server parses it, e.g. '299 kr' → 299). */
export function wineBodyFrom(values: WineFormValues): AdminWineBody {
  const scale = (key: TasteKey) => (values.taste[key] === '' ? null : Number(values.taste[key]));
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
 * Checks the form with the server's own schema (AdminWineCreate for a new wine, AdminWineUpdate when editing):
 * name, description and price required, price readable ('299 kr'), rating 1–5, vintage 1900 to this year,
 * alcohol 0–100, URLs. Answers the first message of each field; {} when the form may be sent. The categories
 * are labelled required but not enforced (spec 001 §5). Which food pairings are allowed is the server's call.
 */
export function validateWineForm(values: WineFormValues, mode: 'create' | 'edit'): WineFormErrors {
  const schema = mode === 'create' ? AdminWineCreate : AdminWineUpdate;
  const result = schema.safeParse(wineBodyFrom(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors as WineFormErrors;
}
