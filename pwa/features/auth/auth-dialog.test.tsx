// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../api/contract/auth';
import { AppProviders } from '../../app/providers';
import { AuthProvider, useAuth } from './auth-provider';
import { apiError, buildUser, clearToasts, fakeApi, findToast, json, renderApp } from '../../test/test-utils';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const user = buildUser({ username: 'anna', email: 'anna@example.se' });

/**
 * A server where signing in or registering starts a session: the current-user call answers 401 until then.
 * `login` and `register` are the answers of those endpoints (the session starts only on a 2xx).
 */
function accountServer({ login = json(200, user), register = json(201, user) }: { login?: Response; register?: Response } = {}) {
  let session = false;
  const startIf = (res: Response) => {
    if (res.ok) session = true;
    return res;
  };
  return fakeApi({
    'GET /api/auth/current': () => (session ? json(200, user) : apiError(401, 'Du måste vara inloggad.')),
    'POST /api/auth/login': () => startIf(login.clone()),
    'POST /api/auth/register': () => startIf(register.clone()),
    'POST /api/auth/reset-password': json(202, { message: 'Om e-postadressen finns hos oss har vi skickat en länk.' }),
  });
}

async function openDialog() {
  renderApp('/om-oss');
  const [loginButton] = await screen.findAllByRole('button', { name: 'Logga in' });
  fireEvent.click(loginButton!);
  return screen.findByRole('dialog');
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = (dialog: HTMLElement, name: string) => fireEvent.submit(within(dialog).getByRole('button', { name }).closest('form')!);

describe('the login/register dialog: logging in', () => {
  it("opens on 'Logga in' with the two tabs and labelled fields that password managers understand", async () => {
    accountServer();
    const dialog = await openDialog();
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Logga in', 'Registrera']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByLabelText('E-postadress').getAttribute('autocomplete')).toBe('email');
    expect(within(dialog).getByLabelText('Lösenord').getAttribute('autocomplete')).toBe('current-password');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('E-postadress')));
  });

  it('signs in, greets the user by name, closes and shows the avatar; the current user is fetched again', async () => {
    const api = accountServer();
    const dialog = await openDialog();
    type(within(dialog).getByLabelText('E-postadress'), '  anna@example.se ');
    type(within(dialog).getByLabelText('Lösenord'), 'hemligt1');
    submit(dialog, 'Logga in');

    await findToast('Inloggad!', 'Välkommen tillbaka, anna!');
    expect(api.calls('POST /api/auth/login')).toEqual([{ email: 'anna@example.se', password: 'hemligt1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByLabelText('Konto: anna').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: 'Logga in' })).toHaveLength(0);
    await waitFor(() => expect(api.calls('GET /api/auth/current')).toHaveLength(2));
  });

  it('sends nothing while the e-mail or the password is empty after trimming, and says which is missing', async () => {
    const api = accountServer();
    const dialog = await openDialog();
    type(within(dialog).getByLabelText('E-postadress'), '   ');
    type(within(dialog).getByLabelText('Lösenord'), 'hemligt1');
    submit(dialog, 'Logga in');
    expect(await within(dialog).findByText('E-postadress krävs')).toBeTruthy();
    expect(within(dialog).getByLabelText('E-postadress').getAttribute('aria-invalid')).toBe('true');

    type(within(dialog).getByLabelText('E-postadress'), 'anna@example.se');
    type(within(dialog).getByLabelText('Lösenord'), '   ');
    submit(dialog, 'Logga in');
    expect(await within(dialog).findByText('Lösenord krävs')).toBeTruthy();
    expect(api.calls('POST /api/auth/login')).toHaveLength(0);
  });

  it('says to check the e-mail and password when the server refuses them (401), and stays open', async () => {
    accountServer({ login: apiError(401, 'Fel e-postadress eller lösenord.', 'invalid_credentials') });
    const dialog = await openDialog();
    type(within(dialog).getByLabelText('E-postadress'), 'anna@example.se');
    type(within(dialog).getByLabelText('Lösenord'), 'fel-lösen');
    submit(dialog, 'Logga in');
    await findToast('Inloggning misslyckades', 'Kontrollera din e-postadress och lösenord.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryAllByLabelText('Konto: anna')).toHaveLength(0);
  });

  it.each([
    [403, 'Kontot är inaktiverat. Kontakta oss om du vill aktivera det igen.'],
    [429, 'För många försök. Vänta en stund och försök igen.'],
  ])("shows the server's own reason for a %i instead of blaming the password", async (status, message) => {
    accountServer({ login: apiError(status, message) });
    const dialog = await openDialog();
    type(within(dialog).getByLabelText('E-postadress'), 'anna@example.se');
    type(within(dialog).getByLabelText('Lösenord'), 'hemligt1');
    submit(dialog, 'Logga in');
    await findToast('Inloggning misslyckades', message);
  });

  it('closes on Escape', async () => {
    accountServer();
    const dialog = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the login/register dialog: registering', () => {
  async function openRegister() {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Registrera' }));
    await within(dialog).findByLabelText('Användarnamn');
    return dialog;
  }

  function fill(
    dialog: HTMLElement,
    values: Partial<Record<'Användarnamn' | 'E-postadress' | 'Lösenord' | 'Bekräfta lösenord' | 'Förnamn' | 'Efternamn', string>>,
  ) {
    for (const [label, value] of Object.entries(values)) type(within(dialog).getByLabelText(new RegExp(`^${label}`)), value);
  }

  it('has the fields of spec 000 §2 with the right autocomplete hints; first and last name are optional', async () => {
    accountServer();
    const dialog = await openRegister();
    const auto = (label: RegExp) => within(dialog).getByLabelText(label).getAttribute('autocomplete');
    expect([
      auto(/^Användarnamn/),
      auto(/^E-postadress/),
      auto(/^Lösenord/),
      auto(/^Bekräfta lösenord/),
      auto(/^Förnamn/),
      auto(/^Efternamn/),
    ]).toEqual(['username', 'email', 'new-password', 'new-password', 'given-name', 'family-name']);
    // 'valfritt' is said as the description, so the field's name stays 'Förnamn'.
    const firstName = within(dialog).getByRole('textbox', { name: 'Förnamn' });
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)?.textContent).toBe('(valfritt)');
    expect(within(dialog).getByRole('textbox', { name: 'Användarnamn' }).getAttribute('aria-describedby')).toBeNull();
  });

  it("refuses passwords that do not match: 'Lösenorden matchar inte'", async () => {
    const api = accountServer();
    const dialog = await openRegister();
    fill(dialog, { Användarnamn: 'anna', 'E-postadress': 'anna@example.se', Lösenord: 'hemligt1', 'Bekräfta lösenord': 'hemligt2' });
    submit(dialog, 'Skapa konto');
    await findToast('Lösenorden matchar inte', 'Kontrollera att båda lösenorden är identiska.');
    expect(api.calls('POST /api/auth/register')).toHaveLength(0);
  });

  it("refuses a password under 6 characters: 'Lösenordet är för kort'", async () => {
    const api = accountServer();
    const dialog = await openRegister();
    fill(dialog, { Användarnamn: 'anna', 'E-postadress': 'anna@example.se', Lösenord: '12345', 'Bekräfta lösenord': '12345' });
    submit(dialog, 'Skapa konto');
    await findToast('Lösenordet är för kort', 'Lösenordet måste vara minst 6 tecken långt.');
    expect(api.calls('POST /api/auth/register')).toHaveLength(0);
  });

  it('sends nothing while a required field is empty, and marks the field', async () => {
    const api = accountServer();
    const dialog = await openRegister();
    fill(dialog, { 'E-postadress': 'anna@example.se', Lösenord: 'hemligt1', 'Bekräfta lösenord': 'hemligt1' });
    submit(dialog, 'Skapa konto');
    expect(await within(dialog).findByText('Användarnamn krävs')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Användarnamn/)));
    expect(api.calls('POST /api/auth/register')).toHaveLength(0);
  });

  it('registers (the server signs the new member in), greets, closes and refetches the current user', async () => {
    const api = accountServer();
    const dialog = await openRegister();
    fill(dialog, {
      Användarnamn: ' anna ',
      'E-postadress': 'anna@example.se',
      Lösenord: 'hemligt1',
      'Bekräfta lösenord': 'hemligt1',
      Förnamn: 'Anna',
    });
    submit(dialog, 'Skapa konto');
    await findToast('Registrering lyckades!');
    expect(api.calls('POST /api/auth/register')).toEqual([
      { username: 'anna', email: 'anna@example.se', password: 'hemligt1', firstName: 'Anna', lastName: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.calls('GET /api/auth/current')).toHaveLength(2));
    expect(screen.getAllByLabelText('Konto: anna').length).toBeGreaterThan(0);
  });

  it('says the name or e-mail may already exist when the server answers 409', async () => {
    accountServer({ register: apiError(409, 'Användarnamnet är redan upptaget.', 'conflict') });
    const dialog = await openRegister();
    fill(dialog, { Användarnamn: 'anna', 'E-postadress': 'anna@example.se', Lösenord: 'hemligt1', 'Bekräfta lösenord': 'hemligt1' });
    submit(dialog, 'Skapa konto');
    await findToast('Registrering misslyckades', 'Användarnamnet eller e-postadressen kanske redan finns.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the login/register dialog: forgotten password', () => {
  it('moves to the forgot view with the e-mail carried over, sends the link, and leads back to login', async () => {
    const api = accountServer();
    const dialog = await openDialog();
    type(within(dialog).getByLabelText('E-postadress'), 'anna@example.se');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Glömt lösenordet?' }));

    expect(within(dialog).getByRole('heading', { name: 'Glömt lösenordet?' })).toBeTruthy();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    const email = within(dialog).getByLabelText('E-postadress') as HTMLInputElement;
    expect(email.value).toBe('anna@example.se');
    expect(document.activeElement).toBe(email);

    submit(dialog, 'Skicka återställningslänk');
    await findToast('Återställningslänk skickad!', 'Kontrollera din e-post för instruktioner om lösenordsåterställning.');
    expect(api.calls('POST /api/auth/reset-password')).toEqual([{ email: 'anna@example.se' }]);
    expect(within(dialog).getByRole('status').textContent).toContain('anna@example.se');

    fireEvent.click(within(dialog).getByRole('button', { name: /Tillbaka till inloggning/ }));
    expect(within(dialog).getByRole('tab', { name: 'Logga in' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('E-postadress'));
  });

  it('sends nothing without an e-mail', async () => {
    const api = accountServer();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Glömt lösenordet?' }));
    submit(dialog, 'Skicka återställningslänk');
    expect(await within(dialog).findByText('E-postadress krävs')).toBeTruthy();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('says the link could not be sent when the request fails', async () => {
    fakeApi({ 'POST /api/auth/reset-password': apiError(400, 'Ange en giltig e-postadress') });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Glömt lösenordet?' }));
    type(within(dialog).getByLabelText('E-postadress'), 'anna@');
    submit(dialog, 'Skicka återställningslänk');
    await findToast('Misslyckades att skicka återställningslänk', 'Kontrollera att e-postadressen är korrekt.');
  });
});

describe('openAuthDialog(view, { onSignedIn })', () => {
  function Opener({ onSignedIn }: { onSignedIn: (u: CurrentUser) => void }) {
    const { openAuthDialog, status } = useAuth();
    return (
      <button type="button" disabled={status === 'loading'} onClick={() => openAuthDialog('register', { onSignedIn })}>
        LOGGA IN FÖR ATT RÖSTA
      </button>
    );
  }

  function renderOpener(onSignedIn: (u: CurrentUser) => void) {
    render(
      <AppProviders>
        <MemoryRouter>
          <AuthProvider>
            <Opener onSignedIn={onSignedIn} />
          </AuthProvider>
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('opens the requested view and, after a registration, hands the new member to onSignedIn', async () => {
    accountServer();
    const onSignedIn = vi.fn();
    renderOpener(onSignedIn);
    const button = await screen.findByRole('button', { name: 'LOGGA IN FÖR ATT RÖSTA' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Registrera' }).getAttribute('aria-selected')).toBe('true');
    for (const [label, value] of [
      [/^Användarnamn/, 'anna'],
      [/^E-postadress/, 'anna@example.se'],
      [/^Lösenord/, 'hemligt1'],
      [/^Bekräfta lösenord/, 'hemligt1'],
    ] as const) {
      type(within(dialog).getByLabelText(label), value);
    }
    submit(dialog, 'Skapa konto');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
  });

  it('runs onSignedIn at once, without a dialog, when someone is already signed in', async () => {
    fakeApi({ 'GET /api/auth/current': json(200, user) });
    const onSignedIn = vi.fn();
    renderOpener(onSignedIn);
    const button = await screen.findByRole('button', { name: 'LOGGA IN FÖR ATT RÖSTA' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(onSignedIn).toHaveBeenCalledWith(user);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
