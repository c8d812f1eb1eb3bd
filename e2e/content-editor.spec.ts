import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminArticles, ContentEditor, editPageLink, publicContent, type BlockLabel } from './pages/content-editor';
import { SiteLayout } from './pages/site-layout';
import { wineCardParts } from './pages/wine-card';
import { expect, type Factories, test, uniqueTag } from './support/factories';
import type { ArticleInput } from '../api/contract/content';
import { E2E_PORT } from './support/ports';
import { axeFindings } from './support/axe';

// The block editor's proof in Chromium against Postgres: an article built with every block type and published shows at
// /artiklar/{slug} (the showcase as a real wine card); unpublished it is 404 for the public; /om-oss built in the
// builder keeps its blocks when reopened; edited in HTML mode the public page changes, and the builder then warns and
// asks before replacing that HTML. Throughout, typed HTML never runs: no dialog may open, and it shows as text or is
// removed. Last, axe-core checks the editors and the articles list. Each test makes its own article and wine.

const ORIGIN = `http://localhost:${E2E_PORT}`;
const XSS_TEXT = '<img src=x onerror=alert(1)>';

/** Every dialog (alert, confirm, prompt) the page opens: a script that ran. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** The default pages ('Migrera data nu' by its endpoint), unless om-oss is there already. */
async function ensureDefaultPages(page: Page, db: Knex) {
  if (await db('page_contents').where({ page_id: 'om-oss' }).first()) return;
  const res = await page.request.post('/api/admin/default-content', { headers: { Origin: ORIGIN } });
  // 409 when settings exist but no pages (another spec's rows): then om-oss alone, as the migration makes it.
  if (res.status() !== 201) {
    await db('page_contents')
      .insert({ page_id: 'om-oss', title: 'Om Oss', content: '<p>Vinpressen är en vinguide.</p>', is_active: true })
      .onConflict('page_id')
      .ignore();
  }
}

async function addBlock(editor: ContentEditor, label: BlockLabel) {
  await editor.addBlockButton().click();
  await editor.addBlockItem(label).click();
  await expect(editor.page.getByRole('menu')).toBeHidden();
  return editor.blocks().last();
}

/**
 * A published article with one block of each of the eight types (a showcase of a wine of its own), saved by the admin
 * through the API, as the first test builds one in the editor.
 */
async function articleWithEveryBlock(make: Factories) {
  const wine = await make.wine();
  const blocks: NonNullable<ArticleInput['blocks']> = [
    { id: '1', type: 'heading', content: { text: 'Veckans bästa köp', level: 'h2' }, order: 0 },
    { id: '2', type: 'paragraph', content: { text: `Ett stycke med kod som inte får köras: ${XSS_TEXT}` }, order: 1 },
    {
      id: '3',
      type: 'image',
      content: { src: '/images/wine-fallback-1.svg', alt: 'Ett tecknat vinglas', caption: 'Illustration: Vinpressen' },
      order: 2,
    },
    { id: '4', type: 'quote', content: { text: 'Ett bra vin behöver inte kosta mycket.', author: 'Redaktionen' }, order: 3 },
    { id: '5', type: 'list', content: { items: ['Lufta vinet', 'Servera svalt'], ordered: true }, order: 4 },
    { id: '6', type: 'wine_showcase', content: { wineIds: [wine.id] }, order: 5 },
    { id: '7', type: 'cta_button', content: { text: 'Se alla fynd', link: '/fynd', style: 'primary' }, order: 6 },
    { id: '8', type: 'separator', content: {}, order: 7 },
  ];
  return make.article({ title: `Höstens vinval ${uniqueTag()}`, excerpt: 'Åtta block, ett vin och en knapp.', blocks, isPublished: true });
}

test.describe('content editors', () => {
  test('an article built with every block type and published shows at /artiklar/{slug}', async ({ page, db, make }) => {
    test.setTimeout(120_000);
    const dialogs = watchDialogs(page);
    const editor = new ContentEditor(page);
    const suffix = uniqueTag();
    const title = `Höstens vinval ${suffix} – äkta fynd`;

    // A published wine of this test's own for the showcase.
    const wine = await make.wine();

    await signInAsAdmin(page);
    await new AdminPanel(page).tab('Innehåll').click();
    const articles = new AdminArticles(page);
    await articles.subTab().click();
    await articles.newArticleLink().click();
    await expect(editor.heading()).toHaveText('Skapa ny artikel');
    await expect(editor.modeButton('Artikelbyggare')).toHaveAttribute('aria-pressed', 'true');

    await editor.field('Artikeltitel').fill(title);
    await editor.field('Sammanfattning').fill('Åtta block, ett vin och en knapp.');
    await expect(editor.field('Författare')).toHaveValue('admin');
    await editor.field('Författare').fill('Vera Vinlund');

    const heading = await addBlock(editor, 'Rubrik');
    await editor.blockField(heading, 'Rubrik').fill('Veckans bästa köp');
    await editor.blockField(heading, 'Nivå').selectOption('h2');

    const paragraph = await addBlock(editor, 'Stycke');
    await editor.blockField(paragraph, 'Text').fill(`Ett stycke med kod som inte får köras: ${XSS_TEXT}`);

    const image = await addBlock(editor, 'Bild');
    await editor.blockField(image, 'Bildadress').fill('/images/wine-fallback-1.svg');
    await editor.blockField(image, 'Alternativtext').fill('Ett tecknat vinglas');
    await editor.blockField(image, 'Bildtext (valfri)').fill('Illustration: Vinpressen');

    const quote = await addBlock(editor, 'Citat');
    await editor.blockField(quote, 'Citat').fill('Ett bra vin behöver inte kosta mycket.');
    await editor.blockField(quote, 'Upphovsperson (valfri)').fill('Redaktionen');

    const list = await addBlock(editor, 'Lista');
    await list.getByRole('radio', { name: 'Numrerad' }).check();
    await editor.blockField(list, 'Punkt 1').fill('Lufta vinet');
    await list.getByRole('button', { name: 'Lägg till punkt' }).click();
    await editor.blockField(list, 'Punkt 2').fill('Servera svalt');

    const showcase = await addBlock(editor, 'Vinvisning');
    await editor.blockField(showcase, 'Vin').fill(wine.name);
    await editor.wineOption(wine.name).first().click();
    await expect(showcase.getByRole('button', { name: /^Ta bort vin 1: / })).toBeVisible();

    const button = await addBlock(editor, 'Knapp');
    await editor.blockField(button, 'Knapptext').fill('Se alla fynd');
    await editor.blockField(button, 'Länk').fill('/fynd');

    await addBlock(editor, 'Avdelare');
    await expect(editor.blocks()).toHaveCount(8);

    await editor.publishSwitch().click();
    await expect(editor.publishSwitch()).toHaveAttribute('aria-checked', 'true');
    await editor.saveButton('Spara artikel').click();

    await expect(new SiteLayout(page).toast('Artikel skapad')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'articles');
    await expect(articles.row(title)).toContainText('Publicerad');

    // Postgres: published, with its eight blocks; the stored HTML has the typed markup escaped.
    const row = await db('articles').where({ title }).first<{
      id: string;
      slug: string;
      is_published: boolean;
      published_at: Date | null;
      blocks: { type: string }[];
      content: string;
      author_id: string;
    }>();
    expect(row).toBeTruthy();
    expect(row!.slug).toBe(`hostens-vinval-${suffix}-akta-fynd`);
    expect(row!.is_published).toBe(true);
    expect(row!.published_at).not.toBeNull();
    expect(row!.author_id).toBe('Vera Vinlund');
    expect(row!.blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'image', 'quote', 'list', 'wine_showcase', 'cta_button', 'separator']);
    expect(row!.content).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(row!.content).not.toMatch(/<img[^>]*onerror/i);

    // The public article shows every block.
    await page.goto(`/artiklar/${row!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const body = publicContent(page);
    await expect(body.getByRole('heading', { name: 'Veckans bästa köp', level: 2 })).toBeVisible();
    await expect(body.getByText(`Ett stycke med kod som inte får köras: ${XSS_TEXT}`)).toBeVisible();
    await expect(body.locator('img[src="x"]')).toHaveCount(0);
    await expect(body.getByRole('img', { name: 'Ett tecknat vinglas' })).toHaveAttribute('src', '/images/wine-fallback-1.svg');
    await expect(body.getByText('Illustration: Vinpressen')).toBeVisible();
    await expect(body.locator('blockquote')).toContainText('Ett bra vin behöver inte kosta mycket.');
    await expect(body.locator('blockquote')).toContainText('Redaktionen');
    await expect(body.locator('ol > li')).toHaveText(['Lufta vinet', 'Servera svalt']);
    const card = body.getByRole('list', { name: 'Utvalda viner' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(wineCardParts(card).name).toHaveText(wine.title);
    await expect(wineCardParts(card).readMore).toHaveAttribute('href', `/wine/${wine.id}`);
    await expect(body.getByRole('link', { name: 'Se alla fynd' })).toHaveAttribute('href', '/fynd');
    await expect(body.getByRole('separator')).toHaveCount(1);
    await expect(page.getByText('Av Vera Vinlund', { exact: false })).toBeVisible();

    expect(dialogs).toEqual([]);
  });

  test('an unpublished article is 404 for the public', async ({ page, browser, db, make }) => {
    const article = await articleWithEveryBlock(make);
    const editor = new ContentEditor(page);
    await signInAsAdmin(page);
    await page.goto('/admin?tab=articles');
    await new AdminArticles(page).editLink(article.title).click();
    await expect(editor.heading()).toHaveText('Redigera artikel');
    await expect(editor.badge('Publicerad')).toBeVisible();
    await expect(editor.previewLink()).toHaveAttribute('href', `/artiklar/${article.slug}`);
    // The builder opens with the article's saved blocks.
    await expect(editor.blocks()).toHaveCount(8);
    await expect(editor.blockField(editor.blocks().first(), 'Rubrik')).toHaveValue('Veckans bästa köp');

    await editor.publishSwitch().click();
    await expect(editor.publishSwitch()).toHaveAttribute('aria-checked', 'false');
    await editor.saveButton('Spara artikel').click();
    await expect(new SiteLayout(page).toast('Artikel uppdaterad')).toBeVisible();
    await expect(editor.badge('Utkast')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/article-editor/${article.id}$`));
    await expect.poll(async () => (await db('articles').where({ id: article.id }).first('is_published'))?.is_published).toBe(false);

    // A guest: the page says so, and the API answers 404.
    const guest = await browser.newContext();
    try {
      const guestPage = await guest.newPage();
      await guestPage.goto(`/artiklar/${article.slug}`);
      await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Artikeln hittades inte');
      const res = await guestPage.request.get(`/api/articles/${article.slug}`);
      expect(res.status()).toBe(404);
      const list = await (await guestPage.request.get('/api/articles')).json();
      expect((list as { items: { slug: string }[] }).items.map((a) => a.slug)).not.toContain(article.slug);
    } finally {
      await guest.close();
    }
  });

  test('/om-oss built in the builder keeps its blocks; edited as HTML the public page changes, and the builder asks before replacing it', async ({
    page,
    db,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueTag();
    const dialogs = watchDialogs(page);
    const editor = new ContentEditor(page);
    const layout = new SiteLayout(page);
    await signInAsAdmin(page);
    await ensureDefaultPages(page, db);

    const before = await db('page_contents').where({ page_id: 'om-oss' }).first<{ title: string; blocks: unknown[] | null; content: string }>();
    const wasHtml = before!.blocks === null && before!.content.trim() !== '';
    await page.goto('/admin?tab=content');
    await editPageLink(page, before!.title || 'om-oss').click();
    await page.waitForURL('**/admin/page-editor/om-oss');
    await expect(editor.heading()).toHaveText('Om Oss');
    await expect(page.getByText('Redigera sidinnehåll')).toBeVisible();
    await expect(editor.badge('Aktiv')).toBeVisible();
    await expect(editor.previewLink()).toHaveAttribute('href', '/om-oss');

    // Build it in the builder. Pages made by the migration are HTML: the builder warns and asks first.
    await expect(editor.replaceHtmlWarning()).toBeVisible({ visible: wasHtml });
    await editor.field('Titel').fill(`Om oss ${suffix}`);
    const existing = await editor.blocks().count();
    for (let i = 0; i < existing; i++)
      await editor
        .blocks()
        .first()
        .getByRole('button', { name: /^Ta bort block/ })
        .click();
    const heading = await addBlock(editor, 'Rubrik');
    await editor.blockField(heading, 'Rubrik').fill(`Vilka vi är ${suffix}`);
    const paragraph = await addBlock(editor, 'Stycke');
    await editor.blockField(paragraph, 'Text').fill(`Vi provar vin varje vecka. ${XSS_TEXT}`);
    const list = await addBlock(editor, 'Lista');
    await editor.blockField(list, 'Punkt 1').fill('Oberoende');
    await editor.saveButton('Spara sida').click();
    if (wasHtml) await editor.confirmDialog().getByRole('button', { name: 'Ersätt och spara' }).click();
    await expect(layout.toast('Sidan har uppdaterats')).toBeVisible();

    const saved = await db('page_contents')
      .where({ page_id: 'om-oss' })
      .first<{ title: string; blocks: { type: string }[] | null; content: string }>();
    expect(saved!.title).toBe(`Om oss ${suffix}`);
    expect(saved!.blocks?.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list']);

    // Reopened, the builder has the same blocks.
    await page.reload();
    await expect(editor.heading()).toHaveText('Om Oss');
    await expect(editor.blocks()).toHaveCount(3);
    await expect(editor.blockField(editor.blocks().nth(0), 'Rubrik')).toHaveValue(`Vilka vi är ${suffix}`);
    await expect(editor.blockField(editor.blocks().nth(1), 'Text')).toHaveValue(`Vi provar vin varje vecka. ${XSS_TEXT}`);
    await expect(editor.blockField(editor.blocks().nth(2), 'Punkt 1')).toHaveValue('Oberoende');
    await expect(editor.replaceHtmlWarning()).toBeHidden();

    // The public page shows the blocks, the typed markup as text.
    await page.goto('/om-oss');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Om oss ${suffix}`);
    await expect(publicContent(page).getByText(`Vi provar vin varje vecka. ${XSS_TEXT}`)).toBeVisible();

    // HTML mode: the stored HTML, changed and saved with 'Spara ändringar'; script and handlers are removed.
    await page.goto('/admin/page-editor/om-oss');
    await editor.modeButton('HTML-redigerare').click();
    await expect(editor.field('HTML-innehåll')).toHaveValue(new RegExp(`Vilka vi är ${suffix}`));
    await editor
      .field('HTML-innehåll')
      .fill(
        `<h2>Vår historia ${suffix}</h2><p>Skriven i HTML-läget.</p><script>alert('script')</script><p><img src="x" onerror="alert('img')" alt="trasig"></p>`,
      );
    await editor.saveButton('Spara ändringar').click();
    await expect(layout.toast('Sidan har uppdaterats')).toBeVisible();
    await expect(editor.saveButton('Spara ändringar')).toBeEnabled();

    const html = await db('page_contents').where({ page_id: 'om-oss' }).first<{ blocks: unknown; content: string }>();
    expect(html!.blocks).toBeNull();
    expect(html!.content).toContain(`Vår historia ${suffix}`);
    expect(html!.content).not.toMatch(/<script|onerror|alert\(/i);
    // The HTML editor now shows what was stored.
    await expect(editor.field('HTML-innehåll')).not.toHaveValue(/<script/);

    // Back in the builder: the warning; saving without blocks keeps the HTML (nothing to replace it with, no question).
    await editor.modeButton('Sidbyggare').click();
    await expect(editor.replaceHtmlWarning()).toBeVisible();
    await expect(editor.blocks()).toHaveCount(0);
    const [kept] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/page-contents/') && r.request().method() === 'PUT'),
      editor.saveButton('Spara sida').click(),
    ]);
    expect(kept.status()).toBe(200);
    await expect(editor.confirmDialog()).toHaveCount(0);
    expect((await db('page_contents').where({ page_id: 'om-oss' }).first<{ content: string }>())!.content).toContain(`Vår historia ${suffix}`);
    // With a block, saving asks first (cancelled here, so the HTML stays).
    const extra = await addBlock(editor, 'Stycke');
    await editor.blockField(extra, 'Text').fill('Ett nytt stycke');
    await editor.saveButton('Spara sida').click();
    await expect(editor.confirmDialog().getByRole('heading', { name: 'Ersätta HTML-innehållet?' })).toBeVisible();
    await editor.confirmDialog().getByRole('button', { name: 'Avbryt' }).click();
    await expect(editor.confirmDialog()).toHaveCount(0);
    expect((await db('page_contents').where({ page_id: 'om-oss' }).first<{ content: string }>())!.content).toContain(`Vår historia ${suffix}`);

    // The public page has the new text, and nothing ran.
    await page.goto('/om-oss');
    await expect(publicContent(page).getByRole('heading', { name: `Vår historia ${suffix}` })).toBeVisible();
    await expect(publicContent(page).getByText('Skriven i HTML-läget.')).toBeVisible();
    await expect(publicContent(page).locator('script')).toHaveCount(0);
    await expect(publicContent(page).locator('[onerror]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('an article edited in HTML mode, then published from the builder, keeps its text; an empty heading block is never published', async ({
    page,
    db,
    make,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const article = await make.article({ title: `HTML-artikel ${tag}`, excerpt: 'Skriven som HTML.', content: '<p>Första utkastet.</p>' });
    const editor = new ContentEditor(page);
    const layout = new SiteLayout(page);
    const stored = () => db('articles').where({ id: article.id }).first<{ content: string; blocks: unknown; is_published: boolean }>();
    await signInAsAdmin(page);
    await page.goto(`/admin/article-editor/${article.id}`);
    await expect(editor.heading()).toHaveText('Redigera artikel');

    // Edited in HTML mode and saved.
    await editor.modeButton('HTML-redigerare').click();
    const html = `<h2>Höstens röda ${tag}</h2><p>Tre viner till svampen, alla under 150 kr.</p>`;
    await editor.field('HTML-innehåll').fill(html);
    await editor.saveButton('Uppdatera artikel').click();
    await expect(layout.toast('Artikel uppdaterad')).toBeVisible();
    await expect.poll(async () => (await stored())?.content).toBe(html);

    // Builder mode: 'Publicera artikel' flipped and saved. This used to offer 'Ersätt och spara' and store 0 characters.
    await editor.modeButton('Artikelbyggare').click();
    await expect(editor.replaceHtmlWarning()).toBeVisible();
    await expect(editor.blocks()).toHaveCount(0);
    await editor.publishSwitch().click();
    await expect(editor.publishSwitch()).toHaveAttribute('aria-checked', 'true');
    await editor.saveButton('Spara artikel').click();
    await expect(editor.badge('Publicerad')).toBeVisible();
    await expect(editor.confirmDialog()).toHaveCount(0);
    await expect.poll(async () => (await stored())?.is_published).toBe(true);
    const published = await stored();
    expect(published!.content).toBe(html);
    expect(published!.content.length).toBeGreaterThan(0);
    await page.goto(`/artiklar/${article.slug}`);
    await expect(publicContent(page).getByRole('heading', { name: `Höstens röda ${tag}` })).toBeVisible();

    // Blocks replace the HTML only after 'Ersätt och spara'; an empty heading block is not published as 'Rubrik'.
    await page.goto(`/admin/article-editor/${article.id}`);
    await addBlock(editor, 'Rubrik');
    const paragraph = await addBlock(editor, 'Stycke');
    await editor.blockField(paragraph, 'Text').fill(`Nu byggd med block ${tag}.`);
    await editor.saveButton('Spara artikel').click();
    await editor.confirmDialog().getByRole('button', { name: 'Ersätt och spara' }).click();
    await expect(layout.toast('Artikel uppdaterad')).toBeVisible();
    await expect.poll(async () => (await stored())?.content).toBe(`<p>Nu byggd med block ${tag}.</p>`);
    await page.goto(`/artiklar/${article.slug}`);
    await expect(publicContent(page).getByText(`Nu byggd med block ${tag}.`)).toBeVisible();
    await expect(publicContent(page).getByRole('heading')).toHaveCount(0);
    await expect(publicContent(page)).not.toContainText('Rubrik');
  });

  test('the editors and the articles list pass axe-core WCAG 2.1 AA at 375 and 1280 px', async ({ page, make }) => {
    test.setTimeout(120_000);
    const article = await articleWithEveryBlock(make);
    await signInAsAdmin(page);
    const editor = new ContentEditor(page);
    const screens: { path: string; html?: boolean }[] = [
      { path: `/admin/article-editor/${article.id}` },
      { path: `/admin/article-editor/${article.id}`, html: true },
      { path: '/admin/article-editor' },
      { path: '/admin/page-editor/om-oss' },
      { path: '/admin/page-editor/om-oss', html: true },
      { path: '/admin/page-editor/finns-inte' },
      { path: '/admin?tab=articles' },
    ];
    const found: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const { path, html } of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        if (html) await editor.modeButton('HTML-redigerare').click();
        found.push(...(await axeFindings(page, { label: `${width} ${path}${html ? ' (HTML)' : ''}` })));
      }
    }
    expect(found).toEqual([]);
  });
});
