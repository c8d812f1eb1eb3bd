import type { Page } from '@playwright/test';

// The partner portal's screens (spec 001 §2): locators only, no assertions.

/** /partner/login (and /partner-login). */
export class PartnerLoginPage {
  constructor(readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/partner/login${query}`);
  }

  heading() {
    return this.page.getByRole('heading', { name: 'Logga in som partner', level: 1 });
  }

  email() {
    return this.page.getByLabel('E-postadress', { exact: true });
  }

  password() {
    return this.page.getByLabel('Lösenord', { exact: true });
  }

  submit() {
    return this.page.getByRole('button', { name: 'Logga in', exact: true });
  }

  /** The green verified banner (role status) or the red notices (role alert). */
  banner() {
    return this.page.getByRole('status');
  }

  alert() {
    return this.page.getByRole('alert').filter({ hasNotText: /^$/ });
  }

  resendButton() {
    return this.page.getByRole('button', { name: 'Skicka ny verifieringslänk' });
  }

  forgotButton() {
    return this.page.getByRole('button', { name: 'Glömt lösenordet?' });
  }

  /** Fills the form and presses 'Logga in'. */
  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}

/** /partner/register (and /partner-register). */
export class PartnerRegisterPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'Bli partner', level: 1 });
  }

  field(
    label:
      | 'Företagsnamn'
      | 'Kontaktperson'
      | 'Telefon'
      | 'Förnamn'
      | 'Efternamn'
      | 'E-postadress'
      | 'Användarnamn'
      | 'Lösenord'
      | 'Bekräfta lösenord',
  ) {
    return this.page.getByLabel(label, { exact: true });
  }

  submit() {
    return this.page.getByRole('button', { name: 'Registrera', exact: true });
  }

  confirmation() {
    return this.page.getByRole('heading', { name: 'Kolla din e-post', level: 1 });
  }

  toLogin() {
    return this.page.getByRole('link', { name: 'Till inloggningen' });
  }
}

/** The dashboard at /partner. */
export class PartnerDashboard {
  constructor(readonly page: Page) {}

  tablist() {
    return this.page.getByRole('tablist', { name: 'Partnerportalens flikar' });
  }

  tab(name: 'Översikt' | 'Mina viner' | 'Bulk-upload' | 'Profil' | 'Hjälp') {
    return this.tablist().getByRole('tab', { name, exact: true });
  }

  header() {
    return this.page.getByRole('banner');
  }

  logout() {
    return this.page.getByRole('button', { name: 'Logga ut', exact: true });
  }

  /** A wine card in Mina viner, by the start of its heading (name, then the vintage). */
  wineCard(name: string) {
    return this.page.getByRole('article', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  addWine() {
    return this.page.getByRole('link', { name: /^(Lägg till vin|Lägg till ditt första vin|Nytt vin)$/ }).first();
  }

  /** The overview's figure under `label`. */
  counter(label: string) {
    return this.page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  }
}

/** The wine form at /partner/wines/new and /partner/wines/edit/{id}. */
export class PartnerWineForm {
  constructor(readonly page: Page) {}

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  checkbox(label: string) {
    return this.page.getByRole('checkbox', { name: label, exact: true });
  }

  save() {
    return this.page.getByRole('button', { name: /^(Spara som utkast|Uppdatera vin)$/ });
  }

  cancel() {
    return this.page.getByRole('link', { name: 'Avbryt', exact: true });
  }
}

/** The submit page at /partner/wines/{id}/submit. */
export class PartnerSubmitPage {
  constructor(readonly page: Page) {}

  start() {
    return this.page.getByRole('button', { name: 'Skicka in för granskning' });
  }

  confirm() {
    return this.page.getByRole('button', { name: 'Ja, skicka in nu' });
  }

  warning() {
    return this.page.getByRole('alert');
  }
}
