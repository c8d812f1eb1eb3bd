// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReview } from '../../../api/contract/reviews';
import { apiError, buildUser, fakeApi, json, renderApp } from '../../test/test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = buildUser();

function myReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    id: '8e8e8e8e-1111-4111-8111-0123456789ab',
    wineId: '3c6e0b8a-1111-4111-8111-0123456789ab',
    userId: user.id,
    content: 'Gott till lammet.',
    priceWorthRating: 4,
    qualityRating: 5,
    overallExperience: 2,
    status: 'pending',
    createdAt: '2026-03-05T12:00:00.000Z',
    wine: { id: '3c6e0b8a-1111-4111-8111-0123456789ab', name: 'Barolo Classico', vintage: 2017 },
    finalRating: null,
    rejectionReason: null,
    publishedAt: null,
    ...overrides,
  };
}

const PENDING = myReview();
const APPROVED = myReview({
  id: '8e8e8e8e-2222-4111-8111-0123456789ab',
  wineId: '4d4d4d4d-1111-4111-8111-0123456789ab',
  wine: { id: '4d4d4d4d-1111-4111-8111-0123456789ab', name: 'Chablis', vintage: null },
  content: 'Krispig och fin.',
  status: 'approved',
  finalRating: 4.5,
  publishedAt: '2026-03-07T09:00:00.000Z',
});
const REJECTED = myReview({
  id: '8e8e8e8e-3333-4111-8111-0123456789ab',
  wineId: '5e5e5e5e-1111-4111-8111-0123456789ab',
  wine: { id: '5e5e5e5e-1111-4111-8111-0123456789ab', name: 'Rioja Reserva', vintage: 2015 },
  content: 'Köp min bok!',
  status: 'rejected',
  rejectionReason: 'Reklam hör inte hemma i en recension.',
});

describe('/mina-recensioner', () => {
  it('sends a guest to the start page', async () => {
    fakeApi();
    const router = renderApp('/mina-recensioner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a member without reviews the empty state with a way to the wines', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, user), 'GET /api/user/reviews': json(200, { items: [] }) });
    renderApp('/mina-recensioner');
    expect(await screen.findByRole('heading', { name: 'Mina recensioner', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Du har inte skrivit några recensioner ännu.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Utforska vintips' }).getAttribute('href')).toBe('/aktuella-viner');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(document.title).toBe('Mina recensioner – Vinpressen');
  });

  it('lists every review with its wine, date, ratings, text and status (väntar, publicerad, avvisad)', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, user), 'GET /api/user/reviews': json(200, { items: [PENDING, APPROVED, REJECTED] }) });
    renderApp('/mina-recensioner');
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(screen.getByText('3 recensioner')).toBeTruthy();

    const [pending, approved, rejected] = articles as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByRole('link', { name: 'Barolo Classico 2017' }).getAttribute('href')).toBe(`/wine/${PENDING.wine.id}`);
    expect(within(pending).getByText('5 mars 2026')).toBeTruthy();
    expect(within(pending).getByText('väntar')).toBeTruthy();
    expect(within(pending).getByText('Gott till lammet.')).toBeTruthy();
    const scores = within(pending)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(scores).toEqual(['4/5', '5/5', '2/5']);
    expect(
      within(pending)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Prisvärdhet', 'Kvalitet', 'Helhet']);

    expect(within(approved).getByRole('link', { name: 'Chablis' })).toBeTruthy();
    expect(within(approved).getByText('publicerad')).toBeTruthy();
    expect(within(approved).getByText('Slutbetyg 4,5 av 5')).toBeTruthy();
    expect(within(approved).getByText('7 mars 2026')).toBeTruthy();

    expect(within(rejected).getByText('avvisad')).toBeTruthy();
    expect(within(rejected).getByText('Reklam hör inte hemma i en recension.')).toBeTruthy();
    expect(within(rejected).queryByText(/Slutbetyg/)).toBeNull();
    expect(within(pending).queryByText(/Anledning/)).toBeNull();
  });

  it("says 'Kunde inte ladda recensioner.' when the list fails, and tries again on request", async () => {
    let fail = true;
    fakeApi({
      'GET /api/auth/current': json(200, user),
      'GET /api/user/reviews': () => (fail ? apiError(500, 'Något gick fel.', 'internal') : json(200, { items: [PENDING] })),
    });
    renderApp('/mina-recensioner');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('Kunde inte ladda recensioner.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('article')).toBeTruthy();
  }, 15000);
});
