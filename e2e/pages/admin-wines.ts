import type { Page } from '@playwright/test';

/** The Wines tab of /admin (spec 001 §2 'Wines tab'). Locators only. */
export class AdminWinesTab {
  constructor(readonly page: Page) {}

  addButton() {
    return this.page.getByRole('main').getByRole('button', { name: 'Lägg till vin', exact: true });
  }

  search() {
    return this.page.getByRole('search', { name: 'Sök viner' }).getByLabel('Sök', { exact: true });
  }

  categoryFilter() {
    return this.page.getByRole('search', { name: 'Sök viner' }).getByLabel('Kategori', { exact: true });
  }

  /** The card of a wine, by its title (name, then the vintage). */
  card(title: string) {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  editButton(title: string) {
    return this.card(title).getByRole('button', { name: `Redigera ${title}`, exact: true });
  }

  deleteButton(title: string) {
    return this.card(title).getByRole('button', { name: `Ta bort ${title}`, exact: true });
  }

  emptyText() {
    return this.page.getByText('Inga viner hittades', { exact: true });
  }
}

/** The add/edit wine dialog ('Lägg till vin' / 'Redigera vin'). Locators only. */
export class AdminWineForm {
  constructor(readonly page: Page) {}

  /** The dialog (its root has no size of its own: check visibility on what is inside it). */
  dialog() {
    return this.page.getByRole('dialog', { name: /^(Lägg till vin|Redigera vin)$/ });
  }

  /** A labelled input, textarea or select: 'Namn', 'Beskrivning', 'Pris', 'Betyg', 'Årgång', 'Sötma', 'Status', … */
  field(label: string) {
    return this.dialog().getByLabel(label, { exact: true });
  }

  /** A checkbox: a category ('Fynd', 'Aktuella vintips', 'Folkets val'), a food pairing, an occasion, 'Granskad av Vinpressen'. */
  checkbox(name: string) {
    return this.dialog().getByRole('checkbox', { name, exact: true });
  }

  /** The (visually hidden) file input labelled 'Bild'; fill it with setInputFiles. */
  imageInput() {
    return this.field('Bild');
  }

  /** 'Byt bild': shown once an image is uploaded. */
  changeImageButton() {
    return this.dialog().getByRole('button', { name: 'Byt bild', exact: true });
  }

  imagePreview() {
    return this.dialog().getByRole('img', { name: 'Förhandsvisning av bilden', exact: true });
  }

  /** The save button: 'Lägg till vin' (new) or 'Spara ändringar' (edit). */
  saveButton() {
    return this.dialog().getByRole('button', { name: /^(Lägg till vin|Spara ändringar)$/ });
  }
}

/** The delete confirmation ('Är du säker på att du vill ta bort "{name}"?'). Locators only. */
export class ConfirmDeleteDialog {
  constructor(readonly page: Page) {}

  /** The dialog (its root has no size of its own: check visibility on its buttons). */
  dialog() {
    return this.page.getByRole('alertdialog');
  }

  confirmButton() {
    return this.dialog().getByRole('button', { name: 'Ta bort', exact: true });
  }

  cancelButton() {
    return this.dialog().getByRole('button', { name: 'Avbryt', exact: true });
  }
}
