import type { Page } from '@playwright/test';

/** The 'Experter' sub-tab of the admin's Recensioner tab: experts and their reviews. Locators only. */
export class AdminExperts {
  constructor(readonly page: Page) {}

  /** A sub-tab of Recensioner ('Väntande recensioner', 'Experter'). */
  subTab(name: 'Väntande recensioner' | 'Experter') {
    return this.page.getByRole('tablist', { name: 'Recensioner' }).getByRole('tab', { name, exact: true });
  }

  newExpertButton() {
    return this.page.getByRole('button', { name: 'Ny expert', exact: true });
  }

  newReviewButton() {
    return this.page.getByRole('button', { name: 'Ny expertrecension', exact: true });
  }

  /** The experts' cards. */
  expertList() {
    return this.page.getByRole('list', { name: 'Experter' });
  }

  expertCard(name: string) {
    return this.expertList()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  reviewList() {
    return this.page.getByRole('list', { name: 'Expertrecensioner' });
  }

  reviewRow(wineName: string) {
    return this.reviewList().getByRole('listitem').filter({ hasText: wineName });
  }

  /** The open form dialog ('Ny expert', 'Ny expertrecension', …); its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** A labelled field of the open dialog. */
  field(dialog: string, label: string) {
    return this.dialog(dialog).getByLabel(label, { exact: true });
  }

  /** The avatar preview of the expert form (the picture or the initials). */
  imagePreview() {
    return this.page.getByTestId('expert-image-preview');
  }

  /** The review form's searchable wine picker and one of its options ('name - price kr'). */
  winePicker() {
    return this.dialog('Ny expertrecension').getByRole('combobox', { name: 'Vin' });
  }

  wineOption(text: string) {
    return this.page.getByRole('option', { name: text });
  }

  submit(dialog: string, name: string) {
    return this.dialog(dialog).getByRole('button', { name, exact: true });
  }
}

/** The wine page's 'VINEXPERTERS RECENSIONER' list (spec 000 §2). Locators only. */
export class WineExpertReviews {
  constructor(readonly page: Page) {}

  section() {
    return this.page.getByRole('region', { name: 'VINEXPERTERS RECENSIONER' });
  }

  review(title: string) {
    return this.section()
      .getByRole('article')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The initials avatar of a review (drawn on the page, hidden from screen readers), or its picture. */
  initialsAvatar(title: string) {
    return this.review(title).locator('header > span[aria-hidden="true"]');
  }

  picture(title: string) {
    return this.review(title).locator('header img');
  }
}
