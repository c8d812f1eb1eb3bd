import { z } from 'zod';
import { buildOpenApiDocument } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { pingDatabase } from '../../queries/database';

/** How long /api/ready waits for each check: a database that doesn't answer in time is not ready (ms). */
export const READY_CHECK_MS = 2000;

/** `check`'s answer, or 'timeout' after `ms` (the check itself runs on; its late result is dropped). */
async function within<T>(check: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([check, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health, readiness and the OpenAPI document. /api/health answers while the process runs (liveness); /api/ready
 * answers 200 only while the database and the job queue answer, each within READY_CHECK_MS, else 503 (a load
 * balancer takes the process out of rotation meanwhile; README 'Running in production').
 */
export function systemRoutes(router: AppRouter, opts: { version: string }): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/health',
      summary: 'Liveness: the process answers',
      tags: ['system'],
      responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number() }) } },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', version: opts.version, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/ready',
      summary: 'Readiness: the database and the job queue answer',
      tags: ['system'],
      responses: {
        200: { description: 'Ready', schema: z.object({ status: z.literal('ready'), database: z.literal('ok'), jobs: z.literal('ok') }) },
        503: { description: 'Not ready', schema: z.object({ status: z.literal('unavailable'), database: z.string(), jobs: z.string() }) },
      },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      let database = 'ok';
      try {
        if ((await within(pingDatabase(ctx.db), READY_CHECK_MS)) === 'timeout') database = 'timeout';
      } catch (err) {
        ctx.log.warn({ err }, 'readiness: database unavailable');
        database = 'unreachable';
      }
      // isReady never throws; a late check counts as not ready.
      const jobs = database === 'ok' && (await within(ctx.jobs.isReady(), READY_CHECK_MS)) === true ? 'ok' : 'unavailable';
      if (database === 'ok' && jobs === 'ok') {
        ctx.status = 200;
        ctx.body = { status: 'ready', database, jobs };
        return;
      }
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database, jobs };
    },
  );
  // Sent as the JSON text it is: the document has no schema of its own in the contract.
  let doc: string | undefined;
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/docs',
      summary: 'This OpenAPI 3.1 document',
      tags: ['system'],
      responses: { 200: { description: 'OpenAPI document' } },
    },
    (ctx) => {
      doc ??= JSON.stringify(buildOpenApiDocument(opts.version));
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = doc;
    },
  );
}
