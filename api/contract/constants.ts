// Plain constants shared by the API and the PWA. No zod here: the PWA imports this file at run time
// and must not pull the schema library into its bundle (schemas are imported as types only).

/** Wine categories (spec 000 §3). NYLANSERAD is shown to users as 'Aktuella vintips'. */
export const WINE_CATEGORIES = ['FYND', 'NYLANSERAD', 'FOLKETS_VAL'] as const;
export type WineCategory = (typeof WINE_CATEGORIES)[number];

/** Approval states (spec 001 §4): draft → pending → approved | rejected. */
export const APPROVAL_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;

export const WINE_SOURCES = ['systembolaget', 'admin', 'partner'] as const;

/** How users see the categories (spec 000 §3): NYLANSERAD is 'Aktuella vintips'. */
export const WINE_CATEGORY_LABELS: Readonly<Record<WineCategory, string>> = {
  FYND: 'Fynd',
  NYLANSERAD: 'Aktuella vintips',
  FOLKETS_VAL: 'Folkets val',
};

/** The approval states' labels (spec 001 §4: Utkast, Väntar, Godkänd, Avvisad). */
export const APPROVAL_STATUS_LABELS: Readonly<Record<(typeof APPROVAL_STATUSES)[number], string>> = {
  draft: 'Utkast',
  pending: 'Väntar',
  approved: 'Godkänd',
  rejected: 'Avvisad',
};

/** The five taste scales (1–5, or null when unknown) with the labels of the wine page's 'Smakprofil' (spec 000 §2). */
export const TASTE_SCALES = [
  { key: 'sweetness', label: 'Sötma' },
  { key: 'acidity', label: 'Syra' },
  { key: 'body', label: 'Fyllighet' },
  { key: 'tannins', label: 'Strävhet' },
  { key: 'fruity', label: 'Fruktighet' },
] as const;
export type TasteKey = (typeof TASTE_SCALES)[number]['key'];

/** Food pairing values with their Swedish labels (spec 000 §3). Unknown values are shown raw. */
export const FOOD_PAIRING_LABELS = {
  seafood: 'Skaldjur',
  fish: 'Fisk',
  meat: 'Kött',
  poultry: 'Fågel',
  cheese: 'Ost',
  pasta: 'Pasta',
  salad: 'Sallad',
  aperitif: 'Aperitif',
  light_meat: 'Ljust kött',
} as const;
export const FOOD_PAIRINGS = Object.keys(FOOD_PAIRING_LABELS) as (keyof typeof FOOD_PAIRING_LABELS)[];

/** Occasion values with their Swedish labels (spec 000 §3). Unknown values are shown raw. */
export const OCCASION_LABELS = {
  dinner: 'Middag',
  celebration: 'Firande',
  date: 'Dejt',
  cozy_evening: 'Mys',
  gathering: 'Umgänge',
  lunch: 'Lunch',
  outdoor: 'Utomhus',
  casual: 'Vardagsmat',
} as const;
export const OCCASIONS = Object.keys(OCCASION_LABELS) as (keyof typeof OCCASION_LABELS)[];

/** Label for a food pairing value; unknown values are returned as they are (spec 000 §3). */
export function foodPairingLabel(value: string): string {
  return (FOOD_PAIRING_LABELS as Record<string, string>)[value] ?? value;
}

/** Label for an occasion value; unknown values are returned as they are (spec 000 §3). */
export function occasionLabel(value: string): string {
  return (OCCASION_LABELS as Record<string, string>)[value] ?? value;
}

/** Default and largest page of GET /api/wines. 24 fills 1, 2 and 3 columns evenly. */
export const WINE_PAGE_SIZE = 24;
export const WINE_PAGE_MAX = 100;

/** Business constants (spec 000 §9). */
export const LIMITS = {
  sliderAutoAdvanceMs: 5000,
  homeSectionMaxWines: 3,
  recipeCardMaxTags: 3,
  ratingMin: 1,
  ratingMax: 5,
  sliderPositionMin: 1,
  sliderPositionMax: 10,
  vintageMin: 1900,
} as const;
