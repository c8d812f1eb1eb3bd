// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../api/contract/auth';
import { apiError, buildUser, clearToasts, fakeApi, findToast, flush, json, renderApp } from '../../test/test-utils';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const anna = buildUser({ username: 'anna', email: 'anna@example.se', firstName: 'Anna', lastName: 'Lind' });

async function openSettings(user: CurrentUser, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/auth/current': json(200, user), ...routes });
  const router = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Inställningar', level: 1 });
  return { api, router };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.submit(screen.getByRole('button', { name: 'Byt lösenord' }).closest('form')!);
/** The message shown under a field (its aria-describedby). */
const messageOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

function fillValid() {
  type('Nuvarande lösenord', 'gammalt1');
  type('Nytt lösenord', 'nytt-hemligt');
  type('Bekräfta nytt lösenord', 'nytt-hemligt');
}

describe('/settings: who may see it', () => {
  it('waits for the current user, then sends a guest to the start page', async () => {
    let answer: (res: Response) => void = () => {};
    fakeApi({ 'GET /api/auth/current': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const router = renderApp('/settings');
    await waitFor(() => expect(screen.getByRole('main').querySelector('[aria-busy="true"]')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/settings');

    answer(apiError(401, 'Du måste vara inloggad.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("sends an admin to /admin with the toast 'Åtkomst nekad'", async () => {
    fakeApi({ 'GET /api/auth/current': json(200, buildUser({ role: 'admin', authType: 'admin' })) });
    const router = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await findToast('Åtkomst nekad');
    expect(screen.queryByLabelText('Nuvarande lösenord')).toBeNull();
  });
});

describe('/settings: the account', () => {
  it('shows username, e-mail, account type and the full name', async () => {
    await openSettings(anna);
    const info = screen.getByRole('region', { name: 'Kontoinformation' });
    const rows = Object.fromEntries(
      within(info)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      Användarnamn: 'anna',
      'E-postadress': 'anna@example.se',
      Bekräftad: 'Ja, e-postadressen är bekräftad',
      Kontotyp: 'Användare',
      Namn: 'Anna Lind',
    });
  });

  it.each([
    [buildUser({ role: 'partner', firstName: 'Per' }), 'Partner'],
    [buildUser({ role: 'moderator' }), 'Användare'],
  ])('labels the account type and leaves out a half name', async (user, label) => {
    await openSettings(user);
    const info = screen.getByRole('region', { name: 'Kontoinformation' });
    expect(within(info).getByText(label)).toBeTruthy();
    expect(within(info).queryByText('Namn')).toBeNull();
  });

  it('has security tips and a link home', async () => {
    await openSettings(anna);
    expect(within(screen.getByRole('complementary', { name: 'Säkerhetstips' })).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href')).toBe('/');
  });
});

describe('/settings: changing the password', () => {
  it('shows each rule of spec 000 §5 on its field and sends nothing', async () => {
    const { api } = await openSettings(anna);
    send();
    await waitFor(() => expect(messageOf('Nuvarande lösenord')).toBe('Nuvarande lösenord krävs'));
    expect(messageOf('Nytt lösenord')).toBe('Nytt lösenord måste vara minst 6 tecken långt');
    expect(messageOf('Bekräfta nytt lösenord')).toBe('Bekräfta det nya lösenordet');
    expect(field('Nuvarande lösenord').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Nuvarande lösenord'));

    type('Nuvarande lösenord', 'gammalt1');
    type('Nytt lösenord', 'nytt-hemligt');
    type('Bekräfta nytt lösenord', 'nytt-hemligT');
    await waitFor(() => expect(messageOf('Nuvarande lösenord')).toBe(undefined));
    await waitFor(() => expect(messageOf('Nytt lösenord')).toBe('Minst 6 tecken')); // back to the hint
    // The mismatch is reported on the confirmation field.
    await waitFor(() => expect(messageOf('Bekräfta nytt lösenord')).toBe('De nya lösenorden matchar inte'));
    send();
    expect(api.calls('POST /api/user/change-password')).toHaveLength(0);
  });

  it("changes a user's password through /api/user/change-password and says 'Lösenord ändrat'", async () => {
    const { api } = await openSettings(anna, {
      'POST /api/user/change-password': json(200, { message: 'Lösenord ändrat', sessionInvalidated: false }),
    });
    fillValid();
    send();
    await findToast('Lösenord ändrat');
    expect(api.calls('POST /api/user/change-password')).toEqual([
      { currentPassword: 'gammalt1', newPassword: 'nytt-hemligt', confirmNewPassword: 'nytt-hemligt' },
    ]);
    expect(field('Nuvarande lösenord').value).toBe('');
    expect(field('Nytt lösenord').value).toBe('');
  });

  it('uses /api/partner/change-password for a partner', async () => {
    const { api } = await openSettings(buildUser({ role: 'partner' }), {
      'POST /api/partner/change-password': json(200, { message: 'Lösenord ändrat', sessionInvalidated: false }),
    });
    fillValid();
    send();
    await findToast('Lösenord ändrat');
    expect(api.calls('POST /api/partner/change-password')).toHaveLength(1);
    expect(api.calls('POST /api/user/change-password')).toHaveLength(0);
  });

  it("shows the server's message for a wrong current password, also on that field", async () => {
    await openSettings(anna, {
      'POST /api/user/change-password': apiError(400, 'Nuvarande lösenord är fel.', 'current_password_wrong', [
        { path: 'body.currentPassword', message: 'Nuvarande lösenord är fel.' },
      ]),
    });
    fillValid();
    send();
    await findToast('Fel', 'Nuvarande lösenord är fel.');
    expect(messageOf('Nuvarande lösenord')).toBe('Nuvarande lösenord är fel.');
    expect(field('Nytt lösenord').value).toBe('nytt-hemligt');
  });

  it("says 'Kunde inte ändra lösenord.' when the request fails without a message", async () => {
    await openSettings(anna, { 'POST /api/user/change-password': () => Promise.reject(new TypeError('Failed to fetch')) });
    fillValid();
    send();
    await findToast('Fel', 'Kunde inte ändra lösenord.');
  });

  it("'ÅTERSTÄLL' empties the form, clears the messages and hides a shown password", async () => {
    await openSettings(anna);
    send();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Visa nytt lösenord' }));
    expect(field('Nytt lösenord').type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'ÅTERSTÄLL' }));
    await waitFor(() => expect(field('Nytt lösenord').value).toBe(''));
    expect(field('Nuvarande lösenord').value).toBe('');
    expect(field('Nytt lösenord').type).toBe('password');
    expect(field('Nuvarande lösenord').getAttribute('aria-invalid')).toBeNull();
  });

  it('has a show/hide toggle on each of the three fields', async () => {
    await openSettings(anna);
    for (const [label, toggle] of [
      ['Nuvarande lösenord', 'Visa nuvarande lösenord'],
      ['Nytt lösenord', 'Visa nytt lösenord'],
      ['Bekräfta nytt lösenord', 'Visa bekräftelsen'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: toggle }));
      expect(field(label).type).toBe('text');
    }
  });

  it("shows 'Session ogiltiggjord' when the other sessions were ended, then goes to / after 2 seconds", async () => {
    const { router } = await openSettings(anna, {
      'POST /api/user/change-password': json(200, { message: 'Lösenord ändrat', sessionInvalidated: true }),
    });
    vi.useFakeTimers();
    fillValid();
    send();
    await flush();
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Session ogiltiggjord')).toBeTruthy();
    expect(notice.textContent).toContain('andra enheter');
    expect(screen.queryByLabelText('Nuvarande lösenord')).toBeNull();

    await flush(1900);
    expect(router.state.location.pathname).toBe('/settings');
    await flush(100);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('/settings: confirming the e-mail address', () => {
  it("shows 'Bekräfta din e-postadress' for an unconfirmed address and mails a new link on request", async () => {
    const { api } = await openSettings(buildUser({ isVerified: false }), {
      'POST /api/auth/resend-verification': json(202, { message: 'Vi har skickat en bekräftelselänk till din e-postadress.' }),
    });
    expect(screen.getByText('Bekräfta din e-postadress')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skicka ny länk' }));
    await findToast('Vi har skickat en bekräftelselänk till din e-postadress.');
    expect(api.fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/auth/resend-verification' && init?.method === 'POST')).toHaveLength(
      1,
    );
  });

  it("says the server's reason when it refuses (429), and shows a confirmed address as Bekräftad", async () => {
    await openSettings(buildUser({ isVerified: false }), {
      'POST /api/auth/resend-verification': apiError(429, 'För många försök. Försök igen om 60 minuter.', 'too_many_requests'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka ny länk' }));
    await findToast('Kunde inte skicka länken', 'För många försök. Försök igen om 60 minuter.');
    cleanup();
    await openSettings(buildUser({ isVerified: true }));
    expect(screen.getByText('Ja, e-postadressen är bekräftad')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skicka ny länk' })).toBeNull();
  });
});

describe('the landing of the verification link', () => {
  it('confirms in a toast, reads the user again and takes ?epost out of the address', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/auth/current': () => {
        calls += 1;
        return json(200, buildUser({ isVerified: calls > 1 }));
      },
    });
    const router = renderApp('/?epost=bekraftad');
    await findToast('Din e-postadress är bekräftad.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls).toBeGreaterThan(1));
  });

  it('says when the link was invalid or used', async () => {
    fakeApi();
    const router = renderApp('/?epost=ogiltig');
    await findToast('Bekräftelselänken är ogiltig eller har gått ut. Be om en ny under Inställningar.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
