import type { Page } from '@playwright/test';

/**
 * How the page labels each taste scale (spec 000 §2 'Wine detail' names the fields; the Swedish labels
 * are the UI's). The one place to change if the labels change.
 */
export const TASTE_LABELS = {
  sweetness: 'Sötma',
  acidity: 'Syra',
  body: 'Fyllighet',
  tannins: 'Strävhet',
  fruity: 'Fruktighet',
} as const;

/** /wine/{id} (spec 000 §2 'Wine detail'). Returns locators only. */
export class WineDetailPage {
  constructor(readonly page: Page) {}

  goto(id: string) {
    return this.page.goto(`/wine/${id}`);
  }

  /** The wine's name (with vintage). */
  title() {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** Text within the page's main content. */
  text(text: string | RegExp) {
    return this.page.getByRole('main').getByText(text);
  }

  /** The taste profile's bars. */
  tasteBars() {
    return this.page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: /\d av 5/ });
  }

  tasteBar(scale: keyof typeof TASTE_LABELS) {
    return this.tasteBars().filter({ hasText: TASTE_LABELS[scale] });
  }

  /** The 'PASSAR BRA TILL' section. */
  foodPairings() {
    return this.page.getByRole('region', { name: 'PASSAR BRA TILL' });
  }

  notFoundHeading() {
    return this.page.getByRole('heading', { name: 'Vin hittades inte' });
  }

  /** 'LIKNANDE VINER' below the reviews (loaded when the reader comes near it). */
  similarWines() {
    return this.page.getByRole('region', { name: 'LIKNANDE VINER' });
  }

  /** The similar wines' cards with their reasons, in order. */
  similarItems() {
    // The list's own items: a card's medals are a list of their own inside it.
    return this.similarWines().getByRole('list').first().locator(':scope > li');
  }
}
