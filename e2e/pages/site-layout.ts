import type { Page } from '@playwright/test';

/** The frame around every page: top navigation, 'BLI MEDLEM' and the toasts. Returns locators only. */
export class SiteLayout {
  constructor(readonly page: Page) {}

  /** A top-navigation link: 'Aktuella vintips', 'Fynd', 'Folkets val', 'Om oss' (spec 000 §2). */
  navLink(name: 'Aktuella vintips' | 'Fynd' | 'Folkets val' | 'Om oss') {
    return this.page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true });
  }

  /** 'BLI MEDLEM' (a link or a button). */
  joinButton() {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: 'BLI MEDLEM', exact: true })
      .or(this.page.getByRole('banner').getByRole('button', { name: 'BLI MEDLEM', exact: true }));
  }

  /** A toast (or any text on the page) with this text. */
  toast(text: string | RegExp) {
    return this.page.getByText(text);
  }

  main() {
    return this.page.getByRole('main');
  }
}
