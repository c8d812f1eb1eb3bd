// Test helpers for the offline drafts (outbox.test.ts, outbox.random.test.ts, the sync components' tests): a full
// set of form values, and the device's Dexie (on fake-indexeddb, which each test file imports first) emptied
// between tests. Not part of the app bundle.
import { afterEach, beforeEach } from 'vitest';
import { db, type DraftValues } from '../../../lib/db';

/** A full set of form values, as the wine form saves them (price in SEK, rating and the taste scales 1–5). */
export const values = (overrides: Partial<DraftValues> = {}): DraftValues => ({
  name: 'Mässvin Tempranillo',
  description: 'Provat på mässan: mörka bär, vanilj.',
  price: 129,
  rating: 4,
  vintage: 2022,
  country: 'Spanien',
  region: 'Rioja',
  grapeVariety: 'Tempranillo',
  alcoholContent: 13.5,
  systembolagetUrl: null,
  imageUrl: null,
  sweetness: null,
  acidity: 3,
  body: 4,
  tannins: 3,
  fruity: null,
  foodPairings: ['meat'],
  occasions: ['dinner'],
  ...overrides,
});

/** Empties the device's database (between tests). */
export async function resetDb(): Promise<void> {
  await db.delete();
  await db.open();
}

/**
 * The device's side of a test file that runs the outbox: before each test `emptyServer` runs (e.g. truncating the
 * server's tables; the server comes from api/test/, which only test files may import) and the device's database is
 * emptied; after each test it is closed. Call once at the top of the file.
 */
export function useEmptyDevice(emptyServer: () => Promise<unknown>): void {
  beforeEach(async () => {
    await emptyServer();
    await resetDb();
  });
  afterEach(() => {
    db.close();
  });
}
