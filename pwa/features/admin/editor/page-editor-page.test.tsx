// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageContent } from '../../../../api/contract/admin-content';
import type { ContentBlock, PageContentUpdate } from '../../../../api/contract/content';
import { apiError, buildUser, clearToasts, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { publicPagePath } from './page-editor-page';
import { resetAfterEach } from '../../../test/reset-after-each';

const admin = buildUser({ role: 'admin', authType: 'admin', email: 'admin@vinpressen.se', firstName: 'Vera' });
const PAGE_ID = '00000000-0000-4000-8000-0000000000aa';
const LIST = '/api/admin/page-contents?pageId=om-oss';
const PUT = `PUT /api/admin/page-contents/${PAGE_ID}`;

const BLOCKS: ContentBlock[] = [
  { id: '1700000000001', type: 'heading', order: 0, content: { text: 'Vilka vi är', level: 'h2' } },
  { id: '1700000000002', type: 'paragraph', order: 1, content: { text: 'Vinpressen skrivs av vinälskare.' } },
];

function page(overrides: Partial<PageContent> = {}): PageContent {
  return {
    id: PAGE_ID,
    pageId: 'om-oss',
    title: 'Om Vinpressen',
    content: '<h2>Vilka vi är</h2>\n<p>Vinpressen skrivs av vinälskare.</p>',
    blocks: BLOCKS,
    isActive: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's answer to a save: the page as the server stores it (builder → its blocks; HTML → blocks null). */
function saved(body: PageContentUpdate): PageContent {
  return body.blocks
    ? page({ title: body.title, blocks: body.blocks, content: '<p>Genererad HTML</p>' })
    : page({ title: body.title, blocks: null, content: body.content ?? '' });
}

beforeEach(() => {
  // Wide screen: the block editor shows its preview beside the blocks.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
});

resetAfterEach();

type Routes = Parameters<typeof fakeApi>[0];

async function openEditor(routes: Routes = {}, path = '/admin/page-editor/om-oss') {
  const api = fakeApi({
    'GET /api/auth/current': json(200, admin),
    [`GET ${LIST}`]: json(200, { items: [page()] }),
    ...routes,
  });
  const router = renderApp(path);
  return { api, router };
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
const modeButton = (name: 'Sidbyggare' | 'HTML-redigerare') =>
  within(screen.getByRole('group', { name: 'Redigeringsläge' })).getByRole('button', { name });

describe('page editor: loading and header', () => {
  it("shows the skeleton, then the display name, 'Redigera sidinnehåll', Aktiv, the builder and Förhandsgranska to /om-oss", async () => {
    let answer: (res: Response) => void = () => {};
    await openEditor({ [`GET ${LIST}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await waitFor(() => expect(screen.getByText('Laddar sidan…')).toBeTruthy(), { timeout: 15_000 });
    answer(json(200, { items: [page()] }));

    expect((await heading()).textContent).toBe('Om Oss');
    expect(screen.getByText('Redigera sidinnehåll')).toBeTruthy();
    expect(screen.getByText('Aktiv')).toBeTruthy();
    expect(modeButton('Sidbyggare').getAttribute('aria-pressed')).toBe('true');
    expect(modeButton('HTML-redigerare').getAttribute('aria-pressed')).toBe('false');
    const preview = screen.getByRole('link', { name: /^Förhandsgranska/ });
    expect(preview.getAttribute('href')).toBe('/om-oss');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Tillbaka' }).getAttribute('href')).toBe('/admin?tab=content');
    expect(document.title).toBe('Redigera Om Oss – Vinpressen');
  });

  it("shows 'Inaktiv' for an inactive page, and a pageId without a display name as it is, without a preview", async () => {
    await openEditor(
      { 'GET /api/admin/page-contents?pageId=kampanj': json(200, { items: [page({ pageId: 'kampanj', isActive: false })] }) },
      '/admin/page-editor/kampanj',
    );
    expect((await heading()).textContent).toBe('kampanj');
    expect(screen.getByText('Inaktiv')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Förhandsgranska/ })).toBeNull();
  });

  it("says 'Sidan hittades inte' with a way back to the content tab for an unknown page", async () => {
    await openEditor({ 'GET /api/admin/page-contents?pageId=finns-inte': json(200, { items: [] }) }, '/admin/page-editor/finns-inte');
    expect((await heading()).textContent).toBe('Sidan hittades inte');
    expect(screen.getByRole('link', { name: 'Tillbaka till innehållet' }).getAttribute('href')).toBe('/admin?tab=content');
  });

  it('turns a guest away like the admin panel', async () => {
    fakeApi({});
    const router = renderApp('/admin/page-editor/om-oss');
    await findToast('Unauthorized', 'You are logged out. Logging in again...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-login'), { timeout: 3000 });
  });

  it('previews the pages the public site has, and only those', () => {
    expect(publicPagePath('om-oss')).toBe('/om-oss');
    expect(publicPagePath('fynd')).toBe('/fynd');
    expect(publicPagePath('nya-viner')).toBe('/nya-viner');
    expect(publicPagePath('admin')).toBeNull();
    expect(publicPagePath('kampanj')).toBeNull();
  });
});

describe('page editor: builder', () => {
  it("loads the saved blocks and saves title and blocks with PUT: 'Sidan har uppdaterats'", async () => {
    const { api } = await openEditor({ [PUT]: (init) => json(200, saved(JSON.parse(String(init?.body)) as PageContentUpdate)) });
    await heading();
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Om Vinpressen');
    expect((screen.getByLabelText('Rubrik') as HTMLInputElement).value).toBe('Vilka vi är');
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Vinpressen skrivs av vinälskare.');
    expect(screen.queryByText(/redigerades senast i HTML-läget/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Om oss på Vinpressen' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Vi provar vin varje vecka.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara sida' }));

    await findToast('Sidan har uppdaterats');
    const [body] = api.calls(PUT) as PageContentUpdate[];
    expect(body).toEqual({
      title: 'Om oss på Vinpressen',
      blocks: [BLOCKS[0], { ...BLOCKS[1], content: { text: 'Vi provar vin varje vecka.' } }],
    });
    expect(body).not.toHaveProperty('content');
  });

  it('warns when the page was last saved as HTML; without blocks it keeps the HTML, blocks replace it after confirming', async () => {
    const { api } = await openEditor({
      [`GET ${LIST}`]: json(200, { items: [page({ blocks: null, content: '<p>Handskriven HTML</p>' })] }),
      [PUT]: (init) => json(200, saved(JSON.parse(String(init?.body)) as PageContentUpdate)),
    });
    await heading();
    expect(screen.getByText(/redigerades senast i HTML-läget/)).toBeTruthy();
    expect(screen.getByText(/Sparar du utan block behålls HTML:en/)).toBeTruthy();
    expect(screen.getByText(/Inga block ännu/)).toBeTruthy();

    // No blocks: the save sends the HTML as it is (never an empty page), without asking.
    fireEvent.click(screen.getByRole('button', { name: 'Spara sida' }));
    await findToast('Sidan har uppdaterats');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls(PUT)).toEqual([{ title: 'Om Vinpressen', content: '<p>Handskriven HTML</p>' }]);
    clearToasts();

    // A block: saving asks first, then the blocks replace the HTML.
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till block' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Stycke' }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Nytt stycke' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara sida' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(api.calls(PUT)).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ersätt och spara' }));

    await findToast('Sidan har uppdaterats');
    expect(api.calls(PUT)[1]).toMatchObject({ title: 'Om Vinpressen', blocks: [{ type: 'paragraph', content: { text: 'Nytt stycke' } }] });
    // Saved from the builder: the warning is gone.
    await waitFor(() => expect(screen.queryByText(/redigerades senast i HTML-läget/)).toBeNull());
  });

  it("shows 'Fel vid uppdatering' and the server's messages on the title (focused) and the block's field", async () => {
    await openEditor({
      [PUT]: apiError(400, 'Rubriken får vara högst 200 tecken.', 'validation_failed', [
        { path: 'body.title', message: 'Rubriken får vara högst 200 tecken.' },
        { path: 'body.blocks.1.content.text', message: 'Texten är för lång.' },
      ]),
    });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Spara sida' }));

    await findToast('Fel vid uppdatering', 'Rubriken får vara högst 200 tecken.');
    const title = screen.getByLabelText('Titel');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Rubriken får vara högst 200 tecken.');
    expect(screen.getByText('Texten är för lång.')).toBeTruthy();
    expect(document.activeElement).toBe(title);
  });
});

describe('page editor: HTML editor', () => {
  it("shows the stored HTML, saves title and content with 'Spara ändringar' ('Sparar...' meanwhile), and the builder then warns", async () => {
    let respond: (res: Response) => void = () => {};
    let body: PageContentUpdate | undefined;
    await openEditor({
      [PUT]: (init) =>
        new Promise<Response>((resolve) => {
          body = JSON.parse(String(init?.body)) as PageContentUpdate;
          respond = resolve;
        }),
    });
    await heading();
    fireEvent.click(modeButton('HTML-redigerare'));
    expect(modeButton('HTML-redigerare').getAttribute('aria-pressed')).toBe('true');
    const textarea = screen.getByLabelText('HTML-innehåll') as HTMLTextAreaElement;
    expect(textarea.value).toBe(page().content);
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Om Vinpressen');

    fireEvent.change(textarea, { target: { value: '<p>Ny text om oss</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    const busy = await screen.findByRole('button', { name: 'Sparar...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(body).toEqual({ title: 'Om Vinpressen', content: '<p>Ny text om oss</p>' });
    respond(json(200, saved(body!)));

    await findToast('Sidan har uppdaterats');
    await screen.findByRole('button', { name: 'Spara ändringar' });

    fireEvent.click(modeButton('Sidbyggare'));
    expect(screen.getByText(/redigerades senast i HTML-läget/)).toBeTruthy();
    expect(screen.queryByLabelText('Rubrik')).toBeNull();
  });

  it("shows the server's message on the HTML field when it refuses the content", async () => {
    await openEditor({
      [PUT]: apiError(400, 'För långt innehåll.', 'validation_failed', [{ path: 'body.content', message: 'För långt innehåll.' }]),
    });
    await heading();
    fireEvent.click(modeButton('HTML-redigerare'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await findToast('Fel vid uppdatering', 'För långt innehåll.');
    const textarea = screen.getByLabelText('HTML-innehåll');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(textarea.getAttribute('aria-describedby')!)?.textContent).toBe('För långt innehåll.');
  });
});
