import type { Page } from '@playwright/test';
import { NewsletterForm } from './newsletter-form';

export type HomeSectionTitle = 'FOLKETS VAL' | 'FYND!' | 'AKTUELLA VINTIPS';

/** The start page (spec 000 §2 'Home page', 'Wine slider'). Returns locators only. */
export class HomePage {
  readonly newsletter: NewsletterForm;

  constructor(readonly page: Page) {
    this.newsletter = new NewsletterForm(page);
  }

  goto() {
    return this.page.goto('/');
  }

  heroHeading() {
    return this.page.getByRole('heading', { name: 'Upptäck månadens mest aktuella viner' });
  }

  exploreButton() {
    return this.page.getByRole('link', { name: 'Utforska vintips' }).or(this.page.getByRole('button', { name: 'Utforska vintips' }));
  }

  sliderLoading() {
    return this.page.getByText('Laddar månadens viner...');
  }

  previousArrow() {
    return this.page.getByRole('button', { name: 'Föregående vin' });
  }

  nextArrow() {
    return this.page.getByRole('button', { name: 'Nästa vin' });
  }

  /** 'Pausa bildspelet' while the slider turns by itself. */
  pauseButton() {
    return this.page.getByRole('button', { name: 'Pausa bildspelet' });
  }

  /** 'Visa vin N' (1-based). */
  dot(n: number) {
    return this.page.getByRole('button', { name: `Visa vin ${n}`, exact: true });
  }

  dots() {
    return this.page.getByRole('button', { name: /^Visa vin \d+$/ });
  }

  /** The slider (the carousel region 'Månadens viner', with the wines, arrows and dots). */
  slider() {
    return this.page.getByRole('region', { name: 'Månadens viner', exact: true });
  }

  /** The wine on show in the slider. */
  currentSlide() {
    return this.slider().getByRole('article');
  }

  /** The name of the wine on show. */
  currentSlideName() {
    return this.currentSlide().getByRole('heading');
  }

  /** A home section by its heading: 'FOLKETS VAL', 'FYND!' or 'AKTUELLA VINTIPS'. */
  section(title: HomeSectionTitle) {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The wine cards of a section. */
  cards(title: HomeSectionTitle) {
    return this.section(title).getByRole('article');
  }

  seeAll(title: HomeSectionTitle) {
    return this.section(title).getByRole('link', { name: /Se alla/ });
  }
}
