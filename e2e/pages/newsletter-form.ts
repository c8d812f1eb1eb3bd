import type { Page } from '@playwright/test';

/** The newsletter signup 'Håll dig uppdaterad' in section #nyhetsbrev (spec 000 §2, §5). */
export class NewsletterForm {
  constructor(readonly page: Page) {}

  /** The section with the anchor id 'nyhetsbrev' ('BLI MEDLEM' goes to /#nyhetsbrev). */
  section() {
    return this.page.locator('#nyhetsbrev');
  }

  /**
   * Scrolls to the section as a reader would: the form is loaded when its place comes near the viewport
   * (pwa/app/home-newsletter.tsx), and is there once this resolves.
   */
  async scrollTo() {
    await this.section().scrollIntoViewIfNeeded();
    await this.heading().waitFor();
  }

  heading() {
    return this.section().getByRole('heading', { name: 'Håll dig uppdaterad' });
  }

  email() {
    return this.section().getByLabel('E-postadress');
  }

  phone() {
    return this.section().getByLabel('Telefonnummer');
  }

  gdprConsent() {
    return this.section().getByLabel('Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR');
  }

  submit() {
    return this.section().getByRole('button', { name: 'Bli medlem idag!' });
  }

  successToast() {
    return this.page.getByText('Tack för din anmälan!');
  }
}
