// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, ArticleSummary, PublicPage } from '../../../api/contract/content';
import { apiError, fakeApi, json, renderApp } from '../../test/test-utils';

function summary(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: '0a0a0a0a-1111-4111-8111-111111111111',
    slug: 'hostens-viner',
    title: 'Höstens viner',
    excerpt: 'Fem viner till svampen.',
    authorId: 'admin',
    featuredImageUrl: '/api/images/host.jpg',
    isPublished: true,
    publishedAt: '2026-10-01T08:00:00.000Z',
    createdAt: '2026-09-30T08:00:00.000Z',
    updatedAt: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

function article(overrides: Partial<Article> = {}): Article {
  return { ...summary(), content: '<p>HTML-texten</p>', blocks: null, ...overrides };
}

const meta = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const el of document.head.querySelectorAll('meta')) el.remove();
});

describe('/artiklar/{slug}', () => {
  it('shows a published article: title, excerpt, author, Swedish date, featured image and its HTML', async () => {
    fakeApi({ 'GET /api/articles/hostens-viner': json(200, article()) });
    renderApp('/artiklar/hostens-viner');

    const main = screen.getByRole('main');
    expect((await within(main).findByRole('heading', { level: 1 })).textContent).toBe('Höstens viner');
    expect(within(main).getByText('Fem viner till svampen.')).toBeTruthy();
    expect(within(main).getByText('Vinpressens redaktion')).toBeTruthy();
    const time = main.querySelector('time')!;
    expect(time.textContent).toBe('1 oktober 2026');
    expect(time.getAttribute('dateTime')).toBe('2026-10-01T08:00:00.000Z');
    expect(main.querySelector('figure img')!.getAttribute('src')).toBe('/api/images/host.jpg');
    expect(within(main).getByText('HTML-texten')).toBeTruthy();
    expect(within(main).queryByRole('status')).toBeNull();
  });

  it('sets the title, description, canonical address and Open Graph tags, and the next page sets its own', async () => {
    fakeApi({ 'GET /api/articles/hostens-viner': json(200, article()), 'GET /api/articles': json(200, { items: [] }) });
    const router = renderApp('/artiklar/hostens-viner');

    await waitFor(() => expect(document.title).toBe('Höstens viner – Vinpressen'));
    expect(meta('name="description"')).toBe('Fem viner till svampen.');
    expect(meta('property="og:title"')).toBe('Höstens viner');
    expect(meta('property="og:description"')).toBe('Fem viner till svampen.');
    expect(meta('property="og:type"')).toBe('article');
    expect(meta('property="og:url"')).toBe(`${window.location.origin}/artiklar/hostens-viner`);
    expect(meta('property="og:image"')).toBe(`${window.location.origin}/api/images/host.jpg`);

    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/artiklar/hostens-viner`);

    await router.navigate('/artiklar');
    await waitFor(() => expect(document.title).toBe('Artiklar – Vinpressen'));
    expect(meta('property="og:title"')).toBe('Artiklar');
    expect(meta('property="og:type"')).toBe('website');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/artiklar`);
  });

  it('renders the builder blocks when the article has them, and an author by name', async () => {
    fakeApi({
      'GET /api/articles/hostens-viner': json(
        200,
        article({ authorId: 'Anna Svensson', blocks: [{ id: '1', type: 'quote', content: { text: 'Skål!', author: 'Anna' }, order: 0 }] }),
      ),
    });
    renderApp('/artiklar/hostens-viner');

    expect((await screen.findByText('Skål!')).closest('blockquote')).toBeTruthy();
    expect(screen.queryByText('HTML-texten')).toBeNull();
    expect(screen.getByText('Anna Svensson')).toBeTruthy();
  });

  it("says 'Artikeln hittades inte' in Swedish for a missing or unpublished article", async () => {
    fakeApi({ 'GET /api/articles/utkast': apiError(404, 'Artikeln hittades inte', 'not_found') });
    renderApp('/artiklar/utkast');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Artikeln hittades inte');
    expect(screen.getByRole('link', { name: 'Alla artiklar' }).getAttribute('href')).toBe('/artiklar');
    await waitFor(() => expect(document.title).toBe('Artikeln hittades inte – Vinpressen'));
  });

  it('marks a draft an admin previews', async () => {
    fakeApi({ 'GET /api/articles/utkast': json(200, article({ slug: 'utkast', isPublished: false, publishedAt: null })) });
    renderApp('/artiklar/utkast');

    expect((await screen.findByRole('status')).textContent).toContain('Artikeln är inte publicerad');
    expect(screen.getByText('Skapad', { exact: false })).toBeTruthy();
  });
});

describe('/artiklar', () => {
  it('lists the published articles in the order given, each linking to its page, with the CMS intro', async () => {
    const intro: PublicPage = {
      pageId: 'artiklar',
      title: 'Läsvärt',
      content: '<p>Redaktionens texter.</p>',
      blocks: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    fakeApi({
      'GET /api/pages/artiklar': json(200, intro),
      'GET /api/articles': json(200, {
        items: [
          summary(),
          summary({
            id: '0b0b0b0b-2222-4222-8222-222222222222',
            slug: 'sommarvin',
            title: 'Sommarvin',
            featuredImageUrl: null,
            authorId: 'Per',
            publishedAt: '2026-06-01T08:00:00.000Z',
          }),
        ],
      }),
    });
    renderApp('/artiklar');

    const main = screen.getByRole('main');
    const lead = await within(main).findByRole('link', { name: 'Höstens viner' });
    expect(lead.getAttribute('href')).toBe('/artiklar/hostens-viner');
    const titles = within(main)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Höstens viner', 'Sommarvin']);
    expect(within(main).getByRole('link', { name: 'Sommarvin' }).getAttribute('href')).toBe('/artiklar/sommarvin');
    expect(within(main).getByText('1 juni 2026')).toBeTruthy();
    expect(within(main).getByText('Per')).toBeTruthy();
    expect((await within(main).findByRole('heading', { level: 1 })).textContent).toBe('Läsvärt');
    expect(await within(main).findByText('Redaktionens texter.')).toBeTruthy();
    // The navigation marks Artiklar as the current page.
    const nav = screen.getAllByRole('navigation', { name: 'Huvudmeny' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Artiklar' }).getAttribute('aria-current')).toBe('page');
  });

  it('says so when there are no articles, with the default heading when there is no CMS page', async () => {
    fakeApi({ 'GET /api/articles': json(200, { items: [] }) });
    renderApp('/artiklar');

    expect(await screen.findByText('Inga artiklar ännu')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('Artiklar');
  });
});

describe('list pages with a CMS intro', () => {
  const page = (pageId: string, content: string): PublicPage => ({
    pageId,
    title: pageId,
    content,
    blocks: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

  it('shows the active page content under the list heading on /fynd and /recept', async () => {
    fakeApi({
      'GET /api/pages/fynd': json(200, page('fynd', '<h2>Mycket vin för pengarna</h2><p>Literpriset avgör.</p>')),
      'GET /api/wines?category=FYND&limit=24&offset=0': json(200, { items: [], total: 0, limit: 24, offset: 0 }),
    });
    const router = renderApp('/fynd');

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 2, name: 'Mycket vin för pengarna' })).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('FYND!');

    fakeApi({ 'GET /api/pages/recept': json(200, page('recept', '<p>Redaktionens kök.</p>')) });
    await router.navigate('/recept');
    // The recipes page is a chunk of its own: the first import takes a while.
    expect(await within(screen.getByRole('main')).findByText('Redaktionens kök.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows nothing extra when the page is inactive', async () => {
    fakeApi({ 'GET /api/wines?category=FOLKETS_VAL&limit=24&offset=0': json(200, { items: [], total: 0, limit: 24, offset: 0 }) });
    renderApp('/folkets-val');

    expect(await screen.findByText('Inga viner från gemenskapen ännu')).toBeTruthy();
    expect(document.querySelector('.vp-prose')).toBeNull();
  });
});
