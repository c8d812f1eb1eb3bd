import type { Page, TestInfo } from '@playwright/test';
import { buildPartner } from '../api/test/factories';
import { startSmtpCapture } from '../api/test/smtp';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { PartnerReviewTab } from './pages/admin-partner-review';
import { PartnerDashboard, PartnerLoginPage, PartnerSubmitPage, PartnerWineForm } from './pages/partner';
import { E2E_SMTP_PORT } from './support/ports';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The rest of a partner wine's life on a phone (375 px) in a real Chromium against the real server: copying a
// wine as a new draft, deleting a draft (asked first), and revising a rejected wine and sending it in again, which
// the admin's queue shows as a resubmission with the earlier reason; the approval is mailed (a real SMTP server this
// file runs) with a link to the wine's public page. Rows are checked in Postgres; every changed screen passes axe.

const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const REASON = 'Alkoholhalten saknas på etiketten. Lägg till den och skicka in igen.';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

/** Waits for the screen to settle (no loading), keeps a screenshot and collects axe's findings. */
async function axeCheck(page: Page, testInfo: TestInfo, label: string, found: string[]) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`${label}-375.png`), fullPage: true });
  found.push(...(await axeFindings(page, { label })));
}

async function signInAsPartner(page: Page, email: string, password: string) {
  const login = new PartnerLoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await page.waitForURL((url) => url.pathname === '/partner');
  await new PartnerDashboard(page).tablist().waitFor();
}

test('copy a wine, delete a draft, revise a rejected wine and send it in again; the admin sees the resubmission and approves it', async ({
  page,
  browser,
  db,
}, testInfo) => {
  const password = 'livscykel-8';
  const email = `${unique('livscykel')}@example.se`;
  const { user } = await buildPartner(db, { user: { username: unique('livscykel'), email, password, first_name: 'Lova' } });
  const tag = unique('');
  const approvedName = `Åsens Merlot ${tag}`;
  const rejectedName = `Kullens Rosé ${tag}`;
  const wine = (name: string, status: string, extra: Record<string, unknown> = {}) => ({
    name,
    description: 'Friskt och fruktigt med toner av äpple och citrus.',
    price: 129.5,
    // The partner's own rating; the public Folkets betyg (wines.rating) comes only from published member reviews.
    producer_rating: 4,
    vintage: 2023,
    region: 'Skåne',
    grape_variety: 'Merlot',
    source: 'partner',
    approval_status: status,
    owner_user_id: user.id,
    submitted_at: new Date(Date.now() - 86_400_000),
    ...extra,
  });
  const [approved] = await db('wines')
    .insert(wine(approvedName, 'approved', { is_granskad_vinpressen: true, medal_design_id: 'fynd', reviewed_at: new Date() }))
    .returning('id');
  const [rejected] = await db('wines')
    .insert(wine(rejectedName, 'rejected', { rejection_reason: REASON, grape_variety: 'Pinot Noir', reviewed_at: new Date() }))
    .returning('id');
  const found: string[] = [];

  await signInAsPartner(page, email, password);
  const dashboard = new PartnerDashboard(page);
  await dashboard.tab('Mina viner').click();
  await expect(dashboard.wineCard(approvedName)).toBeVisible();

  // Copy the approved wine: a new draft with the same name opens in the form; the vintage is what differs.
  await dashboard
    .wineCard(approvedName)
    .getByRole('button', { name: `Kopiera ${approvedName}` })
    .click();
  await page.waitForURL('**/partner/wines/edit/**');
  const copyId = new URL(page.url()).pathname.split('/').pop()!;
  expect(copyId).not.toBe(approved.id);
  const form = new PartnerWineForm(page);
  await expect(form.field('Vinnamn')).toHaveValue(approvedName);
  await form.field('Årgång').fill('2024');
  await form.save().click();
  await page.waitForURL((url) => url.pathname === '/partner');
  await expect.poll(async () => (await db('wines').where({ id: copyId }).first())?.vintage, { timeout: 15_000 }).toBe(2024);
  const copy = await db('wines').where({ id: copyId }).first();
  expect(copy).toMatchObject({
    name: approvedName,
    owner_user_id: user.id,
    source: 'partner',
    approval_status: 'draft',
    is_granskad_vinpressen: false,
    medal_design_id: null,
    rejection_reason: null,
    submitted_at: null,
    reviewed_at: null,
    rating: null,
  });
  // The copy keeps the partner's own rating (a form field), never a public one.
  expect(Number(copy.producer_rating)).toBe(4);
  expect(await db('wines').where({ id: approved.id }).first()).toMatchObject({ approval_status: 'approved', vintage: 2023, medal_design_id: 'fynd' });
  const cards = page.getByRole('article', { name: new RegExp(`^${approvedName}`) });
  await expect(cards).toHaveCount(2);

  // Delete the copy: asked first in a dialog (cancel is focused), then gone here and in Postgres.
  const draftCard = page.getByRole('article', { name: `${approvedName} 2024` });
  await draftCard.getByRole('button', { name: `Ta bort ${approvedName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Ta bort utkastet?' });
  await expect(dialog).toContainText(`Är du säker på att du vill ta bort ”${approvedName}”?`);
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await axeCheck(page, testInfo, 'delete-dialog', found);
  await dialog.getByRole('button', { name: 'Ta bort utkastet' }).click();
  // Gone, not just hidden: the dialog's element has no size, so toBeHidden() passed even while it was open.
  await expect(dialog).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await expect.poll(async () => db('wines').where({ id: copyId }).first(), { timeout: 15_000 }).toBeUndefined();
  await expect(dashboard.wineCard(approvedName).getByRole('button', { name: /^Ta bort/ })).toHaveCount(0);
  await axeCheck(page, testInfo, 'mina-viner-after-delete', found);

  // Revise the rejected wine: the card shows the reason and the way back; the form keeps showing the reason.
  const rejectedCard = dashboard.wineCard(rejectedName);
  await expect(rejectedCard).toContainText(REASON);
  await rejectedCard.getByRole('button', { name: `Ändra och skicka in igen ${rejectedName}` }).click();
  await page.waitForURL(`**/partner/wines/edit/${rejected.id}`);
  await expect(page.getByText('Vinpressen avvisade vinet. Anledning:')).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  expect(await db('wines').where({ id: rejected.id }).first()).toMatchObject({ approval_status: 'draft', rejection_reason: REASON });
  await axeCheck(page, testInfo, 'revise-form', found);
  await form.field('Alkoholhalt (%)').fill('12.5');
  await form.save().click();
  await page.waitForURL((url) => url.pathname === '/partner');
  await expect.poll(async () => Number((await db('wines').where({ id: rejected.id }).first()).alcohol_content), { timeout: 15_000 }).toBe(12.5);
  await expect(rejectedCard).toContainText('Utkast');
  await expect(rejectedCard).toContainText(REASON);

  await rejectedCard.getByRole('link', { name: `Skicka in ${rejectedName}` }).click();
  await page.waitForURL(`**/partner/wines/${rejected.id}/submit`);
  const submit = new PartnerSubmitPage(page);
  await submit.start().click();
  await submit.confirm().click();
  await page.waitForURL((url) => url.pathname === '/partner');
  await expect.poll(async () => (await db('wines').where({ id: rejected.id }).first()).approval_status, { timeout: 15_000 }).toBe('pending');
  await expect(rejectedCard).toContainText('Väntar');
  await expect(rejectedCard).not.toContainText(REASON);

  // The admin's queue shows it as sent in again with the earlier reason; the approval is mailed to the partner.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await new AdminPanel(admin).tab('Partnergranskning').click();
    const review = new PartnerReviewTab(admin);
    const title = `${rejectedName} 2023`;
    await expect(review.entry(title)).toContainText('Inskickat igen efter avvisning');
    await expect(review.entry(title)).toContainText(`Tidigare anledning: ${REASON}`);
    await axeCheck(admin, testInfo, 'admin-resubmission', found);
    await review.action(title, 'Godkänn').click();
    await review.listCheckbox('Aktuella vintips').check();
    await review.approveButton().click();
    await expect(review.dialog('Godkänn vin')).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
  // The dialog closes on the answer; the row is read until it shows the approval.
  await expect.poll(() => db('wines').where({ id: rejected.id }).first()).toMatchObject({ approval_status: 'approved', rejection_reason: null });
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('är godkänt'));
  expect(mail.subject).toBe(`Ditt vin "${rejectedName}" är godkänt`);
  expect(mail.text).toContain('Hej Lova!');
  const link = /Se vinets sida: (\S+)/.exec(mail.text)![1]!;
  expect(new URL(link).pathname).toBe(`/wine/${rejected.id}`);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(rejectedName);
  expect(found).toEqual([]);
});
