import type { Page } from '@playwright/test';

/** The English 404 page (spec 000 §2 'Routing overview'). */
export class NotFoundPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: /Page not found/i });
  }
}
