// Account rules and their Swedish messages (spec 000 §5, §8; 001 §2). No zod here: the PWA's forms check
// the same rules with these constants before sending, and the server's schemas (auth.ts) reuse them.

/** Roles (spec 000 §3, §9). */
export const USER_ROLES = ['user', 'partner', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** How a user signs in: 'local' with a password, 'admin' through the identity provider (spec 000 §3). */
export const AUTH_TYPES = ['local', 'admin'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** Role labels (spec 000 §6). */
export const ROLE_LABELS: Record<UserRole, string> = {
  user: 'Användare',
  partner: 'Partner',
  moderator: 'Moderator',
  admin: 'Administratör',
};

/**
 * Account type on /settings (spec 000 §2): the page distinguishes Partner, Administratör and Användare
 * only, so a moderator reads 'Användare' there.
 */
export function accountTypeLabel(role: UserRole): string {
  if (role === 'partner') return 'Partner';
  if (role === 'admin') return 'Administratör';
  return 'Användare';
}

/** Password minimum in the register dialog, the reset page and change-password (spec 000 §5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bounds that keep hashing cheap and rows sane (not in the spec). */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** How long a password-reset link works (minutes). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Auth state machine constants (spec 000 §4, §9). */
export const AUTH_RECHECK_MS = 5 * 60 * 1000;
export const CURRENT_USER_ATTEMPTS = 3;
export const CURRENT_USER_RETRY_DELAYS_MS = [1000, 2000] as const;
/** Redirect after a password reset or an invalidated-session password change (spec 000 §9). */
export const AUTH_REDIRECT_DELAY_MS = 2000;

/** Validation and result messages, verbatim from the spec where it quotes them. */
export const AUTH_MESSAGES = {
  // Register dialog (spec 000 §5)
  passwordsDontMatchTitle: 'Lösenorden matchar inte',
  passwordsDontMatch: 'Kontrollera att båda lösenorden är identiska.',
  passwordTooShortTitle: 'Lösenordet är för kort',
  passwordTooShort: 'Lösenordet måste vara minst 6 tecken långt.',
  // Reset page (spec 000 §5)
  resetTokenMissing: 'Token saknas. Försök att klicka på länken i emailet igen.',
  resetPasswordsDontMatch: 'Lösenorden matchar inte.',
  // Change password (spec 000 §5)
  currentPasswordRequired: 'Nuvarande lösenord krävs',
  newPasswordTooShort: 'Nytt lösenord måste vara minst 6 tecken långt',
  confirmNewPasswordRequired: 'Bekräfta det nya lösenordet',
  newPasswordsDontMatch: 'De nya lösenorden matchar inte',
  // Server answers (not quoted by the spec; Swedish like the rest)
  emailRequired: 'E-postadress krävs',
  emailInvalid: 'Ange en giltig e-postadress',
  passwordRequired: 'Lösenord krävs',
  usernameRequired: 'Användarnamn krävs',
  usernameTooLong: `Användarnamnet får vara högst ${USERNAME_MAX_LENGTH} tecken`,
  nameTooLong: `Namnet får vara högst ${NAME_MAX_LENGTH} tecken`,
  passwordTooLong: `Lösenordet får vara högst ${PASSWORD_MAX_LENGTH} tecken`,
  tokenRequired: 'Token saknas.',
  invalidCredentials: 'Fel e-postadress eller lösenord.',
  accountDeactivated: 'Kontot är inaktiverat. Kontakta oss om du vill aktivera det igen.',
  adminUsesIdentityProvider: 'Administratörer loggar in via identitetsleverantören.',
  usernameTaken: 'Användarnamnet är redan upptaget.',
  emailTaken: 'E-postadressen är redan registrerad.',
  resetRequested: 'Om e-postadressen finns hos oss har vi skickat en länk för att återställa lösenordet.',
  resetTokenInvalid: 'Återställningslänken är ogiltig eller har gått ut. Begär en ny länk.',
  passwordResetDone: 'Ditt lösenord har uppdaterats. Du kan nu logga in.',
  currentPasswordWrong: 'Nuvarande lösenord är fel.',
  passwordChanged: 'Lösenord ändrat',
  notSignedIn: 'Du måste vara inloggad.',
  forbidden: 'Du har inte behörighet till detta.',
  loggedOut: 'Du är utloggad.',
  tooManyAttempts: 'För många försök. Vänta en stund och försök igen.',
  csrfRefused: 'Begäran nekades: den kom inte från Vinpressens webbplats.',
  // E-mail verification of members (README 'Accounts and sessions')
  emailReserved: 'Den här e-postadressen kan inte registreras här. Administratörer loggar in via identitetsleverantören.',
  verificationSent: 'Vi har skickat en bekräftelselänk till din e-postadress.',
  emailVerified: 'Din e-postadress är bekräftad.',
  emailVerifyFailed: 'Bekräftelselänken är ogiltig eller har gått ut. Be om en ny under Inställningar.',
  emailNotVerifiedYet: 'Bekräfta din e-postadress',
  httpsRequired: 'Vinpressen tar bara emot inloggningar över HTTPS.',
} as const;

/** Where GET /api/auth/verify sends the member: the start page with the outcome in `epost` (bekraftad | ogiltig). */
export const MEMBER_VERIFIED_REDIRECT = '/?epost=bekraftad';
export const MEMBER_NOT_VERIFIED_REDIRECT = '/?epost=ogiltig';
