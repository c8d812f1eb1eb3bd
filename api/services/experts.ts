import type { Knex } from 'knex';
import { EXPERT_MESSAGES as M, type ExpertCreate, type ExpertReviewCreate, type ExpertReviewUpdate, type ExpertUpdate } from '../contract/experts';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { recordAudit } from '../queries/audit-log';
import {
  countExpertReviews,
  deleteExpert,
  deleteExpertReview,
  expertName,
  findExpert,
  findExpertReview,
  insertExpert,
  insertExpertReview,
  lockExpertKey,
  updateExpert,
  updateExpertReview,
  type ExpertColumns,
  type ExpertReviewColumns,
} from '../queries/experts';
import { uploadedImageMissing } from '../queries/images';
import { findWineName, wineExists } from '../queries/wines';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

export const expertNotFound = () => notFound('expert', M.expertNotFound);
export const expertReviewNotFound = () => notFound('expert_review', M.reviewNotFound);

/**
 * An uploaded image (/api/images/{id}) must exist (the rule of every image field, api/queries/images.ts); an unchanged
 * value is not checked again. @throws 400 on body.imageUrl
 */
async function checkImage(db: Knex.Transaction, imageUrl: string | null | undefined, stored?: string | null): Promise<void> {
  if (await uploadedImageMissing(db, imageUrl, stored)) throw badRequest(M.imageMissing, [{ path: 'body.imageUrl', message: M.imageMissing }]);
}

/** The wine and the expert a review names must exist (400 on the field, not a 404: the path's resource is fine). */
async function checkReviewRefs(db: Knex.Transaction, refs: { wineId?: string; expertId?: string }): Promise<void> {
  const details: { path: string; message: string }[] = [];
  if (refs.wineId && !(await wineExists(db, refs.wineId))) details.push({ path: 'body.wineId', message: M.wineNotFound });
  // The expert cannot be deleted between this check and the insert.
  if (refs.expertId && !(await lockExpertKey(db, refs.expertId))) details.push({ path: 'body.expertId', message: M.expertNotFound });
  if (details.length) throw badRequest(details.length === 1 ? details[0]!.message : 'Några uppgifter är ogiltiga.', details);
}

/** The audit summary's name of a review: 'av "Barolo 2019" (Anna Lindqvist)'. */
async function reviewLabel(db: Knex.Transaction, wineId: string, expertId: string): Promise<string> {
  return `av "${(await findWineName(db, wineId)) ?? 'okänt vin'}" (${(await expertName(db, expertId)) ?? 'okänd expert'})`;
}

function reviewColumns(body: ExpertReviewUpdate): ExpertReviewColumns {
  const columns: ExpertReviewColumns = {
    wine_id: body.wineId,
    expert_id: body.expertId,
    title: body.title,
    content: body.content,
    rating: body.rating,
    price_worth_rating: body.priceWorthRating,
    quality_rating: body.qualityRating,
    overall_experience: body.overallExperience,
    is_fynd: body.isFynd,
    is_featured: body.isFeatured,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as ExpertReviewColumns;
}

/** Adds an expert, audited, in one transaction; returns the id. @throws 400 (an uploaded image that is gone) */
export async function addExpert(db: Knex, actor: Actor, body: ExpertCreate): Promise<string> {
  return db.transaction(async (trx) => {
    await checkImage(trx, body.imageUrl);
    const row = await insertExpert(trx, { name: body.name, title: body.title, image_url: body.imageUrl });
    await recordAudit(trx, actor, { action: 'expert.create', entityType: 'expert', entityId: row.id, summary: `Lade till experten "${row.name}"` });
    return row.id;
  });
}

/** Changes an expert (an omitted title or image keeps its value), audited. @throws 404, 400 (image gone) */
export async function changeExpert(db: Knex, actor: Actor, id: string, body: ExpertUpdate): Promise<void> {
  await db.transaction(async (trx) => {
    const stored = await findExpert(trx, id, { forUpdate: true });
    if (!stored) throw expertNotFound();
    await checkImage(trx, body.imageUrl, stored.image_url);
    const columns: ExpertColumns = { name: body.name };
    if (body.title !== undefined) columns.title = body.title;
    if (body.imageUrl !== undefined) columns.image_url = body.imageUrl;
    const row = (await updateExpert(trx, id, columns))!;
    const renamed = row.name !== stored.name ? ` (tidigare "${stored.name}")` : '';
    await recordAudit(trx, actor, {
      action: 'expert.update',
      entityType: 'expert',
      entityId: id,
      summary: `Uppdaterade experten "${row.name}"${renamed}`,
    });
  });
}

/** Deletes an expert who has no reviews, audited. @throws 404, 409 expert_has_reviews */
export async function removeExpert(db: Knex, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    // The row lock waits for (and then blocks) a review being added for this expert (FOR KEY SHARE).
    const stored = await findExpert(trx, id, { forUpdate: true });
    if (!stored) throw expertNotFound();
    const reviews = await countExpertReviews(trx, id);
    if (reviews > 0) throw conflict('expert_has_reviews', M.hasReviews(reviews));
    await deleteExpert(trx, id);
    await recordAudit(trx, actor, { action: 'expert.delete', entityType: 'expert', entityId: id, summary: `Tog bort experten "${stored.name}"` });
  });
}

/** Adds an expert review, audited; returns the id. @throws 400 (unknown wine or expert) */
export async function addExpertReview(db: Knex, actor: Actor, body: ExpertReviewCreate): Promise<string> {
  return db.transaction(async (trx) => {
    await checkReviewRefs(trx, body);
    const row = await insertExpertReview(trx, reviewColumns(body) as Required<ExpertReviewColumns>);
    await recordAudit(trx, actor, {
      action: 'expert_review.create',
      entityType: 'expert_review',
      entityId: row.id,
      summary: `Lade till en expertrecension ${await reviewLabel(trx, row.wine_id, row.expert_id)}, betyg ${row.rating}/5`,
    });
    return row.id;
  });
}

/** Changes an expert review (the fields given replace the stored ones), audited. @throws 404, 400 (unknown wine or expert) */
export async function changeExpertReview(db: Knex, actor: Actor, id: string, body: ExpertReviewUpdate): Promise<void> {
  await db.transaction(async (trx) => {
    const stored = await findExpertReview(trx, id, { forUpdate: true });
    if (!stored) throw expertReviewNotFound();
    await checkReviewRefs(trx, {
      wineId: body.wineId !== stored.wine_id ? body.wineId : undefined,
      expertId: body.expertId !== stored.expert_id ? body.expertId : undefined,
    });
    const row = (await updateExpertReview(trx, id, reviewColumns(body)))!;
    const shown = row.is_featured !== stored.is_featured ? (row.is_featured ? ', visas nu på vinsidan' : ', visas inte längre på vinsidan') : '';
    await recordAudit(trx, actor, {
      action: 'expert_review.update',
      entityType: 'expert_review',
      entityId: id,
      summary: `Uppdaterade expertrecensionen ${await reviewLabel(trx, row.wine_id, row.expert_id)}${shown}`,
    });
  });
}

/** Deletes an expert review, audited. @throws 404 */
export async function removeExpertReview(db: Knex, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const stored = await findExpertReview(trx, id, { forUpdate: true });
    if (!stored) throw expertReviewNotFound();
    const label = await reviewLabel(trx, stored.wine_id, stored.expert_id);
    await deleteExpertReview(trx, id);
    await recordAudit(trx, actor, {
      action: 'expert_review.delete',
      entityType: 'expert_review',
      entityId: id,
      summary: `Tog bort expertrecensionen ${label}`,
    });
  });
}
