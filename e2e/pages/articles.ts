import type { Page } from '@playwright/test';

/** /artiklar, /artiklar/{slug} and the CMS pages on the public site. Locators only. */
export class PublicArticles {
  constructor(readonly page: Page) {}

  /** 'Artiklar' in the top navigation. */
  navLink() {
    return this.page.getByRole('banner').getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Artiklar', exact: true });
  }

  /** The page's h1 (the article's or the CMS page's title, or 'Artikeln hittades inte'). */
  heading() {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** The list of /artiklar: every article title that links to its page. */
  listLink(title: string) {
    return this.page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link', { name: title, exact: true });
  }

  /** The titles listed on /artiklar, in order. */
  listedTitles() {
    return this.page.getByRole('main').getByRole('heading', { level: 3 });
  }

  /** The stored content (the blocks or the sanitised HTML) of an article or a CMS page. */
  content() {
    return this.page.locator('main .vp-prose').first();
  }

  /** The byline: 'Av {author} · Publicerad {date}'. */
  byline() {
    return this.page.getByRole('main').getByText(/^Av /);
  }

  /** A wine showcase's wine cards. */
  showcase() {
    return this.page.getByRole('list', { name: 'Utvalda viner', exact: true });
  }
}
