import type { Knex } from 'knex';
import { APPROVAL_STATUS_LABELS } from '../contract/constants';
import { DEFAULT_VOLUME_ML } from '../contract/similar-wines';
import type { BulkWineRow } from '../contract/partner';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import { listOwnWineKeys, lockOwnWines, lockPartnerImports, type LockedPartnerWine, type PartnerWineKeyRow } from '../queries/partner-wines';
import { createDrafts, PartnerWineRefused, updateDrafts } from './partner-wine-rules';

// Which of a partner's wines an Excel row is (README.md 'Partner portal' → 'Excel upload'): a row with the same
// name, vintage and volume as one of the partner's drafts updates that draft instead of making a copy, so uploading
// the same corrected file again creates nothing new.

/** Text compared case- and space-insensitively: Unicode NFC, lower case, runs of white space as one space, trimmed. */
function keyText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The key two wines of one partner share when they are the same wine: the name compared without case and extra
 * spaces, the vintage (or none), and the volume in ml, an unknown volume read as the 750 ml the site assumes for
 * kr/l (api/queries/wines.ts), so adding the volume to a file later still finds the drafts uploaded without it.
 */
export function wineMatchKey(name: string, vintage: number | null, volumeMl: number | null): string {
  return JSON.stringify([keyText(name), vintage, volumeMl ?? DEFAULT_VOLUME_ML]);
}

/** What became of one row given to DraftImport.save. */
export type ImportOutcome = { id: string; action: 'created' | 'updated' } | { error: string; field?: 'imageUrl' };

/**
 * One partner's Excel import inside its transaction (open with `startDraftImport`). It holds the partner's import
 * lock and knows every wine the partner had when the import began:
 * - claim(): the first row of the file with a key claims it; a later row with the same key is refused (the file
 *   names the same wine twice);
 * - save(): each row that matches one of the partner's drafts updates it (the most recently changed draft when there
 *   are several); a row matching only a wine that is pending, approved or rejected is refused (it can't be changed,
 *   and a copy would be a second entry of the same wine); any other row becomes a new draft (createDrafts).
 */
export class DraftImport {
  private readonly claimed = new Map<string, number>();

  private constructor(
    private readonly trx: Knex.Transaction,
    private readonly ownerId: string,
    private readonly drafts: Map<string, string>,
    private readonly others: Map<string, PartnerWineKeyRow['approval_status']>,
  ) {}

  /** Locks the partner's imports for `trx` (lockPartnerImports) and reads the partner's wines' keys. */
  static async start(trx: Knex.Transaction, ownerId: string): Promise<DraftImport> {
    await lockPartnerImports(trx, ownerId);
    const drafts = new Map<string, string>();
    const others = new Map<string, PartnerWineKeyRow['approval_status']>();
    // Most recently changed first: the first draft seen for a key is the one a row updates.
    for (const w of await listOwnWineKeys(trx, ownerId)) {
      const key = wineMatchKey(w.name, w.vintage, w.volume_ml);
      if (w.approval_status === 'draft') {
        if (!drafts.has(key)) drafts.set(key, w.id);
      } else if (!others.has(key)) others.set(key, w.approval_status);
    }
    return new DraftImport(trx, ownerId, drafts, others);
  }

  /**
   * Claims `wine`'s key for Excel row `row`.
   * @returns undefined when the key is free, else the refusal naming the earlier row with the same wine
   */
  claim(row: number, wine: BulkWineRow): string | undefined {
    const key = wineMatchKey(wine.name, wine.vintage, wine.volumeMl);
    const earlier = this.claimed.get(key);
    if (earlier !== undefined) return M.duplicateInFile(earlier);
    this.claimed.set(key, row);
    return undefined;
  }

  /**
   * Saves claimed rows: the matched drafts locked and updated by one UPDATE (updateDrafts: the draft-only and image
   * rules) and the new drafts by one multi-row INSERT (createDrafts).
   * @returns one outcome per wine, in order; a refusal as its Swedish message, with `field` 'imageUrl' when the
   *   image rule refused it (the caller prefixes the column)
   */
  async save(wines: readonly BulkWineRow[]): Promise<ImportOutcome[]> {
    const outcomes: (ImportOutcome | undefined)[] = wines.map(() => undefined);
    const creates: number[] = [];
    const updates = new Map<string, number>();
    wines.forEach((wine, i) => {
      const key = wineMatchKey(wine.name, wine.vintage, wine.volumeMl);
      const draftId = this.drafts.get(key);
      const other = this.others.get(key);
      if (draftId) updates.set(draftId, i);
      else if (other) outcomes[i] = { error: M.matchesSubmitted(APPROVAL_STATUS_LABELS[other]) };
      else creates.push(i);
    });

    const locked = new Map((await lockOwnWines(this.trx, this.ownerId, [...updates.keys()])).map((w) => [w.id, w]));
    const found: { wine: LockedPartnerWine; i: number }[] = [];
    for (const [id, i] of updates) {
      const wine = locked.get(id);
      // A draft deleted since the import began is refused like any write to it.
      if (wine) found.push({ wine, i });
      else outcomes[i] = { error: new PartnerWineRefused({ kind: 'not_found' }).message };
    }
    const updated = await updateDrafts(
      this.trx,
      found.map(({ wine, i }) => ({ wine, patch: wines[i]! })),
    );
    updated.forEach((outcome, n) => {
      const { wine, i } = found[n]!;
      if ('written' in outcome) outcomes[i] = { id: wine.id, action: 'updated' };
      else
        outcomes[i] = { error: outcome.refused.message, ...(outcome.refused.refusal.kind === 'image_missing' ? { field: 'imageUrl' as const } : {}) };
    });

    const created = await createDrafts(
      this.trx,
      this.ownerId,
      creates.map((i) => wines[i]!),
    );
    created.forEach((outcome, n) => {
      const i = creates[n]!;
      if ('id' in outcome) {
        outcomes[i] = { id: outcome.id, action: 'created' };
        // A later batch's row with the same key was refused by claim(), so the new draft needs no entry here.
      } else outcomes[i] = { error: outcome.refused.message, field: 'imageUrl' };
    });
    return outcomes.map((o) => o!);
  }
}
