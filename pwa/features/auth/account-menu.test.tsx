// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialOf } from './account-nav';
import { apiError, buildUser, clearToasts, fakeApi, findToast, json, renderApp } from '../../test/test-utils';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const anna = buildUser({ username: 'anna', email: 'anna@example.se' });
const admin = buildUser({ username: 'redaktionen', email: 'red@vinpressen.se', role: 'admin', authType: 'admin' });

/** Opens the avatar menu beside the nameplate. */
async function openMenu(username: string) {
  const avatar = await screen.findByRole('button', { name: `Konto: ${username}` });
  fireEvent.click(avatar);
  return screen.findByRole('menu');
}

describe('initialOf', () => {
  it('is the first letter of the username, upper-cased the Swedish way', () => {
    expect([initialOf('anna'), initialOf('åsa'), initialOf(' örjan'), initialOf('')]).toEqual(['A', 'Å', 'Ö', '?']);
  });
});

describe('the avatar menu', () => {
  it("shows the username's initial; opens with the username, e-mail, 'Mina recensioner', 'Inställningar' and 'Logga ut'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, anna) });
    renderApp('/om-oss');
    const avatar = await screen.findByRole('button', { name: 'Konto: anna' });
    expect(avatar.textContent).toBe('A');
    expect(screen.queryByRole('button', { name: 'Logga in' })).toBeNull();
    // 'BLI MEDLEM' is for anonymous readers (spec 000 §2).
    expect(within(screen.getByRole('navigation', { name: 'Huvudmeny' })).queryByRole('link', { name: 'BLI MEDLEM' })).toBeNull();

    const menu = await openMenu('anna');
    expect(within(menu).getByText('anna')).toBeTruthy();
    expect(within(menu).getByText('anna@example.se')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mina recensioner', 'Inställningar', 'Logga ut']);
    expect(within(menu).getByRole('menuitem', { name: 'Mina recensioner' }).getAttribute('href')).toBe('/mina-recensioner');
    expect(within(menu).getByRole('menuitem', { name: 'Inställningar' }).getAttribute('href')).toBe('/settings');
  });

  it("has no 'Inställningar' for an admin", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin) });
    renderApp('/om-oss');
    const menu = await openMenu('redaktionen');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mina recensioner', 'Logga ut']);
  });

  it("gives a moderator 'Moderera recensioner', leading to the admin panel's reviews tab", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, { ...anna, role: 'moderator' }) });
    renderApp('/om-oss');
    const menu = await openMenu('anna');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Moderera recensioner', 'Mina recensioner', 'Inställningar', 'Logga ut']);
    expect(within(menu).getByRole('menuitem', { name: 'Moderera recensioner' }).getAttribute('href')).toBe('/admin?tab=reviews');
  });

  it("takes the member to 'Mina recensioner'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, anna), 'GET /api/user/reviews': json(200, { items: [] }) });
    const router = renderApp('/om-oss');
    const menu = await openMenu('anna');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mina recensioner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mina-recensioner'));
    expect(await screen.findByText('Du har inte skrivit några recensioner ännu.')).toBeTruthy();
  });

  it("'Logga ut' ends the session, clears the user and goes to the start page", async () => {
    let session = true;
    const api = fakeApi({
      'GET /api/auth/current': () => (session ? json(200, anna) : apiError(401, 'Du måste vara inloggad.')),
      'POST /api/auth/logout': () => {
        session = false;
        return new Response(null, { status: 204 });
      },
    });
    const router = renderApp('/om-oss');
    const menu = await openMenu('anna');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /api/auth/logout')).toEqual([undefined]); // no body
    await findToast('Du är utloggad.');
    expect(screen.queryAllByLabelText('Konto: anna')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Logga in' }).length).toBeGreaterThan(0);
  });

  it('signs out anyway when the logout call fails (spec 000 §7: failure ignored)', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, anna), 'POST /api/auth/logout': apiError(500, 'Internt fel') });
    const router = renderApp('/om-oss');
    const menu = await openMenu('anna');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryAllByLabelText('Konto: anna')).toHaveLength(0);
  });

  it('sends an identity-provider admin to /admin-login after signing out', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin), 'POST /api/auth/logout': new Response(null, { status: 204 }) });
    const router = renderApp('/om-oss');
    const menu = await openMenu('redaktionen');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-login'));
  });
});

describe('the phone drawer', () => {
  async function openDrawer() {
    fireEvent.click(screen.getByRole('button', { name: 'Öppna meny' }));
    return screen.findByRole('dialog');
  }

  it('has the same account items for a member', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, anna) });
    renderApp('/om-oss');
    await screen.findAllByLabelText('Konto: anna');
    const drawer = await openDrawer();
    const account = within(drawer).getByRole('region', { name: 'Ditt konto' });
    expect(within(account).getByText('anna')).toBeTruthy();
    expect(within(account).getByText('anna@example.se')).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'Mina recensioner' }).getAttribute('href')).toBe('/mina-recensioner');
    expect(within(account).getByRole('link', { name: 'Inställningar' }).getAttribute('href')).toBe('/settings');
    expect(within(account).getByRole('button', { name: 'Logga ut' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Logga in' })).toBeNull();
  });

  it("hides 'Inställningar' from an admin", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, admin) });
    renderApp('/om-oss');
    await screen.findAllByLabelText('Konto: redaktionen');
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('link', { name: 'Mina recensioner' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Inställningar' })).toBeNull();
  });

  it("offers 'Logga in' to a visitor, which closes the drawer and opens the login dialog", async () => {
    fakeApi();
    renderApp('/om-oss');
    await screen.findAllByRole('button', { name: 'Logga in' });
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('link', { name: 'BLI MEDLEM' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Meny' })).toBeNull());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Logga in' })).toBeTruthy();
  });
});
