import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * POST /api/newsletter body (spec 000 §2 'Håll dig uppdaterad', §5): e-mail, phone and GDPR consent,
 * all required; consent must be true. Phone numbers are read as Swedish unless they start with +.
 */
export const NewsletterSignup = z
  .object({
    email: z
      .string({ message: 'E-postadress krävs' })
      .trim()
      .min(1, { message: 'E-postadress krävs' })
      .max(254, { message: 'E-postadressen är för lång' })
      .pipe(z.email({ message: 'Ange en giltig e-postadress' })),
    phone: z
      .string({ message: 'Telefonnummer krävs' })
      .trim()
      .min(1, { message: 'Telefonnummer krävs' })
      .max(32, { message: 'Ange ett giltigt telefonnummer' })
      .refine((p) => isValidPhoneNumber(p, 'SE'), { message: 'Ange ett giltigt telefonnummer' }),
    gdprConsent: z.literal(true, { message: 'Du måste godkänna att vi sparar dina kontaktuppgifter (GDPR)' }),
  })
  .meta({ id: 'NewsletterSignup' });
export type NewsletterSignup = z.infer<typeof NewsletterSignup>;

export const NewsletterSignupResult = z
  .object({
    subscribed: z.literal(true),
    message: z.string(),
  })
  .meta({ id: 'NewsletterSignupResult' });
export type NewsletterSignupResult = z.infer<typeof NewsletterSignupResult>;
