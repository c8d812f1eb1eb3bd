// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, fakeApi, json, renderApp } from '../auth/test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/mina-recensioner', () => {
  it('sends a guest to the start page', async () => {
    fakeApi();
    const router = renderApp('/mina-recensioner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a member the empty state with a way to the wines, and no made-up reviews', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, buildUser()) });
    renderApp('/mina-recensioner');
    expect(await screen.findByRole('heading', { name: 'Mina recensioner', level: 1 })).toBeTruthy();
    expect(screen.getByText('Du har inte skrivit några recensioner ännu.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Utforska vintips' }).getAttribute('href')).toBe('/aktuella-viner');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(document.title).toBe('Mina recensioner – Vinpressen');
  });
});
