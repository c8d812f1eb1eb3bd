import type { Knex } from 'knex';
import {
  ADMIN_WINE_MESSAGES as M,
  ADMIN_FORM_STATUSES,
  type AdminWineCreate,
  type AdminWineDeleted,
  type AdminWineUpdate,
} from '../contract/admin-wines';
import { APPROVAL_STATUS_LABELS, FOOD_PAIRINGS, OCCASIONS, type ApprovalStatus } from '../contract/enums';
import { badRequest, notFound } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import type { DbWineRow } from '../queries/wines';
import {
  countWineDependents,
  deleteWine,
  findAdminWine,
  findWineById,
  insertWine,
  updateWine,
  type AdminWineColumns,
  type DbAdminWineRow,
} from '../queries/admin-wines';
import { recordAudit } from '../queries/audit-log';
import { uploadedImageMissing } from '../queries/images';

type Actor = Pick<DbUserRow, 'id' | 'email'>;
type Detail = { path: string; message: string };

export const wineNotFound = () => notFound('wine', M.notFound);

/**
 * The checks the schema cannot make because they need the database or the stored wine: food pairings and occasions
 * are known values (or, when editing, values the wine already has); an uploaded image URL names an image that exists;
 * a status outside the admin form's set is only accepted unchanged. Throws 400 listing every problem.
 */
async function checkAgainstStore(
  db: Knex | Knex.Transaction,
  input: { foodPairings?: string[]; occasions?: string[]; imageUrl?: string | null; approvalStatus?: ApprovalStatus },
  stored?: DbWineRow,
): Promise<void> {
  const details: Detail[] = [];
  const lists = [
    ['foodPairings', input.foodPairings, FOOD_PAIRINGS as readonly string[], stored?.food_pairings ?? [], M.foodPairingUnknown],
    ['occasions', input.occasions, OCCASIONS as readonly string[], stored?.occasions ?? [], M.occasionUnknown],
  ] as const;
  for (const [field, values, known, kept, message] of lists) {
    values?.forEach((value, i) => {
      if (!known.includes(value) && !kept.includes(value)) details.push({ path: `body.${field}.${i}`, message: message(value) });
    });
  }
  if (await uploadedImageMissing(db, input.imageUrl, stored?.image_url)) {
    details.push({ path: 'body.imageUrl', message: M.imageMissing });
  }
  const status = input.approvalStatus;
  if (status && !(ADMIN_FORM_STATUSES as readonly string[]).includes(status) && status !== stored?.approval_status) {
    details.push({ path: 'body.approvalStatus', message: M.approvalStatusAdmin });
  }
  if (details.length) throw badRequest(details.length === 1 ? details[0]!.message : 'Några uppgifter är ogiltiga.', details);
}

/** Form fields (camelCase) → the columns they set; fields left undefined are not written. */
function toColumns(input: Partial<AdminWineCreate> | AdminWineUpdate): AdminWineColumns {
  const columns: AdminWineColumns = {
    name: input.name,
    description: input.description,
    price: input.price,
    // The form's rating is the wine's own (producer's) rating; Folkets betyg comes only from member reviews.
    producer_rating: input.rating,
    categories: input.categories,
    vintage: input.vintage,
    country: input.country,
    region: input.region,
    grape_variety: input.grapeVariety,
    alcohol_content: input.alcoholContent,
    systembolaget_url: input.systembolagetUrl,
    image_url: input.imageUrl,
    sweetness: input.sweetness,
    acidity: input.acidity,
    body: input.body,
    tannins: input.tannins,
    fruity: input.fruity,
    food_pairings: input.foodPairings,
    occasions: input.occasions,
    is_granskad_vinpressen: input.isGranskadVinpressen,
    approval_status: input.approvalStatus,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as AdminWineColumns;
}

/**
 * Creates a wine from the admin form (spec 001 §2 'Wines tab', §5) with source 'admin', in one transaction with its
 * audit entry ('wine.create'). `input` is the parsed AdminWineCreate (price in SEK, scales 1–5, defaults applied).
 * @throws 400 for unknown food pairings/occasions or an uploaded image that does not exist
 */
export async function createAdminWine(db: Knex, actor: Actor, input: AdminWineCreate): Promise<DbAdminWineRow> {
  return db.transaction(async (trx) => {
    await checkAgainstStore(trx, input);
    const row = await insertWine(trx, { ...toColumns(input), name: input.name, price: input.price, source: 'admin' });
    await recordAudit(trx, actor, { action: 'wine.create', entityType: 'wine', entityId: row.id, summary: `Lade till "${row.name}"` });
    return (await findAdminWine(trx, row.id))!;
  });
}

/**
 * Updates wine `id` (any source, any status) from the admin form: the fields given replace the stored ones, omitted
 * fields stay. Leaving the rejected status clears the rejection reason. One transaction with the wine row locked and
 * the audit entry ('wine.update', naming a status change).
 * @throws 404 when there is no such wine; 400 as createAdminWine, or for a status outside pending/approved/rejected
 *   that is not the wine's current one
 */
export async function updateAdminWine(db: Knex, actor: Actor, id: string, input: AdminWineUpdate): Promise<DbAdminWineRow> {
  return db.transaction(async (trx) => {
    const stored = await findWineById(trx, id, { forUpdate: true });
    if (!stored) throw wineNotFound();
    await checkAgainstStore(trx, input, stored);
    const columns = toColumns(input);
    if (columns.approval_status && columns.approval_status !== 'rejected') columns.rejection_reason = null;
    const row = (await updateWine(trx, id, columns))!;
    const statusChange =
      row.approval_status !== stored.approval_status
        ? ` (status: ${APPROVAL_STATUS_LABELS[stored.approval_status]} → ${APPROVAL_STATUS_LABELS[row.approval_status]})`
        : '';
    await recordAudit(trx, actor, { action: 'wine.update', entityType: 'wine', entityId: id, summary: `Uppdaterade "${row.name}"${statusChange}` });
    return (await findAdminWine(trx, id))!;
  });
}

/**
 * Deletes wine `id` for good (spec 001 §2: delete with confirmation). The database cascades its community reviews,
 * expert reviews and slider places; the answer and the audit entry ('wine.delete') say how many went with it.
 * @throws 404 when there is no such wine
 */
export async function deleteAdminWine(db: Knex, actor: Actor, id: string): Promise<AdminWineDeleted> {
  return db.transaction(async (trx) => {
    const stored = await findWineById(trx, id, { forUpdate: true });
    if (!stored) throw wineNotFound();
    const removed = await countWineDependents(trx, id);
    await deleteWine(trx, id);
    const parts = [
      removed.reviews && `${removed.reviews} recension${removed.reviews === 1 ? '' : 'er'}`,
      removed.expertReviews && `${removed.expertReviews} expertrecension${removed.expertReviews === 1 ? '' : 'er'}`,
      removed.sliderEntries && `${removed.sliderEntries} sliderplats${removed.sliderEntries === 1 ? '' : 'er'}`,
    ].filter(Boolean);
    const summary = `Tog bort "${stored.name}"${parts.length ? ` med ${parts.join(', ')}` : ''}`;
    await recordAudit(trx, actor, { action: 'wine.delete', entityType: 'wine', entityId: id, summary });
    return { id, name: stored.name, removed };
  });
}
