// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostics } from '../../../../api/contract/admin-content';
import type { AdminDashboard } from '../../../../api/contract/admin-dashboard';
import { apiError, buildUser, fakeApi, json, renderApp } from '../../../test/test-utils';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const admin = buildUser({ username: 'admin', email: 'chef@vinpressen.se', role: 'admin', authType: 'admin' });
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function buildDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    counts: { wines: 1137, users: 42, pendingReviews: 3, expertReviews: 5 },
    winesByStatus: { draft: 2, pending: 4, approved: 1130, rejected: 1 },
    averageRating: 3.8,
    categoryDistribution: {
      FYND: { count: 311, percent: 27.4 },
      NYLANSERAD: { count: 250, percent: 22 },
      FOLKETS_VAL: { count: 12, percent: 1.1 },
    },
    recentActivity: [
      {
        id: '2',
        actorEmail: 'chef@vinpressen.se',
        action: 'medal_design.create',
        entityType: 'medal_design',
        entityId: 'arets-fynd',
        summary: 'Lade till medaljen "Årets fynd" (Fynd)',
        createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      },
    ],
    ...overrides,
  };
}

function buildDiagnostics(overrides: { database?: Partial<Diagnostics['database']>; jobs?: Diagnostics['jobs'] } = {}): Diagnostics {
  return {
    generatedAt: new Date().toISOString(),
    server: {
      host: 'localhost',
      protocol: 'http',
      nodeEnv: 'test',
      version: '0.1.0',
      nodeVersion: 'v20.20.0',
      uptimeSeconds: 3_900,
      instance: 'h:1',
    },
    database: { ok: true, serverVersion: '18.0', latencyMs: 2.6, latestMigration: '20261122001200_seed_medal_designs.ts', ...overrides.database },
    jobs: overrides.jobs ?? { ready: true },
    session: {
      authenticated: true,
      fingerprint: 'abc',
      userEmail: admin.email,
      cookieName: 'vp.sid',
      cookiePresent: true,
      secure: false,
      httpOnly: true,
      sameSite: 'lax',
      domain: null,
    },
    authTest: { status: 200, user: null },
  };
}

function renderDashboard(dashboard = buildDashboard(), diagnostics: Response = json(200, buildDiagnostics())) {
  const api = fakeApi({
    'GET /api/auth/current': json(200, admin),
    'GET /api/admin/dashboard': json(200, dashboard),
    'GET /api/admin/diagnostics': diagnostics,
  });
  const router = renderApp('/admin');
  return { api, router };
}

function cardByLabel(label: string) {
  const item = within(screen.getByRole('list', { name: 'Nyckeltal' }))
    .getAllByRole('listitem')
    .find((li) => li.querySelector('p')?.textContent === label);
  if (!item) throw new Error(`no stat card '${label}'`);
  return item;
}

describe('the dashboard tab (spec 001 §2 "Dashboard tab")', () => {
  it('shows the real counts, and the average rating to one decimal with a decimal comma', async () => {
    renderDashboard();
    await screen.findByRole('list', { name: 'Nyckeltal' });
    expect(plain(cardByLabel('Viner').textContent)).toContain('1 137');
    expect(cardByLabel('Användare').textContent).toContain('42');
    expect(cardByLabel('Väntande recensioner').textContent).toContain('3');
    expect(cardByLabel('Snittbetyg').textContent).toContain('3,8');
  });

  it("shows '–' as the average when no wine is rated", async () => {
    renderDashboard(buildDashboard({ averageRating: null }));
    await screen.findByRole('list', { name: 'Nyckeltal' });
    expect(cardByLabel('Snittbetyg').textContent).toContain('–');
    expect(cardByLabel('Snittbetyg').textContent).toContain('Inga betygsatta viner');
  });

  it('draws the category distribution as labelled progress bars with count and percent', async () => {
    renderDashboard();
    const fynd = await screen.findByRole('progressbar', { name: 'Fynd' });
    expect(fynd.getAttribute('aria-valuenow')).toBe('27.4');
    expect(plain(fynd.getAttribute('aria-valuetext'))).toBe('311 viner, 27,4 %');
    expect(plain(screen.getByRole('progressbar', { name: 'Aktuella vintips' }).getAttribute('aria-valuetext'))).toBe('250 viner, 22 %');
    expect(screen.getByRole('progressbar', { name: 'Folkets val' }).getAttribute('aria-valuenow')).toBe('1.1');
    expect(plain(screen.getByText('311 viner, 27,4 %').textContent)).toBe('311 viner, 27,4 %');
  });

  it('lists the wines per approval status', async () => {
    renderDashboard();
    const term = await screen.findByText('Godkänd', { selector: 'dt' });
    expect(plain(term.nextElementSibling?.textContent ?? null)).toBe('1 130');
    expect(screen.getByText('Utkast', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2');
  });

  it("lists 'Senaste aktivitet' from the audit log with its actor and how long ago", async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Senaste adminåtgärderna' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Lade till medaljen "Årets fynd" (Fynd)');
    expect(item.textContent).toContain('chef@vinpressen.se');
    expect(item.querySelector('time')?.textContent).toBe('för 5 minuter sedan');
  });

  it('says so when there is no activity yet', async () => {
    renderDashboard(buildDashboard({ recentActivity: [] }));
    expect(await screen.findByText(/Inga adminåtgärder ännu/)).toBeTruthy();
  });

  it.each([
    ['Lägg till vin', '?tab=wines'],
    ['Granska recensioner', '?tab=reviews'],
    ['Hantera användare', '?tab=users'],
  ])("quick action '%s' switches to %s", async (label, search) => {
    const { router } = renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(router.state.location.search).toBe(search));
  });

  it("quick action 'Lägg till vin' opens the Wines tab with its form for a new wine, once", async () => {
    const { router } = renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Lägg till vin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lägg till vin' });
    expect(within(dialog).getByRole('form', { name: 'Nytt vin' })).toBeTruthy();
    // The parameter that opened it is gone: closing the form leaves it closed.
    await waitFor(() => expect(router.state.location.search).toBe('?tab=wines'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lägg till vin' })).toBeNull());
    expect(router.state.location.search).toBe('?tab=wines');
  });

  it("'Visa statistik' moves the focus to Systemstatus", async () => {
    renderDashboard();
    const heading = await screen.findByRole('heading', { name: 'Systemstatus' });
    heading.scrollIntoView = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Visa statistik' }));
    expect(document.activeElement).toBe(heading);
  });

  it('shows the real system status and claims no AI integration', async () => {
    renderDashboard();
    expect(await screen.findByText('Alla system fungerar')).toBeTruthy();
    expect(screen.getByText('Ansluten (3 ms)')).toBeTruthy();
    expect(screen.getByText('Igång')).toBeTruthy();
    expect(screen.getByText('0.1.0')).toBeTruthy();
    expect(screen.getByText('1 tim 5 min')).toBeTruthy();
    expect(screen.queryByText(/AI/)).toBeNull();
    expect(screen.queryByText(/v2\.1\.0/)).toBeNull();
  });

  it('names what is down when the database or the job queue fails', async () => {
    renderDashboard(buildDashboard(), json(200, buildDiagnostics({ database: { ok: false, latencyMs: null }, jobs: { ready: false } })));
    expect(await screen.findByText('Störning: databasen svarar inte och jobbkön är inte igång')).toBeTruthy();
    expect(screen.getByText('Ej ansluten')).toBeTruthy();
    expect(screen.getByText('Inte igång')).toBeTruthy();
  });

  it('offers a retry when the figures cannot be read', async () => {
    fakeApi({
      'GET /api/auth/current': json(200, admin),
      'GET /api/admin/dashboard': apiError(503, 'Databasen svarar inte.'),
      'GET /api/admin/diagnostics': json(200, buildDiagnostics()),
    });
    renderApp('/admin');
    expect((await screen.findByText('Kunde inte ladda översikten.', undefined, { timeout: 8000 })).closest('[role=alert]')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Försök igen' }).length).toBeGreaterThan(0);
  }, 15_000);
});
