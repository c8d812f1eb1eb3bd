import Dexie, { type EntityTable } from 'dexie';
import type { Wine, SliderItem } from '../../api/contract/wines';
import type { ExpertReview } from '../../api/contract/reviews';

/** A wine as last read from the API, kept for offline reading. */
export interface CachedWine {
  id: string;
  wine: Wine;
  savedAt: number;
}

/** An ordered list answer (a category list, the slider, the expert reviews), by its API path. */
export interface CachedList {
  key: string;
  ids?: string[];
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
