import type { Page } from '@playwright/test';

/** The content tab of /admin 'INNEHÅLLSHANTERING' (spec 001 §2 'Content tab'). Locators only. */
export class AdminContent {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: 'INNEHÅLLSHANTERING' });
  }

  subTab(name: 'Sidor' | 'Slider' | 'Inställningar' | 'Logotyper' | 'Diagnostik' | 'Medaljer') {
    return this.page.getByRole('tablist', { name: 'Innehållets delar' }).getByRole('tab', { name, exact: true });
  }

  /** The blue card's button 'Migrera data nu'. */
  migrateButton() {
    return this.page.getByRole('button', { name: 'Migrera data nu', exact: true });
  }

  /** The pages sub-tab's list items (pageId, title, Aktiv/Inaktiv). */
  pages() {
    return this.page.getByRole('list', { name: 'Sidor', exact: true }).getByRole('listitem');
  }

  /** A setting's or logo's card, by key. */
  card(key: string) {
    return this.page.getByRole('article', { name: key, exact: true });
  }

  /** The value field of a setting card. */
  settingValue(key: string) {
    return this.card(key).getByLabel(`Värde för ${key}`, { exact: true });
  }

  /** The image address field of a logo card. */
  logoAddress(key: string) {
    return this.card(key).getByLabel(`Bildadress för ${key}`, { exact: true });
  }

  /** The file input behind 'Ladda upp ny logotyp' on a logo card. */
  logoUpload(key: string) {
    return this.card(key).getByLabel('Ladda upp ny logotyp', { exact: true });
  }

  saveButton(key: string) {
    return this.card(key).getByRole('button', { name: 'Spara', exact: true });
  }

  /** A box of the diagnostics sub-tab: 'Server', 'Databas och jobbkö', 'Session'. */
  diagnosticsBox(name: 'Server' | 'Databas och jobbkö' | 'Session') {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The raw JSON of the diagnostics. */
  diagnosticsJson() {
    return this.page.locator('pre');
  }
}

/** The slider admin 'MÅNADENS VIN-SLIDER' inside the content tab (spec 001 §2 'Slider admin'). Locators only. */
export class AdminSlider {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByText('MÅNADENS VIN-SLIDER', { exact: true });
  }

  monthSelect() {
    return this.page.getByLabel('Månad', { exact: true });
  }

  yearSelect() {
    return this.page.getByLabel('År', { exact: true });
  }

  /** The month's entries, in the order shown. */
  entries() {
    return this.page.getByRole('list', { name: /^Slidern för / }).getByRole('listitem');
  }

  /** The wine names of the entries, in the order shown. */
  entryNames() {
    return this.entries().getByRole('heading');
  }

  moveUp(wineName: string) {
    return this.page.getByRole('button', { name: `Flytta upp ${wineName}`, exact: true });
  }

  moveDown(wineName: string) {
    return this.page.getByRole('button', { name: `Flytta ner ${wineName}`, exact: true });
  }

  editButton(wineName: string) {
    return this.page.getByRole('button', { name: `Redigera ${wineName}`, exact: true });
  }

  deleteButton(wineName: string) {
    return this.page.getByRole('button', { name: `Ta bort ${wineName}`, exact: true });
  }

  addButton() {
    return this.page.getByRole('button', { name: 'Lägg till vin', exact: true });
  }

  /** The add or edit form; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog() {
    return this.page.getByRole('dialog');
  }

  /** The add form's searchable wine picker. */
  winePicker() {
    return this.dialog().getByRole('combobox', { name: 'Vin' });
  }

  /** A wine in the picker's list, by its text 'name - price kr'. */
  wineOption(text: string) {
    return this.page.getByRole('option', { name: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  positionSelect() {
    return this.dialog().getByLabel('Position', { exact: true });
  }

  labelField() {
    return this.dialog().getByLabel('Etikett', { exact: true });
  }

  submitAdd() {
    return this.dialog().getByRole('button', { name: 'Lägg till', exact: true });
  }

  /** The confirmation of a delete, and its button. */
  confirmDelete() {
    return this.page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort', exact: true });
  }

  emptyText() {
    return this.page.getByText('Inga viner i slidern för denna månad', { exact: true });
  }
}
