import type { Catalogue } from '../../../api/contract/wine-search';
import type { SavedCatalogue } from '../db';
import { loadDeviceDb } from '../offline-read';

/** The catalogue's address: every public wine's card and search data (api/contract/wine-search.ts `Catalogue`). */
const CATALOGUE_URL = '/api/wines/catalogue';

/** What a refresh did: stored a new copy, found the stored one current (304), or could not ask (offline, an error). */
export type CatalogueSyncResult = 'saved' | 'unchanged' | 'failed';

/** The copy as last read or stored in this tab, so that a search need not read IndexedDB again. */
let memory: SavedCatalogue | undefined;
let running: Promise<CatalogueSyncResult> | undefined;

/**
 * Refreshes the device's catalogue copy (Dexie table `catalogue`, pwa/lib/db.ts) from GET /api/wines/catalogue: a
 * conditional GET with the stored ETag (If-None-Match), so an unchanged catalogue costs a 304; a new answer replaces
 * the copy whole. Never throws (the copy is a convenience: a failed refresh keeps the old one); one refresh at a time.
 * Started in the background after the page has shown (pwa/lib/catalogue/schedule.ts).
 */
export function syncCatalogue(): Promise<CatalogueSyncResult> {
  running ??= refresh()
    .catch((): CatalogueSyncResult => 'failed')
    .finally(() => {
      running = undefined;
    });
  return running;
}

async function refresh(): Promise<CatalogueSyncResult> {
  const db = await loadDeviceDb();
  const saved = await loadSavedCatalogue();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (saved?.etag) headers['If-None-Match'] = saved.etag;
  const res = await fetch(CATALOGUE_URL, { credentials: 'include', cache: 'no-store', headers });
  const now = Date.now();
  if (res.status === 304 && saved) {
    memory = { ...saved, checkedAt: now };
    await db.catalogue.update('current', { checkedAt: now });
    return 'unchanged';
  }
  if (!res.ok) return 'failed';
  const catalogue = (await res.json()) as Catalogue;
  if (!Array.isArray(catalogue?.items)) return 'failed';
  memory = { key: 'current', catalogue, etag: res.headers.get('ETag'), savedAt: now, checkedAt: now };
  await db.catalogue.put(memory);
  return 'saved';
}

/** The device's catalogue copy (pwa/lib/db.ts SavedCatalogue), or undefined before the first online visit stored one. */
export async function loadSavedCatalogue(): Promise<SavedCatalogue | undefined> {
  memory ??= await (await loadDeviceDb()).catalogue.get('current');
  return memory;
}
