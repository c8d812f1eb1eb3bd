import { AdminLogin, AdminPanel, signInAsAdminThroughProvider } from './pages/admin';
import { AccountMenu, AuthDialog } from './pages/account';
import { SiteLayout } from './pages/site-layout';
import { E2E_ADMIN } from './support/ports';
import { expect, MEMBER_PASSWORD, test } from './support/factories';

// The admin area's door: sign-in through the development identity provider (real OpenID Connect), the guard of
// /admin for guests and for signed-in users who are not admins, and sign-out.

test.describe('admin sign-in', () => {
  test('an admin signs in through the identity provider, sees the panel and signs out to /admin-login', async ({ page, db }) => {
    await signInAsAdminThroughProvider(page);
    const panel = new AdminPanel(page);
    await expect(page.getByText('Administratör', { exact: true })).toBeVisible();
    await expect(page.getByText(/Inloggad som/)).toBeVisible();
    await expect(panel.tab('Översikt')).toHaveAttribute('aria-selected', 'true');

    const row = await db('users').whereRaw('lower(email) = lower(?)', [E2E_ADMIN.email]).first('role', 'auth_type');
    expect(row).toMatchObject({ role: 'admin', auth_type: 'admin' });

    await panel.tab('Nyhetsbrev').click();
    await expect(page).toHaveURL(/[?&]tab=newsletter/);

    const layout = new SiteLayout(page);
    await panel.logoutButton().click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(new AdminLogin(page).signInButton()).toBeVisible();
    // A logout the admin chose says so, and nothing else: no 'Unauthorized / You are logged out' (a lost session's
    // toast, which the panel's guard would show within its 500 ms redirect delay).
    await expect(layout.toast('Du är utloggad.')).toBeVisible();
    await page.waitForTimeout(800);
    await expect(layout.toast('Unauthorized')).toHaveCount(0);
  });

  test('a guest at /admin is told they are logged out and sent to /admin-login', async ({ page }) => {
    const layout = new SiteLayout(page);
    await page.goto('/admin');
    await expect(layout.toast('Unauthorized')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('a signed-in user gets 403 from the admin API and is sent away from /admin', async ({ page, make }) => {
    const { username, email } = await make.member();

    await page.goto('/');
    await new AuthDialog(page).signIn(email, MEMBER_PASSWORD);
    // Signed in once the avatar menu shows (the dialog may close before the sign-in's answer has arrived).
    await expect(new AccountMenu(page).button(username)).toBeVisible();

    const api = await page.request.get('/api/admin/wines');
    expect(api.status()).toBe(403);

    await page.goto('/admin');
    await expect(new SiteLayout(page).toast('Åtkomst nekad')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
