import type { z } from 'zod';
import { ADMIN_WINE_MESSAGES } from '../contract/admin-wines';
import { APPROVAL_STATUS_LABELS } from '../contract/constants';
import { PARTNER_MESSAGES } from '../contract/partner-rules';
import type { SyncConflict, SyncResult } from '../contract/partner-sync';
import { SYNC_MESSAGES } from '../contract/sync-rules';
import { printable } from '../contract/text-rules';
import { CLIENT_WINE_ID_MESSAGE } from '../contract/wine-id';
import type { WineVersion } from '../queries/partner-wines';

// POST /api/partner/sync's result items (README 'Offline drafts'; api/contract/partner-sync.ts SyncResult): what the
// service decided about one mutation, in the documented shape and with the Swedish reasons.

/** One mutation's result before its mutation id is added (presentSyncResult). */
export type SyncOutcome = Omit<SyncResult, 'mutationId'>;

/** The mutation was applied: the wine's `version` and `approvalStatus` after it. */
export function presentApplied(wine: WineVersion): SyncOutcome {
  return { status: 'applied', version: wine.version, approvalStatus: wine.approval_status };
}

/**
 * A deleteWine mutation was applied: the partner has no wine by that id any more (deleted now, or there was none to
 * delete). No version or status: there is no wine left to have them.
 */
export function presentDeleted(): SyncOutcome {
  return { status: 'applied' };
}

/**
 * The patch was applied to the draft (now at `version`); `conflicts` lists the fields the server kept (none: 'applied',
 * some: 'conflict' with both values).
 */
export function presentMerged(version: number, conflicts: SyncConflict[]): SyncOutcome {
  return conflicts.length
    ? { status: 'conflict', version, approvalStatus: 'draft', conflicts }
    : { status: 'applied', version, approvalStatus: 'draft' };
}

const withStatus = (message: string, wine: WineVersion) => `${message} (Status: ${APPROVAL_STATUS_LABELS[wine.approval_status]})`;

/** Rejected with the Swedish `error`; with the wine's version and status when there is a wine. */
function rejected(error: string, wine?: WineVersion): SyncOutcome {
  return wine ? { status: 'rejected', version: wine.version, approvalStatus: wine.approval_status, error } : { status: 'rejected', error };
}

/**
 * The patch failed its schema (PartnerWineInput for a new wine, PartnerWinePatch for an existing one `wine`): rejected
 * with 'Pris: Priset går inte att läsa…' for each issue, joined.
 */
export function presentInvalidPatch(error: z.ZodError, wine?: WineVersion): SyncOutcome {
  const reason = error.issues
    .map((issue) => {
      const field = issue.path[0];
      // A key is quoted back as printable text: the reason is stored in jsonb, which refuses U+0000.
      if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => SYNC_MESSAGES.unknownField(printable(k))).join(' ');
      return field === undefined ? issue.message : `${String(field)}: ${issue.message}`;
    })
    .join(' ');
  return rejected(reason, wine);
}

/**
 * What presentRefusal reads of the rulebook's PartnerWineRefusal (api/services/partner-wine-rules.ts); a kind added
 * there fails the type-check of the service's call until it is answered here.
 */
type Refusal =
  | { kind: 'not_found' | 'id_taken' | 'id_not_random' }
  | { kind: 'image_missing'; wine?: WineVersion }
  | { kind: 'not_editable' | 'already_submitted' | 'not_deletable' | 'not_rejected' | 'submit_not_ready'; wine: WineVersion };

/** The rulebook's refusal (api/services/partner-wine-rules.ts) as a rejected result with the Swedish reason. */
export function presentRefusal(r: Refusal): SyncOutcome {
  switch (r.kind) {
    case 'not_found':
    // A client id another account's wine holds: that wine is not found for this partner.
    case 'id_taken':
      return rejected(SYNC_MESSAGES.wineNotFound);
    case 'id_not_random':
      return rejected(CLIENT_WINE_ID_MESSAGE);
    case 'image_missing':
      return rejected(`imageUrl: ${ADMIN_WINE_MESSAGES.imageMissing}`, r.wine);
    case 'not_editable':
      return rejected(withStatus(PARTNER_MESSAGES.notEditable, r.wine), r.wine);
    case 'already_submitted':
      return rejected(withStatus(PARTNER_MESSAGES.alreadySubmitted, r.wine), r.wine);
    case 'not_deletable':
      return rejected(withStatus(PARTNER_MESSAGES.notDeletable, r.wine), r.wine);
    case 'not_rejected':
      return rejected(withStatus(PARTNER_MESSAGES.notRejected, r.wine), r.wine);
    case 'submit_not_ready':
      return rejected(PARTNER_MESSAGES.submitNotReady, r.wine);
  }
}

/** Postgres refused a value of the mutation (SQLSTATE class 22 or 23): it can never be saved as it is. */
export function presentValueRefused(): SyncOutcome {
  return rejected(SYNC_MESSAGES.valueRefused);
}

/** The result item of mutation `mutationId`. */
export function presentSyncResult(mutationId: string, outcome: SyncOutcome): SyncResult {
  return { mutationId, ...outcome };
}

/** A mutation id already stored for another account: refused without being run. */
export function presentOtherAccount(mutationId: string): SyncResult {
  return { mutationId, status: 'rejected', error: SYNC_MESSAGES.otherAccount };
}
