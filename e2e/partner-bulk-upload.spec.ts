import type { Page } from '@playwright/test';
import { PARTNER_MESSAGES as M } from '../api/contract/partner-rules';
import { bulkFixture, convertWithLibreOffice, workbookBytes, type BulkFixture } from '../api/excel/test-fixtures';
import { buildPartner } from '../api/test/factories';
import { PartnerDashboard, PartnerLoginPage } from './pages/partner';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The partner's Excel bulk upload in a real browser against the real server (spec 001 §2 'Bulk-upload',
// §5, §8): a verified partner signs in, opens the Bulk-upload tab, uploads a real .xlsx and a genuine .xls made by
// LibreOffice (real Systembolaget rows, four broken on purpose) and sees the exact counts; the rows are checked in
// Postgres. A wrong file gives 'Fel filtyp'. Screenshots and axe-core at 375 and 1280 px.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n += 1)}`;

/** The Bulk-upload tab's parts (locators only). */
class BulkUploadTabPage {
  constructor(readonly page: Page) {}

  picker() {
    return this.page.getByLabel('Välj Excel-fil');
  }

  uploadButton() {
    return this.page.getByRole('button', { name: 'Ladda upp', exact: true });
  }

  fileName() {
    return this.page.getByTestId('bulk-file-name');
  }

  summary() {
    return this.page.getByRole('region', { name: 'Resultat' }).getByRole('status');
  }

  saved() {
    return this.page.getByRole('list', { name: 'Sparade viner' }).getByRole('listitem');
  }

  failures() {
    return this.page.getByRole('list', { name: 'Misslyckade rader' }).getByRole('listitem');
  }

  /** A toast in the 'Notiser' region by its title. */
  toast(title: string) {
    return this.page.locator('[data-sonner-toast]').filter({ has: this.page.locator('[data-title]', { hasText: title }) });
  }
}

async function openBulkTab(page: Page, email: string, password: string) {
  const login = new PartnerLoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await page.waitForURL((url) => url.pathname === '/partner');
  await new PartnerDashboard(page).tab('Bulk-upload').click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'bulk-upload');
  const tab = new BulkUploadTabPage(page);
  await expect(tab.picker()).toBeAttached();
  return tab;
}

/** Uploads `bytes` as `name` through the picker and waits for the result panel. */
async function upload(tab: BulkUploadTabPage, name: string, bytes: Buffer, mimeType: string) {
  // The previous toasts are gone first, so the next one checked is this upload's. They are closed with their
  // close button (one shows at a time, the front one) rather than waited out (5 s each).
  const toasts = tab.page.locator('[data-sonner-toast]');
  await expect(async () => {
    const front = tab.page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"]) [data-close-button]');
    if (await front.count()) await front.first().click({ timeout: 1000 });
    await expect(toasts).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await tab.picker().setInputFiles({ name, mimeType, buffer: bytes });
  await expect(tab.fileName()).toHaveText(name);
  await tab.uploadButton().click();
}

async function expectResult(tab: BulkUploadTabPage, fixture: BulkFixture) {
  const ok = fixture.valid.length;
  const bad = fixture.failed.length;
  await expect(tab.summary()).toHaveText(`${M.bulkDone(ok, bad)} (av ${fixture.totalRows} rader)`);
  await expect(tab.toast(M.bulkDone(ok, bad))).toBeVisible();
  await expect(tab.saved()).toHaveText(fixture.valid.slice(0, 5).map((v) => `Rad ${v.row}: ${v.wine.name} (nytt)`));
  await expect(tab.page.getByText(M.andMore(ok - 5), { exact: true })).toBeVisible();
  await expect(tab.failures()).toHaveCount(bad);
  for (const [i, f] of fixture.failed.entries()) {
    await expect(tab.failures().nth(i)).toContainText(`Rad ${f.row}`);
    await expect(tab.failures().nth(i)).toContainText(f.error);
  }
}

for (const width of [1280, 375]) {
  test.describe(`bulk upload at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`a partner uploads a real .xlsx${width === 1280 ? ' and a LibreOffice .xls' : ''}: exact counts on screen, drafts in Postgres; a wrong file is refused`, async ({
      page,
      db,
    }, testInfo) => {
      test.setTimeout(120_000);
      const password = 'bulk-lösen-8';
      const username = unique('bulk');
      const { user } = await buildPartner(db, { user: { username, email: `${username}@vinhandel.se`, password } });
      const tab = await openBulkTab(page, user.email, password);
      await page.screenshot({ path: testInfo.outputPath(`bulk-empty-${width}.png`), fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // A wrong type is refused in the browser…
      await tab.picker().setInputFiles({ name: 'viner.txt', mimeType: 'text/plain', buffer: Buffer.from('Namn;Pris\nVin;99') });
      await expect(tab.toast(M.wrongFileTypeTitle)).toContainText(M.wrongFileType);
      await expect(tab.fileName()).toHaveCount(0);
      // …and a text file named .xlsx by the server, judged by its content.
      await upload(tab, 'lurad.xlsx', Buffer.from('Namn;Beskrivning;Pris\nVin;Gott;99\n'), XLSX_TYPE);
      await expect(tab.toast(M.bulkFailedTitle)).toContainText(M.wrongFileType);

      // A real .xlsx.
      const xlsxRows = bulkFixture(12, width === 1280 ? 200 : 300);
      await upload(tab, 'viner.xlsx', workbookBytes(xlsxRows.aoa), XLSX_TYPE);
      await expectResult(tab, xlsxRows);
      await page.screenshot({ path: testInfo.outputPath(`bulk-result-${width}.png`), fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // A genuine Excel 97–2003 file written by LibreOffice (once: LibreOffice takes its time, and the layout at 375 px
      // is the same result panel as above).
      const xlsRows = width === 1280 ? bulkFixture(12, 250) : { valid: [] as typeof xlsxRows.valid };
      if (width === 1280) {
        const xls = await convertWithLibreOffice(workbookBytes((xlsRows as typeof xlsxRows).aoa), 'xlsx', 'xls');
        await upload(tab, 'viner.xls', xls, 'application/vnd.ms-excel');
        await expectResult(tab, xlsRows as typeof xlsxRows);
      }

      const stored = await db('wines')
        .where({ owner_user_id: user.id })
        .orderBy('name')
        .select('name', 'price', 'source', 'approval_status', 'food_pairings');
      const expected = [...xlsxRows.valid, ...xlsRows.valid].map((v) => v.wine);
      expect(stored).toHaveLength(width === 1280 ? 16 : 8);
      expect(stored.every((w) => w.source === 'partner' && w.approval_status === 'draft')).toBe(true);
      expect(stored.map((w) => w.name).sort()).toEqual(expected.map((w) => w.name).sort());
      const byName = new Map(stored.map((w) => [w.name as string, w]));
      for (const want of expected) {
        expect(Number(byName.get(want.name)!.price)).toBe(want.price);
        expect(byName.get(want.name)!.food_pairings).toEqual(want.food_pairings);
      }

      // The uploaded drafts are in Mina viner.
      await page.getByRole('button', { name: 'Visa mina viner' }).click();
      await expect(new PartnerDashboard(page).wineCard((width === 1280 ? xlsRows.valid[0] : xlsxRows.valid[0])!.wine.name)).toBeVisible();
    });
  });
}
