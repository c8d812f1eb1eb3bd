import type { Page } from '@playwright/test';

/** The admin panel's Partner review tab and its dialogs (spec 001 §2 'Partner review tab'). Locators only. */
export class PartnerReviewTab {
  constructor(readonly page: Page) {}

  /** The sub-tabs Väntande, Godkända, Avvisade (their names carry the counts). */
  subTab(name: 'Väntande' | 'Godkända' | 'Avvisade') {
    return this.page.getByRole('tablist', { name: 'Partnerviner efter status' }).getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** The visible list's entry of a wine, by its name with vintage. */
  entry(title: string) {
    return this.page.getByRole('tabpanel').getByRole('article', { name: title });
  }

  /** An entry's action: Granska, Godkänn or Avvisa. */
  action(title: string, action: 'Granska' | 'Godkänn' | 'Avvisa') {
    return this.entry(title).getByRole('button', { name: `${action} ${title}` });
  }

  /** The dialog; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** The approve dialog's fields and button. */
  granskadCheckbox() {
    return this.dialog('Godkänn vin').getByRole('checkbox', { name: 'Granskad av Vinpressen' });
  }

  /** The approve dialog's list checkboxes ('Visas i listorna'): Fynd, Aktuella vintips, Folkets val. */
  listCheckbox(name: 'Fynd' | 'Aktuella vintips' | 'Folkets val') {
    return this.dialog('Godkänn vin')
      .getByRole('group', { name: /Visas i listorna/ })
      .getByRole('checkbox', { name });
  }

  medalSelect() {
    return this.dialog('Godkänn vin').getByLabel('Medalj');
  }

  approveButton() {
    return this.dialog('Godkänn vin').getByRole('button', { name: 'Godkänn vin' });
  }

  /** The reject dialog's reason and button. */
  reasonField() {
    return this.dialog('Avvisa vin').getByLabel('Anledning');
  }

  rejectButton() {
    return this.dialog('Avvisa vin').getByRole('button', { name: 'Avvisa vin' });
  }

  /** A toast by its title (sonner: the 'Notiser' region). */
  toast(title: string) {
    return this.page.locator('[data-sonner-toast]').filter({ has: this.page.locator('[data-title]', { hasText: title }) });
  }
}
