// Partner portal rules and their Swedish messages (spec 001 §2, §4, §5, §8, §9). No zod here: the PWA's partner
// screens check the same rules with these constants before sending; the server's schemas (partner.ts) reuse them.

/** Password minimum at partner registration (spec 001 §5, §9; change-password keeps 6). */
export const PARTNER_PASSWORD_MIN_LENGTH = 8;
/** Largest Excel upload: 10 MB (spec 001 §5, §9). The whole multipart body is held to it. */
export const BULK_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Accepted Excel file name endings (spec 001 §5). */
export const BULK_UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
/** The multipart field of the Excel file (spec 001 §7). */
export const BULK_UPLOAD_FIELD = 'excel';
/** Most drafts one bulk submit takes (POST /api/partner/wines/bulk-submit). */
export const BULK_SUBMIT_MAX_IDS = 500;
/** Largest volume an Excel row may give (ml): 100 litres. */
export const BULK_VOLUME_MAX_ML = 100_000;
/** The bulk result panel lists the first 5 successes, then 'and n more' (spec 001 §9). */
export const BULK_RESULT_SUCCESSES_SHOWN = 5;
/** How long an e-mail verification link works (hours). */
export const VERIFICATION_TOKEN_TTL_HOURS = 48;
/** How long the 'E-postadressen finns redan' toast stays (spec 001 §9): 8 s. */
export const DUPLICATE_EMAIL_TOAST_MS = 8000;
/** Partner default rating and the taste sliders' displayed default (spec 001 §9). */
export const PARTNER_DEFAULT_RATING = 4;
export const TASTE_SLIDER_DEFAULT = 3;

/**
 * The tannins slider shows only when the grape variety text contains red, cabernet or merlot, case-insensitive
 * (spec 001 §5 'Partner wine form').
 */
export function showsTanninsSlider(grapeVariety: string | null | undefined): boolean {
  return /red|cabernet|merlot/i.test(grapeVariety ?? '');
}

/** Fields a wine needs before it can be submitted (spec 001 §5 'Submit readiness'); the rest are recommended. */
export const SUBMIT_REQUIRED_FIELDS = ['name', 'description', 'price', 'rating'] as const;
export const SUBMIT_RECOMMENDED_FIELDS = ['region', 'grapeVariety', 'vintage'] as const;

/** Texts of the partner portal, verbatim from spec 001 where it quotes them. */
export const PARTNER_MESSAGES = {
  // Registration (001 §5, §8)
  passwordsDontMatchTitle: 'Lösenorden matchar inte',
  passwordsDontMatch: 'Kontrollera att båda lösenorden är identiska',
  passwordTooShortTitle: 'Lösenordet är för kort',
  passwordTooShort: 'Lösenordet måste vara minst 8 tecken långt',
  companyNameRequired: 'Företagsnamn krävs',
  contactNameRequired: 'Kontaktperson krävs',
  firstNameRequired: 'Förnamn krävs',
  lastNameRequired: 'Efternamn krävs',
  phoneInvalid: 'Ange ett giltigt telefonnummer',
  confirmPasswordRequired: 'Bekräfta lösenordet',
  emailExistsTitle: 'E-postadressen finns redan',
  emailExists: 'Logga in med den, eller kontakta en administratör om du inte kommer åt kontot.',
  /** The server's message for a taken address: the PWA shows the 8-second toast when a message contains it. */
  emailAlreadyRegistered: 'Email already registered',
  usernameAlreadyExists: 'Username already exists',
  /** 409 messages of POST /api/partner/register: Swedish, with the marker the PWA looks for (see above). */
  registerEmailTaken: 'E-postadressen är redan registrerad (Email already registered).',
  registerUsernameTaken: 'Användarnamnet är redan upptaget (Username already exists).',
  registrationFailedTitle: 'Registrering misslyckades',
  registrationFailed: 'Något gick fel, försök igen',
  registered: 'Vi har skickat en verifieringslänk till din e-postadress. Klicka på länken för att aktivera kontot.',
  // Verification
  verifiedBanner: 'Din e-postadress är verifierad. Du kan nu logga in.',
  verificationInvalid: 'Verifieringslänken är ogiltig eller har gått ut. Logga in för att få en ny länk.',
  notVerified: 'Du måste verifiera din e-postadress innan du kan logga in. Vi kan skicka en ny verifieringslänk.',
  verificationResent: 'Om kontot finns och inte är verifierat har vi skickat en ny verifieringslänk.',
  // Sign-in (001 §8)
  loginFailedTitle: 'Inloggning misslyckades',
  loginFailed: 'Kontrollera dina uppgifter och försök igen',
  notPartner: 'Kontot är inget partnerkonto. Logga in på startsidan i stället.',
  forgotEmailRequired: 'Vänligen ange din e-postadress',
  resetSentTitle: 'E-post skickat!',
  resetFailedTitle: 'Fel uppstod',
  resetFailed: 'Kunde inte skicka återställnings-e-post. Försök igen.',
  logoutFailed: 'Utloggning misslyckades',
  accessDenied: 'Åtkomst nekad',
  /** A partner-role account without company details (e.g. made in the admin's users tab). */
  partnerProfileMissing: 'Kontot saknar företagsuppgifter och kan inte använda partnerportalen. Kontakta en administratör.',
  // Wines (001 §4, §5, §8)
  requiredMissingTitle: 'Obligatoriska fält saknas',
  requiredMissing: 'Fyll i vinnamn, beskrivning och pris.',
  saveFailedTitle: 'Fel',
  saveFailed: 'Något gick fel. Försök igen.',
  wineNotFound: 'Vinet finns inte, eller så har du inte behörighet till det.',
  fetchWineFailed: 'Failed to fetch wine',
  loadWineFailed: 'Kunde inte ladda vin',
  notEditable: 'Vinet kan inte ändras medan det granskas eller efter granskningen.',
  alreadySubmitted: 'Vinet har redan skickats in',
  /** Only a draft can be deleted (a wine in review or reviewed stays; README 'Partner portal' → 'Wines'). */
  notDeletable: 'Bara utkast kan tas bort. Vinet har skickats in för granskning eller granskats.',
  /** Only a rejected wine can be opened again as a draft to revise and send in again. */
  notRejected: 'Bara ett avvisat vin kan öppnas för att ändras och skickas in igen.',
  /** A client-chosen wine id that another account's wine already has. */
  wineIdTaken: 'Id:t används redan av ett annat vin. Skapa vinet utan id.',
  submitNotReady: 'Komplettera först',
  submitFailedTitle: 'Fel vid inlämning',
  submitFailed: 'Kunde inte skicka vinet för granskning. Försök igen.',
  submitted: 'Väntar granskning',
  // Bulk upload (001 §5, §8)
  wrongFileTypeTitle: 'Fel filtyp',
  wrongFileType: 'Endast Excel-filer (.xlsx, .xls) är tillåtna',
  fileTooLarge: 'Filen är för stor. Största tillåtna storlek är 10 MB.',
  fileMissing: 'Välj en Excel-fil att ladda upp (fältet excel).',
  fileUnreadable: 'Filen kunde inte läsas som en Excel-fil. Spara den på nytt som .xlsx och försök igen.',
  fileTooComplex: 'Filen är för stor eller för komplex för att läsas (packad storlek, antal celler eller ark). Dela upp den i flera filer.',
  fileEmpty: 'Filen innehåller inga vinrader under rubrikraden.',
  headersMissing: (names: string) => `Rubrikraden saknar kolumnerna ${names}. Utgå från mallen.`,
  bulkFailedTitle: 'Bulk-uppladdning misslyckades',
  bulkFailed: 'Upload failed',
  /** The result's toast and summary: the spec's text (001 §8), with the drafts updated named when there are any. */
  bulkDone: (created: number, failed: number, updated = 0) =>
    updated > 0 ? `${created} viner skapade, ${updated} uppdaterade, ${failed} misslyckades` : `${created} viner skapade, ${failed} misslyckades`,
  fileOnlyExample: 'Filen innehåller bara mallens exempelrad. Skriv dina viner på raderna under den.',
  volumeInvalid: 'Ange volymen i milliliter, t.ex. 750 (eller 75 cl, 0,75 l).',
  duplicateInFile: (row: number) => `Samma vin (namn, årgång och volym) som rad ${row} i filen. Raden sparades inte.`,
  matchesSubmitted: (status: string) => `Vinet finns redan i Mina viner (${status}) och kan inte ändras genom uppladdning. Raden sparades inte.`,
  /** Bulk submit (Mina viner: 'Skicka in markerade'). */
  bulkSubmitDone: (submitted: number, refused: number) =>
    refused > 0 ? `${submitted} viner inskickade, ${refused} kunde inte skickas in` : `${submitted} viner inskickade`,
  bulkSubmitNotReady: (fields: string) => `Komplettera först: ${fields} saknas.`,
  andMore: (n: number) => `och ${n} till`,
  // Admin review (001 §5, §8)
  reasonRequiredTitle: 'Anledning krävs',
  reasonRequired: 'Ange en anledning för avvisandet.',
  notPending: 'Vinet väntar inte på granskning.',
  medalUnknown: 'Medaljdesignen finns inte.',
} as const;
