import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminContent } from './pages/admin-content';
import { SiteLayout } from './pages/site-layout';
import { E2E_ADMIN } from './support/ports';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The content tab 'INNEHÅLLSHANTERING' against Postgres: a setting saved, a logo really uploaded (the original's
// button did nothing), the diagnostics of this very session, and the migration card, which shows only while
// there are neither pages nor settings. Each test makes the rows it needs; the migration test empties the settings
// and pages, and puts back what was there when it ends, so no other spec sees its state.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openContent(page: Page, sub?: 'Inställningar' | 'Logotyper' | 'Diagnostik') {
  await signInAsAdmin(page);
  await new AdminPanel(page).tab('Innehåll').click();
  const content = new AdminContent(page);
  await expect(content.heading()).toBeVisible();
  if (sub) await content.subTab(sub).click();
  return content;
}

/** CRC-32 of the PNG chunk type and data (ISO 3309, as PNG requires). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 4×4 PNG in the site's wine red (8-bit RGB), made here so that the upload judges genuine bytes. */
function wineRedPng(): Buffer {
  const size = 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [0x7b, 0x1e, 0x2b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Scrolls to the end of the page until the footer (loaded near the viewport) is there; returns it. */
async function siteFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return footer;
}

/** The article 'Migrera data nu' creates. */
const WELCOME_SLUG = 'valkommen-till-vinpressen';

/** Every page and setting, and the welcome article, as they are now (restoreContent puts them back). */
async function snapshotContent(db: Knex) {
  return {
    pages: await db('page_contents').select('*'),
    settings: await db('site_settings').select('*'),
    articles: await db('articles').where({ slug: WELCOME_SLUG }).select('*'),
  };
}

/** Replaces the pages, the settings and the welcome article by `snapshot`'s rows, in one transaction. */
async function restoreContent(db: Knex, snapshot: Awaited<ReturnType<typeof snapshotContent>>) {
  // node-pg would send a JS array as a Postgres array: the jsonb blocks go as JSON text.
  const withJsonBlocks = (rows: { blocks?: unknown }[]) => rows.map((r) => ({ ...r, blocks: r.blocks == null ? null : JSON.stringify(r.blocks) }));
  await db.transaction(async (trx) => {
    await trx('page_contents').delete();
    await trx('site_settings').delete();
    await trx('articles').where({ slug: WELCOME_SLUG }).delete();
    if (snapshot.settings.length) await trx('site_settings').insert(snapshot.settings);
    if (snapshot.pages.length) await trx('page_contents').insert(withJsonBlocks(snapshot.pages));
    if (snapshot.articles.length) await trx('articles').insert(withJsonBlocks(snapshot.articles));
  });
}

/** Reloads `page` and returns the admin's GET /api/admin/default-content answer that the reload asked for. */
async function reloadWithDefaultContentStatus(page: Page): Promise<{ needed: boolean }> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/default-content' && r.request().method() === 'GET');
  await page.reload();
  return (await answer).json() as Promise<{ needed: boolean }>;
}

test.describe('admin content tab', () => {
  test('a setting saved in Inställningar shows on the home page; a bad value gets its Swedish message and is not stored', async ({
    page,
    db,
  }, testInfo) => {
    test.setTimeout(90_000);
    const keys = ['site.tagline', 'age.limit', 'footer.responsibility'];
    const before = await db('site_settings').whereIn('key', keys).select('*');
    await db('site_settings')
      .insert([
        { key: 'site.tagline', value: 'Sveriges vinguide', description: 'Undertiteln' },
        { key: 'age.limit', value: '25', description: 'Åldersgränsen' },
      ])
      .onConflict('key')
      .merge(['value']);
    try {
      const tagline = `Vin för vardag och fest ${unique()}`;
      const content = await openContent(page, 'Inställningar');
      await content.settingValue('site.tagline').fill(tagline);
      await content.saveButton('site.tagline').click();
      await expect(new SiteLayout(page).toast('Inställningen sparad')).toBeVisible();
      await expect.poll(async () => (await db('site_settings').where({ key: 'site.tagline' }).first('value'))?.value).toBe(tagline);

      // age.limit takes a whole number 18–99: 'abc' is refused with the server's Swedish message, nothing stored.
      await content.settingValue('age.limit').fill('abc');
      await content.saveButton('age.limit').click();
      await expect(content.card('age.limit')).toContainText('Ange ett heltal från 18 till 99.');
      await expect(content.settingValue('age.limit')).toHaveAttribute('aria-invalid', 'true');
      expect((await db('site_settings').where({ key: 'age.limit' }).first('value')).value).toBe('25');
      await content.settingValue('age.limit').fill('30');
      await content.saveButton('age.limit').click();
      await expect.poll(async () => (await db('site_settings').where({ key: 'age.limit' }).first('value'))?.value).toBe('30');
      await page.screenshot({ path: testInfo.outputPath('settings-panel.png'), fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // The home page: the new tagline in the masthead and 30+ in the footer.
      await page.goto('/');
      await expect(page.getByRole('banner').getByText(tagline, { exact: true })).toBeVisible();
      await expect(page.getByRole('banner').getByText('Sveriges vinguide')).toHaveCount(0);
      await expect(await siteFooter(page)).toContainText('30+');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath('home-with-settings.png'), fullPage: false });
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await db('site_settings').whereIn('key', keys).delete();
      if (before.length) await db('site_settings').insert(before);
    }
  });

  test('uploading a logo stores the image address in the setting, and the footer of the site shows it', async ({ page, db }) => {
    const key = 'logo.footer';
    const before = await db('site_settings').where({ key }).select('*');
    await db('site_settings').insert({ key, value: '/favicon.svg', description: 'Logotypen i sidfoten' }).onConflict('key').merge(['value']);
    try {
      const content = await openContent(page, 'Logotyper');
      await expect(content.logoAddress(key)).toHaveValue('/favicon.svg');

      await content.logoUpload(key).setInputFiles({ name: 'vinpressen-logga.png', mimeType: 'image/png', buffer: wineRedPng() });

      await expect(new SiteLayout(page).toast('Logotypen uppladdad')).toBeVisible();
      await expect.poll(async () => (await db('site_settings').where({ key }).first('value'))?.value).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
      const stored = (await db('site_settings').where({ key }).first('value')).value as string;
      await expect(content.logoAddress(key)).toHaveValue(stored);
      await expect(content.card(key).getByRole('img')).toHaveAttribute('src', stored);
      const image = await page.request.get(stored);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');

      await page.goto('/');
      const logo = (await siteFooter(page)).locator(`img[src="${stored}"]`);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    } finally {
      await db('site_settings').where({ key }).delete();
      if (before.length) await db('site_settings').insert(before);
    }
  });

  test("Diagnostik shows the signed-in admin's e-mail and an 'ok' database", async ({ page }) => {
    const content = await openContent(page, 'Diagnostik');

    await expect(content.diagnosticsBox('Session')).toContainText(E2E_ADMIN.email);
    await expect(content.diagnosticsBox('Databas och jobbkö')).toContainText('ok');
    await expect(content.diagnosticsJson()).toContainText('"authenticated": true');
    await expect(page.getByText(/^Senast uppdaterad \d\d:\d\d:\d\d\./)).toBeVisible();
  });

  test('the migration card shows only while pages and settings are both empty, and migrates 5 pages, 14 settings and 1 article', async ({
    page,
    db,
  }) => {
    const before = await snapshotContent(db);
    try {
      await db('page_contents').delete();
      await db('site_settings').delete();
      await db('articles').where({ slug: WELCOME_SLUG }).delete();
      const content = await openContent(page);
      await expect(content.migrateButton()).toBeVisible();
      await expect(page.getByText('Inga sidor hittades. Skapa standardsidor först.')).toBeVisible();

      // One setting is enough to hide the card: the server says so first, then the card is checked.
      await db('site_settings').insert({ key: 'site.name', value: 'Vinpressen' });
      expect(await reloadWithDefaultContentStatus(page)).toMatchObject({ needed: false });
      await expect(content.heading()).toBeVisible();
      await expect(page.getByText('Inga sidor hittades. Skapa standardsidor först.')).toBeVisible();
      await expect(content.migrateButton()).toBeHidden();
      await db('site_settings').delete();
      await page.reload();

      await content.migrateButton().click();

      await expect(new SiteLayout(page).toast('Standardinnehållet är skapat: 5 sidor, 14 inställningar och 1 artikel.')).toBeVisible();
      await expect(content.migrateButton()).toBeHidden();
      await expect(content.pages()).toHaveCount(5);
      const count = async (table: string) => Number((await db(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
      expect(await count('page_contents')).toBe(5);
      expect(await count('site_settings')).toBe(14);
      expect(
        await db('articles')
          .where({ slug: WELCOME_SLUG })
          .count<{ n: string }[]>({ n: '*' })
          .then((r) => Number(r[0]!.n)),
      ).toBe(1);
      await content.subTab('Inställningar').click();
      await expect(content.settingValue('site.name')).toHaveValue('Vinpressen');
    } finally {
      await restoreContent(db, before);
    }
  });
});
