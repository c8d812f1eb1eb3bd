// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicPage } from '../../../api/contract/content';
import type { MedalDesign } from '../../../api/contract/medal-designs';
import { goOffline } from '../../test/msw';
import { fakeApi, json } from '../../test/test-utils';
import { AboutPage } from './about-page';
import { MedalsPage } from './medals-page';
import { NotFoundPage } from './not-found-page';

function renderAt(element: ReactElement) {
  // No retries: a failing call shows its message at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

function design(id: string, name: string, category: MedalDesign['category']): MedalDesign {
  return {
    id,
    name,
    category,
    primaryColor: null,
    accentColor: null,
    svgUrl: `/api/medal-designs/${id}.svg`,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  };
}

describe('NotFoundPage', () => {
  it('is in English with a link to the start page', () => {
    renderAt(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 – Page not found');
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('404 – Page not found');
  });
});

describe('MedalsPage', () => {
  it('offers each category medal as an SVG download', () => {
    fakeApi({ 'GET /api/medal-designs': json(200, { items: [] }) });
    renderAt(<MedalsPage />);
    const links = screen.getAllByRole('link', { name: /Ladda ner medaljen/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/images/medals/fynd.svg',
      '/images/medals/aktuella-vintips.svg',
      '/images/medals/folkets-val.svg',
    ]);
    for (const a of links) {
      expect(a.hasAttribute('download')).toBe(true);
      expect(a.textContent).toContain('Ladda ner (SVG)');
    }
  });

  it('lists every medal design with its SVG and a download named vinpressen-{id}.svg', async () => {
    fakeApi({
      'GET /api/medal-designs': json(200, {
        items: [design('arets-fynd', 'Årets fynd', 'FYND'), design('granskad-av-vinpressen', 'Granskad av Vinpressen', 'GRANSKAD')],
      }),
    });
    renderAt(<MedalsPage />);
    const section = screen.getByRole('region', { name: 'Alla medaljer att ladda ner' });
    const link = await within(section).findByRole('link', { name: 'Ladda ner Årets fynd (Fynd, SVG)' });
    expect(link.getAttribute('href')).toBe('/api/medal-designs/arets-fynd.svg');
    expect(link.getAttribute('download')).toBe('vinpressen-arets-fynd.svg');
    expect(within(section).getByRole('heading', { name: 'Granskad av Vinpressen' })).toBeTruthy();
    const images = section.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([
      '/api/medal-designs/arets-fynd.svg',
      '/api/medal-designs/granskad-av-vinpressen.svg',
    ]);
  });

  it('keeps the category medals and says so when the designs cannot be fetched (offline)', async () => {
    goOffline();
    renderAt(<MedalsPage />);
    expect(await screen.findByText(/Medaljlistan kunde inte hämtas just nu/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Ladda ner medaljen/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeTruthy();
  });
});

describe('AboutPage', () => {
  const cmsPage = (overrides: Partial<PublicPage> = {}): PublicPage => ({
    pageId: 'om-oss',
    title: 'Om Vinpressen',
    content: '<h2>Från redaktionen</h2><p>Vi provar vin &amp; skriver om det.</p>',
    blocks: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

  it('explains how the three categories are chosen when there is no active CMS page', async () => {
    fakeApi({ 'GET /api/pages/om-oss': json(404, { error: { code: 'not_found', message: 'Sidan hittades inte' } }) });
    renderAt(<AboutPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Om oss');
    expect(screen.getByText(/högst hälften av medianpriset/)).toBeTruthy();
    expect(screen.getByText(/fyllt 25 år/)).toBeTruthy();
    expect(document.title).toBe('Om oss – Vinpressen');
  });

  it('keeps the built-in text when the page cannot be fetched (offline)', async () => {
    goOffline();
    renderAt(<AboutPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Om oss');
    expect(screen.getByText(/högst hälften av medianpriset/)).toBeTruthy();
  });

  it("shows the active CMS page's title and HTML instead, beside the medals", async () => {
    fakeApi({ 'GET /api/pages/om-oss': json(200, cmsPage()) });
    renderAt(<AboutPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Om Vinpressen');
    expect(screen.getByRole('heading', { level: 2, name: 'Från redaktionen' })).toBeTruthy();
    expect(screen.getByText('Vi provar vin & skriver om det.')).toBeTruthy();
    expect(screen.queryByText(/högst hälften av medianpriset/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Våra utmärkelser' })).toBeTruthy();
    expect(document.title).toBe('Om Vinpressen – Vinpressen');
  });

  it("shows the CMS page's builder blocks when it has them", async () => {
    fakeApi({
      'GET /api/pages/om-oss': json(
        200,
        cmsPage({
          content: '<p>HTML-versionen</p>',
          blocks: [
            { id: '2', type: 'paragraph', content: { text: 'Andra blocket' }, order: 1 },
            { id: '1', type: 'heading', content: { text: 'Första blocket', level: 'h2' }, order: 0 },
          ],
        }),
      ),
    });
    renderAt(<AboutPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Första blocket' })).toBeTruthy();
    expect(screen.getByText('Andra blocket')).toBeTruthy();
    expect(screen.queryByText('HTML-versionen')).toBeNull();
  });
});
