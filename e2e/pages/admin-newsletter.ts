import type { Page } from '@playwright/test';

/** The admin panel's Newsletter tab 'NYHETSBREVHANTERING' (spec 001 §2 'Newsletter tab'). Locators only. */
export class AdminNewsletterTab {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'NYHETSBREVHANTERING' });
  }

  /** The figure of a counter (the line after its label). */
  counter(label: 'Totalt' | 'GDPR-samtycke' | 'Med telefon' | 'Aktiva') {
    return this.page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  }

  search() {
    return this.page.getByLabel('Sök prenumerant', { exact: true });
  }

  gdprOnly() {
    return this.page.getByRole('checkbox', { name: 'Endast GDPR-samtycke', exact: true });
  }

  exportLink() {
    return this.page.getByRole('link', { name: 'Exportera CSV', exact: true });
  }

  table() {
    return this.page.getByRole('table');
  }

  /** The body rows (the header row has no cells). */
  rows() {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  row(email: string) {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: email, exact: true }) });
  }

  selectAll() {
    return this.page.getByRole('checkbox', { name: 'Markera alla prenumeranter', exact: true });
  }

  select(email: string) {
    return this.page.getByRole('checkbox', { name: `Markera ${email}`, exact: true });
  }

  deleteButton(email: string) {
    return this.page.getByRole('button', { name: `Ta bort ${email}`, exact: true });
  }

  bulkDeleteButton() {
    return this.page.getByRole('button', { name: /^Ta bort markerade/ });
  }

  confirmDialog() {
    return this.page.getByRole('alertdialog');
  }

  confirmButton() {
    return this.confirmDialog().getByRole('button', { name: /^Ta bort/ });
  }

  emptyText() {
    return this.page.getByText(/^Inga prenumeranter (matchar filtren|ännu)\.$/);
  }

  gdprNotice() {
    return this.page.getByRole('complementary', { name: 'GDPR och personuppgifter' });
  }
}
