import type { Knex } from 'knex';
import {
  AdminSliderEntry,
  AdminSliderMonth,
  SLIDER_MESSAGES as M,
  SliderEntryCreate,
  SliderEntryMove,
  SliderEntryParams,
  SliderEntryUpdate,
  SliderMonthQuery,
} from '../../contract/admin-slider';
import { ErrorBody } from '../../contract/errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import {
  deleteEntry,
  findEntry,
  findEntryWithWine,
  insertEntry,
  listMonthEntries,
  lockMonth,
  updateEntry,
  type DbSliderEntryRow,
} from '../../queries/admin-slider';
import { recordAudit } from '../../queries/audit-log';
import { swedishMonth, swedishYearMonth } from '../../contract/dates';
import { presentAdminSliderEntry } from './presenter';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'slider'];

async function monthAnswer(db: Knex, year: number, month: number): Promise<AdminSliderMonth> {
  return { year, month, items: (await listMonthEntries(db, year, month)).map(presentAdminSliderEntry) };
}

async function entryAnswer(db: Knex, id: string): Promise<AdminSliderEntry> {
  const row = await findEntryWithWine(db, id);
  if (!row) throw notFound('slider_entry', M.notFound);
  return presentAdminSliderEntry(row);
}

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
 * The slider admin 'MÅNADENS VIN-SLIDER' (spec 001 §2 'Slider admin', §3 'Slider entry', §5, §9): a month's
 * entries (year current ±2, month 1–12), each a published wine at a position 1–10 (unique within the month)
 * with a label; add, edit, delete and move up/down (a swap with the neighbour, in one transaction). Every
 * write is audited. GET /api/slider-wines serves the current month's entries in position order.
 */
export function adminSliderRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/slider-entries',
      summary: "A month's slider entries in position order, each with its wine (default: the current month)",
      tags: TAGS,
      query: SliderMonthQuery,
      access: ['admin'],
      responses: {
        200: { description: 'The month and its entries', schema: AdminSliderMonth },
        400: error('Year outside current ±2, or month not 1–12'),
        401: error('Not signed in'),
        403: error('Not an admin'),
      },
    },
    async (ctx) => {
      const now = swedishYearMonth();
      const year = ctx.state.input.query.year ?? now.year;
      const month = ctx.state.input.query.month ?? now.month;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await monthAnswer(ctx.db, year, month);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/slider-entries',
      summary: 'Add a published wine to a month of the slider at a free position 1–10',
      tags: TAGS,
      body: SliderEntryCreate,
      access: ['admin'],
      responses: {
        201: { description: 'Added', schema: AdminSliderEntry },
        400: error('Invalid year, month, position or label; unknown or unpublished wine'),
        401: error('Not signed in'),
        403: error('Not an admin'),
        409: error('The position is taken, or the wine is already in that month'),
      },
    },
    async (ctx) => {
      const body = ctx.state.input.body;
      const user = ctx.state.user;
      const id = await ctx.db.transaction(async (trx) => {
        const wine = await trx('wines')
          .where({ id: body.wineId })
          .first<{ name: string; approval_status: string } | undefined>('name', 'approval_status');
        if (!wine) throw badRequest(M.wineNotFound, [{ path: 'body.wineId', message: M.wineNotFound }]);
        if (wine.approval_status !== 'approved') throw badRequest(M.wineNotPublished, [{ path: 'body.wineId', message: M.wineNotPublished }]);
        const month = await lockMonth(trx, body.year, body.month);
        if (month.some((e) => e.position === body.position)) throw positionTaken(body.position, body.year, body.month);
        if (month.some((e) => e.wine_id === body.wineId)) throw conflict('slider_wine_taken', M.wineTaken(swedishMonth(body.year, body.month)));
        const row = await insertEntry(trx, body);
        await recordAudit(trx, user, {
          action: 'slider.create',
          entityType: 'slider_entry',
          entityId: row.id,
          summary: `Lade till "${wine.name}" i slidern för ${swedishMonth(body.year, body.month)} (position ${body.position})`,
        });
        return row.id;
      });
      ctx.cache.clear();
      ctx.status = 201;
      ctx.body = await entryAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/slider-entries/:id',
      summary: "Change a slider entry's position (to a free one) and/or label",
      tags: TAGS,
      params: SliderEntryParams,
      body: SliderEntryUpdate,
      access: ['admin'],
      responses: {
        200: { description: 'Changed', schema: AdminSliderEntry },
        400: error('Invalid position or label'),
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such entry'),
        409: error('The position is taken by another entry of the month'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const changes = ctx.state.input.body;
      const user = ctx.state.user;
      await ctx.db.transaction(async (trx) => {
        const { entry, month } = await lockedEntry(trx, id);
        if (changes.position !== undefined && month.some((e) => e.id !== id && e.position === changes.position)) {
          throw positionTaken(changes.position, entry.year, entry.month);
        }
        await updateEntry(trx, id, changes);
        const wine = await trx('wines').where({ id: entry.wine_id }).first<{ name: string }>('name');
        const what = [
          changes.position !== undefined && changes.position !== entry.position ? `position ${entry.position} → ${changes.position}` : null,
          changes.label !== undefined && changes.label !== entry.label ? `etikett "${changes.label}"` : null,
        ].filter(Boolean);
        await recordAudit(trx, user, {
          action: 'slider.update',
          entityType: 'slider_entry',
          entityId: id,
          summary: `Ändrade "${wine.name}" i slidern för ${swedishMonth(entry.year, entry.month)}${what.length ? ` (${what.join(', ')})` : ''}`,
        });
      });
      ctx.cache.clear();
      ctx.body = await entryAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/slider-entries/:id',
      summary: 'Remove an entry from the slider (the wine itself stays)',
      tags: TAGS,
      params: SliderEntryParams,
      access: ['admin'],
      responses: {
        204: { description: 'Removed' },
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such entry'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const user = ctx.state.user;
      await ctx.db.transaction(async (trx) => {
        const { entry } = await lockedEntry(trx, id);
        const wine = await trx('wines').where({ id: entry.wine_id }).first<{ name: string }>('name');
        await deleteEntry(trx, id);
        await recordAudit(trx, user, {
          action: 'slider.delete',
          entityType: 'slider_entry',
          entityId: id,
          summary: `Tog bort "${wine.name}" från slidern för ${swedishMonth(entry.year, entry.month)}`,
        });
      });
      ctx.cache.clear();
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/slider-entries/:id/move',
      summary: 'Move an entry one step up or down: it swaps positions with its neighbour, in one transaction',
      tags: TAGS,
      params: SliderEntryParams,
      body: SliderEntryMove,
      access: ['admin'],
      responses: {
        200: { description: "The month's entries after the move, in position order", schema: AdminSliderMonth },
        400: error("direction is not 'up' or 'down'"),
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such entry'),
        409: error('Already first (up) or last (down)'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const { direction } = ctx.state.input.body;
      const user = ctx.state.user;
      const { year, month } = await ctx.db.transaction(async (trx) => {
        const { entry, month: entries } = await lockedEntry(trx, id);
        const index = entries.findIndex((e) => e.id === id);
        const neighbour = entries[direction === 'up' ? index - 1 : index + 1];
        if (!neighbour) {
          throw conflict('slider_cannot_move', direction === 'up' ? M.alreadyFirst : M.alreadyLast);
        }
        // The unique (year, month, position) constraint is checked at commit (deferrable), so a plain swap works.
        await updateEntry(trx, entry.id, { position: neighbour.position });
        await updateEntry(trx, neighbour.id, { position: entry.position });
        const wine = await trx('wines').where({ id: entry.wine_id }).first<{ name: string }>('name');
        await recordAudit(trx, user, {
          action: 'slider.move',
          entityType: 'slider_entry',
          entityId: id,
          summary: `Flyttade "${wine.name}" ${direction === 'up' ? 'upp' : 'ner'} i slidern för ${swedishMonth(entry.year, entry.month)} (position ${entry.position} → ${neighbour.position})`,
        });
        return { year: entry.year, month: entry.month };
      });
      ctx.cache.clear();
      ctx.body = await monthAnswer(ctx.db, year, month);
    },
  );
}
