import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../auth/passwords';
import type { DbPartnerRow } from '../queries/partners';
import type { DbUserRow } from '../queries/users';
import type { DbWineRow } from '../queries/wines';
import type { DbExpertReviewRow, DbExpertRow } from '../queries/experts';
import type { DbSubscriberRow } from '../queries/admin-newsletter';
import type { DbSliderEntryRow } from '../queries/admin-slider';

// Test factories: each inserts one row with Knex (sensible defaults, any column overridable) and
// returns the inserted row as Postgres stores it. Tests build exactly the rows they need.

let counter = 0;
/** A number unique within the test run (names, e-mails, product numbers). */
function seq(): number {
  counter += 1;
  return counter;
}

export type WineOverrides = Partial<Omit<DbWineRow, 'categories'>> & { categories?: string[] };

/** Inserts a wine: approved, source 'admin', a red 750 ml bottle at 149 SEK unless overridden. */
export async function buildWine(db: Knex, overrides: WineOverrides = {}): Promise<DbWineRow> {
  const n = seq();
  const { categories, ...rest } = overrides;
  // A partner wine always has an owner (wines_partner_has_owner).
  if (rest.source === 'partner' && !rest.owner_user_id) rest.owner_user_id = (await buildPartner(db)).user.id;
  const [row] = await db('wines')
    .insert({
      name: `Testvin ${n}`,
      description: 'Fruktig smak med inslag av körsbär och viol.',
      price: 149,
      vintage: 2020,
      country: 'Frankrike',
      region: 'Bourgogne',
      grape_variety: 'Pinot noir',
      alcohol_content: 13,
      systembolaget_url: null,
      sweetness: 1,
      acidity: 4,
      body: 3,
      tannins: 2,
      fruity: null,
      food_pairings: ['meat', 'cheese'],
      occasions: ['dinner'],
      approval_status: 'approved',
      source: 'admin',
      volume_ml: 750,
      wine_type: 'Rött vin',
      packaging: 'Flaska',
      ...rest,
      // An enum array needs an explicit cast: node-pg sends JS arrays as text[].
      categories: db.raw('?::wine_category[]', [categories ?? []]),
    })
    .returning('*');
  return row as DbWineRow;
}

/**
 * Inserts a user (role 'user', active, verified, local sign-in). With `password`, it gets a real argon2id
 * hash of it, so tests can sign in.
 */
export async function buildUser(db: Knex, overrides: Partial<DbUserRow> & { password?: string } = {}): Promise<DbUserRow> {
  const n = seq();
  const { password, ...columns } = overrides;
  const [row] = await db('users')
    .insert({
      username: `vinvan${n}`,
      email: `vinvan${n}@example.se`,
      first_name: 'Anna',
      last_name: 'Svensson',
      role: 'user',
      is_verified: true,
      ...(password ? { password_hash: await hashPassword(password) } : {}),
      ...columns,
    })
    .returning('*');
  return row as DbUserRow;
}

/**
 * Inserts a partner: a user with role 'partner' (verified unless overridden) and its company row.
 * With `user.password`, the partner can sign in.
 */
export async function buildPartner(
  db: Knex,
  overrides: { user?: Partial<DbUserRow> & { password?: string }; partner?: Partial<DbPartnerRow> } = {},
): Promise<{ user: DbUserRow; partner: DbPartnerRow }> {
  const user = await buildUser(db, { role: 'partner', ...overrides.user });
  const [partner] = await db('partners')
    .insert({
      user_id: user.id,
      company_name: `Vinhuset ${user.username} AB`,
      contact_name: 'Per Persson',
      phone: '+46701234567',
      ...overrides.partner,
    })
    .returning('*');
  return { user, partner: partner as DbPartnerRow };
}

export interface DbReviewRow {
  id: string;
  wine_id: string;
  user_id: string;
  content: string;
  status: string;
  price_worth_rating: number;
  quality_rating: number;
  overall_experience: number;
  ai_processed_rating: number | null;
  /** The moderator's rating (1–5, steps of 0.5); null until decided. */
  final_rating: number | null;
  created_at: Date;
}

/** Inserts an approved community review of `wine_id` by `user_id` (a new user when not given). */
export async function buildReview(db: Knex, overrides: Partial<DbReviewRow> & { wine_id: string }): Promise<DbReviewRow> {
  const user_id = overrides.user_id ?? (await buildUser(db)).id;
  const [row] = await db('reviews')
    .insert({
      content: 'Ett riktigt trevligt vin till helgens middag.',
      price_worth_rating: 4,
      quality_rating: 4,
      overall_experience: 5,
      status: 'approved',
      published_at: new Date(),
      ...overrides,
      user_id,
    })
    .returning('*');
  return row as DbReviewRow;
}

/** Inserts a wine expert. */
export async function buildExpert(db: Knex, overrides: Partial<DbExpertRow> = {}): Promise<DbExpertRow> {
  const n = seq();
  const [row] = await db('experts')
    .insert({ name: `Expert ${n}`, title: 'Sommelier', image_url: null, ...overrides })
    .returning('*');
  return row as DbExpertRow;
}

/** Inserts a featured expert review of `wine_id` (by a new expert unless `expert_id` is given). */
export async function buildExpertReview(db: Knex, overrides: Partial<DbExpertReviewRow> & { wine_id: string }): Promise<DbExpertReviewRow> {
  const expert_id = overrides.expert_id ?? (await buildExpert(db)).id;
  const [row] = await db('expert_reviews')
    .insert({
      title: 'Elegant och prisvärt',
      content: 'Mörka bär, fin syra och en lång eftersmak.',
      rating: 4,
      price_worth_rating: 5,
      quality_rating: 4,
      overall_experience: 4,
      is_fynd: false,
      is_featured: true,
      ...overrides,
      expert_id,
    })
    .returning('*');
  return row as DbExpertReviewRow;
}

/** Inserts a slider entry for a year/month/position (a new wine unless `wine_id` is given). */
export async function buildSliderEntry(
  db: Knex,
  overrides: Partial<DbSliderEntryRow> & { year: number; month: number; position: number },
): Promise<DbSliderEntryRow> {
  const wine_id = overrides.wine_id ?? (await buildWine(db)).id;
  const [row] = await db('slider_entries')
    .insert({ label: `Månadens vin ${overrides.position}`, ...overrides, wine_id })
    .returning('*');
  return row as DbSliderEntryRow;
}

/** A random uuid that names no row. */
export const unknownId = (): string => randomUUID();

/** Inserts a newsletter subscriber: active, GDPR consent, a Swedish mobile in E.164, unless overridden. */
export async function buildSubscriber(db: Knex, overrides: Partial<DbSubscriberRow> = {}): Promise<DbSubscriberRow> {
  const n = seq();
  const [row] = await db('newsletter_subscribers')
    .insert({
      email: `prenumerant${n}@example.se`,
      phone: `+467012${String(n).padStart(5, '0')}`,
      gdpr_consent: true,
      consented_at: new Date(),
      ...overrides,
    })
    .returning('*');
  return row as DbSubscriberRow;
}

/**
 * Inserts an uploaded image (a few distinct bytes labelled PNG, no uploader) and returns its id and its site address
 * (/api/images/{id}), as wines and the partner form name it.
 */
export async function buildImage(db: Knex): Promise<{ id: string; url: string }> {
  const bytes = Buffer.from(`vinpressen-test-image-${seq()}-${randomUUID()}`);
  const [row] = await db('images')
    .insert({ content_type: 'image/png', bytes, byte_size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
    .returning('id');
  return { id: row.id as string, url: `/api/images/${row.id as string}` };
}
