// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserList } from '../../../../api/contract/admin-users';
import { apiError, buildUser, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { formatCreatedDate } from './users-tab';
import { resetAfterEach } from '../../../test/reset-after-each';

// The tab is a lazy chunk and the machine may be busy: allow more than the default second for it to appear.
configure({ asyncUtilTimeout: 5000 });

resetAfterEach();

const me = buildUser({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'redaktionen',
  email: 'red@vinpressen.se',
  role: 'admin',
  authType: 'admin',
});

function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return { ...buildUser(overrides), lastLoginAt: null, ...overrides };
}

const anna = adminUser({
  id: '00000000-0000-4000-8000-00000000000a',
  username: 'anna',
  email: 'anna@example.se',
  firstName: 'Anna',
  lastName: 'Lind',
  role: 'user',
  isVerified: false,
  createdAt: '2026-03-03T09:00:00.000Z',
});
const bertil = adminUser({
  id: '00000000-0000-4000-8000-00000000000b',
  username: 'bertil',
  email: 'bertil@vingard.se',
  role: 'partner',
  isActive: false,
  isVerified: false,
});
const cilla = adminUser({ id: '00000000-0000-4000-8000-00000000000c', username: 'cilla', email: 'cilla@example.se', role: 'moderator' });
const self = adminUser({ ...me, lastLoginAt: null });

const stats = { total: 4, active: 3, verified: 2, byRole: { user: 1, partner: 1, moderator: 1, admin: 1 } };
const list = (items: AdminUser[]): AdminUserList => ({ items, total: items.length, stats });

async function openUsers(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/auth/current': json(200, me), 'GET /api/users': json(200, list([anna, bertil, cilla, self])), ...routes });
  renderApp('/admin?tab=users');
  await screen.findByRole('list', { name: 'Användare' });
  return api;
}

const row = (username: string) => screen.getByRole('listitem', { name: username });
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const messageOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
};
const submit = () => fireEvent.submit(dialog().querySelector('form')!);

describe('Users tab: the list (spec 001 §2)', () => {
  it('shows the stats cards from the API and each user with name, e-mail, role, status and created date', async () => {
    await openUsers();
    const cards = screen.getByText('Totalt').parentElement!;
    expect(cards.textContent).toContain('4');
    expect(screen.getByText('Aktiva').parentElement!.textContent).toContain('3');
    expect(screen.getByText('Verifierade').parentElement!.textContent).toContain('2');

    const a = within(row('anna'));
    expect(a.getByText('Anna Lind')).toBeTruthy();
    expect(a.getByText('anna@example.se')).toBeTruthy();
    expect(a.getByText('Användare')).toBeTruthy();
    expect(a.getByText('Aktiv')).toBeTruthy();
    expect(a.getByText('Ej verifierad')).toBeTruthy();
    expect(a.getByText(formatCreatedDate(anna.createdAt)).textContent).toBe('3 mars 2026');

    expect(within(row('bertil')).getByText('Partner')).toBeTruthy();
    expect(within(row('bertil')).getByText('Inaktiv')).toBeTruthy();
    expect(within(row('cilla')).getByText('Moderator')).toBeTruthy();
    expect(within(row('redaktionen')).getByText('Administratör')).toBeTruthy();
  });

  it("offers 'Verifiera' only to unverified active users and 'Ta bort' only to active users other than oneself", async () => {
    await openUsers();
    const buttons = (username: string) =>
      within(row(username))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('anna')).toEqual(['Redigera', 'Verifiera', 'Ta bort']);
    expect(buttons('bertil')).toEqual(['Redigera']);
    expect(buttons('cilla')).toEqual(['Redigera', 'Ta bort']);
    expect(buttons('redaktionen')).toEqual(['Redigera']);
  });

  it("says 'Inga användare hittades' when nothing matches, and searches on the server", async () => {
    const api = await openUsers({ 'GET /api/users?q=zzz': json(200, list([])) });
    fireEvent.change(screen.getByLabelText('Sök användare'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Inga användare hittades')).toBeTruthy();
    expect(api.calls('GET /api/users?q=zzz')).toHaveLength(1);
  });
});

describe('Users tab: the user form (spec 001 §5)', () => {
  it('asks for a password on create, offers the four role labels and posts every field', async () => {
    const api = await openUsers({ 'POST /api/users': json(201, adminUser({ username: 'david' })) });
    fireEvent.click(screen.getByRole('button', { name: 'Ny användare' }));
    expect(within(dialog()).getByRole('heading', { name: 'Ny användare' })).toBeTruthy();
    const roles = within(dialog()).getByLabelText('Roll') as HTMLSelectElement;
    expect([...roles.options].map((o) => [o.value, o.textContent])).toEqual([
      ['user', 'Användare'],
      ['partner', 'Partner'],
      ['moderator', 'Moderator'],
      ['admin', 'Administratör'],
    ]);

    type('Användarnamn', 'david');
    type('E-postadress', 'david@example.se');
    type('Förnamn', 'David');
    type('Lösenord', 'hemligt-1');
    fireEvent.change(roles, { target: { value: 'moderator' } });
    fireEvent.click(within(dialog()).getByLabelText('Verifierad'));
    submit();

    await findToast('Användare skapad');
    expect(api.calls('POST /api/users')).toEqual([
      {
        username: 'david',
        email: 'david@example.se',
        firstName: 'David',
        lastName: '',
        password: 'hemligt-1',
        role: 'moderator',
        isActive: true,
        isVerified: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the messages on the fields and sends nothing when username, e-mail or password is missing', async () => {
    const api = await openUsers();
    fireEvent.click(screen.getByRole('button', { name: 'Ny användare' }));
    type('E-postadress', 'inte-en-adress');
    submit();
    await waitFor(() => expect(messageOf('Användarnamn')).toBe('Användarnamn krävs'));
    expect(document.activeElement).toBe(field('Användarnamn'));
    expect(messageOf('E-postadress')).toBe('Ange en giltig e-postadress');
    expect(messageOf('Lösenord')).toBe('Lösenord krävs');
    type('Lösenord', 'kort');
    submit();
    await waitFor(() => expect(messageOf('Lösenord')).toBe('Lösenordet måste vara minst 6 tecken långt.'));
    expect(api.calls('POST /api/users')).toHaveLength(0);
  });

  it("shows the server's message on the field (a taken username) and toasts 'Något gick fel. Försök igen.'", async () => {
    await openUsers({
      'POST /api/users': apiError(409, 'Användarnamnet är redan upptaget.', 'username_taken', [
        { path: 'body.username', message: 'Användarnamnet är redan upptaget.' },
      ]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ny användare' }));
    type('Användarnamn', 'anna');
    type('E-postadress', 'ny@example.se');
    type('Lösenord', 'hemligt-1');
    submit();
    await findToast('Något gick fel. Försök igen.', 'Användarnamnet är redan upptaget.');
    expect(messageOf('Användarnamn')).toBe('Användarnamnet är redan upptaget.');
    expect(document.activeElement).toBe(field('Användarnamn'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits without a password field that must be filled: a blank new password is left out of the PATCH', async () => {
    const api = await openUsers({ [`PATCH /api/users/${anna.id}`]: json(200, { ...anna, role: 'partner' }) });
    fireEvent.click(within(row('anna')).getByRole('button', { name: 'Redigera anna' }));
    expect(within(dialog()).getByRole('heading', { name: 'Redigera användare' })).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Lösenord', { exact: true })).toBeNull();
    expect(field('Nytt lösenord').value).toBe('');
    expect(field('Användarnamn').value).toBe('anna');
    expect(field('Förnamn').value).toBe('Anna');
    fireEvent.change(within(dialog()).getByLabelText('Roll'), { target: { value: 'partner' } });
    submit();

    await findToast('Användare uppdaterad');
    expect(api.calls(`PATCH /api/users/${anna.id}`)).toEqual([
      { username: 'anna', email: 'anna@example.se', firstName: 'Anna', lastName: 'Lind', role: 'partner', isActive: true, isVerified: false },
    ]);
  });

  it('sends a new password on edit when one is typed', async () => {
    const api = await openUsers({ [`PATCH /api/users/${cilla.id}`]: json(200, cilla) });
    fireEvent.click(within(row('cilla')).getByRole('button', { name: 'Redigera cilla' }));
    type('Nytt lösenord', 'nytt-lösen-1');
    submit();
    await findToast('Användare uppdaterad');
    expect(api.calls(`PATCH /api/users/${cilla.id}`)[0]).toMatchObject({ password: 'nytt-lösen-1' });
  });

  it('offers no password at all for an identity-provider admin', async () => {
    await openUsers();
    fireEvent.click(within(row('redaktionen')).getByRole('button', { name: 'Redigera redaktionen' }));
    expect(within(dialog()).queryByLabelText(/lösenord/i)).toBeNull();
    expect(within(dialog()).getByText(/identitetsleverantören/)).toBeTruthy();
  });
});

describe('Users tab: verify and deactivate (spec 001 §8)', () => {
  it("verifies: 'Användare verifierad'", async () => {
    const api = await openUsers({ [`POST /api/admin/users/${anna.id}/verify`]: json(200, { ...anna, isVerified: true }) });
    fireEvent.click(within(row('anna')).getByRole('button', { name: 'Verifiera anna' }));
    await findToast('Användare verifierad');
    expect(api.calls(`POST /api/admin/users/${anna.id}/verify`)).toHaveLength(1);
  });

  it("says 'Verifiering misslyckades' with the server's message", async () => {
    await openUsers({ [`POST /api/admin/users/${anna.id}/verify`]: apiError(404, 'Användaren finns inte.') });
    fireEvent.click(within(row('anna')).getByRole('button', { name: 'Verifiera anna' }));
    await findToast('Verifiering misslyckades', 'Användaren finns inte.');
  });

  it("says 'Kunde inte verifiera användaren' when the server sends no message", async () => {
    await openUsers({ [`POST /api/admin/users/${anna.id}/verify`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(within(row('anna')).getByRole('button', { name: 'Verifiera anna' }));
    await findToast('Verifiering misslyckades', 'Kunde inte verifiera användaren');
  });

  it("asks first, then deactivates: 'Användare borttagen'", async () => {
    const api = await openUsers({ [`DELETE /api/admin/users/${cilla.id}`]: new Response(null, { status: 204 }) });
    fireEvent.click(within(row('cilla')).getByRole('button', { name: 'Ta bort cilla' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "cilla"?');
    expect(api.calls(`DELETE /api/admin/users/${cilla.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Användare borttagen');
    expect(api.calls(`DELETE /api/admin/users/${cilla.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("says 'Borttagning misslyckades' when the server refuses", async () => {
    await openUsers({ [`DELETE /api/admin/users/${cilla.id}`]: apiError(409, 'Det måste finnas minst en aktiv administratör.') });
    fireEvent.click(within(row('cilla')).getByRole('button', { name: 'Ta bort cilla' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Borttagning misslyckades', 'Det måste finnas minst en aktiv administratör.');
  });
});
