import { AccountMenu, AuthDialog, ResetPasswordPage, SettingsPage } from './pages/account';
import { SiteLayout } from './pages/site-layout';
import { E2E_SMTP_PORT } from './support/ports';
import { expect, MEMBER_PASSWORD, test } from './support/factories';
import { resetLinkIn, startSmtpCapture } from '../api/test/smtp';

// Accounts in a real browser against the real server: registration, sign-in and -out, a reset mail that
// arrives at a real SMTP server this file runs, and a password change that signs out another browser.
const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test.describe('accounts', () => {
  test('register → greeted and signed in → sign out → sign in again', async ({ page }) => {
    const username = unique('vinvan');
    const email = `${username}@example.se`;
    const password = 'sexton-16';
    const layout = new SiteLayout(page);
    const dialog = new AuthDialog(page);
    const menu = new AccountMenu(page);

    await page.goto('/');
    await dialog.openButton().click();
    await dialog.tab('Registrera').click();
    await dialog.field('Användarnamn').fill(username);
    await dialog.field('E-postadress').fill(email);
    await dialog.field('Lösenord').fill(password);
    await dialog.field('Bekräfta lösenord').fill(password);
    await dialog.field('Förnamn').fill('Vera');
    await dialog.submit('Skapa konto').click();

    await expect(layout.toast('Registrering lyckades!')).toBeVisible();
    await expect(dialog.dialog()).toHaveCount(0);
    await expect(menu.button(username)).toBeVisible();
    await menu.button(username).click();
    await expect(page.getByRole('menu')).toContainText(email);
    await expect(menu.item('Inställningar')).toBeVisible();
    await menu.item('Logga ut').click();

    await expect(dialog.openButton()).toBeVisible();
    await page.reload();
    await expect(dialog.openButton()).toBeVisible();

    await dialog.signIn(email, password);
    await expect(layout.toast('Inloggad!')).toBeVisible();
    await expect(layout.toast(`Välkommen tillbaka, ${username}!`)).toBeVisible();
    await expect(menu.button(username)).toBeVisible();
    await page.reload();
    await expect(menu.button(username)).toBeVisible();

    // The address is unconfirmed until the mailed link is followed.
    await page.goto('/settings');
    await expect(page.getByText('Bekräfta din e-postadress')).toBeVisible();
    const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
    expect(mail.subject).toBe('Bekräfta din e-postadress hos Vinpressen');
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify\?token=\S+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(layout.toast('Din e-postadress är bekräftad.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/settings');
    await expect(page.getByText('Ja, e-postadressen är bekräftad')).toBeVisible();
  });

  test('forgot password → the mail arrives by SMTP → the link sets a new password; the old one stops working', async ({ page, make }) => {
    const { email } = await make.member();
    const layout = new SiteLayout(page);
    const dialog = new AuthDialog(page);

    await page.goto('/');
    await dialog.openButton().click();
    await dialog.forgotLink().click();
    await dialog.field('E-postadress').fill(email);
    await dialog.submit('Skicka återställningslänk').click();
    await expect(layout.toast('Återställningslänk skickad!')).toBeVisible();

    const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
    expect(mail.subject).toBe('Återställ ditt lösenord hos Vinpressen');
    const link = resetLinkIn(mail);
    await page.goto(`${link.pathname}${link.search}`);

    const reset = new ResetPasswordPage(page);
    await expect(reset.heading()).toBeVisible();
    await expect(reset.submit()).toBeDisabled();
    await reset.newPassword().fill('nytt-lösen-2');
    await reset.confirmPassword().fill('nytt-lösen-2');
    await reset.submit().click();
    await expect(layout.toast('Lösenord återställt')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });

    await dialog.signIn(email, MEMBER_PASSWORD);
    await expect(layout.toast('Inloggning misslyckades')).toBeVisible();
    await dialog.field('Lösenord').fill('nytt-lösen-2');
    await dialog.submit('Logga in').click();
    await expect(layout.toast('Inloggad!')).toBeVisible();
  });

  test('a password change in one browser signs out the other', async ({ browser, make }) => {
    const { username, email } = await make.member();
    const laptop = await browser.newContext();
    const phone = await browser.newContext();
    try {
      const [a, b] = [await laptop.newPage(), await phone.newPage()];
      for (const page of [a, b]) {
        await page.goto('/');
        await new AuthDialog(page).signIn(email, MEMBER_PASSWORD);
        await expect(new AccountMenu(page).button(username)).toBeVisible();
      }

      const settings = new SettingsPage(a);
      await settings.goto();
      await settings.field('Nuvarande lösenord').fill(MEMBER_PASSWORD);
      await settings.field('Nytt lösenord').fill('nytt-lösen-2');
      await settings.field('Bekräfta nytt lösenord').fill('nytt-lösen-2');
      await settings.submit().click();
      await expect(a.getByText('Session ogiltiggjord').first()).toBeVisible();
      await a.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
      await expect(new AccountMenu(a).button(username)).toBeVisible();

      await b.reload();
      await expect(new AuthDialog(b).openButton()).toBeVisible();
      await expect(new AccountMenu(b).button(username)).toHaveCount(0);
    } finally {
      await laptop.close();
      await phone.close();
    }
  });
});
