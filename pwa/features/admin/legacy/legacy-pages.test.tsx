// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '../../../../api/contract/admin-dashboard';
import type { AdminSubscriberList } from '../../../../api/contract/admin-newsletter';
import type { AdminWine, AdminWinePage } from '../../../../api/contract/admin-wines';
import { apiError, buildUser, fakeApi, findToast, flush, json, renderApp } from '../../../test/test-utils';
import { UNAUTHORIZED_REDIRECT_MS } from '../admin-guard';
import { buildAdminWine } from '../wines/test-fakes';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const admin = buildUser({ username: 'admin', email: 'chef@vinpressen.se', firstName: 'Greta', role: 'admin', authType: 'admin' });
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const dashboard: AdminDashboard = {
  counts: { wines: 1137, users: 4, pendingReviews: 0, expertReviews: 7 },
  winesByStatus: { draft: 0, pending: 0, approved: 1137, rejected: 0 },
  averageRating: 3.8,
  categoryDistribution: { FYND: { count: 1, percent: 0.1 }, NYLANSERAD: { count: 0, percent: 0 }, FOLKETS_VAL: { count: 0, percent: 0 } },
  recentActivity: [],
};

/** The approved Barolo the legacy pages list: the shared admin wine with this test's values. */
function buildWine(overrides: Partial<AdminWine> = {}): AdminWine {
  return buildAdminWine({
    id: '0b9c3f4e-8a2d-4f6b-9c1e-2d3f4a5b6c7d',
    name: 'Barolo Classico',
    description: 'Ett vin.',
    price: 299.5,
    rating: 4.5,
    categories: ['FYND', 'NYLANSERAD'],
    vintage: 2019,
    country: 'Italien',
    region: 'Piemonte',
    grapeVariety: 'Nebbiolo',
    alcoholContent: 14,
    packaging: null,
    createdAt: '2026-03-03T10:00:00.000Z',
    source: 'admin',
    updatedAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  });
}

const winePage = (items: AdminWine[], total = items.length): AdminWinePage => ({ items, total, limit: 25, offset: 0 });
const subscribers: AdminSubscriberList = {
  items: [
    {
      id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      email: 'lisa@example.se',
      phone: '+46701234567',
      gdprConsent: true,
      consentedAt: '2026-02-01T09:00:00.000Z',
      isActive: true,
      createdAt: '2026-02-01T09:00:00.000Z',
    },
  ],
  total: 1,
  stats: { total: 1, gdprConsent: 1, withPhone: 1, active: 1 },
};

function legacyApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/auth/current': json(200, admin),
    'GET /api/admin/dashboard': json(200, dashboard),
    'GET /api/admin/wines?limit=25&offset=0': json(200, winePage([buildWine()], 1137)),
    'GET /api/admin/newsletter-subscribers?limit=100': json(200, subscribers),
    'GET /api/admin/medal-designs': json(200, { items: [] }),
    ...extra,
  });
}

describe('/admin-new (spec 001 §2 "Legacy admin page")', () => {
  it("sends a guest to /admin-login with 'Unauthorized', like /admin", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      'GET /api/auth/current': apiError(401, 'Du måste vara inloggad.'),
      'GET /api/auth/admin-sign-in': json(200, { available: true, providerName: 'Vinpressen ID' }),
    });
    const router = renderApp('/admin-new');
    await findToast('Unauthorized', 'You are logged out. Logging in again...');
    await flush(UNAUTHORIZED_REDIRECT_MS + 10);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-login'));
  });

  it("sends a signed-in user who is not an admin away with 'Åtkomst nekad'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, buildUser({ role: 'user' })) });
    const router = renderApp('/admin-new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Åtkomst nekad');
  });

  it('shows the real numbers of wines, expert reviews and subscribers', async () => {
    legacyApi();
    renderApp('/admin-new');
    const cards = await screen.findByRole('list', { name: 'Nyckeltal' });
    await waitFor(() => expect(plain(cards.textContent)).toContain('1 137'));
    const items = within(cards)
      .getAllByRole('listitem')
      .map((li) => plain(li.textContent));
    expect(items[0]).toContain('Viner totalt1 137');
    expect(items[1]).toContain('Expertrecensioner7');
    expect(items[2]).toContain('Prenumeranter1');
    expect(screen.queryByText('12')).toBeNull();
  });

  it('lists the wines in a table: name, category, price, rating, created, actions', async () => {
    legacyApi();
    renderApp('/admin-new');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Namn', 'Kategori', 'Pris', 'Betyg', 'Skapad', 'Åtgärder']);
    const row = within(table).getByRole('row', { name: /Barolo Classico/ });
    expect(plain(row.textContent)).toContain('Fynd, Aktuella vintips');
    expect(plain(row.textContent)).toContain('299,50 kr');
    expect(row.textContent).toContain('4,5');
    expect(row.textContent).toContain('3 mars 2026');
    expect(within(row).getByRole('link', { name: 'Redigera Barolo Classico i adminpanelen' }).getAttribute('href')).toBe('/admin?tab=wines');
    expect(plain(screen.getByText(/^Visar/).textContent)).toBe('Visar 1–25 av 1 137');
  });

  it('deletes a wine after the confirmation', async () => {
    const wine = buildWine();
    const api = legacyApi({
      [`DELETE /api/admin/wines/${wine.id}`]: json(200, {
        id: wine.id,
        name: wine.name,
        removed: { reviews: 0, expertReviews: 0, sliderEntries: 0 },
      }),
    });
    renderApp('/admin-new');
    fireEvent.click(await screen.findByRole('button', { name: 'Ta bort Barolo Classico' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "Barolo Classico"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Vin borttaget');
    expect(api.calls(`DELETE /api/admin/wines/${wine.id}`)).toHaveLength(1);
  });

  it('has the tabs Lägg till vin (opens the wine form here), Medaljer and Prenumeranter', async () => {
    legacyApi();
    renderApp('/admin-new');
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Viner', 'Lägg till vin', 'Medaljer', 'Prenumeranter']);

    fireEvent.click(screen.getByRole('tab', { name: 'Lägg till vin' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Öppna vinformuläret' }));
    const form = await screen.findByRole('dialog', { name: 'Lägg till vin' });
    expect(within(form).getByRole('form', { name: 'Nytt vin' })).toBeTruthy();
    expect(within(form).getByLabelText(/^Namn/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lägg till vin' })).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Medaljer' }));
    expect(await screen.findByText('Medaljhantering')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Prenumeranter' }));
    expect(await screen.findByRole('heading', { name: '1 prenumerant' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /lisa@example\.se/ });
    expect(row.textContent).toContain('+46701234567');
    expect(row.textContent).toContain('Ja');
    expect(row.textContent).toContain('2026-02-01');
  });
});

describe('/admin-debug (spec 001 §2 "Admin debug")', () => {
  it('shows the sign-in state and the raw answers of /api/auth/current and /api/users', async () => {
    legacyApi({ 'GET /api/users': json(200, { items: [], total: 0, stats: { total: 0 } }) });
    renderApp('/admin-debug');
    expect(await screen.findByRole('heading', { name: 'ADMIN DEBUG' })).toBeTruthy();
    const auth = screen.getByRole('region', { name: 'Inloggningsstatus' });
    await waitFor(() => expect(auth.textContent).toContain('Inloggad'));
    expect(auth.textContent).toContain('chef@vinpressen.se');

    const current = screen.getByRole('region', { name: 'GET /api/auth/current' });
    expect(await within(current).findByText('Status 200')).toBeTruthy();
    expect(within(current).getByRole('region', { name: /JSON/ }).textContent).toContain('"email": "chef@vinpressen.se"');
    const users = screen.getByRole('region', { name: 'GET /api/users' });
    expect(await within(users).findByText('Status 200')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logga in via /api/login' }).getAttribute('href')).toBe('/api/login');
  });

  it("shows a guest the 401 of /api/users, and 'Testa admin-anropet' asks /api/users again", async () => {
    const api = fakeApi({ 'GET /api/users': apiError(401, 'Du måste vara inloggad.', 'unauthenticated') });
    renderApp('/admin-debug');
    const auth = screen.getByRole('region', { name: 'Inloggningsstatus' });
    await waitFor(() => expect(auth.textContent).toContain('Inte inloggad'));
    const users = screen.getByRole('region', { name: 'GET /api/users' });
    expect(await within(users).findByText('Status 401')).toBeTruthy();
    expect(within(users).getByRole('region', { name: /JSON/ }).textContent).toContain('Du måste vara inloggad.');

    fireEvent.click(screen.getByRole('button', { name: 'Testa admin-anropet' }));
    const test = screen.getByRole('region', { name: 'Testa admin-anropet' });
    expect(await within(test).findByText('Status 401')).toBeTruthy();
    expect(api.calls('GET /api/users')).toHaveLength(2);
  });
});
