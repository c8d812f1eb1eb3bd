// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSiteRoute, SITE_ROUTES } from '../../api/contract/site-routes';
import { fakeApi } from '../test/test-utils';
import { ADMIN_ROUTES, AppRoutes, PARTNER_ROUTES, ROUTES } from './router';

beforeEach(() => {
  fakeApi();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the PWA router', () => {
  it('has exactly the routes the server answers with 200 (api/contract/site-routes.ts)', () => {
    expect([...ROUTES, ...ADMIN_ROUTES, ...PARTNER_ROUTES].map((r) => r.path).sort()).toEqual([...SITE_ROUTES].sort());
  });

  it('has the account pages (spec 000 §2: /reset-password, /settings; the avatar menu: /mina-recensioner)', () => {
    for (const path of ['/reset-password', '/settings', '/mina-recensioner']) expect(isSiteRoute(path)).toBe(true);
  });

  it('shows the English 404 page for any other path', async () => {
    expect(isSiteRoute('/no-such-page')).toBe(false);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/no-such-page']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: /page not found/i })).toBeTruthy();
  });
});
