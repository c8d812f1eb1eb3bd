import { HomePage } from './pages/home-page';
import { SiteLayout } from './pages/site-layout';
import { expect, test } from './support/db';

test.describe('top navigation', () => {
  test('links to Aktuella vintips, Fynd, Folkets val and Om oss', async ({ page }) => {
    const layout = new SiteLayout(page);

    await page.goto('/fynd');

    await expect(layout.navLink('Aktuella vintips')).toHaveAttribute('href', '/aktuella-viner');
    await expect(layout.navLink('Fynd')).toHaveAttribute('href', '/fynd');
    await expect(layout.navLink('Folkets val')).toHaveAttribute('href', '/folkets-val');
    await expect(layout.navLink('Om oss')).toHaveAttribute('href', '/om-oss');
  });

  test("'BLI MEDLEM' on another page goes to the newsletter on the start page", async ({ page }) => {
    const layout = new SiteLayout(page);
    await page.goto('/fynd');

    await layout.joinButton().click();

    await expect(page).toHaveURL(/\/#nyhetsbrev$/);
    await expect(new HomePage(page).newsletter.heading()).toBeInViewport();
  });

  test("'BLI MEDLEM' on the start page scrolls to the newsletter", async ({ page }) => {
    const layout = new SiteLayout(page);
    const home = new HomePage(page);
    await home.goto();
    // The start page has rendered down to the newsletter's anchor (its form loads only near the viewport) before the
    // anchor is found out of view.
    await expect(home.heroHeading()).toBeVisible();
    await expect(home.newsletter.section()).toBeAttached();
    await expect(home.newsletter.section()).not.toBeInViewport();

    await layout.joinButton().click();

    await expect(home.newsletter.heading()).toBeInViewport();
  });
});
