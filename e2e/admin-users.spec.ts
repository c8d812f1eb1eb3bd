import { AuthDialog } from './pages/account';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminUsersTab } from './pages/admin-users';
import { SiteLayout } from './pages/site-layout';
import { expect, test } from './support/db';

// The Users tab against the real API and Postgres (spec 001 §2 'Users tab', §4: deactivation is the only
// delete): create → search → verify → 'Ta bort' deactivates (the row stays) → the user can no longer sign in.
const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('admin users', () => {
  test('creates a user, finds it, verifies it and deactivates it, after which it cannot sign in', async ({ page, db }) => {
    const username = unique('e2eanv');
    const email = `${username}@example.se`;
    const password = 'e2e-lösen-123';
    const users = new AdminUsersTab(page);
    const layout = new SiteLayout(page);

    await signInAsAdmin(page);
    await new AdminPanel(page).tab('Användare').click();
    await expect(users.heading()).toBeVisible();
    const total = Number((await db('users').count({ n: '*' }))[0]!.n);
    await expect(users.statValue('Totalt')).toHaveText(String(total));

    // Create.
    await users.newUserButton().click();
    await users.field('Användarnamn').fill(username);
    await users.field('E-postadress').fill(email);
    await users.field('Förnamn').fill('Elsa');
    await users.field('Efternamn').fill('Testsson');
    await users.field('Lösenord').fill(password);
    await users.roleSelect().selectOption({ label: 'Partner' });
    await users.submit('Skapa användare').click();
    await expect(layout.toast('Användare skapad')).toBeVisible();
    await expect(users.dialog()).toHaveCount(0);

    const created = await db('users')
      .where({ username })
      .first('id', 'email', 'first_name', 'role', 'is_active', 'is_verified', 'auth_type', 'password_hash');
    expect(created).toMatchObject({ email, first_name: 'Elsa', role: 'partner', is_active: true, is_verified: false, auth_type: 'local' });
    expect(created.password_hash).toBeTruthy();

    // The same username in other letters is taken: the server's message shows on the field.
    await users.newUserButton().click();
    await users.field('Användarnamn').fill(username.toUpperCase());
    await users.field('E-postadress').fill(`annan-${email}`);
    await users.field('Lösenord').fill(password);
    await users.submit('Skapa användare').click();
    await expect(users.dialog().getByText('Användarnamnet är redan upptaget.')).toBeVisible();
    await users.cancel().click();
    expect(Number((await db('users').whereRaw('lower(username) = lower(?)', [username]).count({ n: '*' }))[0]!.n)).toBe(1);

    // Search.
    await users.search().fill(username);
    await expect(users.rows()).toHaveCount(1);
    const row = users.row(username);
    await expect(row).toContainText(email);
    await expect(row).toContainText('Elsa Testsson');
    await expect(row).toContainText('Partner');
    await expect(row).toContainText('Ej verifierad');

    // Verify.
    await users.rowAction(username, 'Verifiera').click();
    await expect(layout.toast('Användare verifierad')).toBeVisible();
    await expect(users.rowAction(username, 'Verifiera')).toHaveCount(0);
    await expect(row).toContainText('Verifierad');
    expect(await db('users').where({ username }).first('is_verified')).toEqual({ is_verified: true });

    // 'Ta bort' only deactivates: the user stays in Postgres and in the list.
    await users.rowAction(username, 'Ta bort').click();
    await expect(users.confirmDialog()).toContainText(`"${username}"`);
    await users.confirmButton().click();
    await expect(layout.toast('Användare borttagen')).toBeVisible();
    await expect(row).toContainText('Inaktiv');
    await expect(users.rowAction(username, 'Ta bort')).toHaveCount(0);
    expect(await db('users').where({ username }).first('is_active', 'is_verified')).toEqual({ is_active: false, is_verified: true });

    // The deactivated user can't sign in, neither through the API nor through the login dialog.
    await page.context().clearCookies();
    const origin = new URL(page.url()).origin;
    const api = await page.request.post('/api/auth/login', { data: { email, password }, headers: { Origin: origin } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({ error: { code: 'account_deactivated' } });

    await page.goto('/');
    const auth = new AuthDialog(page);
    await auth.signIn(email, password);
    await expect(page.getByText('Kontot är inaktiverat. Kontakta oss om du vill aktivera det igen.').first()).toBeVisible();
    await expect(auth.field('E-postadress')).toBeVisible();
    expect((await page.request.get('/api/auth/current')).status()).toBe(401);
  });
});
