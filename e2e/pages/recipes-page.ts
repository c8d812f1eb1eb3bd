import type { Page } from '@playwright/test';

/** /recept (spec 000 §2 'Recipe page'). Returns locators only. */
export class RecipesPage {
  constructor(readonly page: Page) {}

  goto() {
    return this.page.goto('/recept');
  }

  heroHeading() {
    return this.page.getByRole('heading', { name: 'RECEPT & VINMATCHNING' });
  }

  search() {
    return this.page.getByPlaceholder('Sök recept, ingredienser eller taggar...');
  }

  /** A category option: 'Alla', 'Förrätt', 'Huvudrätt', 'Dessert'. */
  category(option: 'Alla' | 'Förrätt' | 'Huvudrätt' | 'Dessert') {
    return this.page.getByRole('group', { name: 'Kategori' }).getByRole('button', { name: option, exact: true });
  }

  /** A difficulty option: 'Alla', 'Lätt', 'Medel', 'Svår'. */
  difficulty(option: 'Alla' | 'Lätt' | 'Medel' | 'Svår') {
    return this.page.getByRole('group', { name: 'Svårighetsgrad' }).getByRole('button', { name: option, exact: true });
  }

  /** 'Visar X av Y recept'. */
  countLine() {
    return this.page.getByText(/^Visar \d+ av \d+ recept$/);
  }

  cards() {
    return this.page.getByRole('main').getByRole('article');
  }

  cardTitles() {
    return this.cards().getByRole('heading');
  }

  /** A recipe card by its title. */
  card(title: string) {
    return this.cards().filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The links of a card's 'Rekommenderat vin:' list (each opens /wine/{id}). */
  /** The card's links to its recommended wines (/wine/{id}), not its title's link to the recipe's own page. */
  recommendedWineLinks(title: string) {
    return this.card(title).locator('a[href^="/wine/"]');
  }

  emptyState() {
    return this.page.getByText('Inga recept hittades');
  }
}
