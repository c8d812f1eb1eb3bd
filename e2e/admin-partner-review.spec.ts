import type { Page, TestInfo } from '@playwright/test';
import type { Knex } from 'knex';
import { startSmtpCapture } from '../api/test/smtp';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { PartnerReviewTab } from './pages/admin-partner-review';
import { WineListPage } from './pages/wine-list-page';
import { E2E_ADMIN, E2E_SMTP_PORT } from './support/ports';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The partner review in a real browser against the real server (spec 001 §2 'Partner review tab', §4, §8): a partner
// company with two wines waiting; the admin approves one with the review mark and a medal (then public, with the
// badge and the medal on its page and card) and rejects the other with a reason (listed under Avvisade; the partner's
// mail arrives at a real SMTP server). Rows are checked in Postgres; screenshots at 375 and 1280 px; axe on the tab.
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** A verified partner (user + company) and two wines they submitted (pending), inserted as the portal would leave them. */
async function partnerWithPendingWines(db: Knex, tag: string) {
  const [user] = await db('users')
    .insert({
      username: `vingarden${tag}`,
      email: `per.${tag}@vingarden.se`,
      first_name: 'Per',
      last_name: 'Persson',
      role: 'partner',
      is_verified: true,
    })
    .returning('*');
  await db('partners').insert({ user_id: user.id, company_name: `Vingården ${tag} AB`, contact_name: 'Per Persson', phone: '+46812345678' });
  const wine = (name: string, submittedAt: Date) => ({
    name,
    description: 'Mörka körsbär, viol och en lång, stram eftersmak.',
    price: 189,
    producer_rating: 4,
    vintage: 2022,
    country: 'Sverige',
    region: 'Skåne',
    grape_variety: 'Rondo',
    alcohol_content: 12.5,
    sweetness: 1,
    acidity: 4,
    body: 3,
    tannins: 3,
    fruity: 4,
    food_pairings: ['meat', 'cheese'],
    occasions: ['dinner'],
    // A partner never sets categories: the admin picks the lists at approval.
    categories: db.raw("'{}'::wine_category[]"),
    source: 'partner',
    approval_status: 'pending',
    owner_user_id: user.id,
    submitted_at: submittedAt,
  });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const [approveMe] = await db('wines')
    .insert(wine(`Gårdens Rondo ${tag}`, hoursAgo(3)))
    .returning('*');
  const [rejectMe] = await db('wines')
    .insert(wine(`Gårdens Rosé ${tag}`, hoursAgo(2)))
    .returning('*');
  return { user, approveMe, rejectMe };
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

async function axeViolations(page: Page, where: string): Promise<string[]> {
  return axeFindings(page, { label: where });
}

for (const width of [375, 1280]) {
  test.describe(`partner review at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('approve with the mark and a medal → public with badge and medal; reject with a reason → listed and mailed', async ({
      page,
      db,
    }, testInfo) => {
      test.setTimeout(120_000);
      const tag = unique();
      // The medal design is this test's own: the other width's test and other specs never see or change it.
      const design = { id: `e2e-guldmedalj-${tag}`, name: `Guldmedalj ${tag}`, category: 'FYND' };
      await db('medal_designs').insert(design);
      const { user, approveMe, rejectMe } = await partnerWithPendingWines(db, tag);
      const approveTitle = `${approveMe.name} 2022`;
      const rejectTitle = `${rejectMe.name} 2022`;
      const review = new PartnerReviewTab(page);
      const found: string[] = [];

      await signInAsAdmin(page);
      await new AdminPanel(page).tab('Partnergranskning').click();
      await expect(review.subTab('Väntande')).toHaveAttribute('aria-selected', 'true');
      const entry = review.entry(approveTitle);
      await expect(entry).toContainText('Väntar');
      await expect(entry).toContainText('189 kr');
      await expect(entry).toContainText(`Vingården ${tag} AB`);
      await expect(entry.getByRole('link', { name: '+46812345678' })).toHaveAttribute('href', 'tel:+46812345678');
      await expect(entry).toContainText('Per Persson');
      await expect(entry.getByRole('link', { name: user.email })).toBeVisible();
      // The longest waiting first: the wine submitted a day earlier comes before the other.
      const order = await page
        .getByRole('tabpanel')
        .getByRole('article')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(order.indexOf(approveTitle)).toBeLessThan(order.indexOf(rejectTitle));
      await page.waitForLoadState('networkidle');
      await shoot(page, testInfo, `tab-pending-${width}`);
      found.push(...(await axeViolations(page, 'pending tab')));

      // Granska: the whole wine.
      await review.action(approveTitle, 'Granska').click();
      const reviewDialog = review.dialog(approveTitle);
      await expect(reviewDialog.getByRole('region', { name: 'Smakprofil' })).toContainText('Syra4 av 5');
      await expect(reviewDialog).toContainText('Rondo');
      await shoot(page, testInfo, `dialog-review-${width}`);
      found.push(...(await axeViolations(page, 'review dialog')));
      await reviewDialog.getByRole('button', { name: 'Godkänn' }).click();

      // Godkänn: a list is required; the partner's rating is shown as the producer's own.
      await expect(review.dialog('Godkänn vin')).toContainText('Producentens betyg: 4 av 5 (eget)');
      await review.approveButton().click();
      await expect(review.dialog('Godkänn vin')).toContainText('Välj minst en lista som vinet ska visas i.');
      expect((await db('wines').where({ id: approveMe.id }).first()).approval_status).toBe('pending');
      await review.listCheckbox('Aktuella vintips').check();
      // With the mark and the medal.
      await review.granskadCheckbox().check();
      await expect(review.medalSelect()).toBeEnabled();
      await review.medalSelect().selectOption(design.id);
      await expect(review.dialog('Godkänn vin').getByRole('img', { name: `Förhandsvisning: ${design.name}` })).toBeVisible();
      await shoot(page, testInfo, `dialog-approve-${width}`);
      found.push(...(await axeViolations(page, 'approve dialog')));
      await review.approveButton().click();
      await expect(review.toast('Vin godkänt!')).toBeVisible();
      await expect(review.dialog('Godkänn vin')).toHaveCount(0);
      await expect(review.entry(approveTitle)).toHaveCount(0);

      const [admin] = await db('users').where({ email: E2E_ADMIN.email }).select('id');
      await expect
        .poll(() => db('wines').where({ id: approveMe.id }).first())
        .toMatchObject({
          approval_status: 'approved',
          categories: '{NYLANSERAD}',
          is_granskad_vinpressen: true,
          medal_design_id: design.id,
          reviewed_by: admin.id,
          rejection_reason: null,
        });
      const audits = await db('admin_audit_log').where({ entity_id: approveMe.id }).select('action', 'summary');
      expect(audits).toEqual([
        {
          action: 'wine.approve',
          summary: `Godkände "${approveMe.name}" (listor: Aktuella vintips, Granskad av Vinpressen, medalj: ${design.name})`,
        },
      ]);

      await review.subTab('Godkända').click();
      await expect(review.entry(approveTitle)).toContainText(`Medalj: ${design.name}`);

      // Avvisa: a reason is required.
      await review.subTab('Väntande').click();
      await review.action(rejectTitle, 'Avvisa').click();
      await review.rejectButton().click();
      await expect(review.toast('Anledning krävs')).toContainText('Ange en anledning för avvisandet.');
      await expect(review.reasonField()).toHaveAttribute('aria-invalid', 'true');
      const reason = 'Alkoholhalten saknas på etiketten. Lägg till den och skicka in igen.';
      await review.reasonField().fill(reason);
      await shoot(page, testInfo, `dialog-reject-${width}`);
      await review.rejectButton().click();
      await expect(review.toast('Vin avvisat')).toBeVisible();
      await expect(review.dialog('Avvisa vin')).toHaveCount(0);
      await review.subTab('Avvisade').click();
      await expect(review.entry(rejectTitle)).toContainText(`Anledning: ${reason}`);
      await expect(review.entry(rejectTitle)).toContainText('Avvisad');
      await page.waitForLoadState('networkidle');
      await shoot(page, testInfo, `tab-rejected-${width}`);
      found.push(...(await axeViolations(page, 'rejected tab')));
      await expect
        .poll(() => db('wines').where({ id: rejectMe.id }).first())
        .toMatchObject({ approval_status: 'rejected', rejection_reason: reason, reviewed_by: admin.id });

      // The partner is mailed both decisions: the approval with a link to the wine's page, the rejection with the reason.
      const approvedMail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes(approveMe.name), 30_000);
      expect(approvedMail.subject).toBe(`Ditt vin "${approveMe.name}" är godkänt`);
      expect(approvedMail.text).toContain(`/wine/${approveMe.id}`);
      const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes(rejectMe.name), 30_000);
      expect(mail.subject).toBe(`Ditt vin "${rejectMe.name}" godkändes inte`);
      expect(mail.text).toContain(reason);
      expect(mail.text).toContain('Hej Per!');

      // Public: the approved wine's page with the badge and the medal (the server's SVG, loaded), never the rejected one.
      await page.goto(`/wine/${approveMe.id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(approveTitle);
      await expect(main.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeVisible();
      const medal = main.getByRole('list', { name: 'Utmärkelser' }).getByRole('img', { name: design.name });
      await expect(medal).toHaveAttribute('src', `/api/medal-designs/${design.id}.svg`);
      await expect.poll(() => medal.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await shoot(page, testInfo, `public-wine-${width}`);
      const listed = await page.request.get(`/api/wines?ids=${approveMe.id},${rejectMe.id}`);
      expect((await listed.json()).items.map((w: { id: string; medal: unknown }) => [w.id, w.medal])).toEqual([[approveMe.id, design]]);
      await page.goto(`/wine/${rejectMe.id}`);
      await expect(page.getByRole('heading', { name: 'Vin hittades inte' })).toBeVisible();

      // The public list the admin chose shows it (and the other lists don't).
      const aktuella = new WineListPage(page);
      await aktuella.goto('/aktuella-viner');
      await expect(aktuella.cards().getByRole('link', { name: `Läs mer om ${approveTitle}` })).toHaveAttribute('href', `/wine/${approveMe.id}`);
      await shoot(page, testInfo, `public-list-${width}`);
      const fynd = await page.request.get('/api/wines?category=FYND&limit=100');
      expect((await fynd.json()).items.map((w: { id: string }) => w.id)).not.toContain(approveMe.id);

      expect(found).toEqual([]);
    });
  });
}
