// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { isSiteRoute, SITE_ROUTES } from '../../api/contract/site-routes';
import { AppRoutes, ROUTES } from './router';

afterEach(cleanup);

describe('the PWA router', () => {
  it('has exactly the routes the server answers with 200 (api/contract/site-routes.ts)', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SITE_ROUTES].sort());
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
