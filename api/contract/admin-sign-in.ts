// Admin sign-in through the identity provider (spec 001 §2 'Admin login'). Zod-free: the PWA's /admin-login
// imports it.

/** Why /admin-login was shown again after the provider: the `?fel=` values of GET /api/callback. */
export const ADMIN_SIGN_IN_ERRORS = ['ej-behorig', 'inaktiverad', 'avbruten', 'misslyckades', 'gammal-lank'] as const;
export type AdminSignInError = (typeof ADMIN_SIGN_IN_ERRORS)[number];

/** The Swedish explanation /admin-login shows for each `?fel=` value. */
export const ADMIN_SIGN_IN_ERROR_MESSAGES: Record<AdminSignInError, string> = {
  'ej-behorig': 'Kontot är inte behörigt som administratör. Be en administratör lägga till din e-postadress.',
  inaktiverad: 'Administratörskontot är inaktiverat. Kontakta en annan administratör.',
  avbruten: 'Inloggningen avbröts hos identitetsleverantören.',
  misslyckades: 'Inloggningen misslyckades. Försök igen.',
  'gammal-lank': 'Inloggningen tog för lång tid eller startades i en annan flik. Försök igen.',
};
