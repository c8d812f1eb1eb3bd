// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, ArticleInput, ContentBlock } from '../../../../api/contract/content';
import { CONTENT_MESSAGES } from '../../../../api/contract/content-rules';
import { apiError, buildUser, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { resetAfterEach } from '../../../test/reset-after-each';

const admin = buildUser({ role: 'admin', authType: 'admin', email: 'admin@vinpressen.se', firstName: 'Vera' });
const ID = '00000000-0000-4000-8000-00000000a001';
const BLOCKS: ContentBlock[] = [{ id: '1700000000001', type: 'paragraph', order: 0, content: { text: 'Höstens första vin.' } }];

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: ID,
    slug: 'hostens-viner',
    title: 'Höstens viner',
    excerpt: 'Tolv viner till mörka kvällar.',
    content: '<p>Höstens första vin.</p>',
    blocks: BLOCKS,
    authorId: 'Vera Vinlund',
    featuredImageUrl: '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
    isPublished: false,
    publishedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The article as the server stores a create or update. */
function stored(body: ArticleInput, base: Article = article()): Article {
  return {
    ...base,
    title: body.title,
    excerpt: body.excerpt ?? '',
    authorId: body.authorId ?? 'admin',
    featuredImageUrl: body.featuredImageUrl ?? null,
    isPublished: body.isPublished ?? false,
    blocks: (body.blocks as ContentBlock[] | undefined) ?? null,
    content: body.blocks ? '<p>Genererad</p>' : (body.content ?? ''),
  };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as ArticleInput;

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
});

resetAfterEach();

type Routes = Parameters<typeof fakeApi>[0];

function openEditor(path: string, routes: Routes = {}) {
  const api = fakeApi({
    'GET /api/auth/current': json(200, admin),
    [`GET /api/admin/articles/${ID}`]: json(200, article()),
    'GET /api/admin/articles': json(200, { items: [] }),
    'GET /api/admin/page-contents': json(200, { items: [] }),
    'GET /api/admin/default-content': json(200, { needed: false, pages: 5, settings: 14, articles: 1 }),
    ...routes,
  });
  const router = renderApp(path);
  return { api, router };
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const publishSwitch = () => screen.getByRole('switch', { name: 'Publicera artikel' });
const modeButton = (name: 'Artikelbyggare' | 'HTML-redigerare') =>
  within(screen.getByRole('group', { name: 'Redigeringsläge' })).getByRole('button', { name });

describe('article editor: a new article', () => {
  it("reads 'Skapa ny artikel' with empty metadata, author 'admin', the switch off, no badge and no preview", async () => {
    openEditor('/admin/article-editor');
    expect((await heading()).textContent).toBe('Skapa ny artikel');
    expect(field('Artikeltitel').value).toBe('');
    expect(field('Sammanfattning').value).toBe('');
    expect(field('Huvudbild URL').value).toBe('');
    expect(field('Författare').value).toBe('admin');
    expect(publishSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Utkast')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Förhandsgranska/ })).toBeNull();
    expect(modeButton('Artikelbyggare').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Spara artikel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka' }).getAttribute('href')).toBe('/admin?tab=articles');

    fireEvent.click(modeButton('HTML-redigerare'));
    expect(screen.getByRole('button', { name: 'Skapa artikel' })).toBeTruthy();
  });

  it("creates from the builder with POST (metadata, blocks, published), says 'Artikel skapad' and goes to the articles", async () => {
    const { api, router } = openEditor('/admin/article-editor', {
      'POST /api/admin/articles': (init) => json(201, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.change(field('Artikeltitel'), { target: { value: 'Glögg på riktigt' } });
    fireEvent.change(field('Sammanfattning'), { target: { value: 'Kryddigt och varmt.' } });
    fireEvent.change(field('Författare'), { target: { value: 'Vera Vinlund' } });
    fireEvent.click(publishSwitch());
    expect(publishSwitch().getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Lägg till block' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rubrik' }));
    fireEvent.change(await screen.findByLabelText('Rubrik'), { target: { value: 'Så gör du' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));

    await findToast('Artikel skapad');
    const [body] = api.calls('POST /api/admin/articles') as ArticleInput[];
    expect(body).toMatchObject({
      title: 'Glögg på riktigt',
      excerpt: 'Kryddigt och varmt.',
      authorId: 'Vera Vinlund',
      featuredImageUrl: null,
      isPublished: true,
      blocks: [{ type: 'heading', order: 0, content: { text: 'Så gör du', level: 'h2' } }],
    });
    expect(body).not.toHaveProperty('content');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/admin?tab=articles'));
  });

  it("creates from the HTML editor with 'Skapa artikel' (content, no blocks)", async () => {
    const { api } = openEditor('/admin/article-editor', { 'POST /api/admin/articles': (init) => json(201, stored(bodyOf(init))) });
    await heading();
    fireEvent.change(field('Artikeltitel'), { target: { value: 'Kort om bubbel' } });
    fireEvent.click(modeButton('HTML-redigerare'));
    fireEvent.change(screen.getByLabelText('HTML-innehåll'), { target: { value: '<p>Bubbel!</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skapa artikel' }));
    await findToast('Artikel skapad');
    expect(api.calls('POST /api/admin/articles')).toEqual([
      { title: 'Kort om bubbel', excerpt: '', featuredImageUrl: null, authorId: 'admin', isPublished: false, content: '<p>Bubbel!</p>' },
    ]);
  });

  it('refuses a blank title before sending (ArticleInput): the message on the field and the focus in it', async () => {
    const { api, router } = openEditor('/admin/article-editor', {
      'POST /api/admin/articles': (init) => json(201, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    const title = field('Artikeltitel');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Ange en rubrik.');
    expect(document.activeElement).toBe(title);
    expect(api.calls('POST /api/admin/articles')).toEqual([]);
    expect(router.state.location.pathname).toBe('/admin/article-editor');
  });

  it("says 'Fel vid skapande', stays, and puts the server's title message on the field and the focus in it", async () => {
    const { router } = openEditor('/admin/article-editor', {
      'POST /api/admin/articles': apiError(400, 'Rubriken finns redan.', 'validation_failed', [
        { path: 'body.title', message: 'Rubriken finns redan.' },
      ]),
    });
    await heading();
    fireEvent.change(field('Artikeltitel'), { target: { value: 'Höstens viner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    await findToast('Fel vid skapande', 'Rubriken finns redan.');
    const title = field('Artikeltitel');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Rubriken finns redan.');
    expect(document.activeElement).toBe(title);
    expect(router.state.location.pathname).toBe('/admin/article-editor');
  });

  it('uploads a featured image and puts its address in Huvudbild URL', async () => {
    const url = '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77';
    const { api } = openEditor('/admin/article-editor', {
      'POST /api/admin/images': json(201, {
        id: '2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
        url,
        contentType: 'image/png',
        byteSize: 68,
        width: 1,
        height: 1,
      }),
    });
    await heading();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'glogg.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Huvudbild att ladda upp'), { target: { files: [file] } });
    await waitFor(() => expect(field('Huvudbild URL').value).toBe(url));
    expect(api.fetchMock.mock.calls.filter(([u, init]) => u === '/api/admin/images' && init?.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Ta bort bilden' })).toBeTruthy();
  });
});

describe('article editor: an existing article', () => {
  it("reads 'Redigera artikel' with Utkast, the preview of /artiklar/{slug}, the metadata and the saved blocks", async () => {
    openEditor(`/admin/article-editor/${ID}`);
    expect((await heading()).textContent).toBe('Redigera artikel');
    expect(screen.getByText('Utkast')).toBeTruthy();
    const preview = screen.getByRole('link', { name: /^Förhandsgranska/ });
    expect(preview.getAttribute('href')).toBe('/artiklar/hostens-viner');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(field('Artikeltitel').value).toBe('Höstens viner');
    expect(field('Sammanfattning').value).toBe('Tolv viner till mörka kvällar.');
    expect(field('Huvudbild URL').value).toBe('/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77');
    expect(field('Författare').value).toBe('Vera Vinlund');
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Höstens första vin.');
    fireEvent.click(modeButton('HTML-redigerare'));
    expect((screen.getByLabelText('HTML-innehåll') as HTMLTextAreaElement).value).toBe('<p>Höstens första vin.</p>');
    expect(screen.getByRole('button', { name: 'Uppdatera artikel' })).toBeTruthy();
  });

  it("publishes with PUT, says 'Artikel uppdaterad', stays and shows Publicerad", async () => {
    const { api, router } = openEditor(`/admin/article-editor/${ID}`, {
      [`PUT /api/admin/articles/${ID}`]: (init) => json(200, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.click(publishSwitch());
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));

    await findToast('Artikel uppdaterad');
    expect(api.calls(`PUT /api/admin/articles/${ID}`)).toEqual([
      {
        title: 'Höstens viner',
        excerpt: 'Tolv viner till mörka kvällar.',
        featuredImageUrl: '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
        authorId: 'Vera Vinlund',
        isPublished: true,
        blocks: BLOCKS,
      },
    ]);
    await screen.findByText('Publicerad');
    expect(router.state.location.pathname).toBe(`/admin/article-editor/${ID}`);
  });

  it("updates from the HTML editor with 'Uppdatera artikel'; publishing from the builder then keeps the HTML", async () => {
    const { api } = openEditor(`/admin/article-editor/${ID}`, {
      [`PUT /api/admin/articles/${ID}`]: (init) => json(200, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.click(modeButton('HTML-redigerare'));
    fireEvent.change(screen.getByLabelText('HTML-innehåll'), { target: { value: '<p>Omskriven</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uppdatera artikel' }));
    await findToast('Artikel uppdaterad');
    expect(api.calls(`PUT /api/admin/articles/${ID}`)).toEqual([expect.objectContaining({ content: '<p>Omskriven</p>' })]);
    expect(api.calls(`PUT /api/admin/articles/${ID}`)[0]).not.toHaveProperty('blocks');

    // The path that used to empty the article: builder mode, 'Publicera artikel' flipped, saved. No blocks: the HTML
    // is sent as it is, without 'Ersätt och spara'.
    fireEvent.click(modeButton('Artikelbyggare'));
    expect(screen.getByText(/redigerades senast i HTML-läget/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Publicera artikel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    await waitFor(() => expect(api.calls(`PUT /api/admin/articles/${ID}`)).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const second = api.calls(`PUT /api/admin/articles/${ID}`)[1]!;
    expect(second).toMatchObject({ content: '<p>Omskriven</p>' });
    expect(second).not.toHaveProperty('blocks');
  });

  it('asks before blocks replace HTML edited in the HTML mode and not yet saved', async () => {
    const { api } = openEditor(`/admin/article-editor/${ID}`, {
      [`PUT /api/admin/articles/${ID}`]: (init) => json(200, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.click(modeButton('HTML-redigerare'));
    fireEvent.change(screen.getByLabelText('HTML-innehåll'), { target: { value: '<p>Osparad text</p>' } });
    fireEvent.click(modeButton('Artikelbyggare'));
    expect(screen.getByText(/redigerades senast i HTML-läget/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    // The builder has the article's saved blocks: saving them would replace the unsaved HTML, so it asks.
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    expect(api.calls(`PUT /api/admin/articles/${ID}`)).toEqual([]);
  });

  it('refuses an unsafe image address before sending (ArticleInput), with the message and the focus on the field', async () => {
    const { api } = openEditor(`/admin/article-editor/${ID}`, {
      [`PUT /api/admin/articles/${ID}`]: (init) => json(200, stored(bodyOf(init))),
    });
    await heading();
    fireEvent.change(field('Huvudbild URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    const image = field('Huvudbild URL');
    await waitFor(() => expect(image.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(image.getAttribute('aria-describedby')!)?.textContent).toBe(CONTENT_MESSAGES.imageInvalid);
    expect(document.activeElement).toBe(image);
    expect(api.calls(`PUT /api/admin/articles/${ID}`)).toEqual([]);
  });

  it("says 'Fel vid uppdatering' when the update fails, with the server's message on the field and the focus in it", async () => {
    openEditor(`/admin/article-editor/${ID}`, {
      [`PUT /api/admin/articles/${ID}`]: apiError(
        400,
        'Ange en bildadress som börjar med https:// eller /, eller ladda upp en bild.',
        'validation_failed',
        [{ path: 'body.featuredImageUrl', message: 'Ange en bildadress som börjar med https:// eller /, eller ladda upp en bild.' }],
      ),
    });
    await heading();
    fireEvent.change(field('Huvudbild URL'), { target: { value: 'https://bilder.example/saknas.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara artikel' }));
    await findToast('Fel vid uppdatering', 'Ange en bildadress som börjar med https:// eller /, eller ladda upp en bild.');
    expect(field('Huvudbild URL').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Huvudbild URL'));
  });

  it("says 'Artikeln hittades inte' for an unknown id, with a way back to the articles", async () => {
    openEditor(`/admin/article-editor/${ID}`, { [`GET /api/admin/articles/${ID}`]: apiError(404, 'Artikeln hittades inte', 'not_found') });
    expect((await heading()).textContent).toBe('Artikeln hittades inte');
    expect(screen.getByRole('link', { name: 'Tillbaka till artiklarna' }).getAttribute('href')).toBe('/admin?tab=articles');
  });
});

describe('admin panel: ?tab=articles&edit={id}', () => {
  it('opens the content tab, then after 100 ms the article editor for that id, in place of the panel', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const { router } = openEditor(`/admin?tab=articles&edit=${ID}`);
    const moves: string[] = [];
    router.subscribe((state) => moves.push(`${state.historyAction} ${state.location.pathname}${state.location.search}`));

    await screen.findByRole('heading', { level: 1, name: 'Redigera artikel' }, { timeout: 15_000 });
    expect(moves).toEqual([`REPLACE /admin/article-editor/${ID}`]);
    expect(timers.mock.calls.some(([, ms]) => ms === 100)).toBe(true);
  });
});
