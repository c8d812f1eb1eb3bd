import { z } from 'zod';
import { ContentBlocks } from './content';
import { isSafeLink } from './link-rules';
import { siteSettingDefinition } from './site-settings';

/** Strict objects answer unknown fields in Swedish ('Okänt fält: x'), like every other message here. */
const STRICT = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Okänt fält: ${(issue.keys ?? []).join(', ')}` : 'Uppgifterna måste skickas som ett JSON-objekt',
};

/**
 * The content tab's server side (spec 001 §2 'Content tab': settings, logos, diagnostics, the migration card;
 * §3 'Site setting'). The original's calls are not shown; designed here as /api/admin/settings,
 * /api/admin/diagnostics and /api/admin/default-content, plus the public GET /api/settings/public.
 */

// ---------------------------------------------------------------------------------------------------------
// Site settings

/** Setting keys: lower-case letters, digits, '.', '_' and '-' (the same rule as the site_settings table's CHECK). */
export const SETTING_KEY_PATTERN = /^[a-z0-9_.-]+$/;
export const SETTING_KEY_MAX = 100;
/** Longest setting value, in characters (room for long footer texts; logos are URLs, never data: URLs). */
export const SETTING_VALUE_MAX = 100_000;
export const SETTING_DESCRIPTION_MAX = 500;

export const SETTING_MESSAGES = {
  keyInvalid: 'Nyckeln får bara innehålla små bokstäver a–z, siffror, punkt, bindestreck och understreck (högst 100 tecken).',
  notFound: 'Inställningen finns inte.',
  logoDataUrl: 'Logotyper kan inte sparas som data-URL. Ladda upp bilden eller ange en bildadress som börjar med https://.',
  logoNotUrl: 'Ange en bildadress som börjar med http:// eller https://, eller ladda upp bilden.',
  linkNotUrl: 'Ange en webbadress som börjar med http:// eller https://.',
  emailInvalid: 'Ange en giltig e-postadress.',
  phoneInvalid: 'Ange ett telefonnummer med 6–15 siffror, t.ex. 08-123 456 78 eller +46 8 123 456 78.',
  folketsValMinRating: 'Ange ett betyg från 1 till 5, t.ex. 4 eller 4,5.',
  unknownKey: 'Webbplatsen använder ingen sådan inställning. Välj en av inställningarna i listan.',
  required: 'Inställningen får inte vara tom: webbplatsen visar den alltid.',
  integer: (min: number, max: number) => `Ange ett heltal från ${min} till ${max}.`,
  textTooLong: (max: number) => `Texten får vara högst ${max} tecken.`,
} as const;

/** The one key rule, for the PUT path (400 with this message) and anyone else who checks keys. */
export const SettingKey = z
  .string()
  .min(1, { message: SETTING_MESSAGES.keyInvalid })
  .max(SETTING_KEY_MAX, { message: SETTING_MESSAGES.keyInvalid })
  .regex(SETTING_KEY_PATTERN, { message: SETTING_MESSAGES.keyInvalid })
  .meta({ example: 'site.name' });

/** A logo is a setting whose key contains 'logo' (spec 001 §2: the logos sub-tab lists those). */
export const isLogoSettingKey = (key: string): boolean => key.includes('logo');

const UPLOADED_IMAGE = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file the site itself serves, e.g. '/favicon.svg', '/icons/icon.svg' (no '..', not protocol-relative). */
const SITE_IMAGE = /^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+\.(svg|png|jpe?g|webp|gif|avif|ico)$/i;

/** An absolute http(s) address by the site's one link rule (api/contract/link-rules.ts). */
const isHttpUrl = (value: string): boolean => isSafeLink(value, { schemes: ['http:', 'https:'], sitePaths: false });

/**
 * What is wrong with `value` for setting `key`, or null when it may be stored (the value is trimmed first, as
 * SiteSettingPut trims it). The key must be one the site uses (api/contract/site-settings.ts SITE_SETTINGS, else
 * SETTING_MESSAGES.unknownKey). An empty value is allowed unless the setting is required (then the site would show
 * nothing where it must show something); otherwise, by the setting's kind:
 * - text: at most its length;
 * - integer: a whole number in its range (age.limit 18–99, folkets_val.min_reviews 1–999);
 * - rating: 1–5 with at most two decimals, comma or point (folkets_val.min_rating);
 * - email: an e-mail address; phone: 6–15 digits with spaces, '-', '(', ')' and a leading '+';
 * - url: an http(s) address (the site renders them as links: no javascript: URLs);
 * - image (logos): an http(s) image address, an uploaded image `/api/images/<uuid>`, or an image file of the site
 *   itself ('/favicon.svg'); never a data: URL (the original stored base64 in the row).
 */
export function settingValueProblem(key: string, raw: string): string | null {
  const definition = siteSettingDefinition(key);
  if (!definition) return SETTING_MESSAGES.unknownKey;
  const value = raw.trim();
  if (value === '') return definition.required ? SETTING_MESSAGES.required : null;
  switch (definition.kind) {
    case 'text':
      return definition.max !== undefined && value.length > definition.max ? SETTING_MESSAGES.textTooLong(definition.max) : null;
    case 'integer':
      return /^\d{1,3}$/.test(value) && Number(value) >= definition.min! && Number(value) <= definition.max!
        ? null
        : SETTING_MESSAGES.integer(definition.min!, definition.max!);
    case 'rating': {
      const n = Number(value.replace(',', '.'));
      return /^\d([.,]\d{1,2})?$/.test(value) && n >= definition.min! && n <= definition.max! ? null : SETTING_MESSAGES.folketsValMinRating;
    }
    case 'email':
      return z.email().max(254).safeParse(value).success ? null : SETTING_MESSAGES.emailInvalid;
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[\d\s()-]+$/.test(value) && digits >= 6 && digits <= 15 ? null : SETTING_MESSAGES.phoneInvalid;
    }
    case 'url':
      return isHttpUrl(value) && value.length <= 2000 ? null : SETTING_MESSAGES.linkNotUrl;
    case 'image':
      if (/^data:/i.test(value)) return SETTING_MESSAGES.logoDataUrl;
      if (value.length > 2000) return SETTING_MESSAGES.logoNotUrl;
      return isHttpUrl(value) || UPLOADED_IMAGE.test(value) || SITE_IMAGE.test(value) ? null : SETTING_MESSAGES.logoNotUrl;
  }
}

/**
 * The Folkets Val rule: when a review is approved, its wine joins FOLKETS_VAL once it has at least
 * `minReviews` approved reviews whose final ratings average at least `minRating` (1–5). Both are site settings an
 * admin may add or change in Inställningar; without them the defaults apply. The rule only adds: an admin can
 * still set or remove the category by hand in the wine form.
 */
export const FOLKETS_VAL_SETTINGS = {
  minReviews: { key: 'folkets_val.min_reviews', default: 3 },
  minRating: { key: 'folkets_val.min_rating', default: 4 },
} as const;

/** One site setting (spec 001 §3: key, description, value). */
export const SiteSetting = z
  .object({
    key: z.string().meta({ example: 'site.name' }),
    description: z.string().meta({ description: 'Swedish, shown on the setting card' }),
    value: z.string(),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'SiteSetting' });
export type SiteSetting = z.infer<typeof SiteSetting>;

/** GET /api/admin/settings: every setting, by key. The PWA splits them into settings and logos by key. */
export const SiteSettingList = z.object({ items: z.array(SiteSetting) }).meta({ id: 'SiteSettingList' });
export type SiteSettingList = z.infer<typeof SiteSettingList>;

/** PUT /api/admin/settings/{key} body: creates or replaces the value; without a description the contract's (api/contract/site-settings.ts) is stored. */
export const SiteSettingPut = z
  .strictObject(
    {
      value: z
        .string({ message: 'Värdet måste vara text' })
        .trim()
        .max(SETTING_VALUE_MAX, { message: `Värdet får vara högst ${SETTING_VALUE_MAX.toLocaleString('sv-SE').replace(/\s/g, ' ')} tecken` }),
      description: z
        .string({ message: 'Beskrivningen måste vara text' })
        .trim()
        .max(SETTING_DESCRIPTION_MAX, { message: `Beskrivningen får vara högst ${SETTING_DESCRIPTION_MAX} tecken` })
        .optional(),
    },
    STRICT,
  )
  .meta({ id: 'SiteSettingPut' });
export type SiteSettingPut = z.infer<typeof SiteSettingPut>;

/** The PUT path takes any text (a bad key is a 400 with a message, not a 404); DELETE's must be a valid key. */
export const SiteSettingPutParams = z.object({ key: z.string().max(1000) });
export const SiteSettingParams = z.object({ key: SettingKey });

/** The settings the public site may read (GET /api/settings/public): api/contract/site-settings.ts, `public`. */
export { PUBLIC_SETTING_KEYS } from './site-settings';

/** GET /api/settings/public: `{ "site.name": "Vinpressen", … }`, only allow-listed keys that are set. */
export const PublicSettings = z
  .record(z.string(), z.string())
  .meta({ id: 'PublicSettings', example: { 'site.name': 'Vinpressen', 'age.limit': '25' } });
export type PublicSettings = z.infer<typeof PublicSettings>;

// ---------------------------------------------------------------------------------------------------------
// Page contents (spec 001 §2 'Content tab' pages sub-tab, §3 'Page content', §7 GET /api/admin/page-contents)

/** Page ids: lower-case letters, digits and '-', at most 60 characters (the page_contents table's CHECK). */
export const PAGE_ID_PATTERN = /^[a-z0-9-]+$/;
export const PAGE_ID_MAX = 60;
export const PAGE_CONTENT_MESSAGES = {
  pageIdInvalid: 'Sid-id får bara innehålla små bokstäver a–z, siffror och bindestreck (högst 60 tecken).',
} as const;

/** One page's content (spec 001 §3: id, pageId, title, content as sanitised HTML, isActive) and when it changed. */
export const PageContent = z
  .object({
    id: z.uuid(),
    pageId: z.string().meta({ example: 'om-oss' }),
    title: z.string().meta({ example: 'Om Oss' }),
    content: z.string().meta({ description: 'HTML, sanitised when stored' }),
    blocks: ContentBlocks.nullable().meta({ description: "The builder's blocks the HTML was made from; null when last edited as HTML" }),
    isActive: z.boolean(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'PageContent' });
export type PageContent = z.infer<typeof PageContent>;

/** Query of GET /api/admin/page-contents: `pageId` narrows the list to that page (spec 001 §7). */
export const PageContentListQuery = z.strictObject(
  {
    pageId: z
      .string({ message: PAGE_CONTENT_MESSAGES.pageIdInvalid })
      .max(PAGE_ID_MAX, { message: PAGE_CONTENT_MESSAGES.pageIdInvalid })
      .regex(PAGE_ID_PATTERN, { message: PAGE_CONTENT_MESSAGES.pageIdInvalid })
      .optional()
      .meta({ description: 'Only the page with this id (the editor reads its page this way)', example: 'om-oss' }),
  },
  STRICT,
);
export type PageContentListQuery = z.infer<typeof PageContentListQuery>;

/** GET /api/admin/page-contents answer: the pages by pageId (an empty list when none match). */
export const PageContentList = z.object({ items: z.array(PageContent) }).meta({ id: 'PageContentList' });
export type PageContentList = z.infer<typeof PageContentList>;

// ---------------------------------------------------------------------------------------------------------
// Diagnostics (spec 001 §2 'Diagnostics'; refreshed every 30 s by the admin). Never any secret.

export const Diagnostics = z
  .object({
    generatedAt: z.string().meta({ description: 'ISO 8601' }),
    server: z.object({
      host: z.string().meta({ description: 'Host header of this request' }),
      protocol: z.string().meta({ example: 'https' }),
      nodeEnv: z.string().meta({ example: 'production' }),
      version: z.string().meta({ description: 'package.json version' }),
      nodeVersion: z.string(),
      uptimeSeconds: z.number().int(),
      instance: z.string().meta({ description: 'host name and process id of the API process that answered' }),
    }),
    database: z.object({
      ok: z.boolean(),
      serverVersion: z.string().nullable(),
      latencyMs: z.number().nullable().meta({ description: 'round trip of `select 1`, ms' }),
      latestMigration: z.string().nullable(),
    }),
    jobs: z.object({ ready: z.boolean() }),
    session: z.object({
      authenticated: z.boolean(),
      fingerprint: z.string().nullable().meta({ description: 'a short one-way fingerprint of the session (never the cookie or key)' }),
      userEmail: z.string().nullable(),
      cookieName: z.string(),
      cookiePresent: z.boolean(),
      secure: z.boolean(),
      httpOnly: z.boolean(),
      sameSite: z.string().meta({ example: 'lax' }),
      domain: z.string().nullable().meta({ description: 'null: host-only cookie' }),
    }),
    authTest: z.object({
      status: z.number().int().meta({ description: 'what GET /api/auth/current answers this session' }),
      user: z.object({ id: z.string(), email: z.string(), role: z.string(), authType: z.string(), isActive: z.boolean() }).nullable(),
    }),
  })
  .meta({ id: 'Diagnostics' });
export type Diagnostics = z.infer<typeof Diagnostics>;

// ---------------------------------------------------------------------------------------------------------
// Default content (spec 001 §2: the blue migration card 'Migrera data nu', "5 pages, 14 settings, 1 article")

export const DEFAULT_CONTENT_COUNTS = { pages: 5, settings: 14, articles: 1 } as const;

/** GET /api/admin/default-content: whether the card shows (no page contents AND no site settings) and what it creates. */
export const DefaultContentStatus = z
  .object({
    needed: z.boolean(),
    pages: z.literal(DEFAULT_CONTENT_COUNTS.pages),
    settings: z.literal(DEFAULT_CONTENT_COUNTS.settings),
    articles: z.literal(DEFAULT_CONTENT_COUNTS.articles),
  })
  .meta({ id: 'DefaultContentStatus' });
export type DefaultContentStatus = z.infer<typeof DefaultContentStatus>;

/** POST /api/admin/default-content answer (201). */
export const DefaultContentResult = z
  .object({
    message: z.string(),
    created: z.object({ pages: z.number().int(), settings: z.number().int(), articles: z.number().int() }),
  })
  .meta({ id: 'DefaultContentResult' });
export type DefaultContentResult = z.infer<typeof DefaultContentResult>;

export const DEFAULT_CONTENT_MESSAGES = {
  created: 'Standardinnehållet är skapat: 5 sidor, 14 inställningar och 1 artikel.',
  notNeeded: 'Det finns redan sidor eller inställningar, så standardinnehållet skapas inte.',
} as const;
