import { HomePage } from './pages/home-page';
import { expect, subscribersWithEmail, test } from './support/db';

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.se`;

test.describe('newsletter signup', () => {
  test('signs up: a thank-you toast and exactly one row in Postgres', async ({ page, db }) => {
    const home = new HomePage(page);
    const email = uniqueEmail('ny');
    await home.goto();
    const form = home.newsletter;
    await form.scrollTo();
    await expect(form.heading()).toBeVisible();

    await form.email().fill(email);
    await form.phone().fill('070-123 45 67');
    await form.gdprConsent().check();
    await form.submit().click();

    await expect(form.successToast()).toBeVisible();
    expect(await subscribersWithEmail(db, email)).toEqual([{ email, phone: '+46701234567' }]);
  });

  test('the same address twice (any letter case) is still one row', async ({ page, db }) => {
    const home = new HomePage(page);
    const email = uniqueEmail('igen');
    await home.goto();
    const form = home.newsletter;
    await form.scrollTo();
    await form.email().fill(email);
    await form.phone().fill('0701234567');
    await form.gdprConsent().check();
    await form.submit().click();
    await expect(form.successToast()).toBeVisible();
    await page.reload();
    await form.scrollTo();

    await form.email().fill(email.toUpperCase());
    await form.phone().fill('0731234567');
    await form.gdprConsent().check();
    await form.submit().click();

    await expect(form.successToast()).toBeVisible();
    const rows = await subscribersWithEmail(db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phone).toBe('+46731234567');
  });

  test('an invalid phone number is refused with its message under the field, and no row', async ({ page, db }) => {
    const home = new HomePage(page);
    const email = uniqueEmail('fel');
    await home.goto();
    const form = home.newsletter;
    await form.scrollTo();

    await form.email().fill(email);
    await form.phone().fill('12');
    await form.gdprConsent().check();
    await form.submit().click();

    await expect(page.getByText('Ange ett giltigt telefonnummer')).toBeVisible();
    await expect(form.successToast()).toHaveCount(0);
    expect(await subscribersWithEmail(db, email)).toEqual([]);
  });

  test('nothing is sent without the GDPR consent', async ({ page, db }) => {
    const home = new HomePage(page);
    const email = uniqueEmail('utan');
    await home.goto();
    const form = home.newsletter;
    await form.scrollTo();
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/newsletter') && r.method() === 'POST') posted = true;
    });

    await form.email().fill(email);
    await form.phone().fill('0701234567');
    // The browser refuses the form by firing 'invalid' on the unticked box instead of submitting it: noted on the box.
    await form.gdprConsent().evaluate((el) => el.addEventListener('invalid', () => el.setAttribute('data-e2e-invalid', ''), { once: true }));
    await form.submit().click();
    await expect(form.gdprConsent()).toHaveAttribute('data-e2e-invalid', '');

    expect(await form.gdprConsent().evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(posted).toBe(false);
    expect(await subscribersWithEmail(db, email)).toEqual([]);
  });
});
