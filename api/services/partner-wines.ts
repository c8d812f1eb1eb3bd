import type { Knex } from 'knex';
import { ADMIN_WINE_MESSAGES, IMAGE_PATH_RE } from '../contract/admin-wines';
import type { PartnerWineInput } from '../contract/partner';
import { PARTNER_MESSAGES as M, SUBMIT_REQUIRED_FIELDS } from '../contract/partner-rules';
import { HttpError, badRequest, conflict, notFound } from '../lib/http-errors';
import type { PartnerWineRow } from '../presenters/partner';
import { imageExists } from '../queries/images';
import {
  findOwnWine,
  insertPartnerWine,
  markWineSubmitted,
  updatePartnerWineFields,
  type PartnerWineColumns,
} from '../queries/partner-wines';

/** 404 for a wine that is missing or another partner's: the same answer for both (spec 001 §6). */
export const partnerWineNotFound = () => notFound('wine', M.wineNotFound);

/** PartnerWineInput fields → the wines columns a partner sets (the form, Excel rows and the offline sync share it). */
export const PARTNER_WINE_COLUMNS = {
  name: 'name',
  description: 'description',
  price: 'price',
  rating: 'rating',
  vintage: 'vintage',
  country: 'country',
  region: 'region',
  grapeVariety: 'grape_variety',
  alcoholContent: 'alcohol_content',
  systembolagetUrl: 'systembolaget_url',
  imageUrl: 'image_url',
  sweetness: 'sweetness',
  acidity: 'acidity',
  body: 'body',
  tannins: 'tannins',
  fruity: 'fruity',
  foodPairings: 'food_pairings',
  occasions: 'occasions',
} as const satisfies Record<keyof PartnerWineInput, keyof PartnerWineColumns>;

/**
 * The form's (or an Excel row's, or a sync patch's) parsed PartnerWineInput fields → the wine columns a partner sets;
 * fields absent from `input` are left out. Price in SEK, alcohol in %, rating and scales 1–5, lists already checked
 * against FOOD_PAIRINGS/OCCASIONS by the schema.
 */
export function partnerWineColumns(input: PartnerWineInput): PartnerWineColumns;
export function partnerWineColumns(input: Partial<PartnerWineInput>): Partial<PartnerWineColumns>;
export function partnerWineColumns(input: Partial<PartnerWineInput>): Partial<PartnerWineColumns> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PARTNER_WINE_COLUMNS)) {
    const value = input[field as keyof PartnerWineInput];
    if (value !== undefined) columns[column] = value;
  }
  return columns as Partial<PartnerWineColumns>;
}

/**
 * An image URL on this site (/api/images/{id}) must name an uploaded image that exists; an https URL elsewhere is the
 * partner's to keep working. An unchanged URL is not checked again.
 * @throws 400 ADMIN_WINE_MESSAGES.imageMissing on body.imageUrl
 */
async function checkImage(db: Knex | Knex.Transaction, imageUrl: string | null, stored?: string | null): Promise<void> {
  const imageId = imageUrl ? IMAGE_PATH_RE.exec(imageUrl)?.[1] : undefined;
  if (!imageId || imageUrl === stored) return;
  if (!(await imageExists(db, imageId.toLowerCase()))) {
    throw badRequest(ADMIN_WINE_MESSAGES.imageMissing, [{ path: 'body.imageUrl', message: ADMIN_WINE_MESSAGES.imageMissing }]);
  }
}

/**
 * Creates a draft wine owned by partner `ownerId` (spec 001 §4: new wines are drafts; source 'partner'). With a
 * client-made `id` (offline drafts) a repeated create is idempotent: when the partner already has a wine with
 * that id, nothing is written and the stored wine is answered as it is (created false).
 * @returns the stored wine and whether it was created now
 * @throws 409 'wine_id_taken' when `id` belongs to a wine that is not this partner's; 400 for a missing uploaded image
 */
export async function createPartnerWine(
  db: Knex,
  ownerId: string,
  input: PartnerWineInput & { id?: string },
): Promise<{ wine: PartnerWineRow; created: boolean }> {
  return db.transaction(async (trx) => {
    if (input.id) {
      const stored = await findOwnWine(trx, ownerId, input.id);
      if (stored) return { wine: stored, created: false };
    }
    await checkImage(trx, input.imageUrl);
    const id = await insertPartnerWine(trx, ownerId, partnerWineColumns(input), input.id);
    if (!id) {
      // Taken: by another account's wine, or by this partner's own create running at the same moment.
      const raced = await findOwnWine(trx, ownerId, input.id!);
      if (raced) return { wine: raced, created: false };
      throw conflict('wine_id_taken', M.wineIdTaken);
    }
    return { wine: (await findOwnWine(trx, ownerId, id))!, created: true };
  });
}

/**
 * Replaces the fields of the partner's own draft `id` with the whole form (spec 001 §2 'Wine form', §4). One
 * transaction with the wine row locked, so a submit running at the same time cannot slip in between the check and
 * the write.
 * @throws 404 when the wine is missing or not the partner's; 409 'not_editable' once it is pending, approved or
 *   rejected (PARTNER_MESSAGES.notEditable); 400 for a missing uploaded image
 */
export async function updatePartnerWine(db: Knex, ownerId: string, id: string, input: PartnerWineInput): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    const stored = await findOwnWine(trx, ownerId, id, { forUpdate: true });
    if (!stored) throw partnerWineNotFound();
    if (stored.approval_status !== 'draft') throw conflict('not_editable', M.notEditable);
    await checkImage(trx, input.imageUrl, stored.image_url);
    await updatePartnerWineFields(trx, id, partnerWineColumns(input));
    return (await findOwnWine(trx, ownerId, id))!;
  });
}

const SUBMIT_FIELD_COLUMNS: Record<(typeof SUBMIT_REQUIRED_FIELDS)[number], keyof PartnerWineRow> = {
  name: 'name',
  description: 'description',
  price: 'price',
  rating: 'rating',
};

/**
 * Sends the partner's own draft `id` for review: draft → pending with submitted_at now (spec 001 §4). Needs name,
 * description, price and rating (SUBMIT_REQUIRED_FIELDS, §5 'Submit readiness'). Row locked in one transaction, so
 * two submits cannot both count.
 * @throws 404 when the wine is missing or not the partner's; 409 'already_submitted' when it is not a draft
 *   (PARTNER_MESSAGES.alreadySubmitted); 400 'submit_not_ready' (PARTNER_MESSAGES.submitNotReady) listing the missing
 *   fields
 */
export async function submitPartnerWine(db: Knex, ownerId: string, id: string): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    const stored = await findOwnWine(trx, ownerId, id, { forUpdate: true });
    if (!stored) throw partnerWineNotFound();
    if (stored.approval_status !== 'draft') throw conflict('already_submitted', M.alreadySubmitted);
    const missing = SUBMIT_REQUIRED_FIELDS.filter((field) => {
      const value = stored[SUBMIT_FIELD_COLUMNS[field]];
      return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    });
    if (missing.length) {
      throw new HttpError(400, 'submit_not_ready', M.submitNotReady, missing.map((field) => ({ path: field, message: M.submitNotReady })));
    }
    await markWineSubmitted(trx, id);
    return (await findOwnWine(trx, ownerId, id))!;
  });
}
