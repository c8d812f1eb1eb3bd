import type { AppContext } from '../../app-context';
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
import { notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { findEntryWithWine, listMonthEntries } from '../../queries/admin-slider';
import { swedishYearMonth } from '../../contract/dates';
import { createSliderEntry, deleteSliderEntry, moveSliderEntry, updateSliderEntry } from '../../services/admin-slider';
import { presentAdminSliderEntry } from '../../presenters/admin-slider';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'slider'];

async function monthAnswer(db: AppContext['db'], year: number, month: number): Promise<AdminSliderMonth> {
  return { year, month, items: (await listMonthEntries(db, year, month)).map(presentAdminSliderEntry) };
}

async function entryAnswer(db: AppContext['db'], id: string): Promise<AdminSliderEntry> {
  const row = await findEntryWithWine(db, id);
  if (!row) throw notFound('slider_entry', M.notFound);
  return presentAdminSliderEntry(row);
}

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
      const id = await createSliderEntry(ctx.db, user, body);
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
      await updateSliderEntry(ctx.db, user, id, changes);
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
      await deleteSliderEntry(ctx.db, user, id);
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
      const { year, month } = await moveSliderEntry(ctx.db, user, id, direction);
      ctx.cache.clear();
      ctx.body = await monthAnswer(ctx.db, year, month);
    },
  );
}
