import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from '../support/ports';

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

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
 * admin.spec.ts checks this flow itself; other specs use signInAsAdmin, which runs it once per worker.
 */
export async function signInAsAdminThroughProvider(page: Page): Promise<void> {
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

/** The admin session's cookies, from this worker's one sign-in through the provider. */
let adminCookies: Promise<Cookie[]> | undefined;

/**
 * The e2e admin's session cookies. The first call in a worker signs in through the identity provider in a browser
 * context of its own (signInAsAdminThroughProvider); later calls reuse that session, as a second tab of the same
 * browser would, instead of repeating the OIDC round trip in every test (≈ 3 s each). Nothing in the suite ends the
 * admin's other sessions (admin.spec.ts signs out only its own), so the session stays valid for the whole run.
 * A failed sign-in is not kept: the next call tries again (and fails with its own error).
 */
export async function adminSessionCookies(browser: Browser): Promise<Cookie[]> {
  adminCookies ??= (async () => {
    const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    try {
      await signInAsAdminThroughProvider(await context.newPage());
      return await context.cookies();
    } finally {
      await context.close();
    }
  })();
  return adminCookies.catch((err: unknown) => {
    adminCookies = undefined;
    throw err;
  });
}

/** Signs `page`'s browser context in as the e2e admin (adminSessionCookies) and leaves the page on /admin with the panel shown. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('signInAsAdmin needs a page of a browser context');
  await page.context().addCookies(await adminSessionCookies(browser));
  await page.goto('/admin');
  await new AdminPanel(page).heading().waitFor();
}
