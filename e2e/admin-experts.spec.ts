import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminExperts, WineExpertReviews } from './pages/admin-experts';
import { SiteLayout } from './pages/site-layout';
import { WineDetailPage } from './pages/wine-detail-page';
import { priceText } from './support/db';
import { expect, test } from './support/factories';
import { E2E_PORT } from './support/ports';

// The experts admin against Postgres and the public wine page: an expert created without a picture
// writes a review of a wine the test adds, which the wine page then shows under 'VINEXPERTERS RECENSIONER' with the
// initials avatar drawn locally (no request to an outside avatar service); the expert cannot be deleted while the
// review exists; deleting the review and then the expert removes both rows.

test('an admin adds an expert and a review; the wine page shows it with the initials avatar; Postgres follows', async ({ page, db, make }) => {
  test.setTimeout(90_000);
  const experts = new AdminExperts(page);
  const layout = new SiteLayout(page);
  const suffix = Date.now().toString(36);
  const name = `Edith Ekström-${suffix}`;
  const reviewTitle = `Stram och elegant ${suffix}`;

  // A published wine of this test's own (its option reads 'name - 149 kr').
  const wine = await make.wine();

  // No image may come from outside the site (spec 000 used an external initials-avatar service).
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'image' && /^https?:$/.test(url.protocol) && url.origin !== `http://localhost:${E2E_PORT}`) outside.push(req.url());
  });

  await signInAsAdmin(page);
  await new AdminPanel(page).tab('Recensioner').click();
  await experts.subTab('Experter').click();

  // Create the expert without a picture: the preview draws the initials.
  await experts.newExpertButton().click();
  await experts.field('Ny expert', 'Namn').fill(name);
  await experts.field('Ny expert', 'Titel').fill('Sommelier');
  await expect(experts.imagePreview()).toHaveText('EE');
  await experts.submit('Ny expert', 'Lägg till expert').click();
  await expect(layout.toast('Experten har lagts till')).toBeVisible();
  await expect(experts.dialog('Ny expert')).toHaveCount(0);
  await expect(experts.expertCard(name)).toContainText('Inga recensioner');
  const expertRow = await db('experts').where({ name }).first<{ id: string; title: string; image_url: string | null }>();
  expect(expertRow).toMatchObject({ title: 'Sommelier', image_url: null });

  // Review the wine, picked by search.
  await experts.newReviewButton().click();
  await experts.winePicker().fill(wine.name);
  await experts
    .wineOption(`${wine.name} - ${priceText(wine.price)}`)
    .first()
    .click();
  await experts.field('Ny expertrecension', 'Expert').selectOption({ label: `${name}, Sommelier` });
  await experts.field('Ny expertrecension', 'Rubrik').fill(reviewTitle);
  await experts.field('Ny expertrecension', 'Recension').fill('Röda bär, stram syra och en lång, mineralisk eftersmak.');
  await experts.field('Ny expertrecension', 'Betyg').selectOption('5');
  await experts.field('Ny expertrecension', 'Prisvärdhet').selectOption('4');
  await experts.submit('Ny expertrecension', 'Lägg till recension').click();
  await expect(layout.toast('Expertrecensionen har lagts till')).toBeVisible();
  await expect(experts.dialog('Ny expertrecension')).toHaveCount(0);
  await expect(experts.reviewRow(wine.name)).toContainText(name);
  await expect(experts.reviewRow(wine.name)).toContainText('5/5');
  await expect(experts.reviewRow(wine.name)).toContainText('Visas på vinsidan');
  await expect(experts.expertCard(name)).toContainText('1 recension');

  const reviewRow = await db('expert_reviews').where({ expert_id: expertRow!.id }).first();
  expect(reviewRow).toMatchObject({
    wine_id: wine.id,
    title: reviewTitle,
    rating: 5,
    price_worth_rating: 4,
    quality_rating: null,
    overall_experience: null,
    is_fynd: false,
    is_featured: true,
  });
  const actions = await db('admin_audit_log').whereIn('entity_id', [expertRow!.id, reviewRow.id]).orderBy('id').pluck('action');
  expect(actions).toEqual(['expert.create', 'expert_review.create']);

  // The public wine page shows the review with the initials avatar.
  const winePage = new WineDetailPage(page);
  const onWine = new WineExpertReviews(page);
  await winePage.goto(wine.id);
  await expect(onWine.review(reviewTitle)).toBeVisible();
  await expect(onWine.review(reviewTitle)).toContainText(name);
  await expect(onWine.review(reviewTitle)).toContainText('Sommelier');
  await expect(onWine.review(reviewTitle)).toContainText('5/5');
  await expect(onWine.initialsAvatar(reviewTitle)).toHaveText('EE');
  await expect(onWine.picture(reviewTitle)).toHaveCount(0);
  expect(outside).toEqual([]);

  // The expert cannot go while the review exists; after the review is deleted, the expert can.
  await page.goto('/admin?tab=reviews');
  await experts.subTab('Experter').click();
  await experts
    .expertCard(name)
    .getByRole('button', { name: `Ta bort ${name}` })
    .click();
  await expect(page.getByRole('alertdialog')).toContainText('Experten har 1 recension och kan inte tas bort.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Visa recensionerna' }).click();
  await expect(page.getByLabel('Visa recensioner av')).toHaveValue(expertRow!.id);
  await experts
    .reviewRow(wine.name)
    .getByRole('button', { name: /^Ta bort recensionen/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort' }).click();
  await expect(layout.toast('Expertrecensionen har tagits bort')).toBeVisible();
  await expect.poll(() => db('expert_reviews').where({ id: reviewRow.id }).first()).toBeUndefined();

  await experts
    .expertCard(name)
    .getByRole('button', { name: `Ta bort ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort' }).click();
  await expect(layout.toast('Experten har tagits bort')).toBeVisible();
  await expect(experts.expertCard(name)).toHaveCount(0);
  await expect.poll(() => db('experts').where({ id: expertRow!.id }).first()).toBeUndefined();
});
