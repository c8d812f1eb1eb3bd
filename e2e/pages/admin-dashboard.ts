import type { Locator, Page } from '@playwright/test';

/** The dashboard tab of /admin (spec 001 §2 'Dashboard tab'). Locators only. */
export class DashboardTab {
  constructor(readonly page: Page) {}

  /** The stat card with this label ('Viner', 'Användare', 'Väntande recensioner', 'Snittbetyg'). */
  statCard(label: 'Viner' | 'Användare' | 'Väntande recensioner' | 'Snittbetyg'): Locator {
    return this.page
      .getByRole('list', { name: 'Nyckeltal' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }

  quickAction(name: 'Lägg till vin' | 'Granska recensioner' | 'Hantera användare' | 'Visa statistik'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The items of 'Senaste aktivitet'. */
  activityItems(): Locator {
    return this.page.getByRole('list', { name: 'Senaste adminåtgärderna' }).getByRole('listitem');
  }

  systemStatus(): Locator {
    return this.page.getByRole('region', { name: 'Systemstatus' });
  }
}

/** Medaljhantering (spec 001 §2 'Medal design management'), wherever it is shown. Locators only. */
export class MedalDesignsAdmin {
  constructor(readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { name: 'Medaljhantering' });
  }

  newButton(): Locator {
    return this.page.getByRole('button', { name: 'Ny medalj', exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  field(label: 'Namn' | 'Id' | 'Kategori'): Locator {
    return this.dialog().getByLabel(label, { exact: true });
  }

  submit(): Locator {
    return this.dialog().getByRole('button', { name: 'Skapa medalj' });
  }

  /** The card of the design named `name`. */
  card(name: string): Locator {
    return this.page
      .getByRole('list', { name: 'Medaljer' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }
}

/** /admin-new, the legacy admin page (spec 001 §2 'Legacy admin page'). Locators only. */
export class LegacyAdminPage {
  constructor(readonly page: Page) {}

  card(label: 'Viner totalt' | 'Expertrecensioner' | 'Prenumeranter'): Locator {
    return this.page
      .getByRole('list', { name: 'Nyckeltal' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }

  tab(name: 'Viner' | 'Lägg till vin' | 'Medaljer' | 'Prenumeranter'): Locator {
    return this.page.getByRole('tablist', { name: 'Klassiska adminsidans flikar' }).getByRole('tab', { name, exact: true });
  }

  wineTable(): Locator {
    return this.page.getByRole('table');
  }
}

/** /admin-debug (spec 001 §2 'Admin debug'). Locators only. */
export class AdminDebugPage {
  constructor(readonly page: Page) {}

  authStatus(): Locator {
    return this.page.getByRole('region', { name: 'Inloggningsstatus' });
  }

  /** The section of one call: 'GET /api/auth/current', 'GET /api/users' or 'Testa admin-anropet'. */
  section(name: 'GET /api/auth/current' | 'GET /api/users' | 'Testa admin-anropet'): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  testButton(): Locator {
    return this.page.getByRole('button', { name: 'Testa admin-anropet' });
  }

  loginLink(): Locator {
    return this.page.getByRole('link', { name: 'Logga in via /api/login' });
  }
}

/** The designs section of the public /medals page (spec 000 §2). Locators only. */
export class MedalsDownloads {
  constructor(readonly page: Page) {}

  section(): Locator {
    return this.page.getByRole('region', { name: 'Alla medaljer att ladda ner' });
  }

  /** The download link of the design named `name` ('Ladda ner {name} ({category}, SVG)'). */
  downloadLink(name: string): Locator {
    return this.section().getByRole('link', { name: new RegExp(`^Ladda ner ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });
  }
}
