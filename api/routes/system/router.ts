import { z } from 'zod';
import { buildOpenApiDocument } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
import { type AppRouter } from '../../lib/router';

/** Health, readiness and the OpenAPI document. */
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
        await ctx.db.raw('select 1');
      } catch (err) {
        ctx.log.warn({ err }, 'readiness: database unavailable');
        database = 'unreachable';
      }
      const jobs = database === 'ok' && (await ctx.jobs.isReady()) ? 'ok' : 'unavailable';
      const ready = database === 'ok' && jobs === 'ok';
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'unavailable', database, jobs };
    },
  );
  let doc: unknown;
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
      doc ??= buildOpenApiDocument(opts.version);
      ctx.body = doc;
    },
  );
}
