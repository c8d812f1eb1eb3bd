import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, USER_ROLES } from './auth-rules';
import { ApprovalStatus } from './enums';
import { FOOD_PAIRINGS, OCCASIONS } from './constants';
import { WINE_FACTS_OR_NULL, WINE_FIELDS } from './admin-wines';
import { WineMedal, WineOriginFields } from './wines';
import { CLIENT_WINE_ID_MESSAGE, isClientWineId } from './wine-id';
import {
  BULK_SUBMIT_MAX_IDS,
  BULK_VOLUME_MAX_ML,
  PARTNER_DEFAULT_RATING,
  PARTNER_MESSAGES as M,
  PARTNER_PASSWORD_MIN_LENGTH,
  SUBMIT_REQUIRED_FIELDS,
} from './partner-rules';

// Request and answer shapes of the partner portal (spec 001 §3, §7). The Excel upload validates each row
// with PartnerWineInput, the same schema as the form.

const Email = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { message: AUTH_MESSAGES.emailRequired })
  .max(EMAIL_MAX_LENGTH, { message: AUTH_MESSAGES.emailInvalid })
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }));

const RequiredName = (message: string, max = NAME_MAX_LENGTH) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message: AUTH_MESSAGES.nameTooLong });

/**
 * An optional phone number, read as Swedish unless it starts with + (as the newsletter does) and answered in E.164
 * ('070-123 45 67' → '+46701234567'); '' and whitespace mean none (null). Unreadable → PARTNER_MESSAGES.phoneInvalid.
 */
const OptionalPhone = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ message: M.phoneInvalid })
      .trim()
      .max(40, { message: M.phoneInvalid })
      .transform((text, ctx) => {
        const phone = parsePhoneNumberFromString(text, 'SE');
        if (phone?.isValid()) return phone.number as string;
        ctx.issues.push({ code: 'custom', message: M.phoneInvalid, input: text });
        return z.NEVER;
      })
      .nullable(),
  )
  .optional()
  .transform((v) => v ?? null)
  .meta({ description: 'Optional; Swedish unless it starts with +; stored and answered in E.164 (+46701234567)' });

/**
 * POST /api/partner/register (spec 001 §3 'Registration payload', §5): every field required but phone; password at
 * least 8 characters; confirmPassword must equal it (reported on confirmPassword). Phone is normalised to E.164.
 */
export const PartnerRegisterBody = z
  .object({
    email: Email,
    username: RequiredName(AUTH_MESSAGES.usernameRequired, USERNAME_MAX_LENGTH),
    password: z
      .string({ message: M.passwordTooShort })
      .min(PARTNER_PASSWORD_MIN_LENGTH, { message: M.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong }),
    confirmPassword: z.string({ message: M.confirmPasswordRequired }).min(1, { message: M.confirmPasswordRequired }),
    firstName: RequiredName(M.firstNameRequired),
    lastName: RequiredName(M.lastNameRequired),
    companyName: RequiredName(M.companyNameRequired, 200),
    contactName: RequiredName(M.contactNameRequired),
    phone: OptionalPhone,
  })
  .refine((b) => b.password === b.confirmPassword, { message: M.passwordsDontMatch, path: ['confirmPassword'] })
  .meta({ id: 'PartnerRegisterBody' });
export type PartnerRegisterBody = z.input<typeof PartnerRegisterBody>;

/** POST /api/partner/login {email, password}. */
export const PartnerLoginBody = z
  .object({
    email: Email,
    password: z
      .string({ message: AUTH_MESSAGES.passwordRequired })
      .max(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
      .refine((p) => p.trim().length > 0, { message: AUTH_MESSAGES.passwordRequired }),
  })
  .meta({ id: 'PartnerLoginBody' });

/** POST /api/partner/resend-verification {email}: same answer whether or not the address has an account. */
export const ResendVerificationBody = z.object({ email: Email }).meta({ id: 'ResendVerificationBody' });

/**
 * GET /api/partner/verify?token=… — the link in the mail. Lenient on purpose: a missing, repeated or over-long token
 * reads as '' (an invalid link), so the route always answers with its redirect and never with a 400.
 */
export const VerifyQuery = z.object({ token: z.string().trim().max(200).default('').catch('') });

/**
 * GET /api/partner/current answer (spec 001 §3 'Partner current response'), and the answer of POST /api/partner/login
 * ("response has user.firstName", §7). Phone in E.164 or null.
 */
export const PartnerCurrent = z
  .object({
    user: z.object({
      id: z.uuid(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
      username: z.string(),
      role: z.enum(USER_ROLES),
    }),
    partner: z.object({
      companyName: z.string(),
      contactName: z.string(),
      phone: z.string().nullable(),
      createdAt: z.string().meta({ description: 'ISO 8601' }),
    }),
  })
  .meta({ id: 'PartnerCurrent' });
export type PartnerCurrent = z.infer<typeof PartnerCurrent>;

const PairingList = z
  .array(z.enum(FOOD_PAIRINGS as [string, ...string[]], { message: 'Okänd matkombination.' }), { message: 'Ange en lista.' })
  .max(FOOD_PAIRINGS.length)
  .transform((l) => [...new Set(l)]);
const OccasionList = z
  .array(z.enum(OCCASIONS as [string, ...string[]], { message: 'Okänt tillfälle.' }), { message: 'Ange en lista.' })
  .max(OCCASIONS.length)
  .transform((l) => [...new Set(l)]);

/**
 * A partner's wine as the form sends it and as each Excel row is read (spec 001 §3, §5): name, description and price
 * (SEK, 2 decimals; a number or text like '129,50 kr') required; rating 1–5 (default 4); vintage 1900–this year or
 * null; alcoholContent % (one decimal) or null; taste scales 1–5 or null; foodPairings and occasions from the known
 * values. Partners set neither categories nor the review mark: those are Vinpressen's.
 */
export const PartnerWineInput = z
  .object({
    name: WINE_FIELDS.name,
    description: WINE_FIELDS.description,
    price: WINE_FIELDS.price,
    rating: WINE_FIELDS.rating.default(PARTNER_DEFAULT_RATING),
    vintage: WINE_FIELDS.vintage.default(null),
    ...WINE_FACTS_OR_NULL,
    foodPairings: PairingList.default([]),
    occasions: OccasionList.default([]),
  })
  .meta({ id: 'PartnerWineInput' });
export type PartnerWineInput = z.infer<typeof PartnerWineInput>;
export type PartnerWineInputRaw = z.input<typeof PartnerWineInput>;

/**
 * POST /api/partner/wines body: the form's PartnerWineInput plus an optional `id` (uuid) the client made up — an
 * offline draft keeps its device id. Creating again with the same id is answered with the stored wine.
 */
export const PartnerWineCreateBody = PartnerWineInput.extend({
  id: z
    .uuid({ message: 'Ogiltigt vin-id', abort: true })
    .refine(isClientWineId, { message: CLIENT_WINE_ID_MESSAGE })
    .optional()
    .meta({ description: 'Client-generated random id (UUID version 4; optional); a repeated create answers the stored wine' }),
}).meta({ id: 'PartnerWineCreateBody' });
export type PartnerWineCreateBody = z.infer<typeof PartnerWineCreateBody>;

/** The medal an admin awarded a wine (spec 001 §2 'Medaljhantering'); defined with the public Wine, which shows it too. */
export { WineMedal };

/** A partner's own wine (spec 001 §3 'Wine (admin and partner view)'). */
export const PartnerWine = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    price: z.number().meta({ description: 'SEK incl. VAT' }),
    rating: z.number().nullable(),
    ...WineOriginFields,
    sweetness: z.number().int().nullable(),
    acidity: z.number().int().nullable(),
    body: z.number().int().nullable(),
    tannins: z.number().int().nullable(),
    fruity: z.number().int().nullable(),
    foodPairings: z.array(z.string()),
    occasions: z.array(z.string()),
    approvalStatus: ApprovalStatus,
    isGranskadVinpressen: z.boolean(),
    medal: WineMedal.nullable(),
    rejectionReason: z.string().nullable(),
    version: z.number().int().min(1).meta({ description: 'Bumped by every change (offline sync)' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: 'PartnerWine' });
export type PartnerWine = z.infer<typeof PartnerWine>;

/** GET /api/partner/wines answer: all of the partner's own wines, every status, newest first. */
export const PartnerWineList = z.object({ items: z.array(PartnerWine), total: z.number().int().min(0) }).meta({ id: 'PartnerWineList' });
export type PartnerWineList = z.infer<typeof PartnerWineList>;

/**
 * A wine's volume in ml as an Excel row gives it (optional column 'Volym (ml)'): a whole number of millilitres, or
 * text with a unit ('750', '750 ml', '75 cl', '0,75 l'); empty is null (unknown: the site assumes 750 ml for kr/l).
 */
const VolumeMl = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    const m = /^(\d+(?:[.,]\d+)?)\s*(ml|cl|l)?$/i.exec(v.trim());
    if (!m) return v;
    const amount = Number(m[1]!.replace(',', '.'));
    const unit = (m[2] ?? 'ml').toLowerCase();
    return Math.round(amount * (unit === 'l' ? 1000 : unit === 'cl' ? 10 : 1) * 1000) / 1000;
  }, z
    .number({ message: M.volumeInvalid })
    .int({ message: M.volumeInvalid })
    .min(1, { message: M.volumeInvalid })
    .max(BULK_VOLUME_MAX_ML, { message: M.volumeInvalid })
    .nullable())
  .default(null);

/**
 * One Excel row of the bulk upload (spec 001 §5): the form's PartnerWineInput plus the bottle's volume in ml (null when
 * the column is missing or empty), which with the name and vintage tells whether the row is a draft already uploaded.
 */
export const BulkWineRow = PartnerWineInput.extend({ volumeMl: VolumeMl });
export type BulkWineRow = z.infer<typeof BulkWineRow>;
export type BulkWineRowRaw = z.input<typeof BulkWineRow>;

/**
 * POST /api/partner/wines/bulk-upload answer (spec 001 §3 'Bulk upload result', §7), rows as Excel numbers them.
 * Beyond the spec's fields: a row that matches one of the partner's drafts (name, vintage and volume) updates it
 * (`action` 'updated'), so successCount = createdCount + updatedCount; the template's example rows are skipped and
 * listed in skippedExamples, counted in none of the totals.
 */
export const BulkUploadResult = z
  .object({
    results: z.object({
      totalRows: z.number().int().min(0).meta({ description: 'Wine rows read (example rows not counted)' }),
      successCount: z.number().int().min(0).meta({ description: 'createdCount + updatedCount' }),
      createdCount: z.number().int().min(0).meta({ description: 'New drafts' }),
      updatedCount: z.number().int().min(0).meta({ description: "Rows that updated one of the partner's drafts (same name, vintage and volume)" }),
      failureCount: z.number().int().min(0).meta({ description: 'Rows refused (none of their values saved)' }),
      successful: z.array(z.object({ row: z.number().int(), name: z.string(), id: z.uuid(), action: z.enum(['created', 'updated']) })),
      failed: z.array(z.object({ row: z.number().int(), name: z.string(), error: z.string() })),
      skippedExamples: z.array(z.object({ row: z.number().int(), name: z.string() })).meta({
        description: "Rows marked in the template's 'Exempelrad' column (or equal to its example): never imported",
      }),
    }),
  })
  .meta({ id: 'BulkUploadResult' });
export type BulkUploadResult = z.infer<typeof BulkUploadResult>;

/** POST /api/partner/wines/bulk-submit body: the drafts to send for review (1–BULK_SUBMIT_MAX_IDS ids, repeats ignored). */
export const BulkSubmitBody = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Ogiltigt vin-id' }), { message: 'Ange en lista med vin-id.' })
      .min(1, { message: 'Markera minst ett vin.' })
      .max(BULK_SUBMIT_MAX_IDS, { message: `Högst ${BULK_SUBMIT_MAX_IDS} viner åt gången.` }),
  })
  .meta({ id: 'BulkSubmitBody' });
export type BulkSubmitBody = z.infer<typeof BulkSubmitBody>;

/** Why one wine of a bulk submit was not sent: the single submit's code, message and, when not ready, the missing fields. */
export const BulkSubmitRefusal = z.object({
  id: z.uuid(),
  name: z.string().nullable().meta({ description: "The wine's name; null when it is missing or another partner's" }),
  code: z.enum(['wine_not_found', 'already_submitted', 'submit_not_ready']),
  error: z.string().meta({ description: 'Swedish' }),
  missing: z.array(z.enum(SUBMIT_REQUIRED_FIELDS)).meta({ description: 'submit_not_ready: the required fields the wine lacks' }),
});

/** POST /api/partner/wines/bulk-submit answer: each wine submitted (draft → pending) or refused, in the order sent. */
export const BulkSubmitResult = z
  .object({
    submittedCount: z.number().int().min(0),
    refusedCount: z.number().int().min(0),
    submitted: z.array(z.object({ id: z.uuid(), name: z.string() })),
    refused: z.array(BulkSubmitRefusal),
  })
  .meta({ id: 'BulkSubmitResult' });
export type BulkSubmitResult = z.infer<typeof BulkSubmitResult>;
