import type { Page } from '@playwright/test';
import { PARTNER_MESSAGES as M } from '../api/contract/partner-rules';
import { buildPartner } from '../api/test/factories';
import { startSmtpCapture } from '../api/test/smtp';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { NotFoundPage } from './pages/not-found-page';
import { PartnerDashboard, PartnerLoginPage, PartnerRegisterPage, PartnerSubmitPage, PartnerWineForm } from './pages/partner';
import { E2E_SMTP_PORT } from './support/ports';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The partner portal in a real browser against the real server: a partner registers, the verification
// mail arrives at a real SMTP server this file runs, the link verifies the address, the partner signs in, creates
// a wine and submits it in two steps; an admin approves it with the 'Granskad' mark and a medal in the Partner
// review tab, and the wine is public with both. Rows are checked in Postgres.

const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The verification link in a mail's plain text. */
function verifyLinkIn(text: string): URL {
  const m = /https?:\/\/\S+\/api\/partner\/verify\?token=\S+/.exec(text);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return new URL(m[0]);
}

/** Signs in on /partner/login and waits for the dashboard. */
async function signInAsPartner(page: Page, email: string, password: string) {
  const login = new PartnerLoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await page.waitForURL((url) => url.pathname === '/partner');
  await new PartnerDashboard(page).tablist().waitFor();
}

test.describe('partner portal', () => {
  test('register → verification mail → verify → sign in → create a wine → submit → admin approves with mark and medal → public', async ({
    page,
    browser,
    db,
  }) => {
    test.setTimeout(120_000);
    const username = unique('vingard');
    const email = `${username}@example.se`;
    const password = 'druvor-och-sol-8';
    const wineName = `Solgläntans Merlot ${username.slice(-6)}`;

    // Register in the UI.
    const register = new PartnerRegisterPage(page);
    await page.goto('/partner/register');
    await register.field('Företagsnamn').fill('Solgläntans Vingård AB');
    await register.field('Kontaktperson').fill('Sara Solberg');
    await register.field('Telefon').fill('070-123 45 67');
    await register.field('Förnamn').fill('Sara');
    await register.field('Efternamn').fill('Solberg');
    await register.field('E-postadress').fill(email);
    await register.field('Användarnamn').fill(username);
    await register.field('Lösenord').fill(password);
    await register.field('Bekräfta lösenord').fill(password);
    await register.submit().click();
    await expect(register.confirmation()).toBeVisible();
    await expect(page.getByText(M.registered)).toBeVisible();

    const user = await db('users').whereRaw('lower(email) = lower(?)', [email]).first();
    expect(user).toMatchObject({ username, role: 'partner', is_verified: false, first_name: 'Sara', last_name: 'Solberg' });
    expect(await db('partners').where({ user_id: user.id }).first()).toMatchObject({
      company_name: 'Solgläntans Vingård AB',
      contact_name: 'Sara Solberg',
      phone: '+46701234567',
    });

    // Signing in before verifying is refused with the Swedish explanation.
    await register.toLogin().click();
    const login = new PartnerLoginPage(page);
    await expect(login.heading()).toBeVisible();
    await login.signIn(email, password);
    await expect(page.getByText(M.notVerified)).toBeVisible();
    await expect(login.resendButton()).toBeVisible();
    expect(page.url()).toContain('/partner/login');

    // The mail arrives by SMTP; its link verifies and opens the login with the green banner.
    const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
    expect(mail.subject).toBe('Bekräfta din e-postadress hos Vinpressen');
    const link = verifyLinkIn(mail.text);
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/partner/login' && url.searchParams.get('verified') === 'true');
    await expect(login.banner()).toHaveText(M.verifiedBanner);
    expect((await db('users').where({ id: user.id }).first()).is_verified).toBe(true);

    // Sign in.
    await login.signIn(email, password);
    await page.waitForURL((url) => url.pathname === '/partner');
    const dashboard = new PartnerDashboard(page);
    await expect(dashboard.header()).toContainText('Sara Solberg');
    await expect(dashboard.header()).toContainText('Solgläntans Vingård AB');
    await expect(dashboard.counter('Totalt antal viner')).toHaveText('0');

    // Create a wine in the form.
    await dashboard.tab('Mina viner').click();
    await expect(page.getByText('Inga viner ännu')).toBeVisible();
    await dashboard.addWine().click();
    await page.waitForURL('**/partner/wines/new');
    const form = new PartnerWineForm(page);
    await form.field('Vinnamn').fill(wineName);
    await form.field('Beskrivning').fill('Mjuk och bärig med toner av plommon och choklad.');
    await form.field('Pris (kr)').fill('149.50');
    await form.field('Alkoholhalt (%)').fill('13.5');
    await form.field('Region').fill('Skåne');
    await form.field('Druvsort').fill('Merlot');
    await form.field('Fyllighet').fill('4');
    await form.field('Strävhet').fill('2');
    await page.getByRole('button', { name: 'Ange fruktighet' }).click();
    await form.checkbox('Kött').check();
    await form.checkbox('Middag').check();
    await form.save().click();
    await page.waitForURL((url) => url.pathname === '/partner');

    const card = dashboard.wineCard(wineName);
    await expect(card).toContainText('Utkast');
    await expect(card).toContainText('149,50 kr');
    // The form saves to the device's outbox first (the card shows it at once); the row follows when it is pushed, and
    // is checked whole once it has arrived.
    await expect
      .poll(() => db('wines').where({ owner_user_id: user.id }).first(), { timeout: 15_000 })
      .toMatchObject({
        name: wineName,
        source: 'partner',
        approval_status: 'draft',
        region: 'Skåne',
        grape_variety: 'Merlot',
        body: 4,
        tannins: 2,
        fruity: 3,
        sweetness: null,
        // The partner's own rating; the public Folkets betyg (rating) comes only from member reviews.
        producer_rating: 4,
        rating: null,
        vintage: new Date().getFullYear(),
        food_pairings: ['meat'],
        occasions: ['dinner'],
      });
    const wine = await db('wines').where({ owner_user_id: user.id }).first();
    expect(Number(wine.price)).toBe(149.5);
    expect(Number(wine.alcohol_content)).toBe(13.5);

    // Submit in two steps.
    await card.getByRole('link', { name: `Skicka in ${wineName}` }).click();
    await page.waitForURL(`**/partner/wines/${wine.id}/submit`);
    const submit = new PartnerSubmitPage(page);
    await submit.start().click();
    await expect(submit.warning()).toContainText('Är du säker?');
    expect((await db('wines').where({ id: wine.id }).first()).approval_status).toBe('draft');
    await submit.confirm().click();
    await page.waitForURL((url) => url.pathname === '/partner');
    await expect(dashboard.wineCard(wineName)).toContainText('Väntar');
    await expect(dashboard.wineCard(wineName).getByRole('link', { name: /Redigera/ })).toHaveCount(0);
    await expect.poll(async () => (await db('wines').where({ id: wine.id }).first()).approval_status).toBe('pending');

    // An admin approves it in the Partner review tab with the 'Granskad' mark and a medal.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInAsAdmin(admin);
      await new AdminPanel(admin).tab('Partnergranskning').click();
      await admin.getByRole('button', { name: new RegExp(`^Godkänn ${wineName}`) }).click();
      const dialog = admin.getByRole('dialog', { name: 'Godkänn vin' });
      await dialog.getByRole('checkbox', { name: 'Fynd', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Granskad av Vinpressen' }).check();
      await dialog.getByLabel('Medalj', { exact: true }).selectOption('folkets-val');
      await dialog.getByRole('button', { name: 'Godkänn vin' }).click();
      // Gone, not just hidden: the dialog's element has no size, so toBeHidden() passed even while it was open.
      await expect(dialog).toHaveCount(0);
    } finally {
      await adminContext.close();
    }
    await expect
      .poll(() => db('wines').where({ id: wine.id }).first())
      .toMatchObject({
        approval_status: 'approved',
        is_granskad_vinpressen: true,
        medal_design_id: 'folkets-val',
      });

    // The wine is public with the mark and its medal; the partner sees it approved.
    await page.goto(`/wine/${wine.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(wineName);
    await expect(page.getByRole('img', { name: 'Granskad av Vinpressen' }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Folkets Val' }).first()).toBeVisible();

    await page.goto('/partner?tab=mina-viner');
    const approvedCard = dashboard.wineCard(wineName);
    await expect(approvedCard).toContainText('Godkänd');
    await expect(approvedCard.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeVisible();
    await expect(approvedCard).toContainText('Medalj: Folkets Val');
  });

  test("a second partner sees neither the first one's wine in Mina viner nor in the form", async ({ page, db }) => {
    const password = 'andra-partnern-8';
    const first = await buildPartner(db, { user: { username: unique('forsta'), email: `${unique('forsta')}@example.se` } });
    const [wine] = await db('wines')
      .insert({
        name: `Förstas hemliga vin ${unique('')}`,
        description: 'Bara för den första.',
        price: 99,
        source: 'partner',
        approval_status: 'draft',
        owner_user_id: first.user.id,
      })
      .returning('*');
    const second = await buildPartner(db, { user: { username: unique('andra'), email: `${unique('andra')}@example.se`, password } });

    await signInAsPartner(page, second.user.email, password);
    const dashboard = new PartnerDashboard(page);
    await dashboard.tab('Mina viner').click();
    await expect(page.getByText('Inga viner ännu')).toBeVisible();
    await expect(page.getByText(wine.name)).toHaveCount(0);

    await page.goto(`/partner/wines/edit/${wine.id}`);
    await expect(page.getByRole('heading', { name: M.loadWineFailed })).toBeVisible();
    await expect(page.getByText(M.wineNotFound)).toBeVisible();
    await expect(new PartnerWineForm(page).save()).toHaveCount(0);

    await page.goto(`/partner/wines/${wine.id}/submit`);
    await expect(page.getByRole('heading', { name: M.loadWineFailed })).toBeVisible();
    expect((await db('wines').where({ id: wine.id }).first()).approval_status).toBe('draft');
  });

  test('an unknown /partner path is the 404 page; /partner signed out is "Åtkomst nekad"', async ({ page }) => {
    const response = await page.goto('/partner/xyz');
    expect(response?.status()).toBe(404);
    await expect(new NotFoundPage(page).heading()).toBeVisible();

    await page.goto('/partner');
    await expect(page.getByRole('heading', { name: M.accessDenied })).toBeVisible();
    await page.getByRole('link', { name: 'Logga in', exact: true }).click();
    await expect(new PartnerLoginPage(page).heading()).toBeVisible();
  });

  test('the dashboard tabs work with the keyboard and keep their place in the address', async ({ page, db }) => {
    const password = 'tangentbord-8';
    const { user } = await buildPartner(db, { user: { username: unique('tangent'), email: `${unique('tangent')}@example.se`, password } });
    await signInAsPartner(page, user.email, password);
    const dashboard = new PartnerDashboard(page);

    await dashboard.tab('Översikt').focus();
    await page.keyboard.press('ArrowRight');
    await expect(dashboard.tab('Mina viner')).toBeFocused();
    await expect(dashboard.tab('Mina viner')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=mina-viner$/);
    await page.keyboard.press('End');
    await expect(dashboard.tab('Hjälp')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Så fungerar det' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dashboard.tab('Profil')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(user.email).first()).toBeVisible();

    await page.reload();
    await expect(dashboard.tab('Profil')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(dashboard.tab('Hjälp')).toHaveAttribute('aria-selected', 'true');
  });
});

// Every partner screen at both widths: axe-core WCAG 2.1 AA, and a full-page screenshot kept with the test's output.
for (const width of [375, 1280]) {
  test.describe(`partner pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every partner screen passes axe-core WCAG 2.1 AA', async ({ page, db }, testInfo) => {
      test.setTimeout(120_000);
      const password = 'skarmbild-8';
      const { user } = await buildPartner(db, { user: { username: unique('skarm'), email: `${unique('skarm')}@example.se`, password } });
      const ids: string[] = [];
      // The wines' names are this test's own (the admin's Partner review lists every partner's pending wines).
      const tag = unique('');
      for (const [kind, status, extra] of [
        ['Ängens Riesling', 'draft', {}],
        ['Backens Cabernet', 'pending', {}],
        ['Åsens Merlot', 'approved', { is_granskad_vinpressen: true, medal_design_id: 'fynd' }],
        ['Kullens Rosé', 'rejected', { rejection_reason: 'Etiketten saknar alkoholhalt.' }],
      ] as const) {
        const name = `${kind} ${tag}`;
        const [row] = await db('wines')
          .insert({
            name,
            description: 'Friskt och fruktigt med toner av äpple och citrus.',
            price: 129.5,
            producer_rating: 4,
            vintage: 2023,
            region: 'Skåne',
            grape_variety: name.split(' ')[1],
            source: 'partner',
            approval_status: status,
            owner_user_id: user.id,
            ...extra,
          })
          .returning('id');
        ids.push(row.id);
      }

      const found: string[] = [];
      async function check(label: string) {
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.screenshot({ path: testInfo.outputPath(`${label}-${width}.png`), fullPage: true });
        found.push(...(await axeFindings(page, { label })));
      }

      await page.goto('/partner/register');
      await check('register');
      await new PartnerRegisterPage(page).submit().click();
      // The toast library loads with the first toast: wait for the toast itself before waiting for its fade-in.
      await expect(page.locator('[data-sonner-toast][data-mounted="true"]').first()).toBeVisible();
      await check('register-errors');
      await page.goto('/partner/login?verified=true');
      await check('login-verified');
      await new PartnerLoginPage(page).forgotButton().click();
      await page.getByRole('heading', { name: 'Glömt lösenordet?' }).waitFor();
      await check('login-forgot');
      await page.keyboard.press('Escape');

      await signInAsPartner(page, user.email, password);
      const dashboard = new PartnerDashboard(page);
      for (const [tab, slug] of [
        ['Översikt', 'oversikt'],
        ['Mina viner', 'mina-viner'],
        ['Bulk-upload', 'bulk-upload'],
        ['Profil', 'profil'],
        ['Hjälp', 'hjalp'],
      ] as const) {
        await dashboard.tab(tab).click();
        await expect(dashboard.tab(tab)).toHaveAttribute('aria-selected', 'true');
        await check(`dashboard-${slug}`);
      }
      await page.goto('/partner/wines/new');
      await new PartnerWineForm(page).field('Druvsort').fill('Cabernet');
      await check('wine-new');
      await page.goto(`/partner/wines/edit/${ids[0]}`);
      await check('wine-edit');
      await page.goto(`/partner/wines/${ids[0]}/submit`);
      await new PartnerSubmitPage(page).start().click();
      await check('submit-confirm');
      await page.goto(`/partner/wines/${ids[1]}/submit`);
      await check('submit-already');
      expect(found).toEqual([]);
    });
  });
}
