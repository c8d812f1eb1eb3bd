import { ErrorBody } from '../../contract/errors';
import { SyncAnswer, SyncBody } from '../../contract/partner-sync';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { applySyncBatch } from '../../services/partner-sync';

const error = (description: string) => ({ description, schema: ErrorBody });

/**
 * POST /api/partner/sync (README 'Offline drafts'): the offline outbox of a partner's device.
 * Answers 200 with one result per mutation (applied, rejected with the reason, or conflict with both values); only
 * 401/403/5xx and network errors make the device keep its queue waiting.
 */
export function partnerSyncRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/sync',
      summary: "Apply a device's queued draft changes exactly once, in seq order, with a field-level merge",
      tags: ['partner'],
      access: ['partner'],
      body: SyncBody,
      // A forbidden character in one mutation's patch rejects that mutation (PartnerWineInput's CLEAN_TEXT), not the
      // batch: otherwise the one bad draft would block the device's whole queue, on every retry.
      textCheckExempt: ['mutations.*.patch'],
      responses: {
        200: { description: 'One result per mutation, in seq order', schema: SyncAnswer },
        400: error('The batch is malformed (not a per-mutation problem)'),
        401: error('Not signed in: the device keeps its queue and asks the partner to sign in'),
        403: error('Not a partner, or not from the site'),
      },
    },
    async (ctx) => {
      const user = ctx.state.user;
      const { clientId, mutations } = ctx.state.input.body;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { results: await applySyncBatch(ctx.db, user.id, clientId, mutations) };
    },
  );
}
