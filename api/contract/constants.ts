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
export type FoodPairing = keyof typeof FOOD_PAIRING_LABELS;

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
export type Occasion = keyof typeof OCCASION_LABELS;

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

/**
 * Community reviews (spec 000 §3, §5, §8; issue 5): the content's length limit, the dialog's rating labels
 * (1 Mycket dåligt … 5 Utmärkt, default 3) and the Swedish texts the dialog, the API and the moderation tab share.
 */
export const REVIEW_CONTENT_MAX = 4000;
export const REVIEW_RATING_DEFAULT = 3;
export const REVIEW_RATING_LABELS = { 1: 'Mycket dåligt', 2: 'Dåligt', 3: 'Okej', 4: 'Bra', 5: 'Utmärkt' } as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** How 'Mina recensioner' names each status. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'väntar', approved: 'publicerad', rejected: 'avvisad' };
/** 'Kräver uppmärksamhet': pending reviews whose AI rating is below this (spec 001 §9). */
export const REVIEW_ATTENTION_BELOW = 3;
/** The moderation slider 'Justera slutbetyg': 1–5 in steps of 0.5; 4 when there is no AI rating (spec 001 §2, §9). */
export const FINAL_RATING_STEP = 0.5;
export const FINAL_RATING_DEFAULT = 4;

export const REVIEW_MESSAGES = {
  contentMissing: 'Recension saknas',
  contentMissingHint: 'Skriv en recension av vinet.',
  contentTooLong: 'Recensionen får vara högst 4 000 tecken.',
  ratingInvalid: 'Betyget måste vara ett heltal från 1 till 5.',
  notYourName: 'Du kan bara skicka recensioner i ditt eget namn.',
  otherWine: 'Recensionen gäller ett annat vin än det du recenserar.',
  wineNotFound: 'Vinet finns inte eller är inte publicerat.',
  duplicate: 'Du har redan recenserat det här vinet. Varje medlem kan lämna en recension per vin.',
  submitted: 'Recension skickad!',
  submittedText: 'Tack! Den granskas av vårt AI-system och publiceras inom kort.',
  submitFailed: 'Fel vid inlämning',
  submitFailedFallback: 'Kunde inte skicka din recension. Försök igen.',
  listFailed: 'Kunde inte ladda recensioner.',
  finalRatingInvalid: 'Slutbetyget måste vara 1–5 i steg om 0,5.',
  reasonMissing: 'Anledning krävs',
  reasonMissingHint: 'Ange en anledning för avvisandet.',
  notesTooLong: 'Anteckningen får vara högst 2 000 tecken.',
  notPending: 'Recensionen är redan granskad.',
  reviewNotFound: 'Recensionen finns inte.',
  approved: 'Recension godkänd',
  rejected: 'Recension avvisad',
} as const;
