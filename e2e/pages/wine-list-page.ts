import type { Page } from '@playwright/test';

export type ListPath = '/fynd' | '/aktuella-viner' | '/nya-viner' | '/folkets-val';

/** Wines per loaded page of a list (GET /api/wines' default page, WINE_PAGE_SIZE). */
export const LIST_PAGE_SIZE = 24;

/** A public list page (spec 000 §2 'Public list pages'). Returns locators only. */
export class WineListPage {
  constructor(readonly page: Page) {}

  goto(path: ListPath) {
    return this.page.goto(path);
  }

  /** 'N FYND HITTADE', 'N AKTUELLA VINTIPS HITTADE' or 'N VINER FRÅN GEMENSKAPEN' (N = all wines of the list). */
  countHeading() {
    return this.page.getByRole('heading', { name: /^\d+ (FYND HITTADE|AKTUELLA VINTIPS HITTADE|VINER FRÅN GEMENSKAPEN)$/ });
  }

  cards() {
    return this.page.getByRole('main').getByRole('article');
  }

  /** The name (with vintage) of each card shown, in page order. */
  cardNames() {
    return this.cards().getByRole('heading', { level: 3 });
  }

  /** Each card's 'Läs mer' link (href /wine/{id}), in page order. */
  readMoreLinks() {
    return this.cards().getByRole('link', { name: /^Läs mer/ });
  }

  /** 'Visa fler viner': loads the next 24 wines; gone once every wine is shown. */
  showMoreButton() {
    return this.page.getByRole('button', { name: 'Visa fler viner', exact: true });
  }

  /** 'Visar N av M viner' above the button. */
  shownLine() {
    return this.page.getByText(/^Visar \d+ av \d+ viner$/);
  }
}
