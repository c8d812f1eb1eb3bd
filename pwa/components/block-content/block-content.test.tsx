// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentBlock } from '../../../api/contract/content';
import { db } from '../../lib/db';
import { fakeApi, json } from '../../test/test-utils';
import { buildWineSummary } from '../../test/wine-fixtures';
import { BlockContent, SanitisedHtml } from './block-content';

const WINE_A = '11111111-1111-4111-8111-111111111111';
const WINE_B = '22222222-2222-4222-8222-222222222222';
const WINE_GONE = '33333333-3333-4333-8333-333333333333';

/** Renders `element` in a router (so links work) and a query client; returns the router to follow navigation. */
function renderWithRouter(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/artiklar/test'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let nextOrder = 0;
function block<T extends ContentBlock['type']>(type: T, content: Extract<ContentBlock, { type: T }>['content'], order = nextOrder++): ContentBlock {
  return { id: `b${order}-${type}`, type, content, order } as ContentBlock;
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.lists.clear();
});

describe('BlockContent', () => {
  it('renders every block type in order, with its fields', () => {
    renderWithRouter(
      <BlockContent
        blocks={[
          block('separator', {}, 7),
          block('heading', { text: 'Huvudrubrik', level: 'h1' }, 0),
          block('heading', { text: 'Avsnitt', level: 'h2' }, 1),
          block('heading', { text: 'Underavsnitt', level: 'h3' }, 2),
          block('heading', { text: 'Liten rubrik', level: 'h4' }, 3),
          block('paragraph', { text: 'Första raden\nAndra raden' }, 4),
          block('image', { src: '/api/images/a.jpg', alt: 'Ett glas rött', caption: 'Foto: Redaktionen' }, 5),
          block('quote', { text: 'Vin är poesi på flaska.', author: 'R. L. Stevenson' }, 6),
          block('list', { items: ['Ett', 'Två'], ordered: true }, 8),
          block('list', { items: ['Punkt'], ordered: false }, 9),
          block('cta_button', { text: 'Till fynden', link: '/fynd', style: 'primary' }, 10),
          block('cta_button', { text: 'Systembolaget', link: 'https://www.systembolaget.se', style: 'secondary' }, 11),
        ]}
      />,
    );

    const headings = screen.getAllByRole('heading');
    expect(headings.map((h) => [h.tagName, h.textContent])).toEqual([
      // The h1 block is an h2 in the outline (the page has its own h1), drawn as an h1.
      ['H2', 'Huvudrubrik'],
      ['H2', 'Avsnitt'],
      ['H3', 'Underavsnitt'],
      ['H4', 'Liten rubrik'],
    ]);
    expect(headings[0]!.className).toContain('vp-h1');

    const paragraph = screen.getByText(/Första raden/);
    expect(paragraph.innerHTML).toBe('Första raden<br>Andra raden');

    const image = screen.getByRole('img', { name: 'Ett glas rött' });
    expect(image.getAttribute('src')).toBe('/api/images/a.jpg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.closest('figure')!.querySelector('figcaption')!.textContent).toBe('Foto: Redaktionen');

    const quote = screen.getByText('Vin är poesi på flaska.').closest('blockquote')!;
    expect(quote.querySelector('cite')!.textContent).toBe('R. L. Stevenson');

    const lists = screen.getAllByRole('list');
    expect(
      lists.map((l) => [
        l.tagName,
        within(l)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ]),
    ).toEqual([
      ['OL', ['Ett', 'Två']],
      ['UL', ['Punkt']],
    ]);

    const internal = screen.getByRole('link', { name: 'Till fynden' });
    expect(internal.getAttribute('href')).toBe('/fynd');
    expect(internal.className).toContain('btn-primary');
    const external = screen.getByRole('link', { name: 'Systembolaget' });
    expect(external.getAttribute('href')).toBe('https://www.systembolaget.se');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.className).toContain('btn-outline');

    expect(document.querySelectorAll('hr')).toHaveLength(1);
    // The separator (order 7) comes after the quote (6) and before the lists (8).
    const hr = document.querySelector('hr')!;
    expect(hr.previousElementSibling!.tagName).toBe('BLOCKQUOTE');
    expect(hr.nextElementSibling!.tagName).toBe('OL');
  });

  it('follows a site link through the router', async () => {
    const router = renderWithRouter(<BlockContent blocks={[block('cta_button', { text: 'Om oss', link: '/om-oss', style: 'primary' })]} />);

    fireEvent.click(screen.getByRole('link', { name: 'Om oss' }));

    expect(router.state.location.pathname).toBe('/om-oss');
  });

  it('shows text as text: a paragraph with a script tag runs nothing', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithRouter(
      <BlockContent
        blocks={[
          block('paragraph', { text: '<script>alert(1)</script>' }),
          block('heading', { text: '<img src=x onerror=alert(1)>', level: 'h2' }),
          block('quote', { text: 'Citat', author: '<b>fet</b>' }),
        ]}
      />,
    );

    expect(screen.getByText('<script>alert(1)</script>').tagName).toBe('P');
    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(screen.getByText('<b>fet</b>').tagName).toBe('CITE');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('turns an unsafe link or image address into the placeholder', () => {
    renderWithRouter(
      <BlockContent
        blocks={[
          block('cta_button', { text: 'Klicka', link: 'javascript:alert(1)', style: 'primary' }),
          block('image', { src: 'javascript:alert(1)', alt: 'Bild av vin' }),
        ]}
      />,
    );

    expect(screen.getByRole('link', { name: 'Klicka' }).getAttribute('href')).toBe('#');
    expect(screen.getByRole('img', { name: 'Bild av vin' }).getAttribute('src')).toBe('/images/wine-fallback-1.svg');
  });

  it('turns a stored link or image that looks like a site path but leaves the site into the placeholder', () => {
    const offSite = ['/\\evil.example', '//evil.example', '/\\/evil.example', '\\\\evil.example', '/\t/evil.example'];
    renderWithRouter(
      <BlockContent
        blocks={[
          ...offSite.map((link, i) => block('cta_button', { text: `Knapp ${i}`, link, style: 'primary' }, i)),
          block('image', { src: '/\\evil.example/bild.png', alt: 'Bild av vin' }, 10),
        ]}
      />,
    );

    offSite.forEach((_, i) => expect(screen.getByRole('link', { name: `Knapp ${i}` }).getAttribute('href'), offSite[i]).toBe('#'));
    expect(screen.getByRole('img', { name: 'Bild av vin' }).getAttribute('src')).toBe('/images/wine-fallback-1.svg');
  });

  it('leaves out blocks without text on the public site: no placeholder is published', () => {
    renderWithRouter(
      <BlockContent
        blocks={[
          block('heading', { text: '  ', level: 'h2' }),
          block('paragraph', { text: '' }),
          block('image', { src: '', alt: '' }),
          block('quote', { text: '' }),
          block('list', { items: [], ordered: false }),
          block('list', { items: ['Ett', ''], ordered: true }),
          block('cta_button', { text: '', link: '', style: 'primary' }),
        ]}
      />,
    );

    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Rubrik|Stycke text|Citat text|Listpunkt|Knapp/);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ett']);
  });

  it("fills empty fields with the spec placeholders in the editor's preview (placeholders)", () => {
    renderWithRouter(
      <BlockContent
        placeholders
        blocks={[
          block('heading', { text: '  ', level: 'h2' }),
          block('paragraph', { text: '' }),
          block('image', { src: '', alt: '' }),
          block('quote', { text: '' }),
          block('list', { items: [], ordered: false }),
          block('list', { items: ['Ett', ''], ordered: true }),
          block('cta_button', { text: '', link: '', style: 'primary' }),
        ]}
      />,
    );

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Rubrik');
    expect(screen.getByText('Stycke text...').tagName).toBe('P');
    const image = screen.getByRole('img', { name: 'Bild' });
    expect(image.getAttribute('src')).toBe('/images/wine-fallback-1.svg');
    expect(image.closest('figure')!.querySelector('figcaption')).toBeNull();
    expect(screen.getByText('Citat text...').closest('blockquote')!.querySelector('cite')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Listpunkt', 'Ett', 'Listpunkt']);
    expect(screen.getByRole('link', { name: 'Knapp' }).getAttribute('href')).toBe('#');
  });

  it("says 'Okänd blocktyp' for a block of an unknown type", () => {
    const unknown = { id: 'x', type: 'video', content: { url: 'https://example.com' }, order: 0 } as unknown as ContentBlock;
    renderWithRouter(<BlockContent blocks={[unknown, block('paragraph', { text: 'Efter' }, 1)]} />);

    expect(screen.getByText('Okänd blocktyp')).toBeTruthy();
    expect(screen.getByText('Efter')).toBeTruthy();
  });

  it('renders nothing but its container for no blocks, and needs no network but for wine showcases', () => {
    const api = fakeApi();
    renderWithRouter(<BlockContent blocks={[block('paragraph', { text: 'Hej' }), block('wine_showcase', { wineIds: [] })]} />);

    expect(screen.getByText('Hej')).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("shows a wine showcase as the wines' cards in the chosen order, skipping the unpublished one", async () => {
    const api = fakeApi({
      [`GET /api/wines?ids=${WINE_B},${WINE_GONE},${WINE_A}`]: json(200, {
        items: [buildWineSummary({ id: WINE_B, name: 'Barolo' }), buildWineSummary({ id: WINE_A, name: 'Chianti' })],
        total: 2,
        limit: 2,
        offset: 0,
      }),
    });
    renderWithRouter(<BlockContent blocks={[block('wine_showcase', { wineIds: [WINE_B, WINE_GONE, WINE_A] })]} />);

    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Utvalda viner' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Barolo 2020', 'Chianti 2020']);
    expect(within(list).getByRole('link', { name: 'Läs mer om Barolo 2020' }).getAttribute('href')).toBe(`/wine/${WINE_B}`);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the wines of a showcase cannot be fetched', async () => {
    fakeApi({ [`GET /api/wines?ids=${WINE_A}`]: json(500, { error: { code: 'internal', message: 'Fel' } }) });
    renderWithRouter(<BlockContent blocks={[block('wine_showcase', { wineIds: [WINE_A] })]} />);

    expect(await screen.findByText('Vinerna kunde inte hämtas just nu.')).toBeTruthy();
  });
});

describe('SanitisedHtml', () => {
  it('renders the server-sanitised HTML in the prose container, an h1 as an h2 drawn as an h1', () => {
    renderWithRouter(
      <SanitisedHtml
        html={
          '<h1>Titel</h1><h2>Avsnitt</h2><p>Text &amp; <a href="https://example.com">länk</a></p><p><a class="cta-button cta-button-primary" href="/fynd">Fynd</a></p>'
        }
      />,
    );

    const headings = screen.getAllByRole('heading');
    expect(headings.map((h) => [h.tagName, h.textContent])).toEqual([
      ['H2', 'Titel'],
      ['H2', 'Avsnitt'],
    ]);
    expect(headings[0]!.className).toBe('vp-h1');
    expect(screen.getByText(/Text &/).closest('.vp-prose')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fynd' }).className).toBe('cta-button cta-button-primary');
  });

  it('follows a link to a site path through the router, other links as they are', () => {
    const router = renderWithRouter(<SanitisedHtml html={'<p><a href="/fynd">Fynd</a> och <a href="https://example.com">ute</a></p>'} />);

    const external = screen.getByRole('link', { name: 'ute' });
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    external.dispatchEvent(outside);
    expect(router.state.location.pathname).toBe('/artiklar/test');

    fireEvent.click(screen.getByRole('link', { name: 'Fynd' }));
    expect(router.state.location.pathname).toBe('/fynd');
    expect(outside.defaultPrevented).toBe(false);
  });

  it('never routes a link whose address only looks like a site path', () => {
    const router = renderWithRouter(<SanitisedHtml html={'<p><a href="/\\evil.example">Bort</a></p>'} />);

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Bort' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/artiklar/test');
  });
});
