import Dexie, { type EntityTable } from 'dexie';
import type { SliderItem, Wine, WinePage } from '../../api/contract/wines';
import type { ExpertReview } from '../../api/contract/reviews';

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
 * '/api/wines?category=FYND&limit=24&offset=0'): a page of wine summaries, the slider or the expert reviews.
 */
export interface CachedList {
  key: string;
  /** One page of GET /api/wines (category page or ?ids=…), stored whole: summaries live only here. */
  winePage?: WinePage;
  slider?: SliderItem[];
  expertReviews?: ExpertReview[];
  savedAt: number;
}

/**
 * The PWA's one IndexedDB schema (offline-sync.md §2). Versions only ever go up; a change of shape
 * gets a new `version(n)` with an upgrade function.
 */
export class VinpressenDb extends Dexie {
  wines!: EntityTable<CachedWine, 'id'>;
  lists!: EntityTable<CachedList, 'key'>;

  constructor(name = 'vinpressen') {
    super(name);
    this.version(1).stores({
      wines: 'id, savedAt',
      lists: 'key, savedAt',
    });
  }
}

export const db = new VinpressenDb();
