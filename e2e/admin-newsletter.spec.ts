import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminNewsletterTab } from './pages/admin-newsletter';
import { SiteLayout } from './pages/site-layout';
import { expect, test } from './support/db';

// The Newsletter tab against the real API and Postgres (spec 001 §2 'Newsletter tab'): sign-ups through the
// public API, search and 'Endast GDPR-samtycke', the CSV export read back and compared with the rows (dates
// yyyy-MM-dd in Swedish time, semicolon-separated for Swedish Excel, phones as dialled in Sweden, cells a
// spreadsheet would run as formulas neutralised), then a bulk delete.

const stockholmDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' });
/** A random Swedish mobile number, national form: '070' and seven digits. */
const mobile = () => `070${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** '0701234567' as the export writes it: '070-123 45 67'. */
const dialled = (national: string) => `${national.slice(0, 3)}-${national.slice(3, 6)} ${national.slice(6, 8)} ${national.slice(8)}`;

interface SubscriberRow {
  id: string;
  email: string;
  phone: string;
  gdpr_consent: boolean;
  created_at: Date;
}

test.describe('admin newsletter', () => {
  test('searches, filters, exports the filtered list as CSV matching Postgres, and bulk deletes two', async ({ page, db }) => {
    const tag = `nb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // One address begins with '+': a spreadsheet would read it as a formula, so the export must neutralise it.
    const signups = [
      { email: `${tag}-anna@example.se`, phone: mobile() },
      { email: `+${tag}-bo@example.se`, phone: mobile() },
      { email: `${tag}-cilla@example.se`, phone: mobile() },
    ];
    const tab = new AdminNewsletterTab(page);
    const layout = new SiteLayout(page);

    await signInAsAdmin(page);
    const origin = new URL(page.url()).origin;
    for (const s of signups) {
      const res = await page.request.post('/api/newsletter', { data: { ...s, gdprConsent: true }, headers: { Origin: origin } });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    const rows: SubscriberRow[] = await db('newsletter_subscribers')
      .whereILike('email', `%${tag}%`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select('id', 'email', 'phone', 'gdpr_consent', 'created_at');
    expect(rows.map((r) => r.email).sort()).toEqual(signups.map((s) => s.email).sort());
    const total = Number((await db('newsletter_subscribers').count({ n: '*' }))[0]!.n);

    await new AdminPanel(page).tab('Nyhetsbrev').click();
    await expect(tab.heading()).toBeVisible();
    await expect(tab.counter('Totalt')).toHaveText(String(total));
    await expect(tab.gdprNotice()).toContainText('rätt att bli raderad');

    // Search by e-mail, then by phone typed the Swedish way.
    await tab.search().fill(tag);
    await expect(tab.rows()).toHaveCount(3);
    const bo = rows.find((r) => r.email.startsWith('+'))!;
    const national = `0${bo.phone.slice(3, 5)}-${bo.phone.slice(5, 8)} ${bo.phone.slice(8, 10)} ${bo.phone.slice(10)}`;
    await tab.search().fill(national);
    await expect(tab.rows()).toHaveCount(1);
    await expect(tab.row(bo.email)).toBeVisible();

    // Both filters at once: every sign-up has consent, so all three stay.
    await tab.search().fill(tag);
    await tab.gdprOnly().check();
    await expect(tab.rows()).toHaveCount(3);
    for (const r of rows) {
      const cells = tab.row(r.email).getByRole('cell');
      await expect(cells.nth(1)).toHaveText(r.email);
      await expect(cells.nth(2)).toHaveText(r.phone);
      await expect(cells.nth(3)).toHaveText('Ja');
      await expect(cells.nth(4)).toHaveText(stockholmDay.format(r.created_at));
    }
    await expect(tab.exportLink()).toHaveAttribute('href', /[?&]gdprOnly=true/);

    // Export: the download is the filtered list, newest first, as in Postgres.
    const [download] = await Promise.all([page.waitForEvent('download'), tab.exportLink().click()]);
    expect(download.suggestedFilename()).toBe(`nyhetsbrev-${stockholmDay.format(new Date())}.csv`);
    const text = await fs.readFile(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\r\n')[0]).toBe('\ufeffe-post;telefon;gdpr;prenumererade');
    const records: string[][] = parse(text, { bom: true, delimiter: ';' });
    expect(records[0]).toEqual(['e-post', 'telefon', 'gdpr', 'prenumererade']);
    const neutralised = (cell: string) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell);
    const signedUpPhone = (email: string) => dialled(signups.find((s) => s.email === email)!.phone);
    expect(records.slice(1)).toEqual(
      rows.map((r) => [neutralised(r.email), signedUpPhone(r.email), r.gdpr_consent ? 'ja' : 'nej', stockholmDay.format(r.created_at)]),
    );
    expect(records.slice(1).every((rec) => rec[2] === 'ja' && /^\d{4}-\d{2}-\d{2}$/.test(rec[3]!))).toBe(true);
    expect(records.find((rec) => rec[0] === `'${bo.email}`)).toBeTruthy();

    // Bulk delete two of them.
    const [gone1, gone2, kept] = rows as [SubscriberRow, SubscriberRow, SubscriberRow];
    await tab.select(gone1.email).check();
    await tab.select(gone2.email).check();
    await expect(tab.bulkDeleteButton()).toHaveText('Ta bort markerade (2)');
    await tab.bulkDeleteButton().click();
    await expect(tab.confirmDialog()).toContainText('2 prenumeranter');
    await tab.confirmButton().click();
    await expect(layout.toast('2 prenumeranter borttagna')).toBeVisible();
    await expect(tab.rows()).toHaveCount(1);
    await expect(tab.row(kept.email)).toBeVisible();

    const left = await db('newsletter_subscribers').whereILike('email', `%${tag}%`).pluck('email');
    expect(left).toEqual([kept.email]);

    // The last one goes through its own delete button.
    await tab.deleteButton(kept.email).click();
    await tab.confirmButton().click();
    await expect(layout.toast('Prenumerant borttagen')).toBeVisible();
    await expect(tab.emptyText()).toHaveText('Inga prenumeranter matchar filtren.');
    expect(await db('newsletter_subscribers').whereILike('email', `%${tag}%`).pluck('email')).toEqual([]);
  });
});
