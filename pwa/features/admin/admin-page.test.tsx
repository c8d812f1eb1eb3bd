// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, fakeApi, findToast, flush, json, renderApp } from '../../test/test-utils';
import { UNAUTHORIZED_REDIRECT_MS } from './admin-guard';
import { adminDisplayName } from './admin-page';
import { tabFromQuery, tabsFor } from './admin-tabs';
import { SIGN_IN_REDIRECT_MS } from './admin-login-page';
import { resetAfterEach } from '../../test/reset-after-each';

resetAfterEach();

const admin = buildUser({ username: 'admin', email: 'chef@vinpressen.se', firstName: 'Greta', role: 'admin', authType: 'admin' });
const moderator = buildUser({ username: 'moderatorn', email: 'mod@example.se', firstName: 'Maja', role: 'moderator' });
const signInInfo = json(200, { available: true, providerName: 'Vinpressen ID' });

describe('/admin: who may see it (spec 001 §2)', () => {
  it("tells a guest 'Unauthorized / You are logged out. Logging in again...' and goes to /admin-login after 500 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /api/auth/current': apiError(401, 'Du måste vara inloggad.'), 'GET /api/auth/admin-sign-in': signInInfo });
    const router = renderApp('/admin');
    await findToast('Unauthorized', 'You are logged out. Logging in again...');
    expect(router.state.location.pathname).toBe('/admin');
    await flush(UNAUTHORIZED_REDIRECT_MS + 10);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-login'));
    expect(screen.queryByRole('heading', { name: 'ADMIN PANEL' })).toBeNull();
  });

  it("sends a signed-in user who is not an admin to the start page with 'Åtkomst nekad'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, buildUser({ role: 'user' })) });
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Åtkomst nekad');
    expect(screen.queryByRole('heading', { name: 'ADMIN PANEL' })).toBeNull();
  });

  it("shows an admin the header: ADMIN PANEL, 'Administratör' and 'Inloggad som' with the first name", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'ADMIN PANEL' })).toBeTruthy();
    expect(screen.getByText('Administratör')).toBeTruthy();
    expect(screen.getByText('Inloggad som').textContent).toContain('Greta');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Översikt',
      'Viner',
      'Partnergranskning',
      'Användare',
      'Recensioner',
      'Innehåll',
      'Nyhetsbrev',
    ]);
  });

  it('selects the tab named in ?tab= and writes the chosen tab back to the address', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin) });
    const router = renderApp('/admin?tab=users');
    const users = await screen.findByRole('tab', { name: 'Användare' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Nyhetsbrev' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=newsletter'));
    expect(screen.getByRole('tab', { name: 'Nyhetsbrev' }).getAttribute('aria-selected')).toBe('true');
  });

  it("signs out to /admin-login with 'Du är utloggad.' and no 'Unauthorized' toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'GET /api/auth/current': json(200, admin),
      'POST /api/auth/logout': json(204, undefined),
      'GET /api/auth/admin-sign-in': signInInfo,
    });
    const router = renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-login'));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    await findToast('Du är utloggad.');
    // Past the guard's redirect delay: a lost session's toast would have shown by now.
    await flush(UNAUTHORIZED_REDIRECT_MS + 10);
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(screen.queryByText('You are logged out. Logging in again...')).toBeNull();
  });

  it("signs a moderator out to the start page without the 'Unauthorized' toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /api/auth/current': json(200, moderator), 'POST /api/auth/logout': json(204, undefined) });
    const router = renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Du är utloggad.');
    await flush(UNAUTHORIZED_REDIRECT_MS + 10);
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });
});

describe('/admin for moderators (they only decide pending reviews)', () => {
  it("lets a moderator in with the badge 'Moderator' and only the Recensioner tab", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, moderator) });
    const router = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'ADMIN PANEL' })).toBeTruthy();
    expect(screen.getByText('Moderator')).toBeTruthy();
    expect(screen.queryByText('Administratör')).toBeNull();
    expect(screen.getByText('Inloggad som').textContent).toContain('Maja');
    const tabs = screen.getAllByRole('tab', { name: /./ }).filter((t) => t.closest('[aria-label="Adminpanelens flikar"]'));
    expect(tabs.map((t) => t.textContent)).toEqual(['Recensioner']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows a moderator Recensioner whatever ?tab= says', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, moderator) });
    renderApp('/admin?tab=users');
    const reviews = await screen.findByRole('tab', { name: 'Recensioner' });
    expect(reviews.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Användare' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Översikt' })).toBeNull();
  });

  it("keeps a moderator out of the legacy panel /admin-new with 'Åtkomst nekad'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, moderator) });
    const router = renderApp('/admin-new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Åtkomst nekad', 'Adminpanelen är bara för administratörer.');
  });

  it('still turns a partner away from /admin', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, buildUser({ role: 'partner' })) });
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Åtkomst nekad', 'Adminpanelen är bara för administratörer och moderatorer.');
  });
});

describe('the admin tab query (spec 001 §2)', () => {
  it('maps tab ids to tabs, articles to the content tab and anything else to the dashboard', () => {
    expect(tabFromQuery('wines')).toBe('wines');
    expect(tabFromQuery('partner-review')).toBe('partner-review');
    expect(tabFromQuery('articles')).toBe('content');
    expect(tabFromQuery('nonsense')).toBe('dashboard');
    expect(tabFromQuery(null)).toBe('dashboard');
  });

  it('gives a moderator only the reviews tab, whatever the query', () => {
    expect(tabFromQuery('users', 'moderator')).toBe('reviews');
    expect(tabFromQuery(null, 'moderator')).toBe('reviews');
    expect(tabsFor('moderator').map((t) => t.id)).toEqual(['reviews']);
    expect(tabsFor('admin')).toHaveLength(7);
  });

  it("names the admin by first name, else e-mail, else 'Admin'", () => {
    expect(adminDisplayName({ firstName: 'Greta', email: 'g@x.se' })).toBe('Greta');
    expect(adminDisplayName({ firstName: null, email: 'g@x.se' })).toBe('g@x.se');
    expect(adminDisplayName({ firstName: '  ', email: '' })).toBe('Admin');
  });
});

describe('/admin-login (spec 001 §2)', () => {
  it("names the provider on the button, toasts 'Omdirigerar...' and leaves for /api/login after 500 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/auth/admin-sign-in': signInInfo });
    renderApp('/admin-login');
    const button = await screen.findByRole('button', { name: 'Logga in via Vinpressen ID' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await findToast('Omdirigerar...');
    await flush(SIGN_IN_REDIRECT_MS - 50);
    expect(assign).not.toHaveBeenCalled();
    await flush(60);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('explains a refusal from the identity provider callback', async () => {
    fakeApi({ 'GET /api/auth/admin-sign-in': signInInfo });
    renderApp('/admin-login?fel=ej-behorig');
    expect((await screen.findByRole('alert')).textContent).toContain('inte behörigt som administratör');
  });

  it('says so and disables the button when no provider is configured', async () => {
    fakeApi({ 'GET /api/auth/admin-sign-in': json(200, { available: false, providerName: 'identitetsleverantören' }) });
    renderApp('/admin-login');
    expect((await screen.findByRole('alert')).textContent).toContain('Ingen identitetsleverantör');
    expect((screen.getByRole('button', { name: /^Logga in via/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a signed-in admin straight to /admin', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin), 'GET /api/auth/admin-sign-in': signInInfo });
    const router = renderApp('/admin-login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await act(async () => {});
  });
});
