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
/**
 * Every flag a review analysis can carry, in the order they are reported (api/ai/analyser.ts):
 * - spam: promotion, repeated characters or words, keyboard mashing;
 * - link: a web address; contact: an e-mail address or a phone number;
 * - profanity: swearing (Swedish or English); abuse: insults aimed at people (other reviewers, staff, makers);
 * - off_topic: a Swedish text that says nothing about a wine or drinking it;
 * - not_swedish: the text is not in Swedish;
 * - shouting: mostly capital letters; rating_mismatch: the text's tone contradicts the star ratings;
 * - too_short: too few words to judge the text.
 */
export const REVIEW_FLAGS = [
  'spam',
  'link',
  'contact',
  'profanity',
  'abuse',
  'off_topic',
  'not_swedish',
  'shouting',
  'rating_mismatch',
  'too_short',
] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

/**
 * 'Kräver uppmärksamhet' (spec 001 §2, §9, and the README's 'Differences from the original'): a pending review
 * needs a moderator when its analysis carries one of these flags. The AI rating is the opinion the text
 * expresses and never decides it: an honest, harsh review is not spam. Shouting and a very short text are
 * noted for the moderator but need no one's attention.
 */
export const MODERATION_FLAGS: readonly ReviewFlag[] = [
  'spam',
  'link',
  'contact',
  'profanity',
  'abuse',
  'off_topic',
  'not_swedish',
  'rating_mismatch',
];

/** The Swedish names of the flags, as the moderation tab shows them. */
export const REVIEW_FLAG_LABELS: Readonly<Record<ReviewFlag, string>> = {
  spam: 'Skräp/reklam',
  link: 'Länk',
  contact: 'Kontaktuppgifter',
  profanity: 'Svordomar',
  abuse: 'Påhopp',
  off_topic: 'Handlar inte om vinet',
  not_swedish: 'Inte svenska',
  shouting: 'Versaler',
  rating_mismatch: 'Texten och betygen går isär',
  too_short: 'För kort',
};

/** True when the flags of an analysis include one that needs a moderator (MODERATION_FLAGS). */
export function needsModerator(flags: readonly string[]): boolean {
  return flags.some((flag) => (MODERATION_FLAGS as readonly string[]).includes(flag));
}
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
