import type { Page } from '@playwright/test';

export type ListPath = '/fynd' | '/aktuella-viner' | '/nya-viner' | '/folkets-val';

/** A public list page (spec 000 §2 'Public list pages'). Returns locators only. */
export class WineListPage {
  constructor(readonly page: Page) {}

  goto(path: ListPath) {
    return this.page.goto(path);
  }

  /** 'N FYND HITTADE', 'N AKTUELLA VINTIPS HITTADE' or 'N VINER FRÅN GEMENSKAPEN'. */
  countHeading() {
    return this.page.getByRole('heading', { name: /^\d+ (FYND HITTADE|AKTUELLA VINTIPS HITTADE|VINER FRÅN GEMENSKAPEN)$/ });
  }

  cards() {
    return this.page.getByRole('main').getByRole('article');
  }
}
