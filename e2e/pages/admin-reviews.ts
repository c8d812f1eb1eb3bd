import type { Locator, Page } from '@playwright/test';

/** The admin panel's Recensioner tab (spec 001 §2 'Reviews moderation tab'). Locators only. */
export class AdminReviewsTab {
  constructor(readonly page: Page) {}

  /** The sub-tabs of admins ('Väntande recensioner', 'Experter'); moderators have none. */
  subTab(name: 'Väntande recensioner' | 'Experter') {
    return this.page.getByRole('tablist', { name: 'Recensioner' }).getByRole('tab', { name, exact: true });
  }

  /** The figure of a stat card ('Väntande', 'Snitt AI-betyg', 'Kräver uppmärksamhet'). */
  statValue(label: 'Väntande' | 'Snitt AI-betyg' | 'Kräver uppmärksamhet') {
    return this.page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  }

  /** 'VÄNTANDE RECENSIONER'. */
  list() {
    return this.page.getByRole('list', { name: 'Väntande recensioner' });
  }

  /** One pending review in the list, by its wine (with vintage) and 'av {username}'. */
  item(wineTitle: string, username: string) {
    return this.list()
      .getByRole('button')
      .filter({ hasText: wineTitle })
      .filter({ hasText: `av ${username}` });
  }

  /** 'Kräver uppmärksamhet' on a list item (a moderator must look). */
  attentionBadge(item: Locator) {
    return item.getByText('Kräver uppmärksamhet', { exact: true });
  }

  /** 'Visa bara de som kräver uppmärksamhet'. */
  attentionOnly() {
    return this.page.getByRole('checkbox', { name: 'Visa bara de som kräver uppmärksamhet' });
  }

  /** The details' box 'Kräver uppmärksamhet' with its reasons. */
  attentionReasons() {
    return this.details().getByRole('group', { name: 'Kräver uppmärksamhet' });
  }

  /** 'Inga väntande recensioner'. */
  emptyList() {
    return this.page.getByText('Inga väntande recensioner', { exact: true });
  }

  /** 'RECENSIONSDETALJER'. */
  details() {
    return this.page.getByRole('region', { name: 'RECENSIONSDETALJER' });
  }

  /** The AI rating in glasses, e.g. 'AI-betyg 4,2 av 5', within `scope` (a list item or the details). */
  aiRating(scope: Locator) {
    return scope.getByRole('img', { name: /^AI-betyg \d,\d av 5$/ });
  }

  slider() {
    return this.details().getByRole('slider', { name: 'Justera slutbetyg' });
  }

  notes() {
    return this.details().getByLabel('Anteckningar', { exact: true });
  }

  decision(name: 'Godkänn' | 'Avvisa') {
    return this.details().getByRole('button', { name, exact: true });
  }

  /** The dialog that asks for the reason of 'Avvisa'; its own element has no size (Headless UI), so toBeHidden() passes even while it is open: check a closed one gone, toHaveCount(0). */
  rejectDialog() {
    return this.page.getByRole('dialog', { name: 'Avvisa recension' });
  }

  reason() {
    return this.rejectDialog().getByLabel('Anledning', { exact: true });
  }

  confirmReject() {
    return this.rejectDialog().getByRole('button', { name: 'Avvisa recension', exact: true });
  }
}
