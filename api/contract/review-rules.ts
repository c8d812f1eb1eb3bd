// Community reviews' constants and Swedish texts (spec 000 §3, §5, §8; spec 001 §2, §9). Zod-free: the
// review dialog, the wine page and the admin's moderation tab import it at run time. Kept apart from constants.ts,
// which the start page downloads.

/**
 * Community reviews (spec 000 §3, §5, §8): the content's length limit, the dialog's rating labels
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
  ownWine: 'Du kan inte recensera viner från ditt eget företag.',
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
