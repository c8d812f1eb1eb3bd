import { AuthDialog } from './pages/account';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminReviewsTab } from './pages/admin-reviews';
import { ReviewDialog } from './pages/review-dialog';
import { SiteLayout } from './pages/site-layout';
import { expect, test } from './support/factories';

// A review's whole path in a real browser: a guest on a wine page clicks 'LOGGA IN FÖR ATT RÖSTA', registers, and
// the review dialog opens; the review is sent ('Recension skickad!') and is NOT public; the analysis job rates it;
// an admin signed in through the identity provider sees it under 'VÄNTANDE RECENSIONER' with its AI rating and
// approves it at 4.5; it then appears under 'FOLKETS RECENSIONER' and the wine's rating becomes 4.5.
const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a guest registers from the wine page, reviews, and the review is published only after an admin approves it', async ({
  page,
  browser,
  db,
  make,
}) => {
  test.setTimeout(90_000);
  // A wine of this test's own: no review but this one.
  const wine = await make.wine();
  const username = unique('recensent');
  const email = `${username}@example.se`;
  const content = 'Härlig och elegant med mogna körsbär och en lång eftersmak. Mycket prisvärd för kvaliteten, köper gärna igen.';
  const review = new ReviewDialog(page);
  const auth = new AuthDialog(page);
  const layout = new SiteLayout(page);

  // A guest: the call-to-action opens the sign-in dialog; registering there goes straight on to the review dialog.
  await page.goto(`/wine/${wine.id}`);
  await review.cta('LOGGA IN FÖR ATT RÖSTA').click();
  await auth.tab('Registrera').click();
  await auth.field('Användarnamn').fill(username);
  await auth.field('E-postadress').fill(email);
  await auth.field('Lösenord').fill('recension-16');
  await auth.field('Bekräfta lösenord').fill('recension-16');
  await auth.submit('Skapa konto').click();
  await expect(review.content()).toBeVisible();
  await expect(review.rating('Prisvärdhet', '3 Okej')).toBeChecked();

  await review.content().fill(content);
  await review.ratingChoice('Prisvärdhet', '5 Utmärkt').click();
  await review.ratingChoice('Kvalitet', '4 Bra').click();
  await review.ratingChoice('Helhet', '5 Utmärkt').click();
  await expect(review.rating('Kvalitet', '4 Bra')).toBeChecked();
  await review.submit().click();
  await expect(layout.toast('Recension skickad!')).toBeVisible();
  await expect(review.dialog()).toHaveCount(0);

  // Stored as pending, by this user, and not public.
  const row = await db('reviews as r').join('users as u', 'u.id', 'r.user_id').where('u.username', username).first('r.*');
  expect(row).toMatchObject({ wine_id: wine.id, status: 'pending', content, price_worth_rating: 5, quality_rating: 4, overall_experience: 5 });
  await page.reload();
  // The published reviews have loaded (none yet: the wine is the test's own) before the review's absence is checked.
  await expect(review.publishedReviews()).toContainText('INGA RECENSIONER ÄN');
  await expect(review.publishedReviews().getByText(content)).toHaveCount(0);
  expect(((await (await page.request.get(`/api/wines/${wine.id}/reviews`)).json()) as unknown[]).length).toBe(0);

  // The analysis job rates it within seconds.
  await expect
    .poll(async () => (await db('reviews').where({ id: row.id }).first('ai_processed_rating')).ai_processed_rating, { timeout: 15_000 })
    .not.toBeNull();

  // An admin (another browser) approves it at 4.5.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  await new AdminPanel(adminPage).tab('Recensioner').click();
  const tab = new AdminReviewsTab(adminPage);
  const item = tab.item(wine.title, username);
  await expect(tab.aiRating(item)).toBeVisible();
  await item.click();
  await expect(tab.details().getByText(content)).toBeVisible();
  await tab.slider().focus();
  await adminPage.keyboard.press('End'); // 5
  await adminPage.keyboard.press('ArrowLeft'); // 4.5
  await expect(tab.slider()).toHaveValue('4.5');
  await tab.decision('Godkänn').click();
  await expect(adminPage.getByText('Recension godkänd')).toBeVisible();
  await adminContext.close();

  expect(await db('reviews').where({ id: row.id }).first('status', 'final_rating')).toEqual({ status: 'approved', final_rating: 4.5 });
  expect((await db('wines').where({ id: wine.id }).first('rating')).rating).toBe(4.5);

  // Public now, and the wine's rating shows the community's 4.5.
  await page.reload();
  await expect(review.publishedReviews().getByText(content)).toBeVisible();
  await expect(page.getByRole('main').getByText('4,5', { exact: true })).toBeVisible();
});
