import { REQUIRED_SETTINGS, SITE_SETTING_DEFAULTS, type SiteSettingKey } from './site-settings-defaults';

// The site settings the site uses (spec 001 §2 'Content tab': Inställningar and Logotyper; §3 'Site setting'): every
// key, what kind of value it takes, where it shows, and its default (from site-settings-defaults.ts, all the public
// site loads). Zod-free: the admin imports it at run time. A key that is not here is used by nothing, so the API refuses it
// (api/contract/admin-content.ts settingValueProblem) and db/migrations/20261127002100_known_site_settings.ts removed
// the stored ones.

/** How a setting's value is checked and read. */
export type SettingKind = 'text' | 'integer' | 'rating' | 'email' | 'phone' | 'url' | 'image';

export interface SiteSettingDefinition {
  key: string;
  kind: SettingKind;
  /** Swedish: what the setting changes and where; shown on its card and stored as its description. */
  description: string;
  /** The value the site uses while the setting is unset (and the value the migration card stores). */
  default: string;
  /** When true the value may not be empty (the site always shows it). */
  required: boolean;
  /** text: most characters; integer and rating: the range. */
  max?: number;
  min?: number;
  /** Read by the public site (GET /api/settings/public); else used by the server only. */
  public: boolean;
  /** Created by 'Migrera data nu' (spec 001 §2: 14 settings). */
  seeded: boolean;
}

const text = (key: SiteSettingKey, description: string, max: number): SiteSettingDefinition => ({
  key,
  kind: 'text',
  description,
  default: SITE_SETTING_DEFAULTS[key],
  required: REQUIRED_SETTINGS.includes(key),
  max,
  public: true,
  seeded: true,
});

/** A setting of another kind, its default and whether it is required from site-settings-defaults.ts. */
const setting = (key: SiteSettingKey, rest: Omit<SiteSettingDefinition, 'key' | 'default' | 'required'>): SiteSettingDefinition => ({
  key,
  default: SITE_SETTING_DEFAULTS[key],
  required: REQUIRED_SETTINGS.includes(key),
  ...rest,
});

/** Every setting the site uses, in the order the admin reads them. */
export const SITE_SETTINGS: readonly SiteSettingDefinition[] = [
  text('site.name', 'Webbplatsens namn: namnplåten i sidhuvudet, sidfotens namn och ©-raden. Får inte vara tomt.', 60),
  text('site.tagline', 'Undertiteln överst till höger i sidhuvudet. Tomt döljer den.', 120),
  setting('logo.header', {
    kind: 'image',
    description: 'Logotypen bredvid namnet i sidhuvudet (från 768 px breda skärmar): en bildadress (https://…) eller en uppladdad bild. Tomt: ingen.',
    public: true,
    seeded: true,
  }),
  setting('logo.footer', {
    kind: 'image',
    description: 'Logotypen bredvid namnet i sidfoten: en bildadress (https://…) eller en uppladdad bild. Tomt: ingen.',
    public: true,
    seeded: true,
  }),
  setting('logo.favicon', {
    kind: 'image',
    description: 'Ikonen i webbläsarens flik (favicon), helst en kvadratisk SVG eller PNG. Tomt: webbplatsens egen.',
    public: true,
    seeded: true,
  }),
  setting('contact.email', {
    kind: 'email',
    description: 'E-postadressen under Kontakt i sidfoten och i partnerportalens Hjälp. Tomt döljer den.',
    public: true,
    seeded: true,
  }),
  setting('contact.phone', {
    kind: 'phone',
    description: 'Telefonnumret under Kontakt i sidfoten och i partnerportalens Hjälp. Tomt döljer det.',
    public: true,
    seeded: true,
  }),
  setting('social.instagram', {
    kind: 'url',
    description: 'Länken till Vinpressen på Instagram i sidfoten (https://…). Tomt döljer länken.',
    public: true,
    seeded: true,
  }),
  setting('social.facebook', {
    kind: 'url',
    description: 'Länken till Vinpressen på Facebook i sidfoten (https://…). Tomt döljer länken.',
    public: true,
    seeded: true,
  }),
  text('newsletter.heading', 'Rubriken på startsidans nyhetsbrevsruta. Får inte vara tom.', 120),
  text('newsletter.text', 'Texten under rubriken på nyhetsbrevsrutan. Tomt döljer den.', 500),
  setting('age.limit', {
    kind: 'integer',
    description: 'Åldersgränsen i år i sidfotens märke (t.ex. 25+): ett heltal från 18 till 99.',
    min: 18,
    max: 99,
    public: true,
    seeded: true,
  }),
  text('footer.text', 'Sidfotens mening om vem webbplatsen vänder sig till. Får inte vara tom.', 500),
  text('footer.responsibility', 'Sidfotens budskap om ansvarsfull alkoholkonsumtion. Får inte vara tomt.', 1000),
  setting('folkets_val.min_reviews', {
    kind: 'integer',
    description: 'Folkets val: minsta antal godkända recensioner innan ett vin kommer med (heltal 1–999).',
    min: 1,
    max: 999,
    public: false,
    seeded: false,
  }),
  setting('folkets_val.min_rating', {
    kind: 'rating',
    description: 'Folkets val: lägsta snittbetyg (1–5, t.ex. 4 eller 4,5) för de godkända recensionerna.',
    min: 1,
    max: 5,
    public: false,
    seeded: false,
  }),
];

/** The definition of `key`, or undefined when the site uses no such setting. */
export function siteSettingDefinition(key: string): SiteSettingDefinition | undefined {
  return SITE_SETTINGS.find((s) => s.key === key);
}

/** The keys the public site reads (GET /api/settings/public). */
export const PUBLIC_SETTING_KEYS: readonly string[] = SITE_SETTINGS.filter((s) => s.public).map((s) => s.key);

/** A hint for the setting's field in the admin: what the value must look like. */
export function settingHint(definition: SiteSettingDefinition): string {
  switch (definition.kind) {
    case 'integer':
    case 'rating':
      return `Ett ${definition.kind === 'integer' ? 'heltal' : 'tal'} från ${definition.min} till ${definition.max}.`;
    case 'email':
      return 'En e-postadress, t.ex. redaktionen@vinpressen.se.';
    case 'phone':
      return 'Ett telefonnummer, t.ex. 08-123 456 78 eller +46 8 123 456 78.';
    case 'url':
      return 'En webbadress som börjar med https://.';
    case 'image':
      return 'En bildadress som börjar med https://, en uppladdad bild (/api/images/…) eller en av webbplatsens egna (/favicon.svg).';
    default:
      return `Högst ${definition.max} tecken.${definition.required ? ' Får inte vara tomt.' : ''}`;
  }
}
