import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { PARTNER_MESSAGES as M } from '../api/contract/partner-rules';
import { EXCEL_COLUMNS } from '../api/excel/columns';
import { realWines, rowFor, workbookBytes, type SheetCells } from '../api/excel/test-fixtures';
import { buildPartner, buildWine } from '../api/test/factories';
import { tinyPng } from '../api/routes/images/test-images';
import { PartnerDashboard, PartnerLoginPage, PartnerWineForm } from './pages/partner';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The partner portal on a phone (375 px, a touch screen): every tab of the tab bar is in sight and reachable by
// keyboard; the Bulk-upload tab says 'Välj fil' rather than 'Dra och släpp'; the template's example row is never
// imported; the same corrected file uploaded again updates the drafts instead of copying them; Mina viner's search,
// status filter and order live in the address; 'Markera alla' + 'Skicka in markerade' submit the ready drafts and
// name the one that is not. Rows checked in Postgres; axe-core on every screen changed.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n += 1)}`;
const col = (field: string) => EXCEL_COLUMNS.findIndex((c) => c.field === field);

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

async function expectNoAxeViolations(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

/** Closes the toasts on screen, so the next one checked is the next action's. */
async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(async () => {
    const front = page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"]) [data-close-button]');
    if (await front.count()) await front.first().click({ timeout: 1000 });
    await expect(toasts).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

async function uploadSheet(page: Page, aoa: SheetCells[]) {
  await closeToasts(page);
  await page.getByLabel('Välj Excel-fil').setInputFiles({ name: 'viner.xlsx', mimeType: XLSX_TYPE, buffer: workbookBytes(aoa) });
  await page.getByRole('button', { name: 'Ladda upp', exact: true }).click();
}

test('on a phone: all tabs reachable, the bulk upload twice (example row skipped, drafts updated), then Mina viner filtered and bulk-submitted', async ({
  page,
  db,
}, testInfo) => {
  test.setTimeout(120_000);
  const password = 'mobil-lösen-8';
  const username = unique('mobil');
  const { user } = await buildPartner(db, { user: { username, email: `${username}@vinhandel.se`, password } });
  await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: 'draft', name: 'Ofullständigt utkast', producer_rating: null });

  const login = new PartnerLoginPage(page);
  await login.goto();
  await login.signIn(user.email, password);
  await page.waitForURL((url) => url.pathname === '/partner');
  const dashboard = new PartnerDashboard(page);

  // The tab bar: all five tabs inside the 375 px screen, and the arrow keys walk to the last one.
  for (const name of ['Översikt', 'Mina viner', 'Bulk-upload', 'Profil', 'Hjälp'] as const) {
    const box = (await dashboard.tab(name).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    expect(box.height, name).toBeGreaterThanOrEqual(24);
  }
  await dashboard.tab('Översikt').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(dashboard.tab('Hjälp')).toHaveAttribute('aria-selected', 'true');
  await page.waitForURL((url) => url.searchParams.get('tab') === 'hjalp');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('tabs-375.png') });
  await expectNoAxeViolations(page);

  // The Bulk-upload tab on a touch screen.
  await dashboard.tab('Bulk-upload').click();
  await expect(page.getByText('Välj fil från telefonen eller molnet')).toBeVisible();
  await expect(page.getByText('Dra och släpp din Excel-fil här')).toBeHidden();
  // Not fullPage: Chromium's full-page capture drops the touch emulation, and the page would show its mouse texts.
  await page.screenshot({ path: testInfo.outputPath('bulk-touch-375.png') });
  await expectNoAxeViolations(page);

  // The template as downloaded, the example row left in, four real wines under it (one without a readable price).
  const template = await page.request.get('/api/partner/wines/template');
  expect(template.status()).toBe(200);
  const sheet = XLSX.read(await template.body(), { type: 'buffer' });
  const [header, example] = XLSX.utils.sheet_to_json<SheetCells>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1, defval: null });
  const wines = realWines()
    .slice(500, 504)
    .map((w, i) => rowFor(w, i));
  const rows = wines.map((w) => [...w.cells]);
  rows[2]![col('price')] = 'gratis';
  await uploadSheet(page, [header!, example!, ...rows]);
  const summary = page.getByRole('region', { name: 'Resultat' }).getByRole('status');
  await expect(summary).toHaveText(`${M.bulkDone(3, 1)} (av 4 rader)`);
  await expect(page.getByText('Rad 2 är mallens exempelrad och lästes inte in.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Misslyckade rader' }).getByRole('listitem')).toHaveText([/^Rad 5: .*Pris: /]);

  // The corrected file again: the broken row fixed, one price changed — one new draft, three updated, no copies.
  rows[2]![col('price')] = 149;
  rows[0]![col('price')] = 999;
  await uploadSheet(page, [header!, example!, ...rows]);
  await expect(summary).toHaveText(`${M.bulkDone(1, 0, 3)} (av 4 rader)`);
  await expect(page.getByRole('list', { name: 'Sparade viner' }).getByRole('listitem')).toHaveText([
    `Rad 3: ${wines[0]!.expected.name} (uppdaterat)`,
    `Rad 4: ${wines[1]!.expected.name} (uppdaterat)`,
    `Rad 5: ${wines[2]!.expected.name} (nytt)`,
    `Rad 6: ${wines[3]!.expected.name} (uppdaterat)`,
  ]);
  await page.screenshot({ path: testInfo.outputPath('bulk-second-upload-375.png'), fullPage: true });
  await expectNoAxeViolations(page);

  const stored = await db('wines').where({ owner_user_id: user.id }).select('name', 'price', 'approval_status');
  expect(stored.map((w) => w.name).sort()).toEqual(['Ofullständigt utkast', ...wines.map((w) => w.expected.name)].sort());
  expect(stored.some((w) => /Castelgufo/.test(w.name))).toBe(false);
  expect(Number(stored.find((w) => w.name === wines[0]!.expected.name)!.price)).toBe(999);

  // Mina viner: search, status and order in the address, kept over a reload.
  await page.getByRole('button', { name: 'Visa mina viner' }).click();
  await expect(page.getByRole('article')).toHaveCount(5);
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  await page.getByLabel('Sök', { exact: true }).fill('ofullst');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(dashboard.wineCard('Ofullständigt utkast')).toBeVisible();
  await page.waitForURL((url) => url.searchParams.get('q') === 'ofullst' && url.searchParams.get('status') === 'draft');
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByLabel('Sök', { exact: true })).toHaveValue('ofullst');
  await expect(page.getByText('Visar 1 av 5 viner')).toBeVisible();
  await page.getByRole('button', { name: 'Rensa sökningen' }).click();
  await page.getByLabel('Sortera', { exact: true }).selectOption('namn');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'namn' && !url.searchParams.has('q'));
  const names = [...wines.map((w) => w.expected.name), 'Ofullständigt utkast'].sort(
    new Intl.Collator('sv-SE', { sensitivity: 'base', numeric: true }).compare,
  );
  await expect(page.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
    names.map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
  );
  await page.screenshot({ path: testInfo.outputPath('mina-viner-375.png'), fullPage: true });
  await expectNoAxeViolations(page);

  // 'Markera alla', 'Skicka in markerade', confirmed: four sent, the one without a rating named with its reason.
  await closeToasts(page);
  await page.getByRole('checkbox', { name: 'Markera alla (5)' }).check();
  await expect(page.getByRole('checkbox', { name: `Markera ${wines[0]!.expected.name}` })).toBeChecked();
  await page.getByRole('button', { name: 'Skicka in markerade' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Skicka in 5 viner för granskning?');
  await page.getByRole('button', { name: 'Ja, skicka in nu' }).click();
  const answer = page.getByRole('region', { name: 'Inskickning' });
  await expect(answer.getByRole('status')).toHaveText(M.bulkSubmitDone(4, 1));
  await expect(answer.getByRole('list', { name: 'Viner som inte skickades in' }).getByRole('listitem')).toHaveText([
    `Ofullständigt utkast${M.bulkSubmitNotReady('betyg')}`,
  ]);
  await expect(dashboard.wineCard(wines[0]!.expected.name).getByText('Väntar', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Markera alla (1)' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-submit-375.png'), fullPage: true });
  await expectNoAxeViolations(page);

  const after = await db('wines').where({ owner_user_id: user.id }).select('name', 'approval_status', 'submitted_at');
  expect(
    after
      .filter((w) => w.approval_status === 'pending')
      .map((w) => w.name)
      .sort(),
  ).toEqual(wines.map((w) => w.expected.name).sort());
  expect(after.find((w) => w.name === 'Ofullständigt utkast')).toMatchObject({ approval_status: 'draft', submitted_at: null });
});

test("on a phone: a camera photo becomes the wine's image, made 1600 px on the device before it is sent", async ({ page, db }, testInfo) => {
  test.setTimeout(60_000);
  const password = 'foto-lösen-8';
  const username = unique('foto');
  const { user } = await buildPartner(db, { user: { username, email: `${username}@vinhandel.se`, password } });
  const login = new PartnerLoginPage(page);
  await login.goto();
  await login.signIn(user.email, password);
  await page.waitForURL((url) => url.pathname === '/partner');
  await page.goto('/partner/wines/new');

  const form = new PartnerWineForm(page);
  const camera = page.getByLabel('Ta foto');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(page.getByText('Ta foto', { exact: true })).toBeVisible();
  // A 3200 × 2400 picture, as a camera gives it (a PNG made here, decoded by Chromium like a photo).
  await camera.setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: tinyPng(3200, 2400, [120, 20, 40]) });
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Bilden är uppladdad' })).toBeVisible();
  await expect(form.field('Bildadress (URL)')).toHaveValue(/^\/api\/images\/[0-9a-f-]{36}$/);
  const url = await form.field('Bildadress (URL)').inputValue();
  await expect(page.getByRole('img', { name: 'Vinets bild' })).toBeVisible();
  const image = await db('images')
    .where({ id: url.split('/').pop() })
    .first('content_type', 'width', 'height', 'byte_size', 'created_by');
  expect(image).toMatchObject({ content_type: 'image/jpeg', width: 1600, height: 1200, created_by: user.id });
  expect(image.byte_size).toBeLessThan(500_000);
  await page.getByRole('img', { name: 'Vinets bild' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('wine-photo-375.png') });
  await expectNoAxeViolations(page);

  await form.field('Vinnamn').fill('Fotovinet');
  await form.field('Beskrivning').fill('Friskt och fruktigt.');
  await form.field('Pris (kr)').fill('129');
  await form.save().click();
  await page.waitForURL((url) => url.pathname === '/partner' && url.searchParams.get('tab') === 'mina-viner');
  await expect.poll(async () => (await db('wines').where({ owner_user_id: user.id }).first('image_url'))?.image_url, { timeout: 15_000 }).toBe(url);
});

test.describe('with a mouse at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false });

  test("Mina viner's search, filters and 'Markera alla' in one row; the bulk tab says 'Dra och släpp' and offers no camera", async ({
    page,
    db,
  }, testInfo) => {
    const password = 'skrivbord-lösen-8';
    const username = unique('skrivbord');
    const { user } = await buildPartner(db, { user: { username, email: `${username}@vinhandel.se`, password } });
    for (const [name, status] of [
      ['Gårdens Rondo', 'draft'],
      ['Gårdens Solaris', 'draft'],
      ['Gårdens Cider', 'pending'],
    ] as const) {
      // The partner's own rating; the public Folkets betyg (wines.rating) comes only from published member reviews.
      await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: status, name, producer_rating: 4 });
    }
    const login = new PartnerLoginPage(page);
    await login.goto();
    await login.signIn(user.email, password);
    await page.waitForURL((url) => url.pathname === '/partner');
    await page.goto('/partner?tab=mina-viner&sort=namn');
    await expect(page.getByRole('checkbox', { name: 'Markera alla (2)' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Markera Gårdens Rondo' }).check();
    await expect(page.getByText('1 markerade')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('mina-viner-1280.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await new PartnerDashboard(page).tab('Bulk-upload').click();
    await expect(page.getByText('Dra och släpp din Excel-fil här')).toBeVisible();
    await expect(page.getByText('Välj fil från telefonen eller molnet')).toBeHidden();
    await page.goto('/partner/wines/new');
    await expect(page.getByText('Välj bild', { exact: true })).toBeVisible();
    await expect(page.getByText('Ta foto', { exact: true })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('wine-form-1280.png'), fullPage: true });
    await expectNoAxeViolations(page);
  });
});
