// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppAuthProvider } from './auth';
import { fakeApi } from '../test/test-utils';
import { RootLayout } from './layout';
import { AppProviders } from './providers';

/** Renders the layout for a visitor (the current-user call answers 401) once that answer is in. */
async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AppAuthProvider>
            <RootLayout />
          </AppAuthProvider>
        ),
        children: [
          {
            index: true,
            element: (
              <section id="nyhetsbrev" tabIndex={-1}>
                Nyhetsbrevet
              </section>
            ),
          },
          { path: 'fynd', element: <h1>Fynd-sidan</h1> },
          { path: 'nya-viner', element: <h1>Nya viner</h1> },
          { path: 'folkets-val', element: <h1>Folkets val-sidan</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The visitor's buttons appear once the current-user answer is in (until then an invisible placeholder).
  await screen.findAllByRole('button', { name: 'Logga in' });
  return router;
}

beforeEach(() => {
  fakeApi();
  // No IntersectionObserver: the footer, loaded near the viewport (NearViewport), comes at once.
  vi.stubGlobal('IntersectionObserver', undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RootLayout', () => {
  it('has the masthead, a skip link and the page inside <main id="main">', async () => {
    await renderAt('/fynd');
    expect(await screen.findByRole('heading', { name: 'Fynd-sidan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vinpressen – till startsidan' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Hoppa till innehållet' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
    expect(within(screen.getByRole('main')).getByText('Fynd-sidan')).toBeTruthy();
  });

  it("prints today's date in Swedish in the dateline", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00'));
    await renderAt('/fynd');
    expect(screen.getByText('söndag 22 november 2026')).toBeTruthy();
  });

  it('links the navigation to the public pages and marks the current one', async () => {
    await renderAt('/fynd');
    const nav = screen.getAllByRole('navigation', { name: 'Huvudmeny' })[0]!;
    const hrefs = Object.fromEntries(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      'Aktuella vintips': '/aktuella-viner',
      Fynd: '/fynd',
      'Folkets val': '/folkets-val',
      'Om oss': '/om-oss',
      'BLI MEDLEM': '/#nyhetsbrev',
    });
    expect(within(nav).getByRole('link', { name: 'Fynd' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Om oss' }).getAttribute('aria-current')).toBeNull();
  });

  it("marks 'Aktuella vintips' as current on /nya-viner too", async () => {
    await renderAt('/nya-viner');
    const nav = screen.getAllByRole('navigation', { name: 'Huvudmeny' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Aktuella vintips' }).getAttribute('aria-current')).toBe('page');
  });

  it("sends 'BLI MEDLEM' to /#nyhetsbrev from another page", async () => {
    const router = await renderAt('/fynd');
    fireEvent.click(screen.getByRole('link', { name: 'BLI MEDLEM' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#nyhetsbrev');
  });

  it('scrolls to the newsletter on the start page instead of navigating', async () => {
    const router = await renderAt('/');
    const section = document.getElementById('nyhetsbrev')!;
    const scrollIntoView = vi.fn();
    section.scrollIntoView = scrollIntoView;
    const before = router.state.location.key;
    fireEvent.click(screen.getByRole('link', { name: 'BLI MEDLEM' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(section);
    expect(router.state.location.key).toBe(before);
  });

  it('states the age limit, responsible drinking and the data source in the footer', async () => {
    await renderAt('/fynd');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Vinpressen vänder sig till dig som är 25 år eller äldre.')).toBeTruthy();
    expect(within(footer).getByText(/Njut av vin med måtta/)).toBeTruthy();
    expect(within(footer).getByText(/© Vinpressen/)).toBeTruthy();
    expect(within(footer).getByText('Vindata från Systembolagets sortiment 2021, priser uppdaterade 2026-08-22.')).toBeTruthy();
  });

  describe('the phone menu', () => {
    it('opens a dialog with the links and closes with its close button', async () => {
      await renderAt('/fynd');
      fireEvent.click(screen.getByRole('button', { name: 'Öppna meny' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('link', { name: 'Folkets val' })).toBeTruthy();
      expect(within(dialog).getByRole('link', { name: 'BLI MEDLEM' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stäng meny' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('closes on Escape', async () => {
      await renderAt('/fynd');
      fireEvent.click(screen.getByRole('button', { name: 'Öppna meny' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('closes when the reader navigates', async () => {
      const router = await renderAt('/fynd');
      fireEvent.click(screen.getByRole('button', { name: 'Öppna meny' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('link', { name: 'Folkets val' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/folkets-val'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // Back/forward closes it too.
      fireEvent.click(screen.getByRole('button', { name: 'Öppna meny' }));
      await screen.findByRole('dialog');
      await act(() => router.navigate(-1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });
});

describe('RootLayout: the site settings', () => {
  it('shows the defaults while GET /api/settings/public fails: name, tagline, 25+, the footer texts', async () => {
    await renderAt('/fynd');
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByRole('link', { name: 'Vinpressen – till startsidan' })).toBeTruthy();
    expect(screen.getByText('Sveriges vinguide')).toBeTruthy();
    expect(footer.textContent).toContain('25+');
    expect(footer.textContent).toContain('Vinpressen vänder sig till dig som är 25 år eller äldre.');
    expect(footer.textContent).toContain('Njut av vin med måtta.');
    expect(within(footer).getByRole('link', { name: 'redaktionen@vinpressen.se' }).getAttribute('href')).toBe('mailto:redaktionen@vinpressen.se');
  });

  it('shows every setting the admin set: name, tagline, logos, favicon, age limit, footer texts, contact and social links', async () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg">';
    fakeApi({
      'GET /api/settings/public': Response.json({
        'site.name': 'Vinbladet',
        'site.tagline': 'Stockholms vinguide',
        'logo.header': 'https://cdn.example.se/logo.svg',
        'logo.footer': '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
        'logo.favicon': '/icons/icon.svg',
        'contact.email': 'tips@vinbladet.se',
        'contact.phone': '08-123 456 78',
        'social.instagram': 'https://instagram.com/vinbladet',
        'social.facebook': '',
        'age.limit': '20',
        'footer.text': 'Vinbladet är för dig som är 20 år eller äldre.',
        'footer.responsibility': 'Drick med måtta.',
      }),
    });
    await renderAt('/fynd');
    const home = await screen.findByRole('link', { name: 'Vinbladet – till startsidan' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.se/logo.svg');
    expect(screen.getByText('Stockholms vinguide')).toBeTruthy();
    expect(screen.queryByText('Sveriges vinguide')).toBeNull();
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain('20+');
    expect(footer.textContent).toContain('Vinbladet är för dig som är 20 år eller äldre.');
    expect(footer.textContent).toContain('Drick med måtta.');
    expect(footer.textContent).toContain('© Vinbladet');
    expect(footer.querySelector('img')?.getAttribute('src')).toBe('/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77');
    const contact = within(footer).getByRole('region', { name: 'Kontakt' });
    expect(
      within(contact)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['tips@vinbladet.se', 'mailto:tips@vinbladet.se'],
      ['08-123 456 78', 'tel:0812345678'],
      ['Instagram', 'https://instagram.com/vinbladet'],
    ]);
    await waitFor(() => expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/icons/icon.svg'));
  });
});
