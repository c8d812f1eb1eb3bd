import type { BulkSubmitResult } from '../contract/partner';

/** One wine's outcome of a bulk submit. */
export type BulkSubmitOutcome =
  | { id: string; submitted: true; name: string }
  | {
      id: string;
      submitted: false;
      name: string | null;
      code: 'wine_not_found' | 'already_submitted' | 'submit_not_ready';
      error: string;
      missing: BulkSubmitResult['refused'][number]['missing'];
    };

/** The answer of POST /api/partner/wines/bulk-submit from its outcomes, in the order the ids were sent. */
export function presentBulkSubmit(outcomes: readonly BulkSubmitOutcome[]): BulkSubmitResult {
  const submitted: BulkSubmitResult['submitted'] = [];
  const refused: BulkSubmitResult['refused'] = [];
  for (const o of outcomes) {
    if (o.submitted) submitted.push({ id: o.id, name: o.name });
    else refused.push({ id: o.id, name: o.name, code: o.code, error: o.error, missing: o.missing });
  }
  return { submittedCount: submitted.length, refusedCount: refused.length, submitted, refused };
}
