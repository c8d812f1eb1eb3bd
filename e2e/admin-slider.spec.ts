import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminContent, AdminSlider } from './pages/admin-content';
import { HomePage } from './pages/home-page';
import { SiteLayout } from './pages/site-layout';
import { currentSlider, priceText } from './support/db';
import { expect, test } from './support/factories';

// The slider admin 'MÅNADENS VIN-SLIDER' against the real month in Postgres: the list matches the rows, a move
// changes the positions in Postgres and the order of the start page's slider, and an entry added with a label and
// then deleted comes and goes in Postgres. The month is the real one (the start page shows no other), read when the
// test starts, and its order is put back at the end; the wine added is the test's own.

const names = async (db: Parameters<typeof currentSlider>[0]) => (await currentSlider(db)).map((e) => e.name);

test('the admin reorders, adds and deletes slider wines; Postgres and the start page follow', async ({ page, db, make }) => {
  test.setTimeout(60_000);
  const slider = new AdminSlider(page);
  const layout = new SiteLayout(page);
  const before = await currentSlider(db);
  expect(before.length).toBeGreaterThanOrEqual(2);

  await signInAsAdmin(page);
  await new AdminPanel(page).tab('Innehåll').click();
  await new AdminContent(page).subTab('Slider').click();

  // The list is this month's slider in Postgres, in position order.
  await expect(slider.entryNames()).toHaveText(before.map((e) => e.name));

  // Move the last wine up one step: it swaps places with the one above it.
  const last = before[before.length - 1]!;
  const expected = before.map((e) => e.name);
  expected.splice(expected.length - 2, 2, last.name, expected[expected.length - 2]!);
  await slider.moveUp(last.name).click();
  await expect(slider.entryNames()).toHaveText(expected);
  await expect.poll(() => names(db)).toEqual(expected);
  await expect(slider.moveDown(last.name)).toBeEnabled();
  await expect(slider.moveDown(expected[expected.length - 1]!)).toBeDisabled();

  // The start page's slider shows the wines in the new order.
  const home = new HomePage(page);
  await home.goto();
  await expect(home.dots()).toHaveCount(expected.length);
  for (const [i, name] of expected.entries()) {
    await home.dot(i + 1).click();
    await expect(home.currentSlideName()).toHaveText(name);
  }

  // Add a published wine of this test's own, at the first free position, with a label.
  const wine = await make.wine();
  const label = `E2E-etikett ${Date.now().toString(36)}`;
  const freePosition = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((p) => !before.some((e) => e.position === p))!;

  await page.goto('/admin?tab=content');
  await new AdminContent(page).subTab('Slider').click();
  await expect(slider.entryNames()).toHaveText(expected);
  await slider.addButton().click();
  await slider.winePicker().fill(wine.name);
  await slider.wineOption(`${wine.name} - ${priceText(wine.price)}`).click();
  await expect(slider.positionSelect()).toHaveValue(String(freePosition));
  await slider.labelField().fill(label);
  await slider.submitAdd().click();

  await expect(layout.toast('Vinet har lagts till i slidern')).toBeVisible();
  await expect(slider.dialog()).toHaveCount(0);
  await expect(slider.entries()).toHaveCount(before.length + 1);
  await expect
    .poll(async () => (await currentSlider(db)).find((e) => e.wine_id === wine.id))
    .toMatchObject({ position: freePosition, label, name: wine.name });
  await expect(slider.entries().filter({ hasText: wine.name })).toContainText(label);

  // Delete it again, after the confirmation.
  await slider.deleteButton(wine.name).click();
  await slider.confirmDelete().click();
  await expect(layout.toast('Vinet borttaget från slidern')).toBeVisible();
  await expect(slider.entries()).toHaveCount(before.length);
  await expect.poll(() => names(db)).toEqual(expected);

  // The month's order as it was, for the specs that read it after this one.
  await slider.moveDown(last.name).click();
  await expect(slider.entryNames()).toHaveText(before.map((e) => e.name));
  await expect.poll(() => names(db)).toEqual(before.map((e) => e.name));
});
