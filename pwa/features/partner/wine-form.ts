import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { TASTE_SCALES, type TasteKey } from '../../../api/contract/constants';
import { PartnerWineInput } from '../../../api/contract/partner';
import type { DraftValues } from '../../lib/db';
import { PARTNER_DEFAULT_RATING, showsTanninsSlider } from '../../../api/contract/partner-rules';
import type { PartnerWineBody } from './api';

// The partner wine form's values and rules (spec 001 §2 'Wine form', §3, §5). Text inputs hold strings; the body
// sent turns them into numbers or null. A taste scale is null until the partner moves its slider (the slider shows
// 3 meanwhile, spec §9 'partner default displayed 3'), so an untouched scale is stored as 'not stated', not as 3;
// its 'Ange' button chooses the 3 it shows.

/** The messages of the three required fields (spec 001 §5); any of them means 'Obligatoriska fält saknas'. */
const REQUIRED = { name: 'Vinnamn krävs', description: 'Beskrivning krävs', price: 'Pris krävs' } as const;
const required = (message: string) => z.string().refine((v) => v.trim().length > 0, { message });
const scale = z.number().nullable();

/** The form's values: text inputs as typed, taste scales null until set, the chosen pairings and occasions. */
const WineFormFields = z.object({
  name: required(REQUIRED.name),
  description: required(REQUIRED.description),
  /** SEK, as typed (step 0.01). */
  price: required(REQUIRED.price),
  /** '1'–'5' (default 4). */
  rating: z.string(),
  /** A year, default the current one; '' for a non-vintage wine. */
  vintage: z.string(),
  country: z.string(),
  region: z.string(),
  grapeVariety: z.string(),
  /** % by volume (step 0.1); '' when unknown. */
  alcoholContent: z.string(),
  systembolagetUrl: z.string(),
  imageUrl: z.string(),
  taste: z.object({ sweetness: scale, acidity: scale, body: scale, tannins: scale, fruity: scale }),
  foodPairings: z.array(z.string()),
  occasions: z.array(z.string()),
});
export type WineFormValues = z.infer<typeof WineFormFields>;

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

/** Where a message of PartnerWineInput goes in the form: the taste scales live under `taste`, a list's message on the list. */
function formPath(path: readonly PropertyKey[]): PropertyKey[] {
  const field = path[0];
  if (typeof field !== 'string') return [];
  return TASTE_SCALES.some((s) => s.key === field) ? ['taste', field] : [field];
}

/**
 * The form's schema (spec 001 §5): name, description and price required ('Vinnamn krävs', …); only when they are
 * there, the body (wineBody) is checked with the server's own PartnerWineInput, its messages put on the fields, so
 * that a draft saved offline is one the server accepts. The output is the parsed body, ready for the device.
 */
export const WineFormSchema = WineFormFields.transform((values, ctx) => {
  const parsed = PartnerWineInput.safeParse(wineBody(values));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: formPath(issue.path) });
  return z.NEVER;
});

/** True when the form's errors include a missing required field (then the toast is 'Obligatoriska fält saknas'). */
export function missesRequired(errors: FieldErrors<WineFormValues>): boolean {
  return (Object.keys(REQUIRED) as (keyof typeof REQUIRED)[]).some((f) => errors[f]?.message === REQUIRED[f]);
}

/** The navigation state of the form opened on a copy just made ('Kopiera' on a wine card): the original's name. */
export interface CopiedState {
  copiedFrom: string;
}
