import type { TasteKey } from '../../../api/contract/constants';
import type { DraftValues } from '../../lib/db';
import { PARTNER_DEFAULT_RATING, showsTanninsSlider } from '../../../api/contract/partner-rules';
import type { PartnerWineBody } from './api';

// The partner wine form's state and rules (spec 001 §2 'Wine form', §3, §5). Text inputs hold strings; the body
// sent turns them into numbers or null. A taste scale is null until the partner moves its slider (the slider shows
// 3 meanwhile, spec §9 'partner default displayed 3'), so an untouched scale is stored as 'not stated', not as 3;
// its 'Ange' button chooses the 3 it shows.

export interface WineFormValues {
  name: string;
  description: string;
  /** SEK, as typed (step 0.01). */
  price: string;
  /** '1'–'5' (default 4). */
  rating: string;
  /** A year, default the current one; '' for a non-vintage wine. */
  vintage: string;
  country: string;
  region: string;
  grapeVariety: string;
  /** % by volume (step 0.1); '' when unknown. */
  alcoholContent: string;
  systembolagetUrl: string;
  imageUrl: string;
  taste: Record<TasteKey, number | null>;
  foodPairings: string[];
  occasions: string[];
}

export type WineFormField = Exclude<keyof WineFormValues, 'taste'> | TasteKey;
export type WineFormErrors = Partial<Record<WineFormField, string>>;

const NO_TASTE: Record<TasteKey, number | null> = { sweetness: null, acidity: null, body: null, tannins: null, fruity: null };

/** A new wine: rating 4, this year's vintage, every scale not stated. */
export function emptyWineForm(year = new Date().getFullYear()): WineFormValues {
  return {
    name: '',
    description: '',
    price: '',
    rating: String(PARTNER_DEFAULT_RATING),
    vintage: String(year),
    country: '',
    region: '',
    grapeVariety: '',
    alcoholContent: '',
    systembolagetUrl: '',
    imageUrl: '',
    taste: { ...NO_TASTE },
    foodPairings: [],
    occasions: [],
  };
}

const text = (v: string | number | null) => (v === null ? '' : String(v));

/** The form's values for a stored wine or a draft on the device (edit mode). */
export function wineFormFrom(wine: DraftValues): WineFormValues {
  return {
    name: wine.name,
    description: wine.description,
    price: text(wine.price),
    rating: text(wine.rating ?? PARTNER_DEFAULT_RATING),
    vintage: text(wine.vintage),
    country: text(wine.country),
    region: text(wine.region),
    grapeVariety: text(wine.grapeVariety),
    alcoholContent: text(wine.alcoholContent),
    systembolagetUrl: text(wine.systembolagetUrl),
    imageUrl: text(wine.imageUrl),
    taste: { sweetness: wine.sweetness, acidity: wine.acidity, body: wine.body, tannins: wine.tannins, fruity: wine.fruity },
    foodPairings: [...wine.foodPairings],
    occasions: [...wine.occasions],
  };
}

/**
 * The required fields of spec 001 §5 (name, description, price), each empty one with its message. The rest is
 * the server's to check (its messages come back on the fields).
 */
export function missingRequired(v: WineFormValues): WineFormErrors {
  const errors: WineFormErrors = {};
  if (!v.name.trim()) errors.name = 'Vinnamn krävs';
  if (!v.description.trim()) errors.description = 'Beskrivning krävs';
  if (!v.price.trim()) errors.price = 'Pris krävs';
  return errors;
}

/** A typed number ('129.50' or '129,50') as a number; '' → null; anything else as typed (the server explains). */
function numberOrNull(value: string): number | string | null {
  const t = value.trim();
  if (!t) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : t;
}

const optional = (value: string) => value.trim() || null;

/**
 * The body of POST/PUT /api/partner/wines (PartnerWineInput): price as a number (SEK), alcoholContent and vintage
 * as numbers or null, empty texts as null, unstated scales as null. The tannins scale is sent only while its slider
 * shows (spec §5: red, cabernet or merlot in the grape variety); else null.
 */
export function wineBody(v: WineFormValues): PartnerWineBody {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: numberOrNull(v.price) ?? '',
    rating: Number(v.rating),
    vintage: numberOrNull(v.vintage) as number | null,
    country: optional(v.country),
    region: optional(v.region),
    grapeVariety: optional(v.grapeVariety),
    alcoholContent: numberOrNull(v.alcoholContent) as number | null,
    systembolagetUrl: optional(v.systembolagetUrl),
    imageUrl: optional(v.imageUrl),
    sweetness: v.taste.sweetness,
    acidity: v.taste.acidity,
    body: v.taste.body,
    tannins: showsTanninsSlider(v.grapeVariety) ? v.taste.tannins : null,
    fruity: v.taste.fruity,
    foodPairings: v.foodPairings,
    occasions: v.occasions,
  } as PartnerWineBody;
}

const FIELDS: readonly WineFormField[] = [
  'name',
  'description',
  'price',
  'rating',
  'vintage',
  'country',
  'region',
  'grapeVariety',
  'alcoholContent',
  'systembolagetUrl',
  'imageUrl',
  'sweetness',
  'acidity',
  'body',
  'tannins',
  'fruity',
  'foodPairings',
  'occasions',
];

/**
 * The field messages of the form's own check with the server's schema (PartnerWineInput, the same messages the API
 * sends), so that a draft saved offline is one the server accepts.
 */
export function inputWineErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): WineFormErrors {
  const errors: WineFormErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as WineFormField;
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The first field with a message, in the form's order (it gets the focus). */
export function firstErrorField(errors: WineFormErrors): WineFormField | undefined {
  return FIELDS.find((f) => errors[f]);
}
