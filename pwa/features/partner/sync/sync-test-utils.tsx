// Test helpers for the sync components: real Dexie (on fake-indexeddb, imported first by each test file), real outbox
// functions to put rows in, and a memory router around the component under test. Not part of the app bundle.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../test/providers';
import { db, type DraftValues } from '../../../lib/db';

export const USER = '0b5c6f3a-9d2e-4f1a-8c7b-1a2b3c4d5e6f';
export const OTHER_USER = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** A full set of form values, as the wine form saves them. */
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
export async function resetDb() {
  await db.delete();
  await db.open();
}

/**
 * Renders `element` at `path` (default /partner/sync) inside the app's providers (query client, toasts) and a memory
 * router with the routes the sync components link to. Returns the router.
 */
export function renderAt(element: ReactNode, path = '/partner/sync') {
  const router = createMemoryRouter(
    [
      { path: '/partner/sync', element },
      { path: '/partner', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
