import type { Locator, Page } from '@playwright/test';
import type { Knex } from 'knex';
import { WineDetailPage } from './pages/wine-detail-page';
import { WineListPage } from './pages/wine-list-page';
import { expect, test, titleOf } from './support/db';
import { axeFindings } from './support/axe';

// The bottle photos (docs/wine-photos.md) as a visitor sees them. The e2e server's photo source is a local stand-in for
// Systembolaget's CDN (e2e/support/start-server.ts): it has a photo of every bottled wine and none of boxes and cartons.
// A photo address names the wine's drawing (?fallback=): without a photo the server redirects there, so the browser
// shows the drawing (300 px wide) and logs no error.

const PHOTO_SRC = /^\/api\/images\/systembolaget\/\d+_\d+\.png\?fallback=[^&]+$/;
/** The drawing a photo address falls back to ('/images/drawings/box.svg'), or null. */
const fallbackOf = (src: string | null) => (src ? new URL(src, 'http://x').searchParams.get('fallback') : null);
/** A drawing's width in px (every drawing is 300 × 400); a photo's is the size asked for (200, 300, …). */
const DRAWING_WIDTH = 300;

/** An imported, still sold wine of `packaging` (Systembolaget's word: 'Flaska', 'Box', 'Pappförpackning'). */
async function importedWine(db: Knex, packaging: string) {
  return db('wines')
    .where({ approval_status: 'approved', source: 'systembolaget', packaging })
    .whereNotNull('product_id')
    .whereNull('discontinued_on')
    .orderBy('product_number')
    .first('id', 'name', 'vintage', 'product_id', 'wine_type');
}

/** Every request the page makes, by address, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The picture's address as the page has it, and whether it has finished loading a picture (its pixel width). */
const shown = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => ({ src: el.getAttribute('src'), loaded: el.complete ? el.naturalWidth : 0, current: el.currentSrc }));

/** The pictures of the first page of cards (up to 24) of list `path`, once each has loaded (or turned into its drawing). */
async function picturesOf(list: WineListPage, path: '/fynd' | '/aktuella-viner') {
  await list.goto(path);
  await expect(list.countHeading()).toBeVisible();
  await expect(list.cards().first()).toBeVisible();
  // Bring every card into view once, so each lazy picture loads (and a missing photo turns into its drawing).
  for (const card of await list.cards().all()) await card.scrollIntoViewIfNeeded();
  await list.page.waitForLoadState('networkidle');
  // The wine's picture (its 300×400 box), not the medals beside it.
  return Promise.all((await list.cards().locator('img[width="300"][height="400"]').all()).map(shown));
}

test.describe('bottle photos', () => {
  test('the lists show bottles as photos through our own origin and boxes as drawings of a box, asking no other site', async ({ page, baseURL }) => {
    const requests = recordRequests(page);
    const list = new WineListPage(page);

    // Fynd are the cheapest per litre: mostly boxes and cartons. Aktuella vintips are mostly bottles.
    const fynd = await picturesOf(list, '/fynd');
    const news = await picturesOf(list, '/aktuella-viner');

    // A box: its photo address falls back to the box, and the box is what loaded (the stand-in has no photo of it).
    const boxes = fynd.filter((p) => fallbackOf(p.src) === '/images/drawings/box.svg');
    const photos = news.filter((p) => PHOTO_SRC.test(p.src ?? '') && p.loaded !== DRAWING_WIDTH);
    expect(boxes.length).toBeGreaterThan(0);
    expect(photos.length).toBeGreaterThan(0);
    for (const p of boxes) expect(p.loaded, p.src!).toBe(DRAWING_WIDTH);
    // The card's 200 px photo on this 1x screen.
    for (const p of photos) expect(p.loaded).toBe(200);
    // Every picture is a photo or a drawing, loaded: none is left broken.
    for (const p of [...fynd, ...news]) {
      expect(p.src, JSON.stringify(p)).toMatch(/^\/api\/images\/systembolaget\/|^\/images\/(drawings\/|wine-fallback-)/);
      expect(p.loaded, JSON.stringify(p)).toBeGreaterThan(0);
    }
    expect(requests.some((url) => new URL(url).pathname.startsWith('/api/images/systembolaget/'))).toBe(true);
    expect(requests.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
  });

  test("a bottled wine's page shows its photo at the page's size with a 2x source; the page passes axe", async ({ page, db, baseURL }) => {
    const requests = recordRequests(page);
    const wine = (await importedWine(db, 'Flaska'))!;
    const detail = new WineDetailPage(page);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/images/systembolaget/${wine.product_id}_300.png`);

    await detail.goto(wine.id);
    await expect(detail.title()).toHaveText(titleOf(wine));
    const img = page.getByRole('img', { name: wine.name, exact: true });
    // The photo itself, not a redirect to the drawing.
    expect([(await answer).status(), (await answer).headers()['content-type']]).toEqual([200, 'image/png']);

    await expect.poll(async () => (await shown(img)).loaded).toBeGreaterThan(0);
    const picture = await shown(img);
    const q = `?fallback=${encodeURIComponent(fallbackOf(picture.src)!)}`;
    expect(fallbackOf(picture.src)).toMatch(/^\/images\/(drawings\/|wine-fallback-)/);
    expect(picture.src).toBe(`/api/images/systembolaget/${wine.product_id}_300.png${q}`);
    expect(await img.getAttribute('srcset')).toBe(
      `/api/images/systembolaget/${wine.product_id}_300.png${q} 1x, /api/images/systembolaget/${wine.product_id}_600.png${q} 2x`,
    );
    expect(picture.loaded).toBe(300); // the stand-in's 300 px picture: the 1x one on this screen
    expect(await img.getAttribute('loading')).toBe('eager');
    expect(requests.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
  });

  test("a bag-in-box without a photo is drawn as a box, a carton as a carton, with no error in the console; the box's page passes axe", async ({
    page,
    db,
  }) => {
    const box = (await importedWine(db, 'Box'))!;
    const carton = (await importedWine(db, 'Pappförpackning'))!;
    const detail = new WineDetailPage(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    for (const [wine, drawing] of [
      [carton, '/images/drawings/carton.svg'],
      [box, '/images/drawings/box.svg'],
    ] as const) {
      const photoPath = `/api/images/systembolaget/${wine.product_id}_300.png`;
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === photoPath);
      await detail.goto(wine.id);
      await expect(detail.title()).toHaveText(titleOf(wine));
      const img = page.getByRole('img', { name: wine.name, exact: true });
      // The source has no photo of it: the server sends the browser to the wine's drawing, which is what shows.
      await expect(img).toHaveAttribute('src', `${photoPath}?fallback=${encodeURIComponent(drawing)}`);
      expect([(await answer).status(), (await answer).headers().location]).toEqual([302, drawing]);
      await expect.poll(async () => (await shown(img)).loaded).toBe(DRAWING_WIDTH);
    }
    expect(errors).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
  });
});
