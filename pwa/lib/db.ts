import Dexie, { type EntityTable } from 'dexie';
import type { SliderItem, Wine, WinePage } from '../../api/contract/wines';
import type { ExpertReview } from '../../api/contract/reviews';
import type { PartnerWine } from '../../api/contract/partner';
import type { SyncConflict } from '../../api/contract/partner-sync';
import type { SyncMutationType } from '../../api/contract/sync-rules';
import type { Catalogue } from '../../api/contract/wine-search';
import type { Recipe } from '../../api/contract/recipes';

/**
 * A FULL wine as last read from GET /api/wines/{id} (a detail visit), kept for offline reading. Lists
 * never write here: their summaries lack most fields and must not overwrite a full wine.
 */
export interface CachedWine {
  id: string;
  wine: Wine;
  savedAt: number;
}

/**
 * A list answer kept for offline reading, by its exact API path and query (e.g.
 * '/api/wines?category=FYND&limit=24&offset=0'): a page of wine summaries, the slider, the expert reviews or the
 * recipes.
 */
export interface CachedList {
  key: string;
  /** One page of GET /api/wines (category page or ?ids=…), stored whole: summaries live only here. */
  winePage?: WinePage;
  slider?: SliderItem[];
  expertReviews?: ExpertReview[];
  recipes?: Recipe[];
  savedAt: number;
}

/** A partner wine's form values as the device keeps them (the fields of PartnerWineInput; null = empty). */
export interface DraftValues {
  name: string;
  description: string;
  price: number | null;
  rating: number | null;
  vintage: number | null;
  country: string | null;
  region: string | null;
  grapeVariety: string | null;
  alcoholContent: number | null;
  systembolagetUrl: string | null;
  imageUrl: string | null;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: number | null;
  foodPairings: string[];
  occasions: string[];
}

/** Where a draft stands with the server (the per-draft badge). */
export type DraftSyncState = 'synced' | 'pending' | 'rejected' | 'conflict';

/**
 * A partner's wine on the device (README 'Offline drafts'): every wine of the signed-in partner as last read from
 * the server, and every draft created or edited here. `id` is the wine's UUID, generated on the device for new wines.
 */
export interface Draft {
  id: string;
  /** The partner user the wine belongs to: rows of another account are never shown or sent. */
  userId: string;
  values: DraftValues;
  /** The values as the server last confirmed them (the base a discarded change falls back to). */
  serverValues?: DraftValues;
  /** The server version the device last saw (0: not yet on the server). */
  serverVersion: number;
  approvalStatus: PartnerWine['approvalStatus'];
  /** What the server knows beyond the form (review mark, medal, rejection reason, dates). */
  server?: Pick<PartnerWine, 'isGranskadVinpressen' | 'medal' | 'rejectionReason' | 'createdAt' | 'submittedAt'>;
  syncState: DraftSyncState;
  /** Why the last change was rejected (Swedish, from the server). */
  error?: string;
  /** Fields changed here and on the server: the server kept its value (side-by-side view). */
  conflicts?: SyncConflict[];
  /**
   * The partner deleted this draft (README 'Offline drafts'): hidden from every list and form. While its deleteWine
   * mutation is queued the row stays for the Synkning page (and comes back if the deletion is discarded or refused);
   * once the server has applied it the row is a tombstone, so an older list can't bring the wine back, until a list
   * without it removes it.
   */
  deleted?: boolean;
  updatedAt: number;
}

/**
 * One queued change (README 'Offline drafts'): sent in `seq` order with `mutationId` as the idempotency key.
 * status: queued (to send), blocked_auth (a 401: waits for the same user to sign in), set_aside (queued under another
 * account than the one signed in: never sent, can be exported), rejected (the server refused it: reason shown).
 */
export interface OutboxRow {
  seq?: number;
  mutationId: string;
  entityId: string;
  userId: string;
  type: SyncMutationType;
  baseVersion: number;
  patch: Partial<DraftValues>;
  status: 'queued' | 'blocked_auth' | 'set_aside' | 'rejected';
  error?: string;
  attempts: number;
  /** The outbox row format; Dexie upgrades migrate older rows (README 'Offline drafts'). */
  schemaVersion: 1;
  createdAt: number;
}

/**
 * Small device-wide values of the outbox: its client id, when everything was last in sync, and the signed-in partner
 * as GET /api/partner/current last answered (JSON), so that the portal opens offline.
 */
export interface SyncMeta {
  key: 'clientId' | 'lastSyncedAt' | 'partnerCurrent';
  value: string | number;
}

/**
 * The device's copy of the whole public catalogue (GET /api/wines/catalogue; pwa/lib/catalogue/sync.ts), one row
 * under the key 'current': the answer as it came, its ETag (for If-None-Match), when it was stored and when the
 * server last confirmed it (ms since 1970). The offline search and 'Liknande viner' read it.
 */
export interface SavedCatalogue {
  key: 'current';
  catalogue: Catalogue;
  etag: string | null;
  savedAt: number;
  checkedAt: number;
}

/**
 * The PWA's one IndexedDB schema (README 'Offline drafts'). Versions only ever go up; a change of shape
 * gets a new `version(n)` with an upgrade function.
 */
export class VinpressenDb extends Dexie {
  wines!: EntityTable<CachedWine, 'id'>;
  lists!: EntityTable<CachedList, 'key'>;
  drafts!: EntityTable<Draft, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  syncMeta!: EntityTable<SyncMeta, 'key'>;
  catalogue!: EntityTable<SavedCatalogue, 'key'>;

  constructor(name = 'vinpressen') {
    super(name);
    this.version(1).stores({
      wines: 'id, savedAt',
      lists: 'key, savedAt',
    });
    // Offline partner drafts: the drafts, the outbox in seq order and the outbox's own values.
    this.version(2).stores({
      drafts: 'id, userId, syncState, updatedAt',
      outbox: '++seq, &mutationId, entityId, status, userId',
      syncMeta: 'key',
    });
    // The catalogue copy for offline search and 'Liknande viner' (pwa/lib/catalogue/).
    this.version(3).stores({
      catalogue: 'key',
    });
  }
}

export const db = new VinpressenDb();
