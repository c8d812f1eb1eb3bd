import type { Knex } from 'knex';
import { SLIDER_MESSAGES as M, type SliderEntryCreate, type SliderEntryUpdate } from '../contract/admin-slider';
import { swedishMonth } from '../contract/dates';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { deleteEntry, findEntry, insertEntry, lockMonth, updateEntry, type DbSliderEntryRow } from '../queries/admin-slider';
import { recordAudit } from '../queries/audit-log';
import { findWineName, findWineNameAndStatus } from '../queries/wines';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** The entry by id, read again under the month's lock (it may have moved or gone while we waited). */
async function lockedEntry(trx: Knex.Transaction, id: string): Promise<{ entry: DbSliderEntryRow; month: DbSliderEntryRow[] }> {
  const first = await findEntry(trx, id);
  if (!first) throw notFound('slider_entry', M.notFound);
  const month = await lockMonth(trx, first.year, first.month);
  const entry = month.find((e) => e.id === id);
  if (!entry) throw notFound('slider_entry', M.notFound);
  return { entry, month };
}

const positionTaken = (position: number, year: number, month: number) =>
  conflict('slider_position_taken', M.positionTaken(position, swedishMonth(year, month)), [
    { path: 'body.position', message: M.positionTaken(position, swedishMonth(year, month)) },
  ]);

/**
 * Adds a published wine to a month of the slider (spec 001 §3 'Slider entry', §9: position 1–10, unique within the
 * month; a wine once per month), audited, in one transaction under the month's lock. Returns the new entry's id.
 * @throws 400 (wine unknown or not published), 409 slider_position_taken / slider_wine_taken
 */
export async function createSliderEntry(db: Knex, actor: Actor, body: SliderEntryCreate): Promise<string> {
  return db.transaction(async (trx) => {
    const wine = await findWineNameAndStatus(trx, body.wineId);
    if (!wine) throw badRequest(M.wineNotFound, [{ path: 'body.wineId', message: M.wineNotFound }]);
    if (wine.approval_status !== 'approved') throw badRequest(M.wineNotPublished, [{ path: 'body.wineId', message: M.wineNotPublished }]);
    const month = await lockMonth(trx, body.year, body.month);
    if (month.some((e) => e.position === body.position)) throw positionTaken(body.position, body.year, body.month);
    if (month.some((e) => e.wine_id === body.wineId)) throw conflict('slider_wine_taken', M.wineTaken(swedishMonth(body.year, body.month)));
    const row = await insertEntry(trx, body);
    await recordAudit(trx, actor, {
      action: 'slider.create',
      entityType: 'slider_entry',
      entityId: row.id,
      summary: `Lade till "${wine.name}" i slidern för ${swedishMonth(body.year, body.month)} (position ${body.position})`,
    });
    return row.id;
  });
}

/**
 * Changes an entry's position (to one free in its month) and/or label, audited, in one transaction.
 * @throws 404 (no such entry), 409 slider_position_taken
 */
export async function updateSliderEntry(db: Knex, actor: Actor, id: string, changes: SliderEntryUpdate): Promise<void> {
  await db.transaction(async (trx) => {
    const { entry, month } = await lockedEntry(trx, id);
    if (changes.position !== undefined && month.some((e) => e.id !== id && e.position === changes.position)) {
      throw positionTaken(changes.position, entry.year, entry.month);
    }
    await updateEntry(trx, id, changes);
    const name = await findWineName(trx, entry.wine_id);
    const what = [
      changes.position !== undefined && changes.position !== entry.position ? `position ${entry.position} → ${changes.position}` : null,
      changes.label !== undefined && changes.label !== entry.label ? `etikett "${changes.label}"` : null,
    ].filter(Boolean);
    await recordAudit(trx, actor, {
      action: 'slider.update',
      entityType: 'slider_entry',
      entityId: id,
      summary: `Ändrade "${name}" i slidern för ${swedishMonth(entry.year, entry.month)}${what.length ? ` (${what.join(', ')})` : ''}`,
    });
  });
}

/** Removes an entry from the slider (the wine stays), audited. @throws 404 (no such entry) */
export async function deleteSliderEntry(db: Knex, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const { entry } = await lockedEntry(trx, id);
    const name = await findWineName(trx, entry.wine_id);
    await deleteEntry(trx, id);
    await recordAudit(trx, actor, {
      action: 'slider.delete',
      entityType: 'slider_entry',
      entityId: id,
      summary: `Tog bort "${name}" från slidern för ${swedishMonth(entry.year, entry.month)}`,
    });
  });
}

/**
 * Moves an entry one step up or down: it swaps positions with its neighbour, audited, in one transaction. Returns
 * the entry's month. @throws 404 (no such entry), 409 slider_cannot_move (already first or last)
 */
export async function moveSliderEntry(db: Knex, actor: Actor, id: string, direction: 'up' | 'down'): Promise<{ year: number; month: number }> {
  return db.transaction(async (trx) => {
    const { entry, month: entries } = await lockedEntry(trx, id);
    const index = entries.findIndex((e) => e.id === id);
    const neighbour = entries[direction === 'up' ? index - 1 : index + 1];
    if (!neighbour) {
      throw conflict('slider_cannot_move', direction === 'up' ? M.alreadyFirst : M.alreadyLast);
    }
    // The unique (year, month, position) constraint is checked at commit (deferrable), so a plain swap works.
    await updateEntry(trx, entry.id, { position: neighbour.position });
    await updateEntry(trx, neighbour.id, { position: entry.position });
    const name = await findWineName(trx, entry.wine_id);
    await recordAudit(trx, actor, {
      action: 'slider.move',
      entityType: 'slider_entry',
      entityId: id,
      summary: `Flyttade "${name}" ${direction === 'up' ? 'upp' : 'ner'} i slidern för ${swedishMonth(entry.year, entry.month)} (position ${entry.position} → ${neighbour.position})`,
    });
    return { year: entry.year, month: entry.month };
  });
}
