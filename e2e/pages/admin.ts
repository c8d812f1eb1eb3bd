import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/ports';

/** /admin-login and the development identity provider's sign-in page (spec 001 §2 'Admin login'). Locators only. */
export class AdminLogin {
  constructor(readonly page: Page) {}

  /** 'Logga in via {provider}' on /admin-login. */
  signInButton() {
    return this.page.getByRole('button', { name: /^Logga in via / });
  }

  /** The identity provider's labelled fields and its submit button. */
  providerField(label: 'E-postadress' | 'Lösenord') {
    return this.page.getByLabel(label, { exact: true });
  }

  providerSubmit() {
    return this.page.getByRole('button', { name: 'Logga in', exact: true });
  }
}

/** The admin panel at /admin (spec 001 §2 'Admin panel'). Locators only. */
export class AdminPanel {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'ADMIN PANEL' });
  }

  tab(name: 'Översikt' | 'Viner' | 'Partnergranskning' | 'Användare' | 'Recensioner' | 'Innehåll' | 'Nyhetsbrev') {
    return this.page.getByRole('tablist', { name: 'Adminpanelens flikar' }).getByRole('tab', { name, exact: true });
  }

  logoutButton() {
    return this.page.getByRole('button', { name: 'Logga ut', exact: true });
  }
}

/**
 * Signs in as the e2e admin through the real OpenID Connect flow: /admin-login → 'Logga in via …' →
 * the development identity provider's form → back at /admin. Leaves the page on /admin.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const login = new AdminLogin(page);
  await page.goto('/admin-login');
  await login.signInButton().click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await login.providerField('E-postadress').fill(E2E_ADMIN.email);
  await login.providerField('Lösenord').fill(E2E_ADMIN.password);
  await login.providerSubmit().click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await new AdminPanel(page).heading().waitFor();
}
