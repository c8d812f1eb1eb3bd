import type { Page } from '@playwright/test';

type RatingGroup = 'Prisvärdhet' | 'Kvalitet' | 'Helhet';
type RatingOption = '1 Mycket dåligt' | '2 Dåligt' | '3 Okej' | '4 Bra' | '5 Utmärkt';

/** The wine page's review call-to-action and the review dialog (spec 000 §2 'Wine detail', 'Review dialog'). Locators only. */
export class ReviewDialog {
  constructor(readonly page: Page) {}

  /** 'LOGGA IN FÖR ATT RÖSTA' (guests) or 'LÄMNA RECENSION NU' (members). */
  cta(name: 'LOGGA IN FÖR ATT RÖSTA' | 'LÄMNA RECENSION NU') {
    return this.page.getByRole('main').getByRole('button', { name, exact: true });
  }

  /** The dialog; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  dialog() {
    return this.page.getByRole('dialog').filter({ hasText: 'Din recension' });
  }

  content() {
    return this.dialog().getByLabel('Din recension', { exact: true });
  }

  /** One rating option's radio button, e.g. rating('Kvalitet', '5 Utmärkt'). */
  rating(group: RatingGroup, option: RatingOption) {
    return this.dialog().getByRole('group', { name: group, exact: true }).getByRole('radio', { name: option, exact: true });
  }

  /** The visible box of that option (the radio itself is visually hidden): what a person clicks. */
  ratingChoice(group: RatingGroup, option: RatingOption) {
    return this.dialog()
      .getByRole('group', { name: group, exact: true })
      .locator('label')
      .filter({ has: this.page.getByRole('radio', { name: option, exact: true }) });
  }

  submit() {
    return this.dialog().getByRole('button', { name: 'Skicka recension', exact: true });
  }

  /** 'FOLKETS RECENSIONER' on the wine page. */
  publishedReviews() {
    return this.page.getByRole('region', { name: 'FOLKETS RECENSIONER' });
  }
}
