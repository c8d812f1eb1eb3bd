import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminDebugPage, DashboardTab, LegacyAdminPage, MedalDesignsAdmin } from './pages/admin-dashboard';
import { AdminWineForm } from './pages/admin-wines';
import { SiteLayout } from './pages/site-layout';
import { E2E_ADMIN } from './support/ports';
import type { Knex } from 'knex';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// The dashboard (spec 001 §2 'Dashboard tab') with real figures, its quick actions and the recent activity from
// the audit log; the legacy page /admin-new and /admin-debug.
const count = (n: number) => new Intl.NumberFormat('sv-SE').format(n);
/** The number of rows a query matches. */
const rows = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.n ?? 0);
const unique = (tag: string) => `${tag} ${Date.now().toString(36).slice(-5)}`;

test.describe('admin dashboard', () => {
  test('shows the same counts as Postgres and a quick action switches the tab', async ({ page, db }) => {
    await signInAsAdmin(page);
    const dashboard = new DashboardTab(page);
    const wines = await rows(db('wines'));
    const users = await rows(db('users'));
    const pending = await rows(db('reviews').where({ status: 'pending' }));
    const { avg } = (await db('wines').first(db.raw('round(avg(rating), 1) as avg'))) as { avg: string | null };

    await expect(dashboard.statCard('Viner')).toContainText(count(wines));
    await expect(dashboard.statCard('Användare')).toContainText(count(users));
    await expect(dashboard.statCard('Väntande recensioner')).toContainText(count(pending));
    await expect(dashboard.statCard('Snittbetyg')).toContainText(avg === null ? '–' : String(avg).replace('.', ','));
    await expect(page.getByRole('progressbar', { name: 'Fynd' })).toBeVisible();
    await expect(dashboard.systemStatus()).toContainText('Alla system fungerar');

    await dashboard.quickAction('Hantera användare').click();
    await expect(page).toHaveURL(/[?&]tab=users/);
    await expect(new AdminPanel(page).tab('Användare')).toHaveAttribute('aria-selected', 'true');
  });

  test("the quick action 'Lägg till vin' opens the Wines tab with the form for a new wine", async ({ page }) => {
    await signInAsAdmin(page);
    await new DashboardTab(page).quickAction('Lägg till vin').click();
    const form = new AdminWineForm(page);
    await expect(form.dialog().getByRole('heading', { name: 'Lägg till vin' })).toBeVisible();
    await expect(form.field('Namn')).toBeFocused();
    await expect(new AdminPanel(page).tab('Viner')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL((url) => url.search === '?tab=wines');
    expect(await axeFindings(page)).toEqual([]);
    await form.dialog().getByRole('button', { name: 'Avbryt', exact: true }).click();
    await expect(form.field('Namn')).toBeHidden();
  });

  test("lists an admin action made through the UI under 'Senaste aktivitet'", async ({ page, db }) => {
    await signInAsAdmin(page);
    const name = unique('Aktivitet');
    await page.goto('/admin-new');
    await new LegacyAdminPage(page).tab('Medaljer').click();
    const medals = new MedalDesignsAdmin(page);
    await medals.newButton().click();
    await medals.field('Namn').fill(name);
    await medals.submit().click();
    await expect(medals.card(name)).toBeVisible();
    const summary = `Lade till medaljen "${name}" (Fynd)`;
    expect(await db('admin_audit_log').where({ action: 'medal_design.create', summary }).pluck('summary')).toEqual([summary]);

    // This test's own action, found by its unique name rather than by its place in the list.
    await page.goto('/admin');
    const dashboard = new DashboardTab(page);
    const item = dashboard.activityItems().filter({ hasText: summary });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(E2E_ADMIN.email);
    await expect(item).toContainText(/just nu|minut/);
  });

  test('/admin-new shows the real number of wines', async ({ page, db }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-new');
    const legacy = new LegacyAdminPage(page);
    await expect(legacy.card('Viner totalt')).toContainText(count(await rows(db('wines'))));
    await expect(legacy.card('Expertrecensioner')).toContainText(count(await rows(db('expert_reviews'))));
    await expect(legacy.wineTable().getByRole('row')).toHaveCount(26); // the header and one page of 25
  });

  test("/admin-new: 'Lägg till vin' opens the wine form, which adds the wine to the table", async ({ page, db }) => {
    const name = unique('E2E Klassiskt vin');
    await signInAsAdmin(page);
    await page.goto('/admin-new');
    const legacy = new LegacyAdminPage(page);
    const form = new AdminWineForm(page);
    await legacy.tab('Lägg till vin').click();
    await page.getByRole('button', { name: 'Öppna vinformuläret', exact: true }).click();
    // The dialog's root is a zero-size wrapper (Headless UI): its title and fields are what shows.
    await expect(form.dialog().getByRole('heading', { name: 'Lägg till vin' })).toBeVisible();
    await expect(form.field('Namn')).toBeFocused();
    expect(await axeFindings(page)).toEqual([]);

    await form.field('Namn').fill(name);
    await form.field('Beskrivning').fill('Saftig och kryddig, med mörka bär.');
    await form.field('Pris').fill('129,50 kr');
    await form.saveButton().click();
    await expect(new SiteLayout(page).toast('Vin tillagt')).toBeVisible();
    await expect(form.field('Namn')).toBeHidden();
    expect(Number((await db('wines').where({ name }).first('price'))?.price)).toBe(129.5);

    await legacy.tab('Viner').click();
    const row = legacy.wineTable().getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('129,50 kr');
  });

  test("/admin-debug shows the admin's e-mail and the answers of the admin calls", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-debug');
    const debug = new AdminDebugPage(page);
    await expect(debug.authStatus()).toContainText(E2E_ADMIN.email);
    await expect(debug.section('GET /api/auth/current')).toContainText('Status 200');
    await expect(debug.section('GET /api/auth/current')).toContainText(E2E_ADMIN.email);
    await expect(debug.section('GET /api/users')).toContainText('Status 200');
    await debug.testButton().click();
    await expect(debug.section('Testa admin-anropet')).toContainText('Status 200');
    await expect(debug.loginLink()).toHaveAttribute('href', '/api/login');
  });

  test('/admin-debug shows a guest only the refusals', async ({ page }) => {
    await page.goto('/admin-debug');
    const debug = new AdminDebugPage(page);
    await expect(debug.authStatus()).toContainText('Inte inloggad');
    await expect(debug.section('GET /api/users')).toContainText('Status 401');
  });
});
