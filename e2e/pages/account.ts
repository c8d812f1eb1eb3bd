import type { Page } from '@playwright/test';

/** The login/register dialog (spec 000 §2 'Login/register dialog'). Locators only. */
export class AuthDialog {
  constructor(readonly page: Page) {}

  /** 'Logga in' in the top navigation (visitors). */
  openButton() {
    return this.page.getByRole('banner').getByRole('button', { name: 'Logga in', exact: true }).first();
  }

  /** The dialog; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog() {
    return this.page.getByRole('dialog');
  }

  tab(name: 'Logga in' | 'Registrera') {
    return this.dialog().getByRole('tab', { name, exact: true });
  }

  field(label: 'E-postadress' | 'Lösenord' | 'Bekräfta lösenord' | 'Användarnamn' | 'Förnamn' | 'Efternamn') {
    return this.dialog().getByLabel(label, { exact: true });
  }

  submit(name: 'Logga in' | 'Skapa konto' | 'Skicka återställningslänk') {
    return this.dialog().getByRole('button', { name, exact: true });
  }

  forgotLink() {
    return this.dialog().getByRole('button', { name: 'Glömt lösenordet?' });
  }

  async signIn(email: string, password: string) {
    await this.openButton().click();
    await this.field('E-postadress').fill(email);
    await this.field('Lösenord').fill(password);
    await this.submit('Logga in').click();
  }
}

/** The avatar menu of a signed-in user (spec 000 §2 'Top navigation'). */
export class AccountMenu {
  constructor(readonly page: Page) {}

  /** The avatar button; its accessible name mentions the username. */
  button(username: string) {
    return this.page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(username) })
      .first();
  }

  item(name: 'Mina recensioner' | 'Inställningar' | 'Logga ut') {
    return this.page.getByRole('menuitem', { name, exact: true });
  }

  async signOut(username: string) {
    await this.button(username).click();
    await this.item('Logga ut').click();
  }
}

/** /reset-password?token=… (spec 000 §2). */
export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'ÅTERSTÄLL LÖSENORD' });
  }

  newPassword() {
    return this.page.getByRole('main').getByLabel('Nytt lösenord', { exact: true });
  }

  confirmPassword() {
    return this.page.getByRole('main').getByLabel('Bekräfta lösenord', { exact: true });
  }

  submit() {
    return this.page.getByRole('main').getByRole('button', { name: 'Återställ lösenord' });
  }
}

/** /settings (spec 000 §2 'Settings page'). */
export class SettingsPage {
  constructor(readonly page: Page) {}

  goto() {
    return this.page.goto('/settings');
  }

  field(label: 'Nuvarande lösenord' | 'Nytt lösenord' | 'Bekräfta nytt lösenord') {
    return this.page.getByRole('main').getByLabel(label, { exact: true });
  }

  submit() {
    return this.page.getByRole('main').getByRole('button', { name: 'Byt lösenord' });
  }
}
