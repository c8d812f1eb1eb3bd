// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SETTING_MESSAGES, type Diagnostics, type PageContent, type SiteSetting } from '../../../../api/contract/admin-content';
import { SITE_SETTINGS, siteSettingDefinition } from '../../../../api/contract/site-settings';
import type { ArticleSummary } from '../../../../api/contract/content';
import { apiError, buildUser, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const admin = buildUser({ role: 'admin', authType: 'admin', email: 'admin@vinpressen.se', firstName: 'Vera' });
const NOT_NEEDED = { needed: false, pages: 5, settings: 14, articles: 1 };
const NEEDED = { ...NOT_NEEDED, needed: true };

function setting(key: string, value: string, description = `Beskrivning av ${key}`): SiteSetting {
  return { key, value, description, updatedAt: '2026-11-20T10:00:00.000Z' };
}

function page(pageId: string, title: string, isActive = true): PageContent {
  return {
    id: `00000000-0000-4000-8000-${pageId
      .padEnd(12, '0')
      .slice(0, 12)
      .replace(/[^0-9a-f]/g, 'a')}`,
    pageId,
    title,
    content: '<p>Text</p>',
    blocks: null,
    isActive,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

function article(id: string, title: string, isPublished: boolean): ArticleSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    slug: title.toLowerCase().replace(/[^a-z]+/g, '-'),
    title,
    excerpt: '',
    authorId: 'Vera Vinlund',
    featuredImageUrl: null,
    isPublished,
    publishedAt: isPublished ? '2026-11-21T09:30:00.000Z' : null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-22T15:45:00.000Z',
  };
}

type Routes = Parameters<typeof fakeApi>[0];

/** /admin?tab=content as the admin, with the content endpoints answering `routes` (defaults: nothing stored). */
async function openContent(routes: Routes = {}) {
  const api = fakeApi({
    'GET /api/auth/current': json(200, admin),
    'GET /api/admin/default-content': json(200, NOT_NEEDED),
    'GET /api/admin/page-contents': json(200, { items: [] }),
    'GET /api/admin/settings': json(200, { items: [] }),
    ...routes,
  });
  renderApp('/admin?tab=content');
  // The content tab is a lazy chunk: the first test of the file waits for it to load.
  await screen.findByRole('heading', { name: 'INNEHÅLLSHANTERING' }, { timeout: 5000 });
  return api;
}

const subTab = (name: string) => within(screen.getByRole('tablist', { name: 'Innehållets delar' })).getByRole('tab', { name });

describe('content tab: sub-tabs', () => {
  it('has the sub-tabs Sidor, Artiklar, Slider, Inställningar, Logotyper, Diagnostik and Medaljer, Sidor first', async () => {
    await openContent();
    const tabs = within(screen.getByRole('tablist', { name: 'Innehållets delar' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Sidor', 'Artiklar', 'Slider', 'Inställningar', 'Logotyper', 'Diagnostik', 'Medaljer']);
    expect(subTab('Sidor').getAttribute('aria-selected')).toBe('true');
  });

  it('opens Artiklar for ?tab=articles, and writes the sub-tab back to the address', async () => {
    fakeApi({
      'GET /api/auth/current': json(200, admin),
      'GET /api/admin/default-content': json(200, NOT_NEEDED),
      'GET /api/admin/page-contents': json(200, { items: [] }),
      'GET /api/admin/articles': json(200, { items: [] }),
    });
    const router = renderApp('/admin?tab=articles');
    await screen.findByRole('heading', { name: 'INNEHÅLLSHANTERING' }, { timeout: 5000 });
    expect(subTab('Artiklar').getAttribute('aria-selected')).toBe('true');
    expect(
      within(screen.getByRole('tablist', { name: 'Adminpanelens flikar' }))
        .getByRole('tab', { name: 'Innehåll' })
        .getAttribute('aria-selected'),
    ).toBe('true');

    fireEvent.click(subTab('Sidor'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=content'));
    fireEvent.click(subTab('Artiklar'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=articles'));
  });
});

describe('content tab: the migration card', () => {
  it("shows 'Migrera data nu' with 5 pages, 14 settings and 1 article when the server says both tables are empty", async () => {
    await openContent({ 'GET /api/admin/default-content': json(200, NEEDED) });
    const card = (await screen.findByRole('button', { name: 'Migrera data nu' })).closest('section')!;
    expect(card.textContent).toContain('5 sidor, 14 inställningar och 1 artikel');
  });

  it('is not shown when pages or settings exist', async () => {
    await openContent({ 'GET /api/admin/page-contents': json(200, { items: [page('om-oss', 'Om Oss')] }) });
    await screen.findByText('Om Oss');
    expect(screen.queryByRole('button', { name: 'Migrera data nu' })).toBeNull();
  });

  it('migrates: POST, the toast with the summary, and the lists and the card are read again', async () => {
    let migrated = false;
    const api = await openContent({
      'GET /api/admin/default-content': () => json(200, migrated ? NOT_NEEDED : NEEDED),
      'GET /api/admin/page-contents': () => json(200, { items: migrated ? [page('fynd', 'Fynd'), page('om-oss', 'Om Oss', false)] : [] }),
      'POST /api/admin/default-content': () => {
        migrated = true;
        return json(201, {
          message: 'Standardinnehållet är skapat: 5 sidor, 14 inställningar och 1 artikel.',
          created: { pages: 5, settings: 14, articles: 1 },
        });
      },
    });
    await screen.findByText('Inga sidor hittades. Skapa standardsidor först.');

    fireEvent.click(await screen.findByRole('button', { name: 'Migrera data nu' }));

    await findToast('Standardinnehållet är skapat: 5 sidor, 14 inställningar och 1 artikel.');
    expect(api.calls('POST /api/admin/default-content')).toHaveLength(1);
    const list = await screen.findByRole('list', { name: 'Sidor' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Fynd.*fynd.*Aktiv.*Redigera$/), expect.stringMatching(/^Om Oss.*om-oss.*Inaktiv.*Redigera$/)]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Migrera data nu' })).toBeNull());
  });

  it('says why when the migration fails', async () => {
    await openContent({
      'GET /api/admin/default-content': json(200, NEEDED),
      'POST /api/admin/default-content': apiError(409, 'Det finns redan sidor eller inställningar, så standardinnehållet skapas inte.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Migrera data nu' }));
    await findToast('Migreringen misslyckades', 'Det finns redan sidor eller inställningar, så standardinnehållet skapas inte.');
  });
});

describe('content tab: Sidor', () => {
  it("says 'Inga sidor hittades. Skapa standardsidor först.' when there are none, and offers no edit buttons", async () => {
    await openContent();
    await screen.findByText('Inga sidor hittades. Skapa standardsidor först.');
    expect(screen.queryByRole('link', { name: /Redigera/ })).toBeNull();
  });

  it("lists pageId, title and the badge, and 'Redigera' opens /admin/page-editor/{pageId}", async () => {
    await openContent({ 'GET /api/admin/page-contents': json(200, { items: [page('om-oss', 'Om Oss'), page('recept', 'Recept', false)] }) });
    const list = await screen.findByRole('list', { name: 'Sidor' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Om Oss.*om-oss.*Aktiv.*Redigera$/),
      expect.stringMatching(/^Recept.*recept.*Inaktiv.*Redigera$/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Redigera Om Oss' }).getAttribute('href')).toBe('/admin/page-editor/om-oss');
    expect(within(rows[1]!).getByRole('link', { name: 'Redigera Recept' }).getAttribute('href')).toBe('/admin/page-editor/recept');
  });
});

describe('content tab: Artiklar', () => {
  async function openArticles(routes: Routes = {}) {
    const api = await openContent(routes);
    fireEvent.click(subTab('Artiklar'));
    return api;
  }

  it("says so when there are no articles, and 'Ny artikel' opens the article editor", async () => {
    await openArticles({ 'GET /api/admin/articles': json(200, { items: [] }) });
    await screen.findByText("Inga artiklar ännu. Skapa den första med 'Ny artikel'.");
    expect(screen.getByRole('link', { name: 'Ny artikel' }).getAttribute('href')).toBe('/admin/article-editor');
  });

  it('lists title, address, Publicerad/Utkast, date and author, with Redigera to the editor', async () => {
    await openArticles({
      'GET /api/admin/articles': json(200, { items: [article('1', 'Höstens viner', true), article('2', 'Glögg och tilltugg', false)] }),
    });
    const list = await screen.findByRole('list', { name: 'Artiklar' });
    const [published, draft] = within(list).getAllByRole('listitem');
    expect(published!.textContent).toContain('Höstens viner');
    expect(published!.textContent).toContain('Publicerad');
    expect(published!.textContent).toContain('/artiklar/h-stens-viner');
    expect(published!.textContent).toMatch(/Publicerad 21 nov\. 2026 10:30/);
    expect(published!.textContent).toContain('Av Vera Vinlund');
    expect(draft!.textContent).toContain('Utkast');
    expect(draft!.textContent).toMatch(/Ändrad 22 nov\. 2026 16:45/);
    expect(within(published!).getByRole('link', { name: 'Redigera Höstens viner' }).getAttribute('href')).toBe(
      '/admin/article-editor/00000000-0000-4000-8000-000000000001',
    );
  });

  it('deletes an article only after the confirmation, then reads the list again', async () => {
    let deleted = false;
    const api = await openArticles({
      'GET /api/admin/articles': () => json(200, { items: deleted ? [] : [article('1', 'Höstens viner', true)] }),
      'DELETE /api/admin/articles/00000000-0000-4000-8000-000000000001': () => {
        deleted = true;
        return json(200, { id: '00000000-0000-4000-8000-000000000001', deleted: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ta bort Höstens viner' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "Höstens viner"?');
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));

    await findToast('Artikeln borttagen');
    expect(api.calls('DELETE /api/admin/articles/00000000-0000-4000-8000-000000000001')).toHaveLength(1);
    await screen.findByText("Inga artiklar ännu. Skapa den första med 'Ny artikel'.");
  });

  it("says 'Borttagning misslyckades' with the server's message when the delete fails", async () => {
    await openArticles({
      'GET /api/admin/articles': json(200, { items: [article('1', 'Höstens viner', true)] }),
      'DELETE /api/admin/articles/00000000-0000-4000-8000-000000000001': apiError(404, 'Artikeln hittades inte'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ta bort Höstens viner' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Borttagning misslyckades', 'Artikeln hittades inte');
  });
});

describe('content tab: Inställningar', () => {
  const stored = [
    setting('logo.header', '/icons/icon.svg'),
    setting('site.name', 'Vinpressen', 'Webbplatsens namn'),
    setting('footer.text', 'x'.repeat(120)),
  ];

  async function openSettings(routes: Routes = {}) {
    const api = await openContent({ 'GET /api/admin/settings': json(200, { items: stored }), ...routes });
    fireEvent.click(subTab('Inställningar'));
    await screen.findByRole('heading', { name: 'site.name' });
    return api;
  }

  it("shows one card per setting whose key does not contain 'logo': key, description, value and Spara", async () => {
    await openSettings();
    expect(screen.queryByRole('heading', { name: 'logo.header' })).toBeNull();
    const card = screen.getByRole('article', { name: 'site.name' });
    expect(card.textContent).toContain('Webbplatsens namn');
    expect((within(card).getByLabelText('Värde för site.name') as HTMLInputElement).value).toBe('Vinpressen');
    // A long value is edited in a textarea.
    expect(within(screen.getByRole('article', { name: 'footer.text' })).getByLabelText('Värde för footer.text').tagName).toBe('TEXTAREA');
    expect((within(card).getByRole('button', { name: 'Spara' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves the value with PUT and says 'Inställningen sparad'", async () => {
    const api = await openSettings({ 'PUT /api/admin/settings/site.name': json(200, setting('site.name', 'Vinpressen Plus', 'Webbplatsens namn')) });
    const card = screen.getByRole('article', { name: 'site.name' });
    fireEvent.change(within(card).getByLabelText('Värde för site.name'), { target: { value: 'Vinpressen Plus' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Spara' }));

    await findToast('Inställningen sparad');
    expect(api.calls('PUT /api/admin/settings/site.name')).toEqual([{ value: 'Vinpressen Plus' }]);
  });

  it("shows the server's message on the value field when it refuses the value", async () => {
    const message = 'Ange en giltig e-postadress.';
    await openContent({
      'GET /api/admin/settings': json(200, { items: [setting('contact.email', 'a@b.se')] }),
      'PUT /api/admin/settings/contact.email': apiError(400, message, 'validation_failed', [{ path: 'body.value', message }]),
    });
    fireEvent.click(subTab('Inställningar'));
    const field = (await screen.findByLabelText('Värde för contact.email')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'inte en adress' } });
    fireEvent.click(within(screen.getByRole('article', { name: 'contact.email' })).getByRole('button', { name: 'Spara' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe(message);
    await findToast('Fel vid uppdatering', message);
  });

  it('adds one of the settings the site uses that is not stored yet, with its value; the server checks the value', async () => {
    const api = await openSettings({
      'PUT /api/admin/settings/age.limit': apiError(400, SETTING_MESSAGES.integer(18, 99), 'validation_failed', [
        { path: 'body.value', message: SETTING_MESSAGES.integer(18, 99) },
      ]),
      'PUT /api/admin/settings/folkets_val.min_reviews': json(201, setting('folkets_val.min_reviews', '5')),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ny inställning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny inställning' });
    const key = within(dialog).getByLabelText('Inställning') as HTMLSelectElement;
    const offered = [...key.options].map((o) => o.value);
    // Only known keys, and none already stored.
    expect(offered).not.toContain('site.name');
    expect(offered).toContain('folkets_val.min_reviews');
    expect(offered.every((k) => SITE_SETTINGS.some((s) => s.key === k))).toBe(true);

    expect(offered).toContain('age.limit');
    fireEvent.change(key, { target: { value: 'age.limit' } });
    fireEvent.change(within(dialog).getByLabelText('Värde'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    expect(await within(dialog).findByText(SETTING_MESSAGES.integer(18, 99))).toBeTruthy();
    fireEvent.change(key, { target: { value: 'folkets_val.min_reviews' } });
    expect(dialog.textContent).toContain(siteSettingDefinition('folkets_val.min_reviews')!.description);
    fireEvent.change(within(dialog).getByLabelText('Värde'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));

    await findToast('Inställningen tillagd');
    expect(api.calls('PUT /api/admin/settings/folkets_val.min_reviews')).toEqual([{ value: '5' }]);
  });

  it('deletes a setting after a confirmation', async () => {
    const api = await openSettings({ 'DELETE /api/admin/settings/site.name': new Response(null, { status: 204 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort site.name' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Inställningen borttagen');
    expect(api.calls('DELETE /api/admin/settings/site.name')).toHaveLength(1);
  });
});

describe('content tab: Logotyper', () => {
  it('lists only logo settings with a preview, and uploads a new logo into the setting', async () => {
    const uploadedUrl = '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77';
    const api = await openContent({
      'GET /api/admin/settings': json(200, { items: [setting('logo.header', '/icons/icon.svg'), setting('site.name', 'Vinpressen')] }),
      'POST /api/admin/images': json(201, {
        id: '2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
        url: uploadedUrl,
        contentType: 'image/png',
        byteSize: 68,
        width: 1,
        height: 1,
      }),
      'PUT /api/admin/settings/logo.header': json(200, setting('logo.header', uploadedUrl)),
    });
    fireEvent.click(subTab('Logotyper'));
    const card = await screen.findByRole('article', { name: 'logo.header' });
    expect(screen.queryByRole('article', { name: 'site.name' })).toBeNull();
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/icons/icon.svg');

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logga.png', { type: 'image/png' });
    fireEvent.change(within(card).getByLabelText('Ladda upp ny logotyp'), { target: { files: [file] } });

    await findToast('Logotypen uppladdad');
    const upload = api.fetchMock.mock.calls.find(([url, init]) => url === '/api/admin/images' && init?.method === 'POST')!;
    expect(upload[1]!.body).toBeInstanceOf(FormData);
    expect(((upload[1]!.body as FormData).get('image') as File).name).toBe('logga.png');
    expect(new Headers(upload[1]!.headers).get('X-Vinpressen-Upload')).toBe('1');
    expect(api.calls('PUT /api/admin/settings/logo.header')).toEqual([{ value: uploadedUrl }]);
  });
});

describe('content tab: Diagnostik', () => {
  const diagnostics: Diagnostics = {
    generatedAt: '2026-11-23T10:00:00.000Z',
    server: {
      host: 'vinpressen.se',
      protocol: 'https',
      nodeEnv: 'production',
      version: '0.1.0',
      nodeVersion: 'v20.20.2',
      uptimeSeconds: 3700,
      instance: 'web-1 (pid 7)',
    },
    database: { ok: true, serverVersion: '18.0', latencyMs: 1.2, latestMigration: '20261122001200_seed_medal_designs.ts' },
    jobs: { ready: true },
    session: {
      authenticated: true,
      fingerprint: 'ab12cd34',
      userEmail: 'admin@vinpressen.se',
      cookieName: 'vinpressen.sid',
      cookiePresent: true,
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
      domain: null,
    },
    authTest: { status: 200, user: { id: 'u1', email: 'admin@vinpressen.se', role: 'admin', authType: 'admin', isActive: true } },
  };

  it('shows the server, database, session and auth test facts and the raw JSON', async () => {
    await openContent({ 'GET /api/admin/diagnostics': json(200, diagnostics) });
    fireEvent.click(subTab('Diagnostik'));
    const server = await screen.findByRole('region', { name: 'Server' });
    expect(server.textContent).toContain('vinpressen.se');
    expect(server.textContent).toContain('production');
    expect(screen.getByRole('region', { name: 'Databas och jobbkö' }).textContent).toContain('ok');
    expect(screen.getByRole('region', { name: 'Session' }).textContent).toContain('admin@vinpressen.se');
    expect(screen.getByText(/Senast uppdaterad \d\d:\d\d:\d\d/)).toBeTruthy();
    expect(JSON.parse(document.querySelector('pre')!.textContent!)).toEqual(diagnostics);
  });

  it("says 'Fel vid laddning av diagnostik: ' and the message when the read fails", async () => {
    await openContent({ 'GET /api/admin/diagnostics': apiError(500, 'Något gick fel på servern.') });
    fireEvent.click(subTab('Diagnostik'));
    expect((await screen.findByRole('alert')).textContent).toBe('Fel vid laddning av diagnostik: Något gick fel på servern.');
  });

  it('asks again every 30 seconds while shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await openContent({ 'GET /api/admin/diagnostics': json(200, diagnostics) });
    fireEvent.click(subTab('Diagnostik'));
    await screen.findByRole('region', { name: 'Server' });
    const count = () => api.fetchMock.mock.calls.filter(([url]) => url === '/api/admin/diagnostics').length;
    expect(count()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(count()).toBe(2));
  });
});
