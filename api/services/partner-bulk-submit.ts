import type { Knex } from 'knex';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import { findOwnWine } from '../queries/partner-wines';
import type { BulkSubmitOutcome } from '../presenters/partner-bulk';
import { PartnerWineRefused, submitDraft, type SubmitField } from './partner-wine-rules';

// Several drafts sent for review in one call (Mina viner: 'Skicka in markerade'; README.md 'Partner portal' →
// 'Wines'): each wine is judged and written exactly as POST /api/partner/wines/{id}/submit does it (submitDraft, the
// rulebook's readiness and draft-only rules), in a transaction of its own, so one wine that can't be sent never holds
// back or half-writes another.

/** Swedish names of the fields a submit needs, for the refusal's message (as the submit page names them). */
const FIELD_NAMES: Record<SubmitField, string> = { name: 'namn', description: 'beskrivning', price: 'pris', rating: 'betyg' };

/**
 * Submits the partner `ownerId`'s drafts `ids` one by one (repeats counted once, in the order given): each in its own
 * transaction through submitDraft (the row locked, draft → pending with submitted_at, only when ready).
 * @returns per wine: submitted with its name, or refused with the single submit's code — 'wine_not_found' (missing or
 *   another partner's: the same answer, and no name), 'already_submitted' (not a draft), 'submit_not_ready' with the
 *   missing fields — and a Swedish message
 * @throws database errors (the wines submitted before stay submitted: each is complete on its own)
 */
export async function submitPartnerWines(db: Knex, ownerId: string, ids: readonly string[]): Promise<BulkSubmitOutcome[]> {
  const outcomes: BulkSubmitOutcome[] = [];
  for (const id of new Set(ids)) {
    try {
      const name = await db.transaction(async (trx) => {
        await submitDraft(trx, ownerId, id);
        return (await findOwnWine(trx, ownerId, id))!.name;
      });
      outcomes.push({ id, submitted: true, name });
    } catch (err) {
      if (!(err instanceof PartnerWineRefused)) throw err;
      const r = err.refusal;
      if (r.kind === 'submit_not_ready' || r.kind === 'already_submitted') {
        const name = (await findOwnWine(db, ownerId, id))?.name ?? null;
        outcomes.push(
          r.kind === 'submit_not_ready'
            ? {
                id,
                submitted: false,
                name,
                code: 'submit_not_ready',
                error: M.bulkSubmitNotReady(r.missing.map((f) => FIELD_NAMES[f]).join(', ')),
                missing: r.missing,
              }
            : { id, submitted: false, name, code: 'already_submitted', error: M.alreadySubmitted, missing: [] },
        );
      } else {
        outcomes.push({ id, submitted: false, name: null, code: 'wine_not_found', error: M.wineNotFound, missing: [] });
      }
    }
  }
  return outcomes;
}
