// Test helpers for the sync components: real Dexie (on fake-indexeddb, imported first by each test file), real outbox
// functions to put rows in, and a memory router around the component under test. Not part of the app bundle.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../test/providers';

export { resetDb, values } from '../outbox/outbox-test-utils';

export const USER = '0b5c6f3a-9d2e-4f1a-8c7b-1a2b3c4d5e6f';
export const OTHER_USER = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

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
