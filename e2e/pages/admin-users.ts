import type { Page } from '@playwright/test';

/** The admin panel's Users tab (spec 001 §2 'Users tab'), its user dialog and the deactivation confirmation. Locators only. */
export class AdminUsersTab {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'ANVÄNDARHANTERING' });
  }

  newUserButton() {
    return this.page.getByRole('button', { name: 'Ny användare', exact: true });
  }

  search() {
    return this.page.getByLabel('Sök användare', { exact: true });
  }

  /** The figure of a stats card (the line after its label). */
  statValue(label: 'Totalt' | 'Aktiva' | 'Verifierade') {
    return this.page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  }

  list() {
    return this.page.getByRole('list', { name: 'Användare', exact: true });
  }

  rows() {
    return this.list().getByRole('listitem');
  }

  row(username: string) {
    return this.list().getByRole('listitem', { name: username, exact: true });
  }

  /** A row's action: 'Redigera', 'Verifiera' or 'Ta bort' (named with the username). */
  rowAction(username: string, action: 'Redigera' | 'Verifiera' | 'Ta bort') {
    return this.row(username).getByRole('button', { name: `${action} ${username}`, exact: true });
  }

  emptyText() {
    return this.page.getByText('Inga användare hittades', { exact: true });
  }

  /** The form dialog; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog() {
    return this.page.getByRole('dialog');
  }

  field(label: 'Användarnamn' | 'E-postadress' | 'Förnamn' | 'Efternamn' | 'Lösenord' | 'Nytt lösenord') {
    return this.dialog().getByLabel(label, { exact: true });
  }

  roleSelect() {
    return this.dialog().getByLabel('Roll', { exact: true });
  }

  checkbox(label: 'Aktiv' | 'Verifierad') {
    return this.dialog().getByLabel(label, { exact: true });
  }

  submit(name: 'Skapa användare' | 'Spara ändringar') {
    return this.dialog().getByRole('button', { name, exact: true });
  }

  cancel() {
    return this.dialog().getByRole('button', { name: 'Avbryt', exact: true });
  }

  confirmDialog() {
    return this.page.getByRole('alertdialog');
  }

  confirmButton() {
    return this.confirmDialog().getByRole('button', { name: 'Ta bort', exact: true });
  }
}
