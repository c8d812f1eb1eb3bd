import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../dates';

/** What the device's catalogue copy is (pwa/lib/catalogue/sync.ts): its data's date, when it was made and stored, how many wines. */
export interface SavedCatalogueInfo {
  /** The newest Systembolaget data's date, 'YYYY-MM-DD' (Catalogue.dataDate); null when the server had none. */
  dataDate: string | null;
  /** When the server made the catalogue (ISO 8601). */
  generatedAt: string;
  /** When the device stored it and when the server last confirmed it (ms since 1970). */
  savedAt: number;
  checkedAt: number;
  count: number;
}

/** The device's catalogue copy described, or null when none is stored yet. Loads the copy (and Dexie) on first use. */
export async function getSavedCatalogueInfo(): Promise<SavedCatalogueInfo | null> {
  const saved = await (await import('./sync')).loadSavedCatalogue();
  if (!saved) return null;
  const { dataDate, generatedAt, items } = saved.catalogue;
  return { dataDate, generatedAt, savedAt: saved.savedAt, checkedAt: saved.checkedAt, count: items.length };
}

/** 'Sparad katalog från 2026-08-22': the data's date, else the day the server made the copy (Swedish time). */
export function savedCatalogueLabel(info: Pick<SavedCatalogueInfo, 'dataDate' | 'generatedAt'>): string {
  return `Sparad katalog från ${info.dataDate ?? formatDate(info.generatedAt, { dateStyle: 'short' })}`;
}

/**
 * The device's catalogue copy described (SavedCatalogueInfo, null when none), for what offline results show beside
 * them ('Sparad katalog från …', SavedCatalogueNote). `enabled: false` (e.g. while online) reads nothing.
 */
export function useSavedCatalogueInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['catalogue', 'saved'], queryFn: getSavedCatalogueInfo, enabled, staleTime: 60_000 });
}
