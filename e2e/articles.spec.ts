import type { Page } from '@playwright/test';
import type { ContentBlock } from '../api/contract/content';
import type { PageContent } from '../api/contract/admin-content';
import { signInAsAdmin } from './pages/admin';
import { PublicArticles } from './pages/articles';
import { expect, type Factories, test, uniqueTag } from './support/factories';
import { E2E_PORT } from './support/ports';
import { axeFindings } from './support/axe';

// Articles, the public side: articles created through the admin API (one published, one draft) — /artiklar lists
// only the published one, its page shows it with its blocks (a wine showcase as a real card) and the served HTML
// carries its Open Graph tags for crawlers; the draft is 'Artikeln hittades inte' for a guest but shown, marked, to
// an admin. /om-oss shows its CMS page once saved through the API. Each test makes its own articles and wine (unique
// titles), and /om-oss is put back as it was.

const ORIGIN = `http://localhost:${E2E_PORT}`;
const HEADERS = { Origin: ORIGIN };
const SCRIPT_TEXT = '<script>alert("xss")</script>';

/**
 * One test's articles, saved by the admin through the API: a published one (a heading, a paragraph holding a script
 * as text, a showcase of a wine of its own, a button to /fynd) and a draft.
 */
async function makeArticles(make: Factories) {
  const tag = uniqueTag();
  const titles = { published: `Höstens fynd & favoriter ${tag}`, draft: `Hemligt utkast ${tag}` };
  // Markup in the excerpt is text; the tag keeps it apart from other tests' articles on /artiklar.
  const excerpt = `Fem viner <till> höstens svampgryta (${tag}).`;
  const wine = await make.wine();
  const blocks: ContentBlock[] = [
    { id: '1', type: 'heading', content: { text: 'Tre flaskor att ha hemma', level: 'h2' }, order: 0 },
    { id: '2', type: 'paragraph', content: { text: SCRIPT_TEXT }, order: 1 },
    { id: '3', type: 'wine_showcase', content: { wineIds: [wine.id] }, order: 2 },
    { id: '4', type: 'cta_button', content: { text: 'Se alla fynd', link: '/fynd', style: 'primary' }, order: 3 },
  ];
  const published = await make.article({
    title: titles.published,
    excerpt,
    blocks,
    authorId: 'admin',
    featuredImageUrl: '/images/wine-fallback-1.svg',
    isPublished: true,
  });
  const draft = await make.article({ title: titles.draft, excerpt: 'Inte klart än.', content: '<p>Utkasttext</p>', isPublished: false });
  return { tag, titles, excerpt, wine, published, draft };
}

/** Every dialog (alert, confirm, prompt) the page opens: a script that ran. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

test.describe('articles and CMS pages on the public site', () => {
  test('an admin creates a published article and a draft through the API', async ({ make }) => {
    const { tag, published, draft } = await makeArticles(make);

    expect(published.slug).toBe(`hostens-fynd-favoriter-${tag}`);
    expect(published.isPublished).toBe(true);
    expect(draft.isPublished).toBe(false);
  });

  test('a guest sees only the published article on /artiklar, reached from the navigation', async ({ page, make }) => {
    const { titles, excerpt, published } = await makeArticles(make);
    const articles = new PublicArticles(page);
    await page.goto('/');

    await articles.navLink().click();

    await expect(page).toHaveURL(/\/artiklar$/);
    await expect(articles.listLink(titles.published)).toHaveAttribute('href', `/artiklar/${published.slug}`);
    await expect(articles.listedTitles().filter({ hasText: titles.draft })).toHaveCount(0);
    await expect(page.getByRole('main').getByText(excerpt)).toBeVisible();
    await expect(page).toHaveTitle('Artiklar – Vinpressen');
  });

  test('a guest reads the published article: byline, blocks as built, the wine as a real card, no script', async ({ page, make }) => {
    const { titles, published, wine } = await makeArticles(make);
    const dialogs = watchDialogs(page);
    const articles = new PublicArticles(page);
    await page.goto('/artiklar');

    await articles.listLink(titles.published).click();

    await expect(page).toHaveURL(`/artiklar/${published.slug}`);
    await expect(articles.heading()).toHaveText(titles.published);
    await expect(articles.byline()).toContainText('Av Vinpressens redaktion');
    await expect(articles.byline()).toContainText(/Publicerad \d{1,2} [a-zåäö]+ \d{4}/);
    await expect(page).toHaveTitle(`${titles.published} – Vinpressen`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', titles.published);

    const content = articles.content();
    await expect(content.getByRole('heading', { level: 2, name: 'Tre flaskor att ha hemma' })).toBeVisible();
    await expect(content.getByText(SCRIPT_TEXT, { exact: true })).toBeVisible();
    await expect(articles.showcase().getByRole('heading', { level: 3, name: wine.title })).toBeVisible();
    await expect(articles.showcase().getByRole('link', { name: `Läs mer om ${wine.title}` })).toHaveAttribute('href', `/wine/${wine.id}`);

    await content.getByRole('link', { name: 'Se alla fynd' }).click();
    await expect(page).toHaveURL(/\/fynd$/);
    expect(dialogs).toEqual([]);
  });

  test('/artiklar and the article page pass axe-core WCAG 2.1 AA at 375 and 1280 px', async ({ page, make }) => {
    const { published } = await makeArticles(make);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/artiklar', `/artiklar/${published.slug}`]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');

        expect(await axeFindings(page, { label: `${width} ${path}` })).toEqual([]);
      }
    }
  });

  test('the served HTML of the published article carries its Open Graph tags and content, the draft is a 404 without them', async ({
    page,
    make,
  }) => {
    const { tag, titles, published, draft } = await makeArticles(make);
    const served = await page.request.get(`/artiklar/${published.slug}`);
    const html = await served.text();

    expect(served.status()).toBe(200);
    const escapedTitle = titles.published.replace('&', '&amp;');
    expect(html).toContain(`<title>${escapedTitle} – Vinpressen</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta name="description" content="Fem viner &lt;till&gt; höstens svampgryta (${tag}).">`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/artiklar/${published.slug}">`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/images/wine-fallback-1.svg">`);

    // A guest (no session cookie) gets the draft as not found: status 404, nothing of it.
    const servedDraft = await page.request.get(`/artiklar/${draft.slug}`);
    expect(servedDraft.status()).toBe(404);
    const draftHtml = await servedDraft.text();
    expect(draftHtml).toContain('Artikeln hittades inte');
    expect(draftHtml).not.toContain(titles.draft);
    expect(draftHtml).not.toContain('Utkasttext');
  });

  test("a guest gets 'Artikeln hittades inte' for the draft; an admin previews it, marked as a draft", async ({ page, make }) => {
    const { titles, draft } = await makeArticles(make);
    const articles = new PublicArticles(page);
    await page.goto(`/artiklar/${draft.slug}`);

    await expect(articles.heading()).toHaveText('Artikeln hittades inte');
    await expect(page.getByText(titles.draft)).toHaveCount(0);

    await signInAsAdmin(page);
    await page.goto(`/artiklar/${draft.slug}`);
    await expect(articles.heading()).toHaveText(titles.draft);
    await expect(page.getByRole('status').filter({ hasText: 'Utkast.' })).toBeVisible();
    await expect(articles.content()).toHaveText('Utkasttext');
  });

  test('/om-oss shows its CMS page once it is saved through the API, and is put back afterwards', async ({ page, db }) => {
    await signInAsAdmin(page);
    // 'Migrera data nu' makes the default pages; when another spec's settings are there already it answers 409,
    // and then the om-oss row is made as the migration would.
    if (!(await db('page_contents').where({ page_id: 'om-oss' }).first())) {
      const migrated = await page.request.post('/api/admin/default-content', { headers: HEADERS });
      if (migrated.status() !== 201) {
        await db('page_contents')
          .insert({ page_id: 'om-oss', title: 'Om Oss', content: '<p>Vinpressen är en vinguide.</p>', is_active: true })
          .onConflict('page_id')
          .ignore();
      }
    }
    const list = await page.request.get('/api/admin/page-contents?pageId=om-oss');
    const [original] = ((await list.json()) as { items: PageContent[] }).items;
    expect(original).toBeTruthy();
    await db('page_contents').where({ id: original!.id }).update({ is_active: true });

    try {
      const title = `Om Vinpressen ${uniqueTag()}`;
      const saved = await page.request.put(`/api/admin/page-contents/${original!.id}`, {
        data: {
          title,
          blocks: [
            { id: '1', type: 'heading', content: { text: 'Redaktionen', level: 'h2' }, order: 0 },
            { id: '2', type: 'quote', content: { text: 'Vi dricker med måtta och skriver utan.', author: 'Chefredaktören' }, order: 1 },
          ],
        },
        headers: HEADERS,
      });
      expect(saved.status(), await saved.text()).toBe(200);

      const guest = await page.context().browser()!.newContext({ baseURL: ORIGIN, locale: 'sv-SE' });
      const guestPage = await guest.newPage();
      const about = new PublicArticles(guestPage);
      await guestPage.goto('/om-oss');
      await expect(about.heading()).toHaveText(title);
      await expect(about.content().getByRole('heading', { level: 2, name: 'Redaktionen' })).toBeVisible();
      await expect(about.content().getByText('Vi dricker med måtta och skriver utan.')).toBeVisible();
      await expect(guestPage.getByText(/högst hälften av medianpriset/)).toHaveCount(0);
      await expect(guestPage).toHaveTitle(`${title} – Vinpressen`);
      await guest.close();
    } finally {
      await db('page_contents')
        .where({ id: original!.id })
        .update({
          title: original!.title,
          content: original!.content,
          blocks: original!.blocks === null ? null : JSON.stringify(original!.blocks),
          is_active: original!.isActive,
        });
    }
  });
});
